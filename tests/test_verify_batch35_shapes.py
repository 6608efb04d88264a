"""Shapes from the blind wild batch 35 (pyatv, uproot, nitpick, minimalmodbus), on small repos,
each beside a line that must still be reported.

- `atvremote = "tv.remote:main"`, whose `main()` runs its own module's `appstart`: that
  parser's `command` positional takes any word (matched against methods at run time), though
  another script's `appstart` makes sub-commands (pyatv, 39 false alarms).
- A docs `conf.py` runs a script that writes `classname + ".rst"` and `modulename +
  ".toctree"` beside itself: `:doc:` pages and `.. include:: tv.toctree` it makes (uproot, 32).
- `## \\[tv.files\\]`: a TOML table heading, no dotted name of the package.
- "The module level constants tv.BAUDRATE etc were removed": said gone.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tv"
version = "1.0"

[project.scripts]
atvremote = "tv.remote:main"
atvproxy = "tv.proxy:main"
"""

REMOTE = """\
import argparse
import asyncio


async def appstart(loop):
    parser = argparse.ArgumentParser(prog="atvremote")
    parser.add_argument("--id")
    parser.add_argument("command", nargs="+")
    parser.parse_args()


def main():
    asyncio.run(appstart(None))
"""

PROXY = """\
import argparse


def appstart(loop):
    parser = argparse.ArgumentParser(prog="atvproxy")
    sub = parser.add_subparsers()
    sub.add_parser("mrp")
    sub.add_parser("relay")
    parser.parse_args()


def main():
    appstart(None)
"""

CONF = """\
project = "tv"
exec(open("prepare_docstrings.py").read(), dict(globals()))
"""

PREPARE = """\
toctree = open("tv.toctree", "w")
for classname in ["tv.remote.Remote"]:
    with open(classname + ".rst", "w") as page:
        page.write(classname)
toctree.write("tv.remote" + ".toctree")
"""

INDEX_RST = """\
tv
==

.. include:: tv.toctree

.. include:: tv.remote.toctree

See :doc:`tv.remote.Remote` and :doc:`guide/missing_page`.
"""

REMOTE_MD = """\
# atvremote

Run `atvremote --id 1234 scan` or `atvremote --idd 1234 play`.

## \\[tv.files\\]

The module level constants tv.BAUDRATE etc were removed in version 1.0;
tv.PARITY is the default.
"""


def test_own_module_programs_generated_pages_tables_and_removal_notes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "tv/__init__.py": "",
        "tv/remote.py": REMOTE,
        "tv/proxy.py": PROXY,
        "docs/conf.py": CONF,
        "docs/prepare_docstrings.py": PREPARE,
        "docs/index.rst": INDEX_RST,
        "docs/remote.md": REMOTE_MD,
    }
    assert _drift(_write(tmp_path / "tv", files)) == {
        ("docs/index.rst", 8, "guide/missing_page.rst"),
        ("docs/remote.md", 3, "atvremote --idd 1234 play"),
        ("docs/remote.md", 8, "tv.PARITY"),
    }
