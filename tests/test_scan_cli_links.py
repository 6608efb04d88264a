"""An argparse program built across functions and modules (vcspull's shape, wild batch 29).

`vcspull import gitlab --flatten-groups` is made in three places: the program hands the
`import` parser to `create_import_subparser(parser)`, which makes sub-parsers and hands them to
`create_gitlab_subparser(subparsers)` in a module of its own, which adds `gitlab` and its flags.
`worktree`'s parser is filled by a function that adds its sub-commands itself. The checker read
all of them as the program's own sub-commands and every service flag as unknown to `import`.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository

PYPROJECT = """\
[project]
name = "repotool"
version = "1.0"

[project.scripts]
repotool = "repotool.cli:main"
"""

CLI = '''\
"""The command line."""
import argparse

from .import_cmd import create_import_subparser
from .worktree import create_worktree_subparser


def create_parser():
    parser = argparse.ArgumentParser(prog="repotool")
    subparsers = parser.add_subparsers(dest="command")
    sync = subparsers.add_parser("sync")
    sync.add_argument("--dry-run", action="store_true")
    import_parser = subparsers.add_parser("import", help="import repositories")
    create_import_subparser(import_parser)
    worktree_parser = subparsers.add_parser("worktree")
    create_worktree_subparser(worktree_parser)
    return parser


def main(argv=None):
    return create_parser().parse_args(argv)
'''

IMPORT_CMD = '''\
"""`repotool import <service>`."""
from .gitlab import create_gitlab_subparser
from .github import create_github_subparser


def create_import_subparser(parser):
    service_subparsers = parser.add_subparsers(dest="import_service")
    create_github_subparser(service_subparsers)
    create_gitlab_subparser(service_subparsers)
'''

GITLAB = '''\
"""`repotool import gitlab`."""


def create_gitlab_subparser(subparsers):
    parser = subparsers.add_parser("gitlab", aliases=["gl"], help="import from GitLab")
    parser.add_argument("target")
    parser.add_argument("--flatten-groups", action="store_true")
    parser.add_argument("--url", dest="base_url")
'''

GITHUB = '''\
"""`repotool import github`."""


def create_github_subparser(subparsers):
    parser = subparsers.add_parser("github", aliases=["gh"])
    parser.add_argument("target")
    parser.add_argument("--with-forks", action="store_true")
'''

WORKTREE = '''\
"""`repotool worktree <action>`."""


def create_worktree_subparser(parser):
    actions = parser.add_subparsers(dest="action")
    prune = actions.add_parser("prune")
    prune.add_argument("--older-than")
    actions.add_parser("list")
'''

README = """\
# repotool

```console
$ repotool sync --dry-run
$ repotool import gl my-group --flatten-groups
$ repotool import gitlab my-group --url https://git.example.com
$ repotool import github my-org --with-forks
$ repotool worktree prune --older-than 30d
$ repotool worktree list
```
"""


def _repo(tmp_path: Path, gitlab: str = GITLAB, readme: str = README) -> Path:
    return _write(
        tmp_path / "repotool",
        {
            "pyproject.toml": PYPROJECT,
            "repotool/__init__.py": '"""Repositories."""\n',
            "repotool/cli.py": CLI,
            "repotool/import_cmd/__init__.py": IMPORT_CMD,
            "repotool/import_cmd/gitlab.py": gitlab,
            "repotool/import_cmd/github.py": GITHUB,
            "repotool/worktree.py": WORKTREE,
            "README.md": readme,
        },
    )


def test_sub_commands_made_by_helpers_are_placed_under_the_command_they_extend(
    tmp_path: Path,
) -> None:
    analysis = analyze_repository(_repo(tmp_path))
    placed = {c.name: c.parent for c in analysis.cli if c.name}
    assert placed == {
        "sync": "",
        "import": "",
        "worktree": "",
        "gitlab": "import",
        "github": "import",
        "prune": "worktree",
        "list": "worktree",
    }
    commands = {c.name: c for c in analysis.cli if c.name}
    assert commands["import"].has_subcommands and commands["worktree"].has_subcommands
    # the parser a function is only given is no program of its own
    assert [c.name for c in analysis.cli if c.has_subcommands and c.parent is None] == [""]


def test_a_nested_service_command_line_is_checked_against_that_service(tmp_path: Path) -> None:
    assert _drift(_repo(tmp_path)) == set()


def test_a_flag_renamed_in_a_nested_service_is_reported(tmp_path: Path) -> None:
    renamed = GITLAB.replace("--flatten-groups", "--flat")
    readme = README + "\nOr `repotool import gitlub my-group`, a typo.\n"
    lines = readme.splitlines()
    found = {(lines[n - 1], ref) for _, n, ref in _drift(_repo(tmp_path, renamed, readme))}
    assert found == {
        (
            "$ repotool import gl my-group --flatten-groups",
            "repotool import gl my-group --flatten-groups",
        ),
        ("Or `repotool import gitlub my-group`, a typo.", "repotool import gitlub my-group"),
    }
