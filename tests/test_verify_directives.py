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


PRINTER = '''\
"""A printer configured from the environment (wasabi's shape)."""
import os


def color(text, fg=None):
    return text


class Printer:
    def __init__(self, env_prefix="PRINTER"):
        self.plain = os.getenv("{}_LOG_FRIENDLY".format(env_prefix), False)
'''

MAIN = """

def main():
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--relaxed", action="store_true")
    parser.parse_args()
"""

PRINTER_TESTS = """\
def test_cli():
    run_cli("--prefer-recent")
"""

PRINTER_README = """\
# printer

| Argument | Description |
| `paint`  | Whether to paint. |

Set `PRINTER_LOG_FRIENDLY` (or `SPACY_LOG_FRIENDLY` with `env_prefix="SPACY"`); the
`PRINTER_NO_PRETTY` variable is not read. Run `printer --prefer-recent`.

```python
from printer import color, paint
```
"""


def test_round_ten_shapes_are_checked(tmp_path: Path) -> None:
    """A variable named from a prefix the caller picks, a package's `tests.py` (whose
    flags are not the CLI's), and a word in a table that a failed import also binds."""
    root = _write(
        tmp_path,
        {
            "pyproject.toml": SETUP.replace("sizes", "printer"),
            "printer/__init__.py": PRINTER + MAIN,
            "printer/tests.py": PRINTER_TESTS,
            "README.md": PRINTER_README,
        },
    )
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    assert {(f.line, f.reference) for f in report.drift} == {
        (7, "PRINTER_NO_PRETTY"),
        (7, "printer --prefer-recent"),
        (10, "printer.paint"),  # the import is the one finding, not `paint` in the table
    }


TABLES_CODE = """\
def table(data, header=None, max_width=30):
    return data


class Renderer:
    def table(self, data, header=None):
        return data

    @property
    def counts(self):
        return {"good": 1}


def gone_helper(value):
    return value
"""

TABLES_README = """\
# tables

#### <kbd>function</kbd> `table`

```python
from tables import Renderer
table = Renderer().table([("a", "b")])
```

| Argument  | Type | Description           | Default |
| --------- | ---- | --------------------- | ------- |
| `data`    | list | The rows.             |         |
| `max_col` | int  | Maximum column width. | `30`    |
| **RETURNS** | str | The table.          |         |

#### <kbd>property</kbd> `Renderer.counts`

| Argument | Type | Description       |
| -------- | ---- | ----------------- |
| `good`   | int  | Good messages.    |

#### <kbd>function</kbd> `tables.helper`

| Argument | Type | Description |
| -------- | ---- | ----------- |
| `value`  | str  | The value.  |
"""


def test_argument_tables_name_the_parameters_of_their_heading(tmp_path: Path) -> None:
    """wasabi's README documents each function with a table of its arguments: a renamed
    parameter makes its row stale; a property's table lists keys, and a table under a
    heading that names a missing function leaves the heading as the one claim."""
    root = _write(tmp_path, {"tables/__init__.py": TABLES_CODE, "README.md": TABLES_README})
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    assert {(f.line, f.reference) for f in report.drift} == {
        (13, "table(max_col=...)"),
        (22, "tables.helper"),
    }
