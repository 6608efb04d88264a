"""Shapes from the blind wild batch 29 (frictionless, aiomysql) and drift round 30, on small
repos.

`from .table_normalize import table_normalize` in a package binds the class over its
submodule, also through a star import of that package; `await connect()` where `connect`
returns an awaitable wrapper is what the wrapper awaits, a class the code does not name.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

STEP = """\
class table_normalize:
    def __init__(self, *, field_name=None):
        self.field_name = field_name
"""

STEPS_README = """\
# steps

```python
from flow import steps
steps.table_normalize(field_name="id")
steps.table_normalize(field="id")
steps.table_denormalize()
```
"""


def test_a_package_binding_wins_over_its_submodule(tmp_path: Path) -> None:
    files = {
        "flow/__init__.py": "",
        "flow/steps/__init__.py": "from .table import *\n",
        "flow/steps/table/__init__.py": "from .table_normalize import table_normalize\n",
        "flow/steps/table/table_normalize.py": STEP,
        "README.md": STEPS_README,
    }
    _write(tmp_path, files)
    assert {(line, r) for _, line, r in _drift(tmp_path)} == {
        (6, "flow.steps.table_normalize"),  # `field=`: the class takes `field_name`
        (7, "flow.steps.table_denormalize"),
    }


CONNECTION = """\
class Connection:
    async def cursor(self):
        return None


class _ContextManager:
    def __init__(self, coro):
        self._coro = coro

    def __await__(self):
        return self._coro.__await__()

    async def __aenter__(self):
        return await self._coro


def connect(host="localhost"):
    return _ContextManager(_connect(host))


async def _connect(host):
    return Connection()


async def open_connection(host="localhost") -> Connection:
    return Connection()
"""

ASYNC_README = """\
# db

```python
import db
conn = await db.connect(host="127.0.0.1")
cur = await conn.cursor()
other = await db.open_connection()
await other.cursr()
```
"""


def test_an_awaited_wrapper_is_what_it_wraps(tmp_path: Path) -> None:
    _write(tmp_path, {"db/__init__.py": CONNECTION, "README.md": ASYNC_README})
    assert {(line, r.rpartition(".")[2]) for _, line, r in _drift(tmp_path)} == {(8, "cursr")}


COUNTER = """\
import argparse

FORMATS = ("cloc-xml", "json", "summary")


def main():
    parser = argparse.ArgumentParser(prog="count")
    parser.add_argument("--format", choices=FORMATS, default="summary")
    parser.add_argument("--out")
    parser.add_argument("--minimal", action="store_true")
    parser.parse_args()
"""

NOXFILE = """\
import nox


@nox.session
def tests(session):
    session.run("python", "-m", "coverage", "run")
"""

COUNTER_PYPROJECT = """\
[project]
name = "count"
version = "1.0"

[project.scripts]
count = "count:main"
"""

COUNTER_README = """\
# count

```console
$ count --format=cloc-xml --out=cloc.xml
$ count --format FORMAT
$ count -m
```

Use `--format=json`, or `--format=xml`. Build it with `--no-isolation` in `build`.
"""


def test_option_values_and_program_calls(tmp_path: Path) -> None:
    files = {
        "count/__init__.py": COUNTER,
        "noxfile.py": NOXFILE,
        "pyproject.toml": COUNTER_PYPROJECT,
        "README.md": COUNTER_README,
    }
    _write(tmp_path, files)
    assert {(line, r) for _, line, r in _drift(tmp_path)} == {
        (6, "count -m"),  # nox runs `python -m`: that `-m` is python's, not ours
        (9, "--format=xml"),  # not one of the values `choices=` lists
    }
    (tmp_path / "count/__init__.py").write_text(COUNTER.replace('"cloc-xml"', '"cloc"'))
    assert (4, "count --format=cloc-xml --out=cloc.xml") in {
        (line, r) for _, line, r in _drift(tmp_path)
    }


STATS = """\
class Api:
    pass


api = Api()
statsd = None


def initialize(statsd_host=None, statsd_port=8125):
    return statsd_host, statsd_port


def configure(**kwargs):
    for key, value in kwargs.items():
        attribute = "_{}".format(key)
        setattr(api, attribute, value)
"""

STATS_README = """\
# stats

```python
from stats import initialize, api
options = {
    "statsd_host": "127.0.0.1",
    "statsd_prot": 8125,
}
initialize(**options)
api.Event.create(title="x")
```
"""


def test_dict_keys_passed_on_and_private_setattr(tmp_path: Path) -> None:
    _write(tmp_path, {"stats/__init__.py": STATS, "README.md": STATS_README})
    assert {(line, r.rpartition(".")[2]) for _, line, r in _drift(tmp_path)} == {
        (7, "initialize"),  # `statsd_prot`: no such keyword; the key's own line
        (10, "create"),  # `setattr(api, "_" + key, ...)` makes only private names
    }


PATTERNS = """\
DEFAULT_GENERATED_LINE_PATTERNS_TEXT = "x"
DEFAULT_GENERATED_NAME_PATTERNS_TEXT = "y"


def overwrite_value():
    pass


def overwrite_factory():
    pass


def read_csv():
    pass


def read_json():
    pass
"""

PATTERNS_README = """\
# pat

See `pat.DEFAULT_GENERATED_LINE|NAME_PATTERNS_TEXT`, `pat.overwrite_(value|factory)()`,
`pat.read_csv|read_json` and `pat.DEFAULT_GENERATED_LINE|PATH_PATTERNS_TEXT`.
"""


def test_a_span_with_an_alternation_names_each_name(tmp_path: Path) -> None:
    _write(tmp_path, {"pat/__init__.py": PATTERNS, "README.md": PATTERNS_README})
    assert _drift(tmp_path) == {("README.md", 4, "pat.DEFAULT_GENERATED_LINE|PATH_PATTERNS_TEXT")}


def test_an_mkdocs_source_folder_is_docs_though_importable(tmp_path: Path) -> None:
    page = "# Guide\n\nCall `site.render()` and `site.rendr()`.\n"
    files = {
        "site/__init__.py": "def render():\n    pass\n",
        "docs/__init__.py": "",
        "docs/conftest.py": "",
        "docs/index.md": page,
        "mkdocs.yml": "site_name: site\nmarkdown_extensions:\n  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
    }
    _write(tmp_path, files)
    assert _drift(tmp_path) == {("docs/index.md", 3, "site.rendr()")}
    (tmp_path / "mkdocs.yml").unlink()
    assert _drift(tmp_path) == set()  # without a site, a package's pages are its data
