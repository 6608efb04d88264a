"""What `help(pkg.func)` printed, pasted into a session (dpath's README): the signature
under "Help on function values in module dpath:" names the keywords the code took, so a
renamed one makes the line stale."""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CODE = """\
def values(obj, glob, separator="/", afilter=None, dirs=True):
    return [obj, glob, separator, afilter, dirs]
"""

README = """\
dp
==

::

    >>> help(dp.values)
    Help on function values in module dp:

    values(obj, glob, separator='/', afilter=None, dirs=True)
    Given an object and a path glob, return an array of all values.
"""


def test_the_signature_help_printed(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "dp"\nversion = "1"\n',
        "dp/__init__.py": "from .core import values\n",
        "dp/core.py": CODE,
        "README.rst": README,
    }
    changes = {"dp/core.py": [("dirs", "include_dirs")]}
    assert _drift_after(tmp_path / "dp", files, changes) == {("README.rst", 9)}
