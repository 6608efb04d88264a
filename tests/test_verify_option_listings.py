"""Blocks that list a command's options one a line (githubrelease's README under
"## ``release`` command", then "* create:" over `--body BODY`, `--publish`, ...): each
line's flag is a claim, judged against the section's command and its own sub-commands; and
a heading that names a command called `release` starts no release history."""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CLI = """\
import click


@click.group()
def main():
    pass


@main.group()
def release():
    pass


@release.command()
@click.argument("tag_name")
@click.option("--name")
@click.option("--body", default=None)
@click.option("--publish", is_flag=True)
def create(tag_name, name, body, publish):
    print(tag_name, name, body, publish)


@release.command()
@click.argument("tag_name")
@click.option("--keep-pattern")
@click.option("--type", type=click.Choice(["all", "draft"]))
def delete(tag_name, keep_pattern, type):
    print(tag_name, keep_pattern, type)
"""

README = """\
# gh

## ``release`` command

* create:

```bash
  --name NAME
  --body BODY
  --publish
  --help
  [ASSET_PATTERN]...
```

* delete:

```bash
  --keep-pattern KEEP_PATTERN
  --type [all, draft]
```
"""


def test_a_block_listing_a_sub_commands_options(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "gh"\nversion = "1"\n[project.scripts]\ngh = "gh.cli:main"\n'
        ),
        "gh/__init__.py": "",
        "gh/cli.py": CLI,
        "README.md": README,
    }
    changes = {"gh/cli.py": [('"--body"', '"--notes", "body"'), ('"--keep-pattern"', '"--keep"')]}
    assert _drift_after(tmp_path / "gh", files, changes) == {
        ("README.md", 9),
        ("README.md", 18),
    }
