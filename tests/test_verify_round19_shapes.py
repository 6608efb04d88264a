"""Shapes from the blind sets of 2026-11-24 (drift round 19, wild batches 17 and 18), on small
repos: each false alarm is paired with the drift beside it that must still be reported, and
each missed drift with the true page that must pass.

MyST directive fences declare variables and hold prose; a list under "accepts the following
arguments:" names parameters; another language's blocks (nginx) name its own words; version
notes and "the old `x`" name the past; a `__setattr__` that stores any name, or a helper
that `setattr`s on the instance, opens a class; a `text` block may be a prompted session of
another program; click options may be objects a group puts in its `params`, and a group
that overrides `get_command` loads the commands a page declares; a parser another package
makes has options we cannot list; Django gives every management command its options.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "kiln"
version = "1.0"
dependencies = ["click"]

[project.scripts]
kiln = "kiln.cli:main"
"""

INIT = '''\
"""Kiln."""
import os


def load(path, strict=False):
    return os.environ.get("KILN_HOME", path), strict


def uwsgi_vars(environ):
    return environ


class Formatter:
    def __init__(self, fmt=None, no_color=False, reset=True):
        self.no_color = no_color


def _attach(obj):
    for name in ("Email", "Url"):
        setattr(obj, name, name)


class Fields:
    def __init__(self):
        _attach(self)


class Globals:
    def __setattr__(self, name, value):
        self.__dict__[name] = value


class Closed:
    def open(self):
        return self


g = Globals()
closed = Closed()
'''

CLI = """\
import click

_debug = click.Option(["--debug/--no-debug"], help="Debug mode.")


class LoadingGroup(click.Group):
    def __init__(self, **extra):
        super().__init__(params=[_debug], **extra)

    def get_command(self, ctx, name):
        return super().get_command(ctx, name)


@click.command("bake")
@click.option("--heat", type=int)
def bake(heat):
    click.echo(heat)


cli = LoadingGroup(name="kiln")
cli.add_command(bake)


def main():
    cli()
"""

README = """\
# kiln

`Formatter` accepts the following arguments:

- `fmt` *(default=None)*: the format.
- `no_color`, `reset`: colours.

Set `g.user` on the globals; `closed.shut()` is not a method.
Run `kiln --debug bake --heat 3`; nginx's `uwsgi_pass` is in the block below, and
`uwsgi_varz()` is a typo of ours.

```nginx
location / { uwsgi_pass kiln; }
```

The old `kiln.legacy_load()` is gone; `kiln.loads()` is a typo.

```{envvar} KILN_HOME
Where kiln keeps its state; see `load()`.
```

```text
$ gunicorn -w 4 'kiln:app'
$ kiln bake --heat 4
```

```python
from kiln import Fields

@cli.command("glaze")
def glaze():
    return Fields().Email
```

```text
$ kiln glaze
```
"""


def _kiln(root: Path) -> Path:
    files = {
        "pyproject.toml": PYPROJECT,
        "kiln/__init__.py": INIT,
        "kiln/cli.py": CLI,
        "README.md": README,
    }
    return _write(root, files)


def test_true_lines_pass_and_typos_beside_them_are_reported(tmp_path: Path) -> None:
    assert _drift(_kiln(tmp_path)) == {
        ("README.md", 8, "closed.shut()"),
        ("README.md", 10, "uwsgi_varz()"),
        ("README.md", 16, "kiln.loads()"),
    }


def test_renamed_parameter_of_an_argument_list_and_a_myst_variable_are_stale(
    tmp_path: Path,
) -> None:
    root = _kiln(tmp_path)
    code = (root / "kiln/__init__.py").read_text()
    code = code.replace("no_color=False", "disable_color=False").replace("KILN_HOME", "KILN_DIR")
    (root / "kiln/__init__.py").write_text(code.replace("= no_color", "= disable_color"))
    found = {(line, ref) for _, line, ref in _drift(root)}
    assert (6, "Formatter(no_color=...)") in found
    assert (18, "KILN_HOME") in found


def test_click_option_objects_and_a_prompted_text_session_are_the_programs(
    tmp_path: Path,
) -> None:
    root = _kiln(tmp_path)
    cli = (root / "kiln/cli.py").read_text().replace('"--heat"', '"--temperature"')
    (root / "kiln/cli.py").write_text(cli.replace("def bake(heat)", "def bake(temperature)"))
    found = {(line, ref) for _, line, ref in _drift(root)}
    assert (9, "kiln --debug bake --heat 3") in found
    assert (24, "kiln bake --heat 4") in found
    assert not any(ref.startswith("gunicorn") or "glaze" in ref for _, ref in found)


def test_a_parser_another_package_makes_has_options_we_cannot_list(tmp_path: Path) -> None:
    code = (
        "import argparse\n\nfrom sphinx.cmd.build import get_parser\n\n\n"
        "def main():\n    parser = get_parser()\n"
        '    parser.add_argument("--port", type=int)\n    return parser.parse_args()\n'
    )
    pyproject = (
        '[project]\nname = "autobuild"\nversion = "1"\ndependencies = ["sphinx"]\n\n'
        '[project.scripts]\nautobuild = "autobuild:main"\n'
    )
    page = "# autobuild\n\n```console\n$ autobuild -a docs out --port 8000\n```\n"
    files = {"pyproject.toml": pyproject, "autobuild/__init__.py": code, "README.md": page}
    assert _drift(_write(tmp_path / "theirs", files)) == set()
    files["autobuild/__init__.py"] = code.replace("get_parser()", "argparse.ArgumentParser()")
    assert {ref for _, _, ref in _drift(_write(tmp_path / "ours", files))} == {
        "autobuild -a docs out --port 8000"
    }


def test_django_management_commands_take_djangos_options(tmp_path: Path) -> None:
    command = (
        "from django.core.management.base import BaseCommand\n\n\n"
        "class Command(BaseCommand):\n    def add_arguments(self, parser):\n"
        '        parser.add_argument("--app-label")\n'
    )
    pyproject = '[project]\nname = "perms"\nversion = "1"\ndependencies = ["django"]\n'
    page = (
        "# show_permissions\n\nUse `--app-label`, `--verbosity` or `--no-color`; not `--colour`.\n"
    )
    files = {
        "pyproject.toml": pyproject,
        "perms/__init__.py": "",
        "perms/management/__init__.py": "",
        "perms/management/commands/__init__.py": "",
        "perms/management/commands/show_permissions.py": command,
        "README.md": page,
    }
    assert _drift(_write(tmp_path, files)) == {("README.md", 3, "--colour")}


def test_version_notes_a_history_example_and_an_example_package_name_the_past(
    tmp_path: Path,
) -> None:
    page = (
        "API\n===\n\n.. versionchanged:: 2.0\n   Renamed ``kiln.old_load()``.\n\n"
        "Migrating\n---------\n\n.. code-block:: python\n\n    from tasks import load\n\n"
        "Use\n---\n\nCall ``load(path)``, ``kiln.gone()`` is stale.\n\n"
        ".. code-block:: python\n\n    import kilnr\n"
    )
    root = _write(_kiln(tmp_path), {"docs/api.rst": page, "examples/kilnr/__init__.py": ""})
    found = {(f, line, ref) for f, line, ref in _drift(root) if f == "docs/api.rst"}
    assert found == {("docs/api.rst", 17, "kiln.gone()")}
