"""A literal block of a function's parameters, one a line, under "`f()` takes::" (xkcdpass'
README: `numwords=6,`, `interactive=False,`): each line claims a keyword of that function,
as an argument table's rows do, so renaming one stales the line."""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CODE = """\
def generate_password(wordlist, numwords=6, interactive=False, delimiter=" "):
    return delimiter.join(wordlist[:numwords])
"""

README = """\
xkcd
====

While ``generate_password()`` takes::

    wordlist,
    numwords=6,
    interactive=False,
    delimiter=" "

A config file takes these lines::

    colour=red,
    size=4
"""


def test_a_block_of_parameters_under_the_function_that_takes_them(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "xkcd"\nversion = "1"\n',
        "xkcd/__init__.py": "from .core import generate_password\n",
        "xkcd/core.py": CODE,
        "README.rst": README,
    }
    changes = {"xkcd/core.py": [("numwords", "num_words")]}
    assert _drift_after(tmp_path / "xkcd", files, changes) == {("README.rst", 7)}
