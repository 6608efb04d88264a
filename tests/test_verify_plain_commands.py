"""A command line of the project's own program in a block with no language and no prompt
(an indented Markdown block, an untagged fence, a reST `::` block) is a claim, as a prompted
shell line is (nbstripout's README, blind round 26); another program's line there, output and
prose are not.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

MAIN = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="strip")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-t", "--textconv", action="store_true")
    parser.add_argument("files", nargs="*")
    parser.parse_args()
"""

README_MD = """\
# strip

Preview what would change:

    strip --dry-run FILE.ipynb
    strip --keep-count FILE.ipynb

Use it as a filter:

```
cat FILE.ipynb | strip -t > OUT.ipynb
python -m strip --verbose FILE.ipynb
black --preview strip/
```

The output reads like `strip --dry-run` suggests: strip --dry-run prints names.
"""

README_RST = """\
strip
=====

Preview what would change::

    strip --dry-run FILE.ipynb
    strip --keep-count FILE.ipynb
"""


def _strip(tmp_path: Path, readme: str, name: str) -> Path:
    files = {
        "pyproject.toml": '[project]\nname = "strip"\nversion = "1"\n'
        '[project.scripts]\nstrip = "strip.cli:main"\n',
        "strip/__init__.py": "",
        "strip/__main__.py": "from strip.cli import main\n\nmain()\n",
        "strip/cli.py": MAIN,
        name: readme,
    }
    return _write(tmp_path / "strip", files)


def test_own_program_lines_in_plain_markdown_blocks_are_checked(tmp_path: Path) -> None:
    root = _strip(tmp_path, README_MD, "README.md")
    assert _drift(root) == {
        ("README.md", 6, "strip --keep-count FILE.ipynb"),
        ("README.md", 12, "python -m strip --verbose FILE.ipynb"),
    }


def test_own_program_lines_in_plain_rst_blocks_are_checked(tmp_path: Path) -> None:
    root = _strip(tmp_path, README_RST, "README.rst")
    assert _drift(root) == {("README.rst", 7, "strip --keep-count FILE.ipynb")}
