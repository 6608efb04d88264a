"""Shapes from the blind wild batch 23 (2026-11-25), on a small repo, each false alarm
beside the drift that must still be reported.

A porting guide names the old API on purpose; "the ``X`` class has been removed" says so; a
made-up series (`method_a1`, `method_b1`) is no API; a library the code imports keeps its
names even where a project module shares its last name (`twisted.logger` beside
`eliot.twisted`); an upper-case keyword the code passes is a field, not a variable; a
`pkg:word` value is not `module:attribute` because a private module is named alike; a
dotted name the package's XML data declares is that format's; and Sphinx sources in a
`doc/build/` folder beside `conf.py` are documents, not build output.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

INIT = """\
import os

from twisted.internet.defer import inlineCallbacks

from logz._traceback import write_traceback

LEVEL = os.getenv("LOGZ_LEVEL")


def send(journal, message):
    journal.send(MESSAGE=message, LOGZ_TASK="task", LOGZ_TYPE="type")


def method_a(x):
    return x
"""

PAGE = """\
Logz
====

``twisted.logger`` and ``twisted.internet.defer.inlineCallbacks`` are Twisted's; our
``logz.twisted.adapt`` adapts them. The ``LOGZ_TASK`` field is sent; ``LOGZ_LEVLE`` is a typo.
Messages of type ``logz:traceback`` are written. ``logz.basic.mapping`` is a section type,
``logz.basic.mappings`` is not.

The members render as ``method_a1`` and ``method_b1``; ``method_ab()`` is a typo.
"""

PORTING = """\
Porting from Logz 1 to 2
========================

The ``logz.Simulation`` class has been removed; ``logz.hold()`` is gone too.
"""

REMOVED = """\
Logging
=======

The ``logz.Simulation`` class has been removed, but ``logz.hold()`` still works.
"""


def test_batch23_shapes(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "logz",
        {
            "pyproject.toml": '[project]\nname = "logz"\nversion = "1"\n',
            "logz/__init__.py": INIT,
            "logz/_traceback.py": "def write_traceback():\n    pass\n",
            "logz/twisted.py": "def adapt_logger():\n    pass\n",
            "logz/basic/__init__.py": "",
            "logz/basic/mapping.xml": '<component>\n  <sectiontype name="logz.basic.mapping"/>\n'
            "</component>\n",
            "docs/build/conf.py": "project = 'logz'\n",
            "docs/build/index.rst": PAGE,
            "docs/build/porting.rst": PORTING,
            "docs/build/removed.rst": REMOVED,
        },
    )
    assert _drift(root) == {
        ("docs/build/index.rst", 5, "logz.twisted.adapt"),
        ("docs/build/index.rst", 5, "LOGZ_LEVLE"),
        ("docs/build/index.rst", 7, "logz.basic.mappings"),
        ("docs/build/index.rst", 9, "method_ab()"),
        ("docs/build/removed.rst", 4, "logz.hold()"),
    }
