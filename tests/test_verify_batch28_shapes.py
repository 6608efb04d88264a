"""Shapes from the blind wild batch 28 (schemathesis, django-auth-ldap, icalendar, dature) and
from what its fixes showed on earlier batches (dateutil, jinja2), on small repos.

Each test names the false alarm a user saw: a note labelled "Predates v4" about removed
flags, a Docker guide's `--user`, a help-text heading `@group("Options")` taken for a
command, `.. data::` nested in `.. class::`, names a class body imports, names a tuple
assignment binds, a constructor's parameter written `Class.param`, an abstract base called
with its subclasses' keyword, another client's `api_path` after a backticked possessive.
Each also keeps the claim it must not lose.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository

CLI = """\
import click

from tester.groups import group


@click.group()
def main():
    pass


@main.command()
@group("Options")
@click.option("--url")
def replay(url):
    pass
"""

GROUPS = """\
def group(name):
    def inner(cmd):
        return cmd
    return inner
"""

PYPROJECT = """\
[project]
name = "tester"
version = "1.0"

[project.scripts]
st = "tester.cli:main"
"""

CLI_REFERENCE = """\
# CLI reference

## `replay`

```console
$ st replay [OPTIONS]
```

### Options

#### `--url URL`

#### `--retries N`
"""

RESOURCES = """\
# Resources

- [An old article](https://example.org/post) by **someone**

    - **Predates v4**: Uses `--experimental=openapi-3.1`, which is gone, and
      `tester.from_uri()`.

- `--urls` is a typo of ours.
"""

DOCKER = """\
# Using Tester with Docker

```console
$ docker run -e TOKEN=x tester/tester st replay --url http://api
```

Setting `--privileged` does not help. Pass `--url` or `--uri` to it.
"""


def test_cli_pages_keep_only_real_claims(tmp_path: Path) -> None:
    files = {
        "tester/__init__.py": "def from_url():\n    pass\n",
        "tester/cli.py": CLI,
        "tester/groups.py": GROUPS,
        "pyproject.toml": PYPROJECT,
        "docs/cli.md": CLI_REFERENCE,
        "docs/resources.md": RESOURCES,
        "docs/docker.md": DOCKER,
    }
    _write(tmp_path, files)
    analysis = analyze_repository(tmp_path)
    assert sorted(c.name for m in analysis.modules for c in m.cli) == ["main", "replay"]
    assert {(f, line, r) for f, line, r in _drift(tmp_path)} == {
        ("docs/cli.md", 13, "--retries N"),  # no command takes it; `--url` is replay's
        ("docs/resources.md", 8, "--urls"),  # the note above is history, this line is not
        ("docs/docker.md", 7, "--uri"),  # close to ours: a typo, not Docker's
    }


AUTH = """\
class LDAPBackend:
    settings_prefix = "AUTH_LDAP_"

    def populate_user(self, username):
        return username
"""

AUTH_REFERENCE = """\
Reference
=========

.. module:: auth.backend

.. class:: LDAPBackend

    .. data:: settings_prefix

        A prefix for all of our settings.

    .. data:: default_settings

        Gone since 2.0.

    .. method:: populate_user(username)
"""


def test_a_directive_nested_in_a_class_is_the_class_member(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {"auth/__init__.py": "", "auth/backend.py": AUTH, "docs/reference.rst": AUTH_REFERENCE},
    )
    assert _drift(tmp_path) == {
        ("docs/reference.rst", 12, "auth.backend.LDAPBackend.default_settings")
    }


CAL = """\
class vCalAddress(str):
    from cal.param import CN, ROLE

    name = CN

    @classmethod
    def new(cls, email) -> "vCalAddress":
        return cls(email)
"""

PARAM = """\
CN = property(lambda self: self.params.get("CN"))
ROLE = property(lambda self: self.params.get("ROLE"))
"""

WEEKDAYS = """\
class weekday:
    def __init__(self, n):
        self.n = n


MO, TU, SU = weekdays = tuple(weekday(x) for x in range(3))
"""

CAL_README = """\
# cal

```python
from cal.address import vCalAddress
from cal.days import SU, MO
attendee = vCalAddress.new("a@b.c")
attendee.ROLE
attendee.CN
attendee.PARTSTAT
SU(+1), MO(-1)
```
"""


def test_names_a_class_body_imports_or_a_tuple_binds_exist(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "cal/__init__.py": "",
            "cal/address.py": CAL,
            "cal/param.py": PARAM,
            "cal/days.py": WEEKDAYS,
            "README.md": CAL_README,
        },
    )
    assert {(line, r.rpartition(".")[2]) for _, line, r in _drift(tmp_path)} == {(9, "PARTSTAT")}


LOADER = """\
import abc
from dataclasses import dataclass


class Loader:
    def __init__(self, schema, *, cache=None):
        self.schema = schema

    def load(self):
        return self.schema


@dataclass(kw_only=True)
class Source(abc.ABC):
    prefix: str | None = None


@dataclass(kw_only=True)
class FlatKeySource(Source):
    nested_resolve: dict | None = None


class Resource:
    def __init__(self, **kwargs):
        print(kwargs)
"""

LOADER_README = """\
# load

| Parameter | Lives on |
|---|---|
| `cache=` / `Loader.cache` | `Loader` |
| `Loader.invalidate()` | drops the cache |

`Source(nested_resolve={"a": "json"})` sets a strategy per field; `Source(nesting=1)` does
not exist. `EtcdSource` leaves `Etcd3Client`'s `api_path` alone, and `FlatKeySourse` runs it.
The CLI imports the class and calls `Class(**kwargs)`. `Resource.save` is called last.

```python
from load import Loader
Loader("schema").cache
```
"""


def test_a_class_stands_for_its_parameters_and_its_subclasses(tmp_path: Path) -> None:
    _write(tmp_path, {"load/__init__.py": LOADER, "README.md": LOADER_README})
    assert {(line, r) for _, line, r in _drift(tmp_path)} == {
        (6, "Loader.invalidate()"),
        (8, "Source(nesting=1)"),
        (9, "FlatKeySourse"),
        (10, "Resource.save"),  # open `**kwargs` are no parameter named `save`
        (14, "load.Loader.cache"),  # an instance's attribute, which the class lacks
    }


JINJA = """\
class Environment:
    def __init__(self, block_start_string="{%", comment_end_string="#}"):
        pass
"""

JINJA_PAGE = """\
# Switching

```python
env = Environment(
    block_start_string="<%",
    commend_end_string="</%doc>",
    block_end_string="%>",
)
```
"""


def test_a_call_written_over_lines_is_no_keyword_listing(tmp_path: Path) -> None:
    readme = JINJA_PAGE.replace("```python\n", "```python\nfrom tmpl import Environment\n")
    _write(tmp_path, {"tmpl/__init__.py": JINJA, "README.md": readme})
    assert {(line, r.rpartition(".")[2]) for _, line, r in _drift(tmp_path)} == {
        (7, "Environment")  # `commend_end_string`: a typo of the keyword
    }


REPO = """\
class Repo:
    def clone(self):
        return self


class Executor:
    pass
"""

REPO_README = """\
# git_python

`gitrepo.Executor.__subclasses__()` lists them; Pygments' own `SvgFormatter` draws it,
and `Repo.clon()` is a typo.
"""

REPO_REFERENCE = """\
Reference
=========

Repo.Base
---------

.. automodule:: gitrepo

Repo.Nope
---------

See `Repo.Base`_ and `Repo.Nope`_.
"""


def test_titles_and_type_members_are_no_claims(tmp_path: Path) -> None:
    files = {"gitrepo/__init__.py": REPO, "README.md": REPO_README, "docs/ref.rst": REPO_REFERENCE}
    _write(tmp_path, files)
    assert _drift(tmp_path) == {
        ("README.md", 4, "Repo.clon()"),
        ("docs/ref.rst", 9, "Repo.Nope"),  # a title over no module directive names a member
    }
