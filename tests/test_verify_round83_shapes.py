"""Shapes from the blind sets of round 27 (drift rounds 77 and 83-84, wild batch 81), each on a
small repo that has it:

- a typer program built from a module per group (`app.add_typer(account_app,
  name="account")`, the sub-app imported; `app.command(name="doctor")(pkg.doctor.doctor)`),
  installed through an entry point that imports the app's runner only when called: its
  command lines are checked word by word;
- service objects a class holds (`self.address = AddressService(self)`) that are callable
  themselves: `dbg.address.from_string(...)` is the service's method, not its product's;
- argparse parsers kept in a dict (credstash's `parsers[action] = subparsers.add_parser(action)`),
  and the sub-commands a pasted argparse help lists (`{get,setup} ...`, their rows, their own
  usage lines);
- the start of a family of variables written alone (``RQ_REDIS_``), stale once the code
  reads none of them;
- variables another library's `getenv` reads under the project's name, each found on the
  continued line of a `docker run` that sets it;
- a decorator that registers the function and gives it back: the signature stands;
- a bare call named like a standard module (`uuid(as_hex=True)`), the package's function;
- a call of a helper the page defines further down: the page's, not the package's;
- the value of a flag another package's parser declares (configargparse): no command word;
- a class that takes its arguments in `__new__` (a `str` subclass);
- a section on a changelog tool's feature ("Changelog Fragments"), which is no history;
- signature lines in plain blocks (`netctl.connection.delete(name: str, wait: int = None)`);
- a factory class whose `__new__` gives other classes beside private helpers, and attributes
  set through `self.__dict__[key]`;
- a toctree naming the Python scripts nbsphinx builds (jupytext);
- a signature span with a bare `*` (`register(to_convert, converter, *, inverse = False)`);
- a call a session shows failing (its Traceback), and a printed repr (`Variable (day: 5)`).
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

import cloudy.cli.doctor
from cloudy.cli.commands.account import app as account_app
from cloudy.cli.commands.auth import app as auth_app

app = typer.Typer(no_args_is_help=True)


@app.callback()
def root(version: bool = typer.Option(False, "--version")) -> None:
    pass


app.add_typer(account_app, name="account")
app.add_typer(auth_app, name="auth")
app.command(name="doctor")(cloudy.cli.doctor.doctor)


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
$ cloudy doctor
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
        "cloudy/cli/doctor.py": "def doctor() -> None:\n    pass\n",
        "cloudy/cli/commands/__init__.py": "",
        "cloudy/cli/commands/account.py": ACCOUNT,
        "cloudy/cli/commands/auth.py": AUTH,
        "docs/cli.md": PAGE,
    }
    found = _drift(_write(tmp_path / "cloudy", files))
    assert {(line, name.split()[-1]) for _, line, name in found} == {
        (9, "balance"),
        (10, "--forget-password"),
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

A plugin may read its own variables; the standard start is ``RQ_PLUGINNAME_``.
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


VAULT = """\
import argparse


def get_parser():
    parsers = {}
    parsers['super'] = argparse.ArgumentParser(prog="vault")
    parsers['super'].add_argument("--log-file", default=None)
    subparsers = parsers['super'].add_subparsers()

    action = 'get'
    parsers[action] = subparsers.add_parser(action, help="Get a secret")
    parsers[action].add_argument("name")
    parsers[action].add_argument("-n", "--noline", action="store_true")

    action = 'setup'
    parsers[action] = subparsers.add_parser(action, help="Make the store")
    parsers[action].add_argument("--tags", nargs="*")
    return parsers


def main():
    get_parser()['super'].parse_args()
"""

VAULT_README = """\
# vault

```console
$ vault setup --tags team=ops
$ vault get db.password --noline
$ vault --log-file vault.log get db.password
$ vault --log get db.password
$ vault init --tags team=ops
$ vault get db.password --no-newline
```
"""


def test_parsers_kept_in_a_dict(tmp_path: Path) -> None:
    """argparse takes `--log` for `--log-file` (a prefix); `init` and `--no-newline` it has
    not."""
    files = {
        "pyproject.toml": '[project]\nname = "vault"\nversion = "1"\n\n[project.scripts]\n'
        'vault = "vault:main"\n',
        "vault/__init__.py": VAULT,
        "README.md": VAULT_README,
    }
    found = _drift(_write(tmp_path / "vault", files))
    assert {(line, name.split()[1]) for _, line, name in found} == {
        (8, "init"),
        (9, "get"),
    }
    assert any(name.endswith("--no-newline") for _, line, name in found if line == 9)


VAULT_HELP = """\
# vault

## Usage
```
usage: vault [-h] [--log-file LOG_FILE] {get,setup} ...

positional arguments:
  {get,setup}
    get                 Get a secret
    setup               Make the store
```

```
get
    usage: vault get [-h] [-n] name
```
"""


def test_sub_commands_of_a_pasted_argparse_help(tmp_path: Path) -> None:
    """The usage's `{get,setup} ...`, their rows under the positional arguments, and each
    sub-command's own usage further down."""
    files = {
        "pyproject.toml": '[project]\nname = "vault"\nversion = "1"\n\n[project.scripts]\n'
        'vault = "vault:main"\n',
        "vault/__init__.py": VAULT,
        "README.md": VAULT_HELP,
    }
    changes = {"vault/__init__.py": [("action = 'get'", "action = 'fetch'")]}
    assert _drift_after(tmp_path, files, changes) == {
        ("README.md", 5),
        ("README.md", 9),
        ("README.md", 15),
    }


CHANGELOG_TOOL = """\
_config_env = {}


def available_in_config(f):
    _config_env[f.__name__] = f
    return f


@available_in_config
def insert_at(filename, pattern, idx=0):
    return filename, pattern, idx
"""

CHANGELOG_TOOL_README = """\
# notes

```python
publish = insert_at("CHANGELOG.rst", r"^Changes", idx=2)
```
"""


def test_a_decorator_that_registers_the_function(tmp_path: Path) -> None:
    """`available_in_config` gives back the function it registers: its signature stands."""
    files = {
        "pyproject.toml": '[project]\nname = "notes"\nversion = "1"\n',
        "notes/__init__.py": "from notes.main import insert_at\n",
        "notes/main.py": CHANGELOG_TOOL,
        "README.md": CHANGELOG_TOOL_README,
    }
    changes = {"notes/main.py": [("idx", "position")]}
    assert _drift_after(tmp_path, files, changes) == {("README.md", 4)}


GENERATORS = """\
from uuid import uuid4


def uuid(as_hex=False):
    value = uuid4()
    return value.hex if as_hex else str(value)
"""

GENERATORS_README = """\
# strutils

```python
uuid(as_hex=True)  # returns '97e3a7166fd94ab6a6b6fb6b0cb6f8f5'
```
"""


def test_a_bare_call_named_like_a_standard_module(tmp_path: Path) -> None:
    """No module is called: `uuid(...)` is the package's function, not Python's `uuid`."""
    files = {
        "pyproject.toml": '[project]\nname = "strutils"\nversion = "1"\n',
        "strutils/__init__.py": "from strutils.generation import uuid\n",
        "strutils/generation.py": GENERATORS,
        "README.md": GENERATORS_README,
    }
    changes = {"strutils/generation.py": [("as_hex", "hexadecimal")]}
    assert _drift_after(tmp_path, files, changes) == {("README.md", 4)}


IRODS = """\
def get_collection(session, path, zone=None):
    return session, path, zone
"""

IRODS_CALL = """\
# grid

```python
coll = get_collection(session, "/tempZone/home", zone_name="other")
```
"""

IRODS_README = (
    IRODS_CALL
    + """
where the helper is the page's own:

```python
def get_collection(session, path, zone_name):
    return session.collections.get(path, zone_name)
```
"""
)


def test_a_helper_the_page_defines_further_down(tmp_path: Path) -> None:
    """The page's own `get_collection`, called before its `def`, is not the package's; the
    package's, called with a keyword it never took where no page helper stands, is."""
    files = {
        "pyproject.toml": '[project]\nname = "grid"\nversion = "1"\n',
        "grid/__init__.py": "from grid.helpers import get_collection\n",
        "grid/helpers.py": IRODS,
        "README.md": IRODS_README,
        "docs/other.md": IRODS_CALL,
    }
    found = _drift(_write(tmp_path / "grid", files))
    assert {(file, line) for file, line, _ in found} == {("docs/other.md", 4)}


TRANSLATOR = """\
import argparse

import configargparse


def create_parser():
    parser = configargparse.ArgParser(prog="babel")
    parser.add_argument("--openai", action="store_true")
    parser.add_argument("--files", nargs="+")
    return parser


def main():
    create_parser().parse_args()
"""

WATERMARK = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["watermark1", "watermark2"])
    parser.parse_args()
"""

TRANSLATOR_README = """\
# babel

```bash
babel --openai --openai-model "gpt-4o-mini" --files example.pdf
```
"""


def test_words_that_are_no_command(tmp_path: Path) -> None:
    """A value of a flag another package's parser declares is no command word (a helper
    module's positional choices are not the program's)."""
    files = {
        "pyproject.toml": '[project]\nname = "babel"\nversion = "1"\n\n[project.scripts]\n'
        'babel = "babel.main:main"\n',
        "babel/__init__.py": "",
        "babel/main.py": TRANSLATOR,
        "babel/watermark.py": WATERMARK,
        "README.md": TRANSLATOR_README,
    }
    assert _drift(_write(tmp_path / "babel", files)) == set()


TRANSLATION = """\
class TranslationString(str):
    def __new__(cls, msgid, domain=None, default=None, mapping=None):
        self = str.__new__(cls, msgid)
        self.domain, self.default, self.mapping = domain, default, mapping
        return self
"""

TRANSLATION_README = """\
# tstring

```python
from tstring import TranslationString

ts = TranslationString("add-number", domain="ui", mapping={"number": 1})
```
"""


def test_a_class_that_takes_its_arguments_in_new(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tstring"\nversion = "1"\n',
        "tstring/__init__.py": TRANSLATION,
        "README.md": TRANSLATION_README,
    }
    changes = {"tstring/__init__.py": [("mapping=None", "values=None"), (", mapping", ", values")]}
    assert _drift_after(tmp_path, files, changes) == {("README.md", 6)}


KEEPER = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="keeper")
    sub = parser.add_subparsers()
    add = sub.add_parser("add")
    add.add_argument("--stash", action="store_true")
    parser.parse_args()
"""

KEEPER_README = """\
# keeper

## Changelog Fragments

Keep each change in a fragment until the release:

```bash
keeper add --stash "Fixed the parser"
```
"""


def test_a_section_on_a_changelog_feature(tmp_path: Path) -> None:
    """ "Changelog Fragments" documents a feature of a changelog tool, not its history."""
    files = {
        "pyproject.toml": '[project]\nname = "keeper"\nversion = "1"\n\n[project.scripts]\n'
        'keeper = "keeper:main"\n',
        "keeper/__init__.py": KEEPER,
        "README.md": KEEPER_README,
    }
    changes = {"keeper/__init__.py": [('"--stash"', '"--fragment"')]}
    assert _drift_after(tmp_path, files, changes) == {("README.md", 8)}


NETWORK = """\
class ConnectionControl:
    def delete(self, name: str, wait: int = None) -> None:
        pass

    def up(self, name: str, wait: int = None) -> None:
        pass


connection = ConnectionControl()
"""

NETWORK_README = """\
# netctl

#### netctl.connection.delete

```
netctl.connection.delete(name: str, wait: int = None) -> None
```

#### netctl.connection.up

```
netctl.connection.up(name: str, wait: int = None) -> None
```
"""


def test_signatures_listed_in_plain_blocks(tmp_path: Path) -> None:
    """An API reference's signature lines, not Python as a block: a parameter renamed in
    the code is stale where the line names it."""
    files = {
        "pyproject.toml": '[project]\nname = "netctl"\nversion = "1"\n',
        "netctl/__init__.py": "from netctl._connection import connection\n",
        "netctl/_connection.py": NETWORK,
        "README.md": NETWORK_README,
    }
    changes = {
        "netctl/_connection.py": [
            (
                "wait: int = None) -> None:\n        pass\n\n    def up",
                "timeout: int = None) -> None:\n        pass\n\n    def up",
            )
        ]
    }
    assert _drift_after(tmp_path, files, changes) == {("README.md", 6)}


ALIGNMENTS = """\
class CIGAR(list):
    def complement(self):
        return CIGAR(reversed(self))


class Trace(list):
    def validate(self):
        return True


class Alignment:
    def __new__(cls, value):
        if isinstance(value, str):
            return Alignment._from_string(value)
        return Trace(value)

    @classmethod
    def _from_string(cls, string):
        return CIGAR(string.split(","))


class Token:
    def __init__(self, username=None, scope=None):
        for key in ("username", "scope"):
            self.__dict__[key] = locals().get(key)
"""

ALIGNMENTS_README = """\
# align

```python
import align

cigar = align.Alignment("12M,1I")
cigar.complement()
align.Alignment([12, 23]).validate()
token = align.Token(username="me")
print(token.username, token.scope, token.expiry)
```
"""


def test_a_factory_class_and_attributes_set_through_dict(tmp_path: Path) -> None:
    """`Alignment(...)` gives a CIGAR or a Trace (its `__new__`, with private helpers);
    `Token` sets its attributes through `self.__dict__[key]`, so none is known missing."""
    files = {
        "pyproject.toml": '[project]\nname = "align"\nversion = "1"\n',
        "align/__init__.py": ALIGNMENTS,
        "README.md": ALIGNMENTS_README,
    }
    assert _drift(_write(tmp_path / "align", files)) == set()


def test_a_toctree_of_jupytext_scripts(tmp_path: Path) -> None:
    """nbsphinx builds the toctree's `examples/fit` from `examples/fit.py`."""
    files = {
        "pyproject.toml": '[project]\nname = "pulsar"\nversion = "1"\n',
        "pulsar/__init__.py": "",
        "docs/conf.py": 'extensions = ["nbsphinx"]\n'
        'nbsphinx_custom_formats = {".py": ["jupytext.reads", {"fmt": "py:percent"}]}\n',
        "docs/index.rst": "Pulsar\n======\n\n.. toctree::\n\n   examples/fit\n   examples/gone\n",
        "docs/examples/fit.py": "# %%\nimport pulsar\n",
    }
    found = _drift(_write(tmp_path / "pulsar", files))
    assert {(file, line) for file, line, _ in found} == {("docs/index.rst", 7)}


FROZEN = """\
def register(to_convert, converter, *, inverse=False):
    return to_convert, converter, inverse
"""

FROZEN_README = """\
# frozen

#### `frozen.register(to_convert, converter, *, inverse = False)`

Registers a converter.
"""


def test_a_signature_span_with_a_bare_star(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "frozen"\nversion = "1"\n',
        "frozen/__init__.py": FROZEN,
        "README.md": FROZEN_README,
    }
    changes = {"frozen/__init__.py": [("inverse", "reverse")]}
    assert _drift_after(tmp_path, files, changes) == {("README.md", 3)}


TERMS = """\
class URIRef(str):
    def __new__(cls, value, base=None):
        return str.__new__(cls, value)


class Variable:
    def __init__(self, name):
        self.name = name
"""

TERMS_README = """\
# terms

```python
>>> from terms import URIRef
>>> uri = URIRef()
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
TypeError: __new__() missing 1 required positional argument: 'value'
>>> uri = URIRef("http://example.org/")
```

```
Variable (day: 5)
-----------------
[Mon]: apples[Mon]
```
"""


def test_a_call_shown_failing_and_a_printed_repr(tmp_path: Path) -> None:
    """The session shows `URIRef()` raising, on purpose; `Variable (day: 5)` is what a
    repr prints, no signature."""
    files = {
        "pyproject.toml": '[project]\nname = "terms"\nversion = "1"\n',
        "terms/__init__.py": TERMS,
        "README.md": TERMS_README,
    }
    assert _drift(_write(tmp_path / "terms", files)) == set()
