"""What real READMEs say about other programs is not drift; what they say about ours is checked.

Each case comes from a false alarm seen on a real package (black, pip-tools, pipdeptree).
"""

from __future__ import annotations

from pathlib import Path

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository

CLI = '''"""The tree tool."""
import argparse
import os

import click


def build_parser():
    parser = argparse.ArgumentParser(prog="tree")
    parser.add_argument("--packages", help="packages to show")
    parser.add_argument("--warn", help="warning control")
    return parser


def cache_dir():
    return os.environ.get("XDG_CONFIG_HOME", "~/.config")


@click.group()
def cli():
    """Entry point."""


@cli.command()
def compile_cmd():
    """Compile."""


cli.add_command(compile_cmd, "compile")
'''
CONFTEST = """def pytest_addoption(parser):
    parser.addoption("--print-full-tree", action="store_true")
"""


def _repo(root: Path, readme: str) -> list[str]:
    (root / "tree").mkdir()
    (root / "tree" / "__init__.py").write_text(CLI)
    (root / "tests").mkdir()
    (root / "tests" / "conftest.py").write_text(CONFTEST)
    (root / "docs" / "cli").mkdir(parents=True)
    (root / "docs" / "cli" / "index.md").write_text("# CLI\n")
    (root / "pyproject.toml").write_text(
        '[project]\nname = "tree"\nversion = "1"\n[project.scripts]\ntree = "tree:cli"\n'
    )
    (root / "README.md").write_text(readme)
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    return [f"{f.line}: {f.reference}" for f in report.drift]


def test_other_programs_options_and_variables_are_not_claims(tmp_path: Path) -> None:
    readme = (
        "# tree\n\n"
        "Pass `--no-binary tree` to your pip install invocation.\n\n"  # pip's option
        "Git can skip commits with the `--ignore-revs-file` option.\n\n"  # git's option
        "The cache follows `XDG_CACHE_HOME`.\n\n"  # the system's variable, read by a library
        "Run `tree --warn silence | Select-String -Pattern x` on Windows.\n\n"  # a pipeline
        "Debug a failing test with `--print-full-tree`.\n\n"  # the test suite's own option
        "`--package` is short for `--packages`.\n\n"  # argparse accepts unique prefixes
        "Run `tree compile` to compile.\n\n"  # registered with add_command
        "See the [CLI reference](/cli/index.md).\n"  # a docs site's absolute link
    )
    assert _repo(tmp_path, readme) == []


def test_the_projects_own_mistakes_are_still_reported(tmp_path: Path) -> None:
    readme = (
        "# tree\n\n"
        "Use `--wran` to control warnings.\n\n"  # a typo of our own option
        "Run `tree --colour` to colour.\n\n"  # any flag after our own program is checked
        "Run `tree compyle`.\n\n"  # not a command of ours
        "See [the guide](/guide/index.md).\n"  # no such page, in the repo or the site
    )
    assert _repo(tmp_path, readme) == [
        "3: --wran",
        "5: tree --colour",
        "7: tree compyle",
        "9: /guide/index.md",
    ]


WORDS = '''"""Hooks."""


def on_pull_request(event):
    return event


def is_model_error(reply):
    return reply


class Lexical:
    @classmethod
    def load(cls, folder):
        return folder


class Vectors:
    @classmethod
    def load(cls, folder, *, dims=3):
        return folder, dims
'''


def test_concepts_named_like_functions_are_words_and_typos_are_not(tmp_path: Path) -> None:
    # Seen on Klaro's own README: an event name, a stop reason, a hypothetical call and a
    # method of Python's file objects, each close to (or the same as) some project name.
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks/__init__.py").write_text(WORDS)
    (tmp_path / "README.md").write_text(
        "On `pull_request` events the run stops with `model_error`; `load(path, strict=True)`\n"
        "and `close()` are examples.\n\n"
        "Register `on_pull_requst` and call `reload_all()`.\n"
    )
    report = check_repository(load_config(tmp_path, env={}), analyze_repository(tmp_path))
    found = {(f.line, f.reference): f.suggestions for f in report.drift}
    # `reload_all()` is close to nothing the project has: a call of another library's name
    # (`strftime()`, `fork()`), unless history says the project had it
    assert found == {(4, "on_pull_requst"): ("on_pull_request",)}
