"""Shapes from the blind drift rounds 68 and 69 (dicttoxml, tika), on small repos with the
last commit as the documented state.

- dicttoxml's "Revision History" heading: a history section, whose entries name what the
  code used to have on purpose.
- dicttoxml's "to have a `root` but no XML declaration": a plain word that was only a
  parameter once, here the XML element; no sentence calls it an argument.
- tika's help text pasted without `usage:`: a synopsis `tika.py [-v] ...` and a `Switches:`
  section listing the flags; `tika.py` is the package's module `tika/tika.py`, since the
  package has no `__main__`.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CONVERT = """\
def dicttoxml(obj, root=True, attr_type=True):
    return obj


def convert_kv(key, val):
    return key
"""

CONVERT_README = """\
# convert

Call `dicttoxml(obj, root=False)` to leave the root element out.

Perhaps you want your XML to have a `root` but no declaration.

## Revision History

Updated `convert_kv()`; added optional `root` argument.
"""


def test_history_and_a_word_once_a_parameter(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "convert"\nversion = "1"\n',
        "convert.py": CONVERT,
        "README.md": CONVERT_README,
    }
    changes = {
        "convert.py": [
            ("root=True", "include_root=True"),
            ("def convert_kv(", "def _convert_kv("),
        ]
    }
    assert _drift_after(tmp_path / "convert", files, changes) == {("README.md", 3)}


TIKA = """\
import getopt
import sys


def main(argv=None):
    opts, args = getopt.getopt(argv or sys.argv[1:], "hvo:", ["help", "verbose", "install="])
    return opts


if __name__ == "__main__":
    main()
"""

TIKA_README = """\
# tika

```bash
tika.py [-v] [-o <outputDir>] [--install <UrlToJar>] <command> <file>

Switches:
  --verbose, -v                  = verbose mode
  --install <UrlToJar>           = download and run the server
```
"""


def test_a_help_text_without_usage_and_a_module_named_like_its_package(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tika"\nversion = "1"\n',
        "tika/__init__.py": "",
        "tika/tika.py": TIKA,
        "README.md": TIKA_README,
    }
    changes = {"tika/tika.py": [('"install="', '"jar="')]}
    assert _drift_after(tmp_path / "tika", files, changes) == {
        ("README.md", 4),  # the synopsis' `[--install <UrlToJar>]`
        ("README.md", 8),  # the switch's row
    }
