"""Shapes from the blind sets of round 27 (drift rounds 77 and 83-84, wild batch 81), each on a
small repo that has it:

- a typer program built from a module per group (`app.add_typer(account_app,
  name="account")`, the sub-app imported), installed through an entry point that imports
  the app's runner only when called: its command lines are checked word by word;
- service objects a class holds (`self.address = AddressService(self)`) that are callable
  themselves: `dbg.address.from_string(...)` is the service's method, not its product's;
- the start of a family of variables written alone (``RQ_REDIS_``), stale once the code
  reads none of them;
- variables another library's `getenv` reads under the project's name, each found on the
  continued line of a `docker run` that sets it.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "cloudy"
version = "1.0"

[project.scripts]
cloudy = "cloudy.cmdline:main"
"""

CMDLINE = '''\
"""The console script: typer is an optional dependency."""

import sys


def main() -> int:
    try:
        from cloudy.cli.app import main as cli_main
    except ModuleNotFoundError:
        sys.stderr.write("install cloudy[cli]\\n")
        return 1
    return cli_main()
'''

APP = """\
import typer

from cloudy.cli.commands.account import app as account_app
from cloudy.cli.commands.auth import app as auth_app

app = typer.Typer(no_args_is_help=True)


@app.callback()
def root(version: bool = typer.Option(False, "--version")) -> None:
    pass


app.add_typer(account_app, name="account")
app.add_typer(auth_app, name="auth")


def main() -> int:
    app()
    return 0
"""

ACCOUNT = """\
import typer

app = typer.Typer()


@app.command("summary")
def account_summary(as_json: bool = typer.Option(False, "--json")) -> None:
    pass
"""

AUTH = """\
import typer

app = typer.Typer()
keyring_app = typer.Typer()
app.add_typer(keyring_app, name="keyring")


@app.command("logout")
def auth_logout(remove_keyring: bool = typer.Option(False, "--remove-keyring")) -> None:
    pass


@keyring_app.command("delete")
def keyring_delete(username: str = typer.Option(..., "--username")) -> None:
    pass
"""

PAGE = """\
# Command line

```console
$ cloudy account summary --json
$ cloudy auth logout --remove-keyring
$ cloudy auth keyring delete --username me
$ cloudy --version
$ cloudy account balance
$ cloudy auth logout --forget-password
```
"""


def test_typer_groups_mounted_from_other_modules(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "cloudy/__init__.py": "",
        "cloudy/cmdline.py": CMDLINE,
        "cloudy/cli/__init__.py": "",
        "cloudy/cli/app.py": APP,
        "cloudy/cli/commands/__init__.py": "",
        "cloudy/cli/commands/account.py": ACCOUNT,
        "cloudy/cli/commands/auth.py": AUTH,
        "docs/cli.md": PAGE,
    }
    found = _drift(_write(tmp_path / "cloudy", files))
    assert {(line, name.split()[-1]) for _, line, name in found} == {
        (8, "balance"),
        (9, "--forget-password"),
    }


SERVICES = '''\
"""A debugger's remote services, each also callable to make its object."""


class Address:
    def __init__(self, conn, value):
        self.value = value

    @staticmethod
    def from_string(conn, string):
        return Address(conn, string)


class AddressService:
    def __init__(self, conn):
        self.conn = conn

    def __call__(self, value) -> Address:
        return Address(self.conn, value)

    def from_string(self, string) -> Address:
        return Address.from_string(self.conn, string)


class Debugger:
    def __init__(self):
        self.address = AddressService(self)


def connect() -> Debugger:
    return Debugger()
'''

EXAMPLES = """\
# Addresses

```python
import tracer

dbg = tracer.connect()
start = dbg.address.from_string("P:0x1000")
other = dbg.address(0x2000)
print(other.value)
dbg.address.parse("P:0x1000")
```
"""


def test_members_of_a_callable_service_object(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tracer"\nversion = "1"\n',
        "tracer/__init__.py": "from tracer.rcl import connect\n",
        "tracer/rcl.py": SERVICES,
        "docs/addresses.md": EXAMPLES,
    }
    found = _drift(_write(tmp_path / "tracer", files))
    assert {(line, name) for _, line, name in found} == {(10, "tracer.connect.address.parse")}


SCHEDULER = """\
import os


def connection():
    return {
        "host": os.environ.get("RQ_REDIS_HOST", "localhost"),
        "port": int(os.environ.get("RQ_REDIS_PORT", "6379")),
    }
"""

SCHEDULER_README = """\
# rqs

The connection comes from the variables prefixed with ``RQ_REDIS_``.
"""


def test_the_start_of_a_family_of_variables(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "rqs"\nversion = "1"\n',
        "rqs/__init__.py": SCHEDULER,
        "README.rst": SCHEDULER_README,
    }
    changes = {"rqs/__init__.py": [("RQ_REDIS_", "RQS_REDIS_")]}
    assert _drift_after(tmp_path, files, changes) == {("README.rst", 3)}


UPGRADER = """\
import os

from envtools.environ import getenv

PATCHED = os.environ.get("UPGRADER_GEVENT_PATCH")


def defaults():
    return {"user": getenv("GIT_USERNAME"), "email": getenv("GIT_EMAIL")}
"""

UPGRADER_README = """\
# upgrader

```
$ docker run \\
    -e "UPGRADER_GIT_USERNAME=<name>" \\
    -e "UPGRADER_GIT_EMAIL=<email>" \\
    -e "UPGRADER_GEVENT_PATCH=1" \\
    acme/upgrader
```
"""


def test_variables_another_librarys_reader_spells_with_the_projects_name(
    tmp_path: Path,
) -> None:
    """envtools' `getenv` puts the package's name before the key; a variable the code no
    longer reads is found on the continued line that sets it."""
    files = {
        "pyproject.toml": '[project]\nname = "upgrader"\nversion = "1"\n'
        'dependencies = ["envtools"]\n',
        "upgrader/__init__.py": UPGRADER,
        "README.md": UPGRADER_README,
    }
    changes = {"upgrader/__init__.py": [('getenv("GIT_EMAIL")', 'getenv("GIT_AUTHOR_EMAIL")')]}
    assert _drift_after(tmp_path, files, changes) == {("README.md", 6)}
