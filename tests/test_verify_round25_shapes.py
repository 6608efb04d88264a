"""Shapes from the blind drift round 25 (pyppeteer, gdown, gita) and round 23
(restructuredtext-lint), on small repos with git history where the shape needs it.

`page = await browser.newPage()` binds what the coroutine returns; a Python example calling a
module (or handing one on where its function of that name is meant) fails; an argparse
program whose sub-commands come from a table (`add_parser(name)` in a loop) takes any word,
but a sub-command it had at the documented state and dropped is stale; a nested group's
words are its own sub-commands; a hyphenated script named in a sentence, once removed, is
stale; a file a line links by its name is no Python name.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit, _git
from test_verify_wild import _drift, _write

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository
from klaro.verify.former import Former


def _edit(root: Path, changes: dict[str, list[tuple[str, str]]]) -> None:
    """Make each (old, new) replacement in each file: the change after the documented state."""
    for path, edits in changes.items():
        text = (root / path).read_text()
        for old, new in edits:
            assert old in text, (path, old)  # an edit that does not apply tests nothing
            text = text.replace(old, new)
        (root / path).write_text(text)


def _drift_since_commit(root: Path) -> set[tuple[str, int, str]]:
    """Findings with the last commit as the documented state (the working tree edited)."""
    analysis = analyze_repository(root)
    former = Former(root, analysis)
    report = check_repository(load_config(root, env={}), analysis, former=former)
    return {(f.file, f.line, f.reference) for f in report.drift}


def _drift_after(
    root: Path, files: dict[str, str], changes: dict[str, list[tuple[str, str]]]
) -> set[tuple[str, int]]:
    """The lines found stale once `changes` are made to a repository of `files`, committed
    as the documented state (which must itself be true)."""
    _write(root, files)
    _first_commit(root)
    assert _drift_since_commit(root) == set()
    _edit(root, changes)
    return {(file, line) for file, line, _ in _drift_since_commit(root)}


BROWSER = """\
class Page:
    async def goto(self, url, timeout=30):
        return url


class Browser:
    async def newPage(self) -> Page:
        return Page()


async def launch(headless=True) -> Browser:
    return Browser()
"""

ASYNC_README = """\
# surf

```py
from surf import launch

async def main():
    browser = await launch()
    page = await browser.newPage()
    await page.goto("https://example.com", timeout=10)
    await page.screenshot()
```
"""


def test_awaited_calls_bind_what_the_coroutine_returns(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "surf",
        {
            "pyproject.toml": '[project]\nname = "surf"\nversion = "1"\n',
            "surf/__init__.py": BROWSER,
            "README.md": ASYNC_README,
        },
    )
    # `page` is a Page: its `goto` takes `timeout`; it has no `screenshot`
    assert _drift(root) == {("README.md", 10, "surf.launch.newPage.screenshot")}


GDOWN_INIT = """\
from .download import download
from .extractall import extractall
"""

GDOWN_README = """\
# fetch

```python
import fetch

fetch.download(url, output="out.zip")
fetch.download(url, postprocess=fetch.extractall)
```
"""


def _fetch(root: Path, init: str) -> Path:
    return _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "fetch"\nversion = "1"\n',
            "fetch/__init__.py": init,
            "fetch/download.py": "def download(url, output=None, postprocess=None):\n"
            "    return output\n",
            "fetch/extractall.py": "def extractall(path):\n    return [path]\n",
            "README.md": GDOWN_README,
        },
    )


def test_a_module_called_or_handed_on_for_its_function_is_drift(tmp_path: Path) -> None:
    # the package binds its functions over the submodules of the same names: all true
    assert _drift(_fetch(tmp_path / "bound", GDOWN_INIT)) == set()
    # it no longer does: `fetch.download(...)` calls a module, `fetch.extractall` is one
    root = _fetch(tmp_path / "unbound", "")
    assert _drift(root) == {
        ("README.md", 6, "fetch.download"),
        ("README.md", 7, "fetch.download"),
        ("README.md", 7, "fetch.extractall"),
    }


GITA_MAIN = """\
import argparse
import json

COMMANDS = json.load(open("cmds.json"))


def main(argv=None):
    p = argparse.ArgumentParser(prog="gita")
    subparsers = p.add_subparsers(title="sub-commands")
    p_freeze = subparsers.add_parser("freeze", help="print all repo information")
    p_freeze.add_argument("-g", "--group")
    p_group = subparsers.add_parser("group", help="group operations")
    group_cmds = p_group.add_subparsers(dest="group_cmd")
    pg_add = group_cmds.add_parser("add", help="add repo(s) to a group")
    pg_add.add_argument("to_group", nargs="+")
    pg_add.add_argument("-n", "--name")
    pg_rm = group_cmds.add_parser("rmrepo", help="remove repo(s) from a group")
    pg_rm.add_argument("to_rm", nargs="+")
    pg_rm.add_argument("-n", "--name")
    for name, data in COMMANDS.items():
        sp = subparsers.add_parser(name, help=data["help"])
        sp.add_argument("repo", nargs="*")
        sp.add_argument("-s", "--shell", action="store_true")
    args = p.parse_args(argv)
"""

GITA_README = """\
# gita

Run `gita freeze` to save them; `gita fetch` and `gita pull` come from `cmds.json`.

```sh
gita group add repo1 repo2 -n my-group
gita group rmrepo repo1 -n my-group
gita group remove repo1
```
"""


def test_table_named_sub_commands_take_any_word_but_not_a_dropped_one(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "gita",
        {
            "setup.py": "from setuptools import setup\nsetup(name='gita', packages=['gita'],\n"
            "      entry_points={'console_scripts': ['gita = gita.__main__:main']})\n",
            "gita/__init__.py": "",
            "gita/__main__.py": GITA_MAIN,
            "README.md": GITA_README,
        },
    )
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    # `fetch` and `pull` may be in the table; `-n` is the nested command's; `remove` is no
    # command of the group
    assert _drift_since_commit(root) == {("README.md", 8, "gita group remove repo1")}
    main = root / "gita/__main__.py"
    main.write_text(GITA_MAIN.replace('"freeze"', '"snapshot"'), encoding="utf-8")
    assert _drift_since_commit(root) == {
        ("README.md", 3, "gita freeze"),  # the program had it, and the table cannot say
        ("README.md", 8, "gita group remove repo1"),
    }


RST_README = """\
rstcheck
========

We present a CLI utility ``rst-check`` (also available as ``restructuredtext-check``).
Download `rstcheck.fish <https://example.com/completions/rstcheck.fish>`_ for fish.
"""


def test_a_hyphenated_program_once_installed_is_stale_when_named_beside_one(
    tmp_path: Path,
) -> None:
    setup = (
        "from setuptools import setup\n"
        "setup(name='restructuredtext_check', packages=['rstcheck'],\n"
        "      entry_points={'console_scripts': [\n"
        "          'rst-check = rstcheck.cli:main',\n"
        "          'restructuredtext-check = rstcheck.cli:main',\n"
        "      ]})\n"
    )
    root = _write(
        tmp_path / "rstcheck",
        {
            "setup.py": setup,
            "rstcheck/__init__.py": "",
            "rstcheck/cli.py": "import sys\n\ndef main():\n    print(sys.argv)\n",
            "README.rst": RST_README,
        },
    )
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    assert _drift_since_commit(root) == set()  # a linked file is no `rstcheck.fish` name
    (root / "setup.py").write_text(
        setup.replace("          'restructuredtext-check = rstcheck.cli:main',\n", ""),
        encoding="utf-8",
    )
    assert _drift_since_commit(root) == {("README.rst", 4, "restructuredtext-check")}


def test_a_computed_sub_command_with_its_own_sub_commands_is_read(tmp_path: Path) -> None:
    # python-gitlab's shape: one group per object type, its actions beneath
    main = (
        "import argparse\n\n"
        "def main(kinds):\n"
        "    p = argparse.ArgumentParser()\n"
        "    subs = p.add_subparsers()\n"
        "    for kind in kinds:\n"
        "        group = subs.add_parser(kind)\n"
        "        actions = group.add_subparsers()\n"
        "        actions.add_parser('list').add_argument('--page')\n"
    )
    root = _write(tmp_path / "lab", {"lab/__init__.py": "", "lab/cli.py": main})
    commands = analyze_repository(root).cli
    assert [(c.name, c.computed) for c in commands if c.parent is None] == [("", True)]


def test_a_name_a_module_serves_at_run_time_is_not_the_module_called(tmp_path: Path) -> None:
    tools = "def __getattr__(name):\n    from functools import partial\n\n    return partial\n"
    page = "# duty\n\n```python\nimport duty.tools\n\nduty.tools.lazy(print, name='x')\n```\n"
    root = _write(
        tmp_path / "duty",
        {"duty/__init__.py": "", "duty/tools.py": tools, "README.md": page},
    )
    assert _drift(root) == set()
    (root / "duty/tools.py").write_text("LAZY = 1\n", encoding="utf-8")
    assert _drift(root) == {("README.md", 6, "duty.tools.lazy")}
