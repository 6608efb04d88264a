"""`klaro check` follows what examples do with the project's objects, as users write them.

One small project, `ledger`, whose README uses the shapes real READMEs use: a method's result
kept in a variable (`rows = book.run(...)`, the method returning through a `with` block and a
local), a comment offering another call, a call missing a new required argument, keywords a
`logging.Formatter` subclass pops from `**kwargs`, a subclass overriding a method and calling
`super()`, a pasted `--help` output, the console script named in prose, and reStructuredText
`default role` spans. Each test makes one change a maintainer would make and expects the line
it stales, and nothing else, to be reported.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit

from klaro.cli import main

CORE = '''\
import logging


class Entries:
    """Rows a query gave."""

    def __init__(self, rows):
        self._rows = rows

    def all(self, as_dict=False):
        return [dict(r) if as_dict else r for r in self._rows]


class Session:
    def __init__(self, book):
        self.book = book

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def run(self, sql, **params):
        found = Entries([sql])
        return found


class Book:
    def __init__(self, url):
        self.url = url

    def session(self):
        return Session(self)

    def run(self, sql, **params):
        with self.session() as session:
            return session.run(sql, **params)

    def run_file(self, path, **params):
        return self.run(open(path).read(), **params)


def save(book, path, overwrite=False):
    return path


class LedgerFormatter(logging.Formatter):
    def __init__(self, *args, **kwargs):
        self.currency = kwargs.pop("currency", "EUR")
        logging.Formatter.__init__(self, *args, **kwargs)

    def add_totals(self, record):
        return record
'''

CLI = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="ledger")
    parser.add_argument("path")
    parser.add_argument("--currency", default="EUR")
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args(argv)
"""

README = """\
# Ledger

The `ledger` command prints a book; the `ledger` package reads one. Call `save()` to write.

```python
import ledger

book = ledger.Book("sqlite:///money.db")
rows = book.run("select * from spend")  # or book.run_file("spend.sql")
print(rows.all(as_dict=True))
ledger.save(book, "copy.db")
formatter = ledger.LedgerFormatter(currency="USD")


class Mine(ledger.LedgerFormatter):
    def add_totals(self, record):
        return super().add_totals(record)
```

```
usage: ledger [-h] [--currency CURRENCY] [--dry-run] path

positional arguments:
  path

options:
  -h, --help           show this help message and exit
  --currency CURRENCY
  --dry-run
```
"""

RST = """\
Ledger
======

Keep the result of `Book.run` and call `Entries.all` on it.
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "ledger-repo"
    (root / "ledger").mkdir(parents=True)
    (root / "pyproject.toml").write_text(
        '[project]\nname = "ledger"\nversion = "1"\n[project.scripts]\nledger = "ledger.cli:main"\n'
    )
    (root / "ledger/__init__.py").write_text(
        "from .core import Book, Entries, LedgerFormatter, save\n"
    )
    (root / "ledger/core.py").write_text(CORE)
    (root / "ledger/cli.py").write_text(CLI)
    (root / "README.md").write_text(README)
    (root / "docs").mkdir()
    (root / "docs/index.rst").write_text(RST)
    if shutil.which("git"):
        _first_commit(root)
    return root


def _edit(root: Path, path: str, old: str, new: str) -> None:
    file = root / path
    text = file.read_text()
    assert old in text, old
    file.write_text(text.replace(old, new))


def _findings(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    main(["check", str(root), "--no-cache", "-q", *args])
    out = capsys.readouterr().out
    return [line for line in out.splitlines() if ": unresolved: " in line]


def test_the_true_docs_have_no_findings(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _findings(repo, capsys) == []


def test_a_method_of_a_method_result_is_checked(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `rows` is what `Book.run` returns: through `with self.session() as session`, a local,
    # and `Session.__enter__` returning itself, an `Entries`
    _edit(repo, "ledger/core.py", "def all(self", "def fetch_all(self")
    found = _findings(repo, capsys, "--no-history")
    assert len(found) == 2, found
    assert found[0].startswith("README.md:10: unresolved:") and "`all`" in found[0]
    assert found[1].startswith("docs/index.rst:4: unresolved:") and "Entries.all" in found[1]


def test_a_keyword_of_a_method_result_is_checked(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "ledger/core.py", "as_dict", "as_mapping")
    found = _findings(repo, capsys, "--no-history")
    assert found == ["README.md:10: unresolved: `all()` has no parameter `as_dict`"]


def test_a_call_a_comment_offers_is_checked(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _edit(repo, "ledger/core.py", "def run_file(", "def run_script(")
    found = _findings(repo, capsys, "--no-history")
    assert len(found) == 1 and found[0].startswith("README.md:9: unresolved:"), found
    assert "has no `run_file`" in found[0]


def test_a_new_required_argument_stales_example_calls_not_prose(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "ledger/core.py", "def save(book, path,", "def save(book, path, fmt,")
    found = _findings(repo, capsys, "--no-history")
    # the example's call lacks `fmt`; the prose `save()` only names the function
    assert found == [
        "README.md:11: unresolved: `save()` requires `fmt`, which the call does not pass"
    ]


def test_a_call_that_unpacks_or_elides_arguments_is_not_judged_for_missing_ones(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "ledger/core.py", "def save(book, path,", "def save(book, path, fmt,")
    _edit(repo, "README.md", 'ledger.save(book, "copy.db")', "ledger.save(book, ...)")
    assert _findings(repo, capsys, "--no-history") == []
    _edit(repo, "README.md", "ledger.save(book, ...)", "ledger.save(book, **options)")
    assert _findings(repo, capsys, "--no-history") == []


def test_keywords_popped_before_forwarding_to_a_standard_library_base(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `**kwargs` go on to `logging.Formatter.__init__`, whose keywords Python itself knows
    _edit(repo, "ledger/core.py", 'kwargs.pop("currency"', 'kwargs.pop("unit"')
    found = _findings(repo, capsys, "--no-history")
    assert len(found) == 1 and found[0].startswith("README.md:12: unresolved:"), found
    assert "`currency`" in found[0]


def test_super_calls_a_method_the_project_base_lost(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "ledger/core.py", "def add_totals(", "def add_summary(")
    found = _findings(repo, capsys, "--no-history")
    # `logging.Formatter` has no `add_totals` either: Python's own class lists its methods
    assert len(found) == 1 and found[0].startswith("README.md:17: unresolved:"), found


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_an_override_of_a_method_the_base_no_longer_has_is_stale(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "ledger/core.py", "def add_totals(", "def add_summary(")
    found = _findings(repo, capsys)
    assert [f.split(": unresolved")[0] for f in found] == ["README.md:16", "README.md:17"]
    assert "`add_totals` overrides nothing" in found[0]


def test_an_example_subclass_may_add_methods_of_its_own(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "README.md", "return super().add_totals(record)", "return record")
    _edit(repo, "README.md", "def add_totals(self", "def add_extra(self")
    assert _findings(repo, capsys) == []


def test_pasted_help_output_is_checked_option_by_option(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "ledger/cli.py", '    parser.add_argument("--dry-run", action="store_true")\n', "")
    found = _findings(repo, capsys, "--no-history")
    # on the usage line and on the option's own line
    assert [f.split(": unresolved")[0] for f in found] == ["README.md:21", "README.md:29"], found
    assert all("`--dry-run` is not an option of `ledger`" in f for f in found)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_a_renamed_console_script_named_in_prose_is_stale(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(repo, "pyproject.toml", 'ledger = "ledger.cli:main"', 'ledger-cli = "ledger.cli:main"')
    _edit(repo, "ledger/cli.py", 'prog="ledger"', 'prog="ledger-cli"')
    found = _findings(repo, capsys)
    # "the `ledger` command" and the help's usage line, once; not "the `ledger` package"
    assert [f.split(": unresolved")[0] for f in found] == ["README.md:3", "README.md:21"], found
    assert "`ledger` is no longer a command the project installs" in found[0]
