"""`klaro check --fix`: renames proven from git history or the snapshot, repaired in place."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from klaro.cli import main
from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.scan.changes import compare
from klaro.scan.state import STATE_PATH, build_state, load_state

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")

PYPROJECT = """\
[project]
name = "shelf"
version = "1.0"
[project.scripts]
shelf = "shelf.cli:main"
"""

CORE = """\
import os


def load_books(path, strict=False):
    \"\"\"Read the catalogue.\"\"\"
    level = os.environ.get("SHELF_LEVEL", "info")
    return [path, strict, level]


class Catalog:
    def find_title(self, words):
        return [w for w in words if w]

    def close(self):
        self.open = False


class Lamp:
    def close(self):
        return "dark"
"""

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="shelf")
    parser.add_argument("--max-count", type=int, help="how many books to list")
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="serve the catalogue")
    serve.add_argument("--port", type=int, help="port to listen on")
    return parser.parse_args()
"""

INIT = "from shelf.core import Catalog, load_books\n"
UTIL = "def slugify(text):\n    return text.lower().replace(' ', '-')\n"

README = """\
# Shelf

Read a catalogue with `load_books("books.toml", strict=True)`; it honours `SHELF_LEVEL`.
Search with `Catalog.find_title()` and finish with `Catalog.close()`.
Helpers live in `shelf.util` (see `shelf.util.slugify`).

```python
from shelf import load_books
from shelf.util import slugify

books = load_books("books.toml", strict=True)
```

```console
$ shelf --max-count 3 serve --port 8000
```

A plain word like load or close stays as it is.
"""


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


def _first_commit(root: Path) -> None:
    """Make `root` a git repository whose one commit holds every file: the documented state."""
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "first"]):
        _git(root, *args)


def _write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


def _rename_everything(root: Path) -> None:
    """The second commit's refactor: one rename of every kind, made in the code only."""
    core = (root / "shelf/core.py").read_text()
    core = core.replace("load_books", "read_books").replace("SHELF_LEVEL", "SHELF_LOG_LEVEL")
    core = core.replace("strict", "strictly").replace("find_title", "search_titles")
    core = core.replace(
        "    def close(self):\n        self.open", "    def shutdown(self):\n        self.open"
    )
    (root / "shelf/core.py").write_text(core)
    cli = (root / "shelf/cli.py").read_text().replace('"--max-count"', '"--limit"')
    (root / "shelf/cli.py").write_text(cli.replace('"serve"', '"run"'))
    (root / "shelf/__init__.py").write_text(INIT.replace("load_books", "read_books"))
    (root / "shelf/util.py").rename(root / "shelf/text.py")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "shelf-repo"
    _write(
        root,
        {
            "pyproject.toml": PYPROJECT,
            "shelf/__init__.py": INIT,
            "shelf/core.py": CORE,
            "shelf/cli.py": CLI,
            "shelf/util.py": UTIL,
            "README.md": README,
        },
    )
    _first_commit(root)
    _rename_everything(root)
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "rename things")
    return root


EXPECTED = """\
# Shelf

Read a catalogue with `read_books("books.toml", strictly=True)`; it honours `SHELF_LOG_LEVEL`.
Search with `Catalog.search_titles()` and finish with `Catalog.shutdown()`.
Helpers live in `shelf.text` (see `shelf.text.slugify`).

```python
from shelf import read_books
from shelf.text import slugify

books = read_books("books.toml", strictly=True)
```

```console
$ shelf --limit 3 run --port 8000
```

A plain word like load or close stays as it is.
"""


def test_every_rename_kind_is_repaired_in_place_and_nothing_else(repo, capsys):
    code = main(["check", str(repo), "--fix", "--no-cache"])
    out = capsys.readouterr().out
    assert (repo / "README.md").read_text() == EXPECTED
    assert "README.md:3: fixed: `load_books` -> `read_books`, `strict` -> `strictly`" in out
    assert "README.md:15: fixed: `--max-count` -> `--limit`, `serve` -> `run`" in out
    assert code == 0, out  # every stale line was repaired, nothing left for review


def test_changes_say_what_kind_of_rename_each_is(repo):
    config = load_config(repo)
    new = build_state(analyze_repository(repo), repo)
    _git(repo, "checkout", "-q", "HEAD~1")
    old = build_state(analyze_repository(repo), repo)
    renamed = {(c.kind, c.old_token, c.new_token) for c in compare(old, new) if c.certain}
    assert renamed >= {
        ("function", "load_books", "read_books"),
        ("method", "find_title", "search_titles"),
        ("method", "close", "shutdown"),
        ("module", "util", "text"),
        ("parameter", "strict", "strictly"),
        ("option", "--max-count", "--limit"),
        ("command", "serve", "run"),
        ("env", "SHELF_LEVEL", "SHELF_LOG_LEVEL"),
    }
    assert config.root == repo


def test_class_rename_is_repaired_in_markdown_and_rst(tmp_path):
    root = tmp_path / "rst-repo"
    rst = (
        "Shelf\n=====\n\nUse :class:`shelf.core.Catalog` or ``Catalog``.\n\n"
        ".. code-block:: python\n\n   from shelf.core import Catalog\n   Catalog().close()\n\n"
        "A catalog is a list of books.\n"
    )
    _write(root, {"pyproject.toml": PYPROJECT, "shelf/__init__.py": "", "shelf/core.py": CORE})
    _write(root, {"README.rst": rst, "docs/guide.md": "Make a `Catalog()`.\n"})
    _first_commit(root)
    (root / "shelf/core.py").write_text(CORE.replace("Catalog", "Library"))
    _git(root, "commit", "-qam", "rename the class")
    assert main(["check", str(root), "--fix", "--no-cache"]) == 0
    assert (root / "README.rst").read_text() == rst.replace("Catalog", "Library")
    assert (root / "docs/guide.md").read_text() == "Make a `Library()`.\n"


def test_ambiguous_rename_is_left_for_review(repo, capsys):
    readme = repo / "README.md"
    example = "```python\nfrom shelf.core import Catalog\n\ncat = Catalog()\ncat.close()\n```\n"
    readme.write_text(
        README + "\nAlways call `close()` when done, as in `lamp.close()`.\n\n" + example
    )
    _git(repo, "commit", "-qam", "a sentence about close")
    code = main(["check", str(repo), "--fix", "--no-cache", "--since", "HEAD~2"])
    out = capsys.readouterr().out
    text = readme.read_text()
    # `close` was renamed on Catalog, but Lamp still has `close`: only the qualified line changes
    assert "`Catalog.shutdown()`" in text
    assert "Always call `close()` when done, as in `lamp.close()`." in text
    assert "cat = Catalog()\ncat.shutdown()\n" in text  # the example's object is a Catalog
    assert "README.md:20: review: `close` was renamed to `shutdown`, but the name" in out, out
    assert code == 1


def test_diff_previews_and_writes_nothing(repo, capsys):
    before = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file() and ".git" not in p.parts}
    code = main(["check", str(repo), "--fix", "--diff", "--no-cache"])
    out = capsys.readouterr().out
    after = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert after == before
    assert "-$ shelf --max-count 3 serve --port 8000\n+$ shelf --limit 3 run --port 8000\n" in out
    assert "README.md:3: would fix:" in out
    assert code == 0


def test_without_history_the_snapshot_is_the_evidence(tmp_path, capsys):
    root = tmp_path / "no-git"
    files = {
        "pyproject.toml": PYPROJECT,
        "shelf/__init__.py": INIT,
        "shelf/core.py": CORE,
        "shelf/cli.py": CLI,
        "shelf/util.py": UTIL,
        "README.md": README,
    }
    _write(root, files)
    assert main(["check", str(root), "--fix", "--no-cache"]) == 0  # records the state
    snapshot = load_state(root / STATE_PATH)
    assert snapshot is not None and any(i.name == "shelf.core.load_books" for i in snapshot.items)
    assert (root / "README.md").read_text() == README
    _rename_everything(root)
    capsys.readouterr()
    assert main(["check", str(root), "--fix", "--no-cache"]) == 0
    assert (root / "README.md").read_text() == EXPECTED
    assert "since snapshot .klaro/state.json" in capsys.readouterr().out


def test_damaged_snapshot_is_one_clear_error(tmp_path, capsys):
    root = tmp_path / "bad"
    _write(root, {"pyproject.toml": PYPROJECT, "shelf/core.py": CORE, "README.md": README})
    _write(root, {STATE_PATH: json.dumps({"version": 99, "items": []})})
    assert main(["check", str(root), "--fix", "--no-cache"]) == 2
    err = capsys.readouterr().err
    assert ".klaro/state.json: not a Klaro state snapshot (version 99, expected 1)" in err


def test_diff_without_fix_is_a_usage_error(tmp_path, capsys):
    _write(tmp_path, {"README.md": "# x\n"})
    assert main(["check", str(tmp_path), "--diff"]) == 2
    assert "--diff and --propose go with --fix" in capsys.readouterr().err


def test_removal_is_listed_for_review_with_the_checkers_suggestions(tmp_path, capsys):
    root = tmp_path / "removed"
    _write(root, {"pyproject.toml": PYPROJECT, "shelf/__init__.py": INIT, "shelf/core.py": CORE})
    _write(root, {"README.md": "Search with `Catalog.find_title()`.\n"})
    _first_commit(root)
    core = CORE.replace(
        "    def find_title(self, words):\n        return [w for w in words if w]\n", ""
    )
    (root / "shelf/core.py").write_text(
        core.replace("def close(self):\n        self.open", "def find(self):\n        self.open")
    )
    _git(root, "commit", "-qam", "drop find_title")
    assert main(["check", str(root), "--fix", "--no-cache"]) == 1
    out = capsys.readouterr().out
    assert "README.md:1: review: `find_title` was removed (shelf.core.Catalog.find_title)" in out
    assert (root / "README.md").read_text() == "Search with `Catalog.find_title()`.\n"
    # the snapshot keeps the evidence while the line waits for a person, even without git
    shutil.rmtree(root / ".git")
    assert main(["check", str(root), "--fix", "--no-cache"]) == 1
    assert "README.md:1: review: `find_title` was removed" in capsys.readouterr().out
    assert main(["check", str(root), "--no-cache", "-q"]) == 1
    assert "README.md:1: unresolved:" in capsys.readouterr().out


MOVED_README = """\
# Shelf

Use `shelf.core.Catalog` to hold books; `shelf.core.load_books` reads them.

```python
from shelf.core import Catalog

cat = Catalog()
```

```python
from shelf.core import Catalog, load_books
```

```python
import shelf.core

cat = shelf.core.Catalog()
```
"""


def test_class_moved_to_another_module_is_repaired_where_a_token_edit_proves_it(tmp_path, capsys):
    root = tmp_path / "moved"
    files = {"pyproject.toml": PYPROJECT, "shelf/__init__.py": "", "shelf/core.py": CORE}
    _write(root, {**files, "README.md": MOVED_README})
    _first_commit(root)
    start, end = CORE.index("class Catalog:"), CORE.index("class Lamp:")
    (root / "shelf/core.py").write_text(CORE[:start] + CORE[end:])
    (root / "shelf/catalog.py").write_text(CORE[start:end].rstrip() + "\n")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "move Catalog to its own module")
    code = main(["check", str(root), "--fix", "--no-cache"])
    out = capsys.readouterr().out
    text = (root / "README.md").read_text()
    # the dotted name and an import of the class alone are token edits: repaired
    assert "Use `shelf.catalog.Catalog` to hold books; `shelf.core.load_books` reads" in text
    assert "from shelf.catalog import Catalog\n\ncat = Catalog()\n" in text
    # an import that also names what stayed behind must be split: a person does that
    assert "from shelf.core import Catalog, load_books\n" in text
    assert "README.md:12: review: `Catalog` moved to `shelf.catalog.Catalog`" in out, out
    # `import shelf.core` would not make `shelf.catalog` usable: the example needs a person
    assert "import shelf.core\n\ncat = shelf.core.Catalog()\n" in text
    assert "README.md:18: review: `Catalog` moved to `shelf.catalog.Catalog`" in out, out
    assert text.count("\n") == MOVED_README.count("\n")
    assert code == 1


def test_since_the_merge_base_repairs_the_renames_made_on_the_branch_only(tmp_path, capsys):
    root = tmp_path / "branchy"
    readme = "Read with `load_books()`, search with `Catalog.find_title()`.\n"
    files = {"pyproject.toml": PYPROJECT, "shelf/__init__.py": INIT, "shelf/core.py": CORE}
    _write(root, {**files, "README.md": readme})
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "first")
    # main renames a method in the code only, before the branch starts
    core = CORE.replace("find_title", "search_titles")
    (root / "shelf/core.py").write_text(core)
    _git(root, "commit", "-qam", "rename find_title on main")
    _git(root, "checkout", "-q", "-b", "feature")
    (root / "shelf/core.py").write_text(core.replace("load_books", "read_books"))
    (root / "shelf/__init__.py").write_text(INIT.replace("load_books", "read_books"))
    _git(root, "commit", "-qam", "rename load_books on the branch")
    _write(root, {"NOTES.txt": "unrelated\n"})
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "an unrelated commit after the rename")
    # the previous commit alone knows nothing of the rename
    assert main(["check", str(root), "--fix", "--diff", "--no-cache"]) == 1
    assert "0 lines would fix" in capsys.readouterr().out
    base = subprocess.run(
        ["git", "merge-base", "main", "feature"], cwd=root, capture_output=True, text=True
    ).stdout.strip()
    assert main(["check", str(root), "--fix", "--since", base, "--no-cache"]) == 1
    out = capsys.readouterr().out
    assert (root / "README.md").read_text() == readme.replace("load_books", "read_books")
    assert "README.md:1: fixed: `load_books` -> `read_books`" in out
    # main's rename is not the branch's evidence: still reported, never rewritten
    assert "README.md:1: unresolved: `Catalog.find_title`" in out


def test_a_keyword_in_a_plain_sentences_call_is_repaired(tmp_path, capsys):
    """`shelf.load_books(path, strict=True)` without backticks still passes `strict`; a
    `strict=` that belongs to no call of the function is left as it is."""
    root = tmp_path / "prose-call"
    _write(root, {"pyproject.toml": PYPROJECT, "shelf/__init__.py": INIT, "shelf/core.py": CORE})
    readme = (
        "Call shelf.load_books(path, strict=True) to insist.\n"
        "The option strict=yes in the config file is another thing.\n"
    )
    _write(root, {"README.md": readme})
    _first_commit(root)
    (root / "shelf/core.py").write_text(CORE.replace("strict", "exact"))
    _git(root, "commit", "-qam", "rename strict")
    assert main(["check", str(root), "--no-cache", "-q"]) == 1
    assert "README.md:1: unresolved: `load_books()` has no parameter `strict`" in (
        capsys.readouterr().out
    )
    assert main(["check", str(root), "--fix", "--no-cache"]) == 0
    assert "README.md:1: fixed: `strict` -> `exact`" in capsys.readouterr().out
    assert (root / "README.md").read_text() == readme.replace("strict=True", "exact=True")
