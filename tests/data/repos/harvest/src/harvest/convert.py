"""Temperature conversion."""

from __future__ import annotations

import os
import sys

from harvest.vendor.six_lite import text_type

PRECISION = int(os.environ.get("HARVEST_PRECISION", "2"))
_IN_CI = os.environ.get("CI") == "true"
_COLOR = os.getenv("TERM", "dumb") != "dumb"
_SHELL = os.environ.get("COMSPEC") if sys.platform == "win32" else None
_COMPLETE = os.environ.get("_HARVEST_COMPLETE")


def to_celsius(fahrenheit: float) -> float:
    """Convert a temperature from Fahrenheit to Celsius.

    ```python
    from harvest import to_celsius

    print(to_celsius(212))
    ```

    .. warning::
       Temperatures below absolute zero are not rejected.

    Args:
        fahrenheit: the temperature in degrees Fahrenheit.

    Returns:
        The temperature in degrees Celsius, rounded to :data:`PRECISION` places.
    """
    return round((fahrenheit - 32) * 5 / 9, PRECISION)


class Converter:
    """Convert between named units; see :class:`Converter <harvest.convert.Converter>`.

    Usage
    -----

    Build one converter and reuse it:

    >>> conv = Converter("fahrenheit")
    >>> conv.convert(32)
    0.0

    .. note:: A converter holds no state between calls.
    """

    def __init__(self, unit: str) -> None:
        self.unit = unit

    def convert(self, value: float) -> float:
        """Convert `value` from this converter's unit to Celsius."""
        return to_celsius(value) if self.unit == "fahrenheit" else float(value)

    def describe(self) -> str:
        """Describe the converter."""
        return text_type(f"Converter({self.unit})")
