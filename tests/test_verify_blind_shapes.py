"""Shapes from the blind sets of 2026-11-24 (drift round 18, wild batch 17), on small repos:
each false alarm is paired with the drift beside it that must still be reported, and each
missed drift with the true page that must pass.

A "Version history" page is a changelog; a method defined under `if sys.version_info` is
the class's; `:external:` roles point into another project; a Django check id is a string,
not a path; `DJANGO_*` and CGI's `REMOTE_*` are not a project's family of variables; a
`__getattr__` that tries other packages' modules serves any name; getopt lists options at
the margin; a path may start inside the package folder; sub-commands may come from entry
points, and `.. program-output::` runs a command line.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "relay"
version = "1.0"
dependencies = ["django"]

[project.scripts]
relay = "relay.__main__:main"

[project.entry-points."relay.registered_commands"]
send = "relay.commands:send"
check = "relay.commands:check"
"""

INIT = '''\
"""Relay."""
import os
import sys

import sqlalchemy as sa

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "relay.settings")
CHECKS = {"id": "relay.W001"}


def remote(environ):
    return environ["REMOTE_ADDR"], os.getenv("RELAY_TOKEN")


class Path:
    def parts(self):
        return []

    if sys.version_info >= (3, 12):

        def walk(self):
            return iter(())


class Database:
    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        for mod in (sa,):
            if hasattr(mod, name):
                return getattr(mod, name)
        raise AttributeError(name)


db = Database()
'''

MAIN = """\
import sys

from relay import commands


def main():
    return commands.dispatch(sys.argv[1:])
"""

COMMANDS = """\
import argparse


def dispatch(argv):
    return argv


def send(argv):
    parser = argparse.ArgumentParser(prog="relay send")
    parser.add_argument("-r", "--repository")
    return parser.parse_args(argv)


def check(argv):
    return argv
"""

README = """\
# relay

`Path.walk()` and `Path.parts()` exist; `Path.iterdir()` does not. Columns are
`db.Column(db.Integer)`. The check **relay.W001** warns. Set `RELAY_TOKEN`, not
`RELAY_TOKENS`; Django reads `DJANGO_SETTINGS_MODULE` and `DJANGO_SUPERUSER_PASSWORD`,
a server `REMOTE_USER`.

The code is in `commands.py` and `data/table.py`.

```console
$ relay send -r testpypi dist/*
$ relay check dist/*
```
"""


def _relay(root: Path, **changes: str) -> Path:
    files = {
        "pyproject.toml": PYPROJECT,
        "relay/__init__.py": INIT,
        "relay/__main__.py": MAIN,
        "relay/commands.py": COMMANDS,
        "relay/data/__init__.py": "",
        "relay/data/table.py": "ROWS = []\n",
        "README.md": README,
    }
    files.update({k.replace("__", "/").replace("_py", ".py"): v for k, v in changes.items()})
    return _write(root, files)


def test_names_other_programs_or_versions_give_are_not_drift(tmp_path: Path) -> None:
    assert _drift(_relay(tmp_path)) == {
        ("README.md", 3, "Path.iterdir()"),
        ("README.md", 5, "RELAY_TOKENS"),
    }


def test_entry_point_sub_commands_their_flags_and_package_paths_are_checked(
    tmp_path: Path,
) -> None:
    root = _relay(tmp_path)
    (root / "relay/data/table.py").rename(root / "relay/data/rows.py")
    commands = (root / "relay/commands.py").read_text().replace('"-r", ', "")
    (root / "relay/commands.py").write_text(commands)
    pyproject = (root / "pyproject.toml").read_text().replace("check = ", "lint = ")
    (root / "pyproject.toml").write_text(pyproject)
    found = {(line, ref) for _, line, ref in _drift(root)} - {
        (3, "Path.iterdir()"),
        (5, "RELAY_TOKENS"),
    }
    assert found == {
        (8, "data/table.py"),
        (11, "relay send -r testpypi 'dist/*'"),  # the glob, as the shell would pass it
        (12, "relay check 'dist/*'"),
    }


def test_a_version_history_page_and_external_roles_are_not_read(tmp_path: Path) -> None:
    history = "Version history\n===============\n\n**2.0**\n\n- Removed ``Path.iterdir()``\n"
    roles = "API\n===\n\nSee :external:doc:`orm/events` and :doc:`missing`.\n"
    files = {"docs/versionhistory.rst": history, "docs/api.rst": roles, "docs/conf.py": ""}
    found = _drift(_write(_relay(tmp_path), files))
    assert ("docs/api.rst", 4, "missing.rst") in found
    assert not any(f.startswith("docs/versionhistory") or "orm/events" in r for f, _, r in found)


def test_getopt_help_lists_options_at_the_margin(tmp_path: Path) -> None:
    page = (
        "# grid\n\n    Usage: grid [options] [FILE ...]\n\n    Options:\n\n"
        "    -h, --help                show this message\n"
        "    -s REGEXP, --sep REGEXP   column separator\n"
    )
    code = (
        '"""Usage: grid [options] [FILE ...]"""\nimport getopt\nimport sys\n\n\n'
        "def main():\n"
        '    opts, args = getopt.getopt(sys.argv[1:], "hs:", ["help", "sep="])\n'
    )
    pyproject = '[project]\nname = "grid"\nversion = "1"\n\n[project.scripts]\ngrid = "grid:main"\n'
    files = {"pyproject.toml": pyproject, "grid/__init__.py": code, "README.md": page}
    assert _drift(_write(tmp_path / "true", files)) == set()
    files["grid/__init__.py"] = code.replace('"sep="', '"delimiter="')
    assert {line for _, line, _ in _drift(_write(tmp_path / "stale", files))} == {8}


def test_a_program_output_directive_runs_its_command_line(tmp_path: Path) -> None:
    page = "CLI\n===\n\n.. program-output:: relay check -h\n"
    files = {"docs/cli.rst": page, "docs/conf.py": ""}
    root = _write(_relay(tmp_path), files)
    assert not any(f == "docs/cli.rst" for f, _, _ in _drift(root))
    pyproject = (root / "pyproject.toml").read_text().replace("check = ", "lint = ")
    (root / "pyproject.toml").write_text(pyproject)
    assert ("docs/cli.rst", 4, "relay check -h") in _drift(root)
