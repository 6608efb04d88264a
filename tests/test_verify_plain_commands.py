"""A command line of the project's own program in a block with no language and no prompt
(an indented Markdown block, an untagged fence, a reST `::` block) is a claim, as a prompted
shell line is (nbstripout's README, blind round 26); another program's line there, output and
prose are not.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
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


PLUGIN = """\
def pytest_addoption(parser):
    group = parser.getgroup("timeout")
    group.addoption("--session-timeout", type=float, help="Session timeout.")
"""

PLUGIN_README = """\
pytest-clock
============

A session timeout is set with `--session-timeout`, in seconds::

   pytest --session-timeout=600 -x
"""


def test_a_host_s_line_in_a_plain_block_checks_the_plugin_s_dropped_flags(
    tmp_path: Path,
) -> None:
    """A pytest plugin's flag, given to pytest in a `::` block and named in a span: pytest's
    own flags (`-x`) are not the plugin's to know, but one the plugin took at the documented
    state and dropped is stale in both places."""
    files = {
        "pyproject.toml": '[project]\nname = "pytest-clock"\nversion = "1"\n'
        '[project.entry-points.pytest11]\nclock = "pytest_clock"\n',
        "pytest_clock.py": PLUGIN,
        "README.rst": PLUGIN_README,
    }
    root = _write(tmp_path / "clock", files)
    _first_commit(root)
    assert _drift_since_commit(root) == set()
    renamed = PLUGIN.replace('"--session-timeout"', '"--suite-timeout"')
    (root / "pytest_clock.py").write_text(renamed)
    assert _drift_since_commit(root) == {
        ("README.rst", 4, "--session-timeout"),
        ("README.rst", 6, "pytest --session-timeout=600 -x"),
    }


SETUP = """\
from setuptools import setup

bins = ["tabsql", "tabcut"]

setup(
    name="tabkit",
    packages=["tabkit"],
    entry_points={
        "console_scripts": [f"{bin} = tabkit.{bin}:main" for bin in bins] + [],
    },
)
"""

TABSQL = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-constraints", action="store_true")
    parser.add_argument("-k", "--key")
    parser.parse_args()
"""


def test_scripts_a_setup_py_computes_from_a_literal_list_are_the_project_s(
    tmp_path: Path,
) -> None:
    """csvkit: `[f"{bin} = csvkit.utilities.{bin}:main" for bin in bins]` names each program,
    read without running setup.py; argparse takes `--k` for the unambiguous `--key`."""
    readme = (
        "# tabkit\n\n"
        "    $ tabsql --no-constraints --k id data.csv\n"
        "    $ tabsql --no-limits data.csv\n"
    )
    files = {
        "setup.py": SETUP,
        "tabkit/__init__.py": "",
        "tabkit/tabsql.py": TABSQL,
        "tabkit/tabcut.py": TABSQL.replace("--no-constraints", "--columns"),
        "README.md": readme,
    }
    root = _write(tmp_path / "tabkit", files)
    assert _drift(root) == {("README.md", 4, "tabsql --no-limits data.csv")}
