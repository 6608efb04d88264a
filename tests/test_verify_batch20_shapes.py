"""Shapes from the blind sets of 2026-11-25 (drift round 21, wild batch 20) and the older
false alarms they share a cause with, on small repos: each false alarm is paired with the
drift beside it that must still be reported, and each missed drift with the true page.

Words after a span can call it gone ("``pkg.ext.csrf`` was integrated into core"); a bare
name the page's examples give as a string is that value; `pkg.service_` in reST is a link;
every class has `object`'s `__init__`; a keyword the code passes is an argument's name;
``Helper.attributes`` is a kind of member; a name the package's docstrings use for the
reader's class is theirs; an entry that says "Not implemented yet!" claims nothing; a
well-known program's flags in a ```text block are its own; the version module a build hook
writes is the package's; ``env.TYPE(...)`` beside the sketch `type=TYPE` is to fill in; a
member called on an object no project type reaches is that object's; `<code>X</code>` is a
code span; a command line's comment `# -I/--interface` spells the option; and a plain
sentence naming a constant the code had is stale.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit
from test_verify_wild import _drift, _write

from klaro.cli import main

PYPROJECT = """\
[project]
name = "formkit"
version = "1.0"
dependencies = ["click"]

[project.scripts]
formkit = "formkit.cli:main"

[tool.hatch.build.hooks.vcs]
version-file = "formkit/_version.py"
"""

INIT = '''\
"""Formkit."""
from .forms import Form, FormHelper, Layout, Record, UserModelMixin, data_manager, field_id
from .storage import BaseStorage
from .env import env
'''

FORMS = '''\
from django.db import models


class Record(models.Model):
    pass


class Layout:
    def __init__(self, *fields):
        self.fields = fields


class FormHelper:
    """Renders a form: the fields in UserModel are listed first."""

    form_tag = True

    def render_layout(self, form):
        return form


class UserModelMixin:
    roles = ()


class Form:
    def validate(self):
        return True


def field_id(name):
    return name


def data_manager(name):
    return name


def hold_username():
    return []


def change_username(user, signal):
    signal.send(user, old_username=user)
'''

STORAGE = """\
class BaseStorage:
    def get(self, key):
        return key

    def set(self, key, value):
        return value
"""

ENV = """\
import os


class Env:
    def __call__(self, name, type=str, default=None):
        return os.environ.get(name, default)

    def float(self, name):
        return float(os.environ[name])


env = Env()
DEBUG = os.environ.get("FORMKIT_DEBUG")
"""

CLI = """\
import click


@click.command()
@click.option("--verbose", is_flag=True)
@click.option("-q", "--quiet", is_flag=True)
def main(verbose, quiet):
    click.echo(verbose)
"""

README = """\
# formkit

- <strong><code>FORMKIT_DEBUG</code></strong>: say more.
- <strong><code>FORMKIT_DEBGU</code></strong>: say even more.

```python
from formkit import BaseStorage, Form, Layout, Record
from formkit._version import version
import formkit._verison


class FileStorage(BaseStorage):
    def __init__(self, path):
        super().__init__()
        self.path = path


BaseStorage().sett("key", 1)
layout = Layout("field_1", "field_2")
record = Record.objects.create(name="x")
record.history.db_manager("other")
```

Name the second field ``field_2``; ``field_ix`` is the form's own.

To switch databases use ``db_manager()``; ``dta_manager()`` is ours.

The helper adds new ``FormHelper.attributes``; ``FormHelper.form_tagg`` is not one.
``UserModel.roles`` holds the roles, unlike ``UsrModelMixin.roles``.

* ``env('NAME', type=TYPE, ...)``
* ``env.TYPE('NAME', ...)``
* ``env.flaot('NAME')``

```shell
$ formkit --quiet  # -q/--quiet. Say less.
$ formkit --verbose  # -v/--verbose. Say more.
```

```text
black --diff formkit
```

(``--diff`` shows a diff.) Pass ``--verbos`` to see more.

Receivers get ``old_username``; ``hold_usrname`` holds them.
"""

EXT = """\
Extensions
==========

All extensions were removed in 3.0.

* ``formkit.ext.csrf`` was integrated into formkit core.
* ``formkit.ext.django`` was extracted to formkit-django.

The ``formkit.ext.i18n`` module translates the labels.

See formkit.service_ for the unit file, and formkit.storag for the stores.

.. _formkit.service: https://example.com/unit

.. class:: formkit.Form

   .. method:: validate()

      Validate the form.

   .. method:: sendfile()

      `Not implemented yet! <https://example.com/45>`__

   .. method:: submit()

      Submit the form.
"""

FALSE_ALARMS = {
    ("README.md", 3, "FORMKIT_DEBUG"),
    ("README.md", 8, "formkit._version.version"),
    ("README.md", 14, "formkit.BaseStorage.__init__"),
    ("README.md", 24, "field_2"),
    ("README.md", 26, "db_manager()"),
    ("README.md", 28, "FormHelper.attributes"),
    ("README.md", 29, "UserModel.roles"),
    ("README.md", 32, "env.TYPE('NAME', ...)"),
    ("README.md", 44, "--diff"),
    ("docs/ext.rst", 6, "formkit.ext.csrf"),
    ("docs/ext.rst", 7, "formkit.ext.django"),
    ("docs/ext.rst", 11, "formkit.service_"),
    ("docs/ext.rst", 21, "formkit.Form.sendfile()"),
    ("README.md", 46, "old_username"),
}
DRIFT = {
    ("README.md", 4, "FORMKIT_DEBGU"),
    ("README.md", 9, "formkit._verison"),
    ("README.md", 18, "formkit.BaseStorage.sett"),
    ("README.md", 24, "field_ix"),
    ("README.md", 26, "dta_manager()"),
    ("README.md", 28, "FormHelper.form_tagg"),
    ("README.md", 29, "UsrModelMixin.roles"),
    ("README.md", 33, "env.flaot('NAME')"),
    ("README.md", 37, "-v/--verbose"),
    ("README.md", 44, "--verbos"),
    ("README.md", 46, "hold_usrname"),
    ("docs/ext.rst", 9, "formkit.ext.i18n"),
    ("docs/ext.rst", 11, "formkit.storag"),
    ("docs/ext.rst", 25, "formkit.Form.submit()"),
}


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> set[tuple[str, int, str]]:
    root = _write(
        tmp_path_factory.mktemp("formkit"),
        {
            "pyproject.toml": PYPROJECT,
            "formkit/__init__.py": INIT,
            "formkit/forms.py": FORMS,
            "formkit/storage.py": STORAGE,
            "formkit/env.py": ENV,
            "formkit/cli.py": CLI,
            ".gitignore": "formkit/_version.py\n",
            "README.md": README,
            "docs/ext.rst": EXT,
        },
    )
    return _drift(root)


@pytest.mark.parametrize("finding", sorted(FALSE_ALARMS))
def test_true_lines_pass(found: set[tuple[str, int, str]], finding: tuple[str, int, str]) -> None:
    assert finding not in found


@pytest.mark.parametrize("finding", sorted(DRIFT))
def test_drift_beside_them_is_reported(
    found: set[tuple[str, int, str]], finding: tuple[str, int, str]
) -> None:
    assert finding in found, sorted(found)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_a_sentence_naming_a_constant_the_code_had_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "set the global CRON_COMMAND" in plain words: stale once the code renames it, and
    other plain words (`snake_case`, `CronTab` the product) stay words."""
    code = 'import os\nCRON_COMMAND = "crontab"\nLEVEL = os.environ.get("CRONKIT_LEVEL")\n'
    readme = (
        "# cronkit\n\nCronTab runs jobs; set the global CRON_COMMAND to change the program.\n"
        "Names are snake_case. Set CRONKIT_LEVEL to debug.\n"
    )
    root = _write(
        tmp_path,
        {
            "pyproject.toml": '[project]\nname = "cronkit"\nversion = "1"\n',
            "cronkit/__init__.py": code,
            "README.md": readme,
        },
    )
    _first_commit(root)
    check = ["check", str(root), "--no-cache", "-q"]
    assert main(check) == 0, capsys.readouterr().out
    renamed = code.replace("CRON_COMMAND", "CRONTAB_BIN").replace("CRONKIT_LEVEL", "CRONKIT_LOG")
    (root / "cronkit/__init__.py").write_text(renamed)
    assert main(check) == 1
    out = capsys.readouterr().out
    assert "README.md:3: unresolved: `CRON_COMMAND` is no longer in the project" in out
    assert "README.md:4: unresolved: `CRONKIT_LEVEL` is no longer an environment variable" in out
    assert "CronTab" not in out and "snake_case" not in out


def test_prose_stays_checked_beside_a_project_method_whose_result_is_untyped(
    tmp_path: Path,
) -> None:
    """`db["dogs"].insert_al(...)` goes through `Database.__getitem__`, a project method with
    no known result: the example's member is not judged, but the prose naming it still is
    (unlike a member of an object the project's types never reach)."""
    code = (
        "class Table:\n    def insert_all(self, rows):\n        return rows\n\n\n"
        "class Database:\n    def __getitem__(self, name):\n        return make(name)\n"
    )
    readme = (
        "# dbkit\n\n```python\nfrom dbkit import Database\n\ndb = Database()\n"
        'db["dogs"].insert_al([{"id": 1}])\n```\n\nCall ``insert_al()`` with rows.\n'
    )
    files = {
        "pyproject.toml": '[project]\nname = "dbkit"\nversion = "1"\n',
        "dbkit/__init__.py": code,
        "README.md": readme,
    }
    assert _drift(_write(tmp_path, files)) == {("README.md", 10, "insert_al()")}
