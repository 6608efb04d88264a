"""Shapes of drift from the blind round 9 (tldr, bitmath, jmespath), on a small repo.

Sphinx's Python-domain directives written by hand (`.. function:: listdir(base[,
filter='*'])` under `.. module::`, `:param` fields, `.. py:method::` beside a function of the
same name), variables named with `'APP_COLOR_%s' % key`, and prose about other programs
(`:option:`du -B``, "the ``df`` command with ``-H``", `--some-option`, a flag the page's own
example declares). Each test pairs what is true with what is stale.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _write

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository

CODE = '''\
"""Sizes."""
import argparse
import os


def colors_of(key):
    return os.environ.get("SIZES_COLOR_%s" % key.upper(), "white")


def listdir(search_base, followlinks=False, pattern="*", relpath=False):
    return []


def best_prefix(value, system=None):
    return value


class Size:
    def best_prefix(self, prefer=None):
        return self

    def to_bytes(self):
        return 0


class SizeTransferSpeed:
    """A progress bar widget."""


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--from-stdin", action="store_true")
    return parser.parse_args(argv)
'''

SETUP = """\
[project]
name = "sizes"
version = "1.0"

[project.scripts]
sizes = "sizes:main"
"""

MODULE_RST = """\
Module
======

.. function:: my_callback(state)

   A function you write, given to the walker.

.. module:: sizes

.. function:: listdir(search_base[, followlinks=False[, filter='*'[, relpath=False]]])

   :param string search_base: Where to start.
   :param string filter: A glob.

.. function:: best_prefix(value[, system=None])

.. py:method:: best_prefix([system=None])

   :param int system: the unit system

Colors come from ``SIZES_COLOR_NAME`` and ``SIZES_COLOUR_NAME`` is not read.
Use :class:`SizeTransferSpeed` like the upstream ``TransferSpeed`` widget.
Run the ``df`` command with ``-H``, or :option:`du -B`; pass ``--some-option 10``.
Our ``sizes --from-stdin`` reads standard input, ``sizes --stdin`` does not.

.. code-block:: python

   >>> parser.add_argument('--block-size', type=sizes.best_prefix)

The ``--block-size`` option above is the example's own.
"""


def test_round_nine_shapes_are_checked(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {"pyproject.toml": SETUP, "sizes.py": CODE, "docs/module.rst": MODULE_RST},
    )
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    assert {(f.line, f.reference) for f in report.drift} == {
        # `filter` is a documented parameter the function no longer has
        (10, "sizes.listdir(search_base=..., followlinks=False, filter='*', relpath=False)"),
        # the method, not the module function of the same name, lost `system`
        (17, "best_prefix(system=None)"),
        (21, "SIZES_COLOUR_NAME"),
        (24, "sizes --stdin"),
    }
