"""Shapes from the blind drift round 56 (githubrelease), on small repos with the last
commit as the documented state.

- `ghr asset octocat/project upload 1.4 'pkg*'`: a click group that takes an argument of its
  own (the repository) reads it before its sub-command's word, so the word after that
  argument names one of its commands: a command renamed there is stale. The usage line's
  `command` is the placeholder for such a word.
- `docker run -e ARP_PATH=/host/arp image` (and `env NAME=1 cmd`) sets a variable for the
  program: one the code no longer reads is stale; another service's (`POSTGRES_USER`) is
  not the project's claim.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CLI = """\
import click


@click.group()
def main():
    pass


@main.group()
@click.argument("repo_name")
def asset(repo_name):
    pass


@asset.command("upload")
@click.argument("tag_name")
@click.argument("pattern", nargs=-1)
def upload(tag_name, pattern):
    pass


@asset.command("download")
@click.argument("tag_name")
def download(tag_name):
    pass


@main.group()
@click.argument("topic", required=False)
def notes(topic):
    pass


@notes.command("show")
def show():
    pass
"""

README = """\
# ghr

```bash
ghr asset username/reponame command [tag] [options]
```

```bash
$ ghr asset octocat/example-project upload 1.4 'pkg-1.4*'
$ ghr asset octocat/example-project download 1.4
$ ghr notes show
```
"""


def test_a_groups_own_argument_comes_before_its_commands_word(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ghr"\nversion = "1"\n'
        '[project.scripts]\nghr = "ghr.cli:main"\n',
        "ghr/__init__.py": "",
        "ghr/cli.py": CLI,
        "README.md": README,
    }
    changes = {"ghr/cli.py": [('@asset.command("upload")', '@asset.command("add")')]}
    assert _drift_after(tmp_path / "ghr", files, changes) == {("README.md", 8)}


GETMAC = """\
import os


def arp_table():
    return open(os.environ.get("ARP_PATH", "/proc/net/arp")).read()


def timeout():
    return float(os.environ.get("GETMAC_TIMEOUT", "2"))
"""

DOCKER = """\
# getmac

```bash
docker run --rm -it -v /proc/1/net/arp:/host/arp -e ARP_PATH=/host/arp getmac -n host
docker run -e POSTGRES_USER=me --env=GETMAC_TIMEOUT=5 postgres
env GETMAC_TIMEOUT=1 getmac -n host
```
"""


def test_variables_a_container_or_env_sets_for_the_program(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "getmac"\nversion = "1"\n',
        "getmac/__init__.py": "from getmac.core import arp_table, timeout\n",
        "getmac/core.py": GETMAC,
        "README.md": DOCKER,
    }
    changes = {
        "getmac/core.py": [
            ('"ARP_PATH"', '"GETMAC_ARP_PATH"'),
            ('"GETMAC_TIMEOUT"', '"GETMAC_WAIT"'),
        ]
    }
    assert _drift_after(tmp_path / "getmac", files, changes) == {
        ("README.md", 4),
        ("README.md", 5),
        ("README.md", 6),
    }


FACTORY = """\
import typer


def launch(controller):
    app = typer.Typer()

    @app.command()
    def run(config: str, graylog_endpoint: str = typer.Option(None, help="where")):
        controller(config, graylog_endpoint)

    return app
"""

FACTORY_README = """\
# fcs

The generated CLI accepts a `--graylog-endpoint` option that forwards the logs.
"""


def test_commands_a_factory_function_makes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fcs"\nversion = "1"\n',
        "fcs/__init__.py": "from fcs.launch import launch\n",
        "fcs/launch.py": FACTORY,
        "README.md": FACTORY_README,
    }
    changes = {"fcs/launch.py": [("graylog_endpoint", "graylog_url")]}
    assert _drift_after(tmp_path / "fcs", files, changes) == {("README.md", 3)}
