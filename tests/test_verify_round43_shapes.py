"""Shapes from the blind drift round 43 (xlsx2csv, ntfy), on a small repo with the last commit
as the documented state.

- A `--help` pasted as blocks under labels outside them (`**Usage:**` over the synopsis,
  `**optional arguments:**` over the options), its usage line naming the module run as a
  script (`xlsx2csv.py [-h] ...`): nine option changes were missed.
- `from xlsx2csv import Xlsx2csv` once the module is `xlsx_to_csv`: the project's module at
  the documented state, however differently the new one is spelt.
- `with Xlsx2csv(path) as x:` once the class lost `__enter__`/`__exit__`.
- A keyword a function lost (`histogram(bins=)` now `n_bins`) named in its section, though
  another function still has a parameter of that name (uniplot).
- An option taking two words (`nargs=2`: ntfy's `-o user_key t0k3n send`): the second is
  no sub-command.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_after, _drift_since_commit, _edit
from test_verify_wild import _write

PYPROJECT = """\
[project]
name = "xlsx2csv"
version = "1.0"

[project.scripts]
xlsx2csv = "xlsx2csv:main"
"""

MODULE = """\
import argparse


class Xlsx2csv:
    def __init__(self, path, outputencoding="utf-8"):
        self.path = path

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def convert(self, out):
        return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("xlsxfile")
    parser.add_argument("-a", "--all", action="store_true", help="export all sheets")
    parser.add_argument("-c", "--outputencoding", help="encoding of output CSV")
    parser.add_argument("-o", "--option", nargs=2, metavar=("key", "value"))
    sub = parser.add_subparsers()
    sub.add_parser("send")
    parser.parse_args()
"""

README = """\
# xlsx2csv

**Usage:**
```
 xlsx2csv.py [-h] [-a] [-c OUTPUTENCODING]
                   xlsxfile
```
**optional arguments:**
```
  -h, --help            show this help message and exit
  -a, --all             export all sheets
  -c OUTPUTENCODING, --outputencoding OUTPUTENCODING
                        encoding of output CSV
```

```python
from xlsx2csv import Xlsx2csv

with Xlsx2csv("myfile.xlsx", outputencoding="utf-8") as xlsx2csv:
    xlsx2csv.convert("myfile.csv")
```

    $ xlsx2csv -o user_key t0k3n send
"""

FILES = {"pyproject.toml": PYPROJECT, "xlsx2csv.py": MODULE, "README.md": README}


def test_a_help_text_split_under_labels(tmp_path: Path) -> None:
    edits = {"xlsx2csv.py": [('"-c", "--outputencoding"', '"-e", "--encoding"')]}
    assert _drift_after(tmp_path, FILES, edits) == {("README.md", 5), ("README.md", 12)}


def test_an_import_of_a_module_renamed_out_of_reach(tmp_path: Path) -> None:
    _write(tmp_path, FILES)
    _first_commit(tmp_path)
    (tmp_path / "xlsx2csv.py").rename(tmp_path / "xlsx_to_csv.py")
    (tmp_path / "pyproject.toml").write_text(PYPROJECT.replace('"xlsx2csv:', '"xlsx_to_csv:'))
    assert ("README.md", 17) in {(f, line) for f, line, _ in _drift_since_commit(tmp_path)}


def test_a_class_no_longer_a_context_manager(tmp_path: Path) -> None:
    edits = {
        "xlsx2csv.py": [
            ("    def __enter__(self):\n        return self\n\n", ""),
            ("    def __exit__(self, *exc):\n        return False\n\n", ""),
        ]
    }
    assert _drift_after(tmp_path, FILES, edits) == {("README.md", 19)}


PLOTS = """\
def histogram(xs, bins=20, bins_min=None):
    return prepare(xs, bins)


def prepare(values, bins):
    return values
"""

PLOTS_README = """\
# plots

## Plotting histograms

There is also a `histogram` function that discretizes the series into the number of
bins given by the `bins` option.

* `bins` - Number of bins to use.
* `bins_min` - Lower limit of the first bin.

## Internals

`prepare(values, bins)` splits the values; `bins` is the number of bins.
"""


def test_a_keyword_a_listed_function_lost_while_another_keeps_it(tmp_path: Path) -> None:
    _write(tmp_path, {"plots/__init__.py": PLOTS, "README.md": PLOTS_README})
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
    _edit(tmp_path, {"plots/__init__.py": [("bins=20", "n_bins=20"), ("xs, bins)", "xs, n_bins)")]})
    assert {(f, line) for f, line, _ in _drift_since_commit(tmp_path)} == {
        ("README.md", 6),
        ("README.md", 8),
    }


def test_a_keyword_taken_through_kwargs_now_is_not_lost(tmp_path: Path) -> None:
    _write(tmp_path, {"plots/__init__.py": PLOTS, "README.md": PLOTS_README})
    _first_commit(tmp_path)
    forwarding = ("def histogram(xs, bins=20, bins_min=None):", "def histogram(xs, **options):")
    inner = ("def prepare(values, bins):", "def prepare(values, bins=20, bins_min=None):")
    _edit(
        tmp_path,
        {"plots/__init__.py": [forwarding, ("xs, bins)", "xs, **options)"), inner]},
    )
    assert _drift_since_commit(tmp_path) == set()
