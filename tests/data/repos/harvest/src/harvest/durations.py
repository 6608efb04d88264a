"""Duration parsing."""

from __future__ import annotations

from harvest.convert import PRECISION


def parse_duration(text: str) -> int:
    """Parse a duration such as ``"1h30m"`` into seconds."""
    total, number = 0, ""
    for char in text:
        if char.isdigit():
            number += char
        else:
            total += int(number) * {"h": 3600, "m": 60, "s": 1}[char]
            number = ""
    return round(total, PRECISION)
