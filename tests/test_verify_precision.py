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
