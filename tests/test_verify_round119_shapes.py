"""Shapes from the blind sets of round 33, each on a small repo that has it:

- an IPython session (`In [3]: h.duration`, `   ...:` continuations, `Out[3]:` output),
  in an untagged fence, an ```ipython fence or a `.. ipython::` directive, is read as the
  doctest transcript it is: its calls and attributes are checked, and the Python a timing
  magic runs (`%timeit h.show(2)`), while other magics and shell escapes are not Python; a
  shell block that opens a session (`$ sq shell`, then `In [10]:`) keeps its command line;
- a span that awaits a call (`await AsyncReader.get_fieldnames()`) claims the awaited call;
- a decorator whose wrapper gives defaults of its own (docrep's `use_docstring(self,
  s=None, base=None, *args, **kwargs)`) makes the signature unknown: a call leaving out a
  parameter the method requires is no finding;
- a class `__getattr__` serves the literal table its instance holds (musicpd's
  `self._commands`), with the prefixes it strips (`send_setvol`) and the spelling it restores
  (`find_add` for "find add"), while a name outside the table is reported;
- a factory class gives what its `__new__` returns (bestconfig's `Config()`, a provider);
  a star import's instances (`days = _("days")`, `_` another name of the class) and tables
  (`M[2]`) are checked; a function decorated by an imported class's instance is what its
  `__call__` returns (`@cm.Memoize(...)` gives a `Cached`, whose `to_node` is checked);
- files a folder's makefile builds through variables (`TARGET := DD` with `$(TARGET):` in
  an included rules.mk) are no false alarms; notation in a comment (`# for DD(s, mu)`) is no
  call, while `# or DD(r, 3)` on names the example bound is;
- `[tool.poetry.scripts]` are the programs when `[project]` holds only a name and a
  version; a span loading an IPython extension (`%load_ext pb`) claims its hook; a program
  whose own click group takes an argument reads it before the sub-command
  (`kc CUBE info`);
- an attribute an example's subclass of a project class sets (`mapping = (...)`) overrides
  the base's: stale once the base lost it; a span naming an attribute the page's example
  sets, once the project lost it everywhere, is stale too;
- an option given an object by its import spec (`--pdbcls=pd:RichPdb`), in a config or a
  shell block, names that object;
- a method the docs declare under a class that looks itself up for hooks (misaka's
  `BaseRenderer`, `if hasattr(self, name)` over its callbacks) is a hook its subclasses
  define, while one declared under another class is still missing;
- a Sphinx builder's docs (a `sphinx.builders` entry point) name sphinx-build's own flags
  ("calling sphinx with ``-D name=...``");
- a call inside the syntax around it (`with cg.config_type('json'):`, a heading's
  `chalk.get_color_mode() -> ColorMode`) is checked, and a call left open on one line of a
  block that does not parse whole is read with the lines that close it;
- a template named as its loader takes it (`hk/headers.html` for `hk/templates/hk/...`)
  and a glob of settings (`hk.depot.*.*`) are no false alarms;
- a parser a function named like a parser class makes and returns (diazo's
  `_createOptionParser(usage)`, in another module) keeps its flags in the program that adds
  its own;
- a file the steps make is no false alarm when the sentence wraps before its span ("you
  should create a file" / ``hy/settings_local.py``) or says files "will be collected in" it;
- a plugin an entry point registers by name (``topic_acl``), an id docutils numbers itself
  (`index.html#id10`, a footnote's) and a GitHub page a template under `.github/` links
  (`../pulls`) are no false alarms, while a name, an anchor or a file next to them that is
  wrong stays reported;
- the settings a module keeps on its own function (`cheap_repr.suppression_threshold =
  300`) are that function's attributes: one the page names or sets that the function no
  longer has is stale, while a function object's own (`__name__`) and any attribute of a
  function given none stay unchecked;
- a `.conf` file named like a module of the package (`hx.conf`, which the reader creates)
  is a file, unless the package has or had a module of that name.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

TIMING = """\
class Handle:
    def __init__(self):
        self.duration = 1.0

    def show(self, n):
        return n


def about():
    return Handle()
"""
SESSIONS = """\
# tm

```
In [1]: from tm import about

In [2]: h = about()

In [3]: h.duration
Out[3]: 1.0

In [4]: %timeit h.show(
   ...:     2)
```

```ipython
In [5]: h.show(2)
Out[5]: 2
```
"""
SESSIONS_RST = """\
Timing
======

.. ipython::

   In [1]: from tm import about

   In [2]: about().show(3)
   Out[2]: 3
"""


def test_an_ipython_session_is_read_as_python(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tm"\nversion = "1"\n',
        "tm/__init__.py": TIMING,
        "README.md": SESSIONS,
        "docs/conf.py": "",
        "docs/timing.rst": SESSIONS_RST,
    }
    changes = {"tm/__init__.py": [("self.duration", "self.seconds"), ("def show", "def display")]}
    assert _drift_after(tmp_path / "tm", files, changes) == {
        ("README.md", 8),
        ("README.md", 11),  # the Python a timing magic runs
        ("README.md", 16),
        ("docs/timing.rst", 8),
    }


def test_an_ipython_magic_is_no_python(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tm"\nversion = "1"\n',
        "tm/__init__.py": TIMING,
        "README.md": "# tm\n\n```\nIn [1]: import tm\n\nIn [2]: %matplotlib inline\n"
        "In [3]: !tm --help\nIn [4]: tm.about().shw(1)\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "tm", files))}
    assert report == {(8, "tm.about.shw")}


ASYNC = """\
class AsyncReader:
    async def get_fieldnames(self):
        return []


def open_reader(path):
    return AsyncReader()
"""


def test_an_awaited_span_claims_its_call(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ac"\nversion = "1"\n',
        "ac/__init__.py": "from ac.reader import AsyncReader, open_reader\n",
        "ac/reader.py": ASYNC,
        "README.md": "# ac\n\nCall `await AsyncReader.get_fieldnames()` first.\n\n"
        "Or `await ac.open_reader(path).get_fieldnames()`.\n",
    }
    changes = {"ac/reader.py": [("def get_fieldnames", "def read_fieldnames")]}
    assert _drift_after(tmp_path / "ac", files, changes) == {("README.md", 3), ("README.md", 5)}


SEQUENCES = """\
class Repo:
    def fetch(self, name, start=None, end=None):
        return name[start:end]
"""
SEQUENCE_PAGE = """\
Usage
=====

::

  $ sq -v shell

  In [10]: from sq.repo import Repo; sr = Repo()
  In [11]: %time sr.fetch("NC_1", start=6, end=9)
  Out[10]: 'GGA'
"""


def test_a_shell_opening_an_ipython_session(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sq"\nversion = "1"\n\n'
        '[project.scripts]\nsq = "sq.cli:main"\n',
        "sq/__init__.py": "",
        "sq/repo.py": SEQUENCES,
        "sq/cli.py": "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n"
        "    p.add_argument('-v', action='store_true')\n    sub = p.add_subparsers()\n"
        "    sub.add_parser('shell')\n    p.parse_args()\n",
        "docs/conf.py": "",
        "docs/usage.rst": SEQUENCE_PAGE,
    }
    changes = {
        "sq/cli.py": [("'shell'", "'start-shell'")],
        "sq/repo.py": [("start=None", "first=None")],
    }
    assert _drift_after(tmp_path / "sq", files, changes) == {
        ("docs/usage.rst", 6),
        ("docs/usage.rst", 9),
    }


DECORATED = """\
import functools


def reads_docstring(func):
    @functools.wraps(func)
    def use_docstring(self, s=None, base=None, *args, **kwargs):
        if s:
            return func(self, s, base, *args, **kwargs)

        def decorator(f):
            func(self, f.__doc__, base, *args, **kwargs)
            return f

        return decorator

    return use_docstring


class Processor:
    @reads_docstring
    def get_sections(self, s, base=None, sections=None):
        return s, base, sections
"""


def test_a_wrapper_with_defaults_of_its_own(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "dr"\nversion = "1"\n',
        "dr/__init__.py": DECORATED,
        "README.md": "# dr\n\n```python\nimport dr\n\nd = dr.Processor()\n\n\n"
        "@d.get_sections(base='x')\ndef f(a):\n    pass\n\nd.get_secs('text')\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "dr", files))}
    assert report == {(13, "dr.Processor.get_secs")}


CLIENT = """\
class Client:
    def __init__(self):
        self._commands = {
            "status": self._fetch,
            "setvol": self._fetch,
            "find add": self._fetch,
        }

    def _fetch(self, *args):
        return args

    def __getattr__(self, attr):
        if attr.startswith("send_"):
            command = attr.replace("send_", "", 1)
        else:
            command = attr
        if command not in self._commands:
            command = command.replace("_", " ")
            if command not in self._commands:
                raise AttributeError(attr)
        return lambda *args: self._commands[command](*args)
"""
CLIENT_README = """\
# mp

```python
from mp import Client

client = Client()
client.status()
client.send_setvol(42)
client.find_add("artist", "x")
client.pause()
```
"""


def test_a_hook_serving_the_table_its_instance_holds(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "mp"\nversion = "1"\n',
        "mp/__init__.py": CLIENT,
        "README.md": CLIENT_README,
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "mp", files))}
    assert report == {(10, "mp.Client.pause")}


FACTORY = """\
class Provider:
    def __init__(self, values):
        self.values = values

    def get(self, key, default=None):
        return self.values.get(key, default)


class Config:
    def __new__(cls, *sources) -> Provider:
        return Provider(dict(sources))
"""


def test_a_factory_class_gives_what_its_new_returns(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "bc"\nversion = "1"\n',
        "bc/__init__.py": FACTORY,
        "README.md": "# bc\n\n```python\nfrom bc import Config\n\nconfig = Config()\n"
        "config.get('key')\n```\n\nOr `config.get(default=1)`.\n",
    }
    changes = {"bc/__init__.py": [("def get(self", "def value(self")]}
    assert _drift_after(tmp_path / "bc", files, changes) == {("README.md", 7), ("README.md", 10)}


TIMEDELTAS = """\
class Timedelta:
    def __init__(self, name):
        self.name = name

    def __rmul__(self, n):
        return self

    def until(self, start):
        return start


_ = Timedelta

days = _("days")
M = [1, 2, 3]
"""
DATES_README = """\
# bd

```python
>>> from bd import *
>>> 3*days.until(M[2])
```
"""


def test_a_star_import_s_instances_and_tables(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "bd"\nversion = "1"\n',
        "bd/__init__.py": "from bd.deltas import days, M\n",
        "bd/deltas.py": TIMEDELTAS,
        "README.md": DATES_README,
    }
    changes = {
        "bd/deltas.py": [("def until", "def before")],
    }
    assert _drift_after(tmp_path / "bd", files, changes) == {("README.md", 5)}


def test_a_star_import_s_table_renamed(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "bd"\nversion = "1"\n',
        "bd/__init__.py": "from bd.deltas import days, M\n",
        "bd/deltas.py": TIMEDELTAS.replace("    def until", "    def before"),
        "README.md": DATES_README.replace("days.until(M[2])", "days.before(M[2])"),
    }
    changes = {"bd/deltas.py": [("M = ", "MONTHS = ")], "bd/__init__.py": [(", M", ", MONTHS")]}
    assert _drift_after(tmp_path / "bd", files, changes) == {("README.md", 5)}


MEMO = """\
class Cached:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args):
        return self.fn(*args)

    def to_node(self, fn):
        return fn


class Memoize:
    def __init__(self, node):
        self.node = node

    def __call__(self, fn) -> Cached:
        return Cached(fn)
"""
MEMO_README = """\
# cm

```python
import cm

@cm.Memoize("users")
def get_user(user_id):
    return {}

@get_user.to_node
def _(user_id):
    return user_id
```
"""


def test_a_function_decorated_by_an_imported_class_s_instance(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cm"\nversion = "1"\n',
        "cm/__init__.py": MEMO,
        "README.md": MEMO_README,
    }
    changes = {"cm/__init__.py": [("def to_node", "def map_node")]}
    assert _drift_after(tmp_path / "cm", files, changes) == {("README.md", 10)}


def test_files_a_folder_s_makefile_builds_through_variables(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cf"\nversion = "1"\n',
        "cf/__init__.py": "",
        "rules.mk": "$(TARGET): $(TARGET).o\n\tcc -o $@ $^\n\n"
        "$(LIBRARY): $(OBJS)\n\tar rcs $@ $^\n",
        "cf/DD/Makefile": "ROOT_DIR := ../..\nLIBNAME := countpairs\n"
        "LIBRARY := lib$(LIBNAME).a\nTARGET := DD\ninclude $(ROOT_DIR)/rules.mk\n",
        "cf/DD/DD.c": "int main(void) { return 0; }\n",
        "README.md": "# cf\n\nRun `cf/DD/DD`, link `cf/DD/libcountpairs.a` "
        "and `cf/DD/libother.a`.\n",
    }
    report = {ref for _, _, ref in _drift(_write(tmp_path / "cf", files))}
    assert report == {"cf/DD/libother.a"}


NOTATION = """\
# nt

```python
from nt import DD

# the counts, for DD(s, mu)
r = DD(1, 2)
# or DD(r, 3)
```
"""


def test_notation_in_a_comment_is_no_call(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "nt"\nversion = "1"\n',
        "nt/__init__.py": "def DD(autocorr, nthreads):\n    return autocorr, nthreads\n",
        "README.md": NOTATION,
    }
    changes = {"nt/__init__.py": [("autocorr, nthreads):", "autocorr, nthreads, binfile):")]}
    assert _drift_after(tmp_path / "nt", files, changes) == {("README.md", 7), ("README.md", 8)}


POETRY = """\
[project]
name = "pb"
version = "1"

[tool.poetry]
name = "pb"
version = "1"

[tool.poetry.scripts]
pb_telnet = "pb.telnet:main"
"""


def test_poetry_fills_what_the_project_table_leaves_out(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": POETRY,
        "pb/__init__.py": "def load_ipython_extension(ipython):\n    pass\n",
        "pb/telnet.py": "import sys\n\n\ndef main():\n    print(sys.argv)\n",
        "README.md": "# pb\n\n```console\n$ pb_telnet localhost 6899\n```\n\n"
        "Load it with `%load_ext pb`.\n",
    }
    changes = {
        "pyproject.toml": [("pb_telnet =", "pb-telnet =")],
        "pb/__init__.py": [("def load_ipython_extension", "def _load")],
    }
    assert _drift_after(tmp_path / "pb", files, changes) == {("README.md", 4), ("README.md", 7)}


GROUP = """\
import click


@click.group()
@click.option("--store", default="dataset")
@click.argument("cube")
def cli(store, cube):
    pass


@cli.command()
def info():
    pass
"""


def test_a_program_s_own_group_argument(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "kc"\nversion = "1"\n\n'
        '[project.scripts]\nkc = "kc.cli:cli"\n',
        "kc/__init__.py": "",
        "kc/cli.py": GROUP,
        "README.md": "# kc\n\n```console\n$ kc geodata info\n$ kc --store s geodata stats\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "kc", files))}
    assert report == {(5, "kc --store s geodata stats")}


PACKS = """\
class LanguagePack:
    mapping = None
    reversed_mapping = None

    def translate(self, text):
        return text
"""
PACKS_README = """\
# tl

Set ``reversed_mapping`` for the rules that only apply backwards:

```python
reversed_mapping = ("x", "y")
```

```python
from tl import LanguagePack

class GreekPack(LanguagePack):
    mapping = ("a", "b")
    language_code = "el"
```
"""


def test_attributes_an_example_s_subclass_sets(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tl"\nversion = "1"\n',
        "tl/__init__.py": PACKS,
        "README.md": PACKS_README,
    }
    changes = {
        "tl/__init__.py": [
            ("    mapping = None", "    table = None"),
            ("reversed_mapping", "backward_table"),
        ]
    }
    assert _drift_after(tmp_path / "tl", files, changes) == {("README.md", 3), ("README.md", 13)}


def test_an_option_given_an_object_by_its_import_spec(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pd"\nversion = "1"\n',
        "pd/__init__.py": "class RichPdb:\n    pass\n",
        "README.md": "# pd\n\n```\n[pytest]\naddopts: --pdbcls=pd:RichPdb\n```\n\n"
        "```console\n$ pytest --pdbcls=pd:RichPdb --color=auto:red\n```\n",
    }
    changes = {"pd/__init__.py": [("RichPdb", "PdDebugger")]}
    assert _drift_after(tmp_path / "pd", files, changes) == {("README.md", 5), ("README.md", 9)}


RENDERER = """\
CALLBACKS = {"blockcode": None, "header": None}


class BaseRenderer:
    def __init__(self):
        self.hooks = {}
        for name in CALLBACKS:
            if hasattr(self, name):
                self.hooks[name] = getattr(self, name)

    def render(self, text):
        return text


class Plain:
    def render(self, text):
        return text
"""
RENDERER_PAGE = """\
API
===

.. autoclass:: md.BaseRenderer

    .. py:method:: blockcode(text, lang='')

    .. py:method:: header(content, level)

.. autoclass:: md.Plain

    .. py:method:: header(content, level)
"""


def test_hooks_a_base_class_looks_itself_up_for(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "md"\nversion = "1"\n',
        "md/__init__.py": RENDERER,
        "docs/conf.py": "",
        "docs/api.rst": RENDERER_PAGE,
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "md", files))}
    assert report == {(12, "md.Plain.header(content, level)")}


SPELLING_TOML = """\
[project]
name = "sp"
version = "1"

[project.entry-points."sphinx.builders"]
spelling = "sp"
"""


def test_a_sphinx_builder_s_docs_name_sphinx_build_s_flags(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": SPELLING_TOML,
        "sp/__init__.py": "def setup(app):\n    return {}\n",
        "integration_tests/build_django.py": "import argparse\n\n\ndef main():\n"
        "    p = argparse.ArgumentParser()\n    p.add_argument('--src')\n    p.parse_args()\n",
        "docs/conf.py": "",
        "docs/customize.rst": "Customize\n=========\n\nOverride it by calling sphinx with ``-D\n"
        "spelling_word_list_filename=...`` which takes a string.\n",
    }
    assert _drift(_write(tmp_path / "sp", files)) == set()


CONFIGS = """\
class Chalk:
    def get_color_mode(self):
        return 1


def config_type(kind):
    return kind


def parse(config_class=None, config_path=None):
    return config_class


chalk = Chalk()
"""
CONFIGS_README = """\
# cg

### `chalk.get_color_mode() -> ColorMode`

Use `with cg.config_type('json'):` to read JSON.

```python
@decorator
from cg import parse
cfg = parse(config_class=int,
            config_path='/x.yaml')
```
"""


def test_calls_inside_the_syntax_around_them(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cg"\nversion = "1"\n',
        "cg/__init__.py": CONFIGS,
        "README.md": CONFIGS_README,
    }
    changes = {
        "cg/__init__.py": [
            ("def get_color_mode", "def current_color_mode"),
            ("def config_type", "def config_format"),
            ("config_path=None", "config_file=None"),
        ]
    }
    assert _drift_after(tmp_path / "cg", files, changes) == {
        ("README.md", 3),
        ("README.md", 5),
        ("README.md", 11),
    }


def test_a_template_named_as_its_loader_takes_it(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hk"\nversion = "1"\n',
        "hk/__init__.py": "",
        "hk/templates/hk/headers.html": "<header></header>\n",
        "hk/static/hk/app.css": "",
        "README.md": "# hk\n\nOverride `hk/headers.html` in your project, and `hk/footer.html`.\n",
        "docs/conf.py": "",
        "docs/settings.rst": "Settings\n========\n\n================  ===========\nSetting"
        "           Description\n================  ===========\nhk.depot.*.*      Passed on.\n"
        "================  ===========\n",
    }
    report = {ref for _, _, ref in _drift(_write(tmp_path / "hk", files))}
    assert report == {"hk/footer.html"}


MAKER = """\
from optparse import OptionParser


def _createOptionParser(usage):
    parser = OptionParser(usage=usage)
    parser.add_option("-o", "--output", dest="output")
    return parser
"""
RUNNER = """\
from dz.utils import _createOptionParser


def main():
    op = _createOptionParser(usage="%prog [options]")
    op.add_option("-x", "--xsl", dest="xsl")
    op.parse_args()
"""


def test_a_parser_a_maker_named_like_a_parser_class_returns(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "dz"\nversion = "1"\n\n'
        '[project.scripts]\ndzrun = "dz.run:main"\n',
        "dz/__init__.py": "",
        "dz/utils.py": MAKER,
        "dz/run.py": RUNNER,
        "README.md": "# dz\n\n```console\n$ dzrun -x theme.xsl -o out.html\n"
        "$ dzrun --output out.html --trace\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "dz", files))}
    assert report == {(5, "dzrun --output out.html --trace")}


STEPS_PAGE = """\
Setup
=====

For a development setup, you should create a file
``hy/settings_local.py`` with your settings.

These static files will be collected in the ``hy/static``
directory. Then edit ``hy/urls_local.py`` as well.
"""


def test_files_the_steps_make_in_a_wrapped_sentence(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hy"\nversion = "1"\n',
        "hy/__init__.py": "",
        "hy/settings.py": "",
        "docs/conf.py": "",
        "docs/setup.rst": STEPS_PAGE,
    }
    report = {ref for _, _, ref in _drift(_write(tmp_path / "hy", files))}
    assert report == {"hy/urls_local.py"}


PLUGIN_TOML = """\
[project]
name = "hb"
version = "1"

[project.entry-points."hb.broker.plugins"]
topic_acl = "hb.plugins.topic:TopicAccessControl"
"""
CITING_PAGE = """\
Data
====

See the `paper <index.html#id10>`_, not `this <index.html#method>`_.
"""


def test_plugins_footnote_ids_and_github_pages(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PLUGIN_TOML,
        "hb/__init__.py": "",
        "hb/plugins/__init__.py": "",
        "hb/plugins/topic.py": "class TopicAccessControl:\n    def topic_ac(self):\n        pass\n",
        "docs/conf.py": "",
        "docs/index.rst": "Index\n=====\n\nThe ``topic_acl`` plugin, not ``topic_acx`` [#]_.\n\n"
        ".. [#] Bohn et al. 2019.\n",
        "docs/data.rst": CITING_PAGE,
        ".github/PULL_REQUEST_TEMPLATE.md": "Read the [open ones](../pulls) and "
        "[the guide](../CONTRIBUTING.md) first.\n",
    }
    report = {(file, ref) for file, _, ref in _drift(_write(tmp_path / "hb", files))}
    assert report == {
        ("docs/index.rst", "topic_acx"),
        ("docs/data.rst", "index.html#method"),
        (".github/PULL_REQUEST_TEMPLATE.md", "../CONTRIBUTING.md"),
    }


REPRS = """\
def cheap_repr(x, level=None):
    return repr(x)[: cheap_repr.suppression_threshold]


cheap_repr.suppression_threshold = 300
cheap_repr.raise_exceptions = False


def plain(x):
    return x
"""
REPRS_README = """\
# cr

```python
from cr import cheap_repr, plain

cheap_repr.suppression_threshold = 500
cheap_repr.raise_exceptions = True
print(cheap_repr.__name__, plain.anything)
```
"""


def test_settings_a_module_keeps_on_its_function(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cr"\nversion = "1"\n',
        "cr/__init__.py": REPRS,
        "README.md": REPRS_README,
    }
    changes = {"cr/__init__.py": [("suppression_threshold", "max_repr_length")]}
    assert _drift_after(tmp_path / "cr", files, changes) == {("README.md", 6)}


def test_a_conf_file_named_like_a_module(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hx"\nversion = "1"\n',
        "hx/__init__.py": "",
        "hx/deploy.py": "class Deploy:\n    pass\n",
        "README.md": "# hx\n\nYou'll need to create hx.conf in YAML; hx.deploy.Deplo runs it.\n",
    }
    report = {ref for _, _, ref in _drift(_write(tmp_path / "hx", files))}
    assert report == {"hx.deploy.Deplo"}


def test_a_function_given_another_s_attributes_wholesale(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sm"\nversion = "1"\n',
        "sm/__init__.py": "class Dispatcher:\n    def hook(self, f):\n        return f\n\n\n"
        "GLOBAL = Dispatcher()\n\n\ndef hook(f):\n    return f\n\n\n"
        "hook.__dict__ = GLOBAL.hook.__dict__\nhook.name = 'hook'\n",
        "README.md": "# sm\n\n```python\nimport sm\n\n@sm.hook.apply_to(path='/users')\n"
        "def headers(ctx):\n    pass\n```\n",
    }
    assert _drift(_write(tmp_path / "sm", files)) == set()


def test_an_id_on_a_page_without_footnotes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fm"\nversion = "1"\n',
        "fm/__init__.py": "",
        "docs/conf.py": "",
        "docs/installation.rst": "Installation\n============\n\nSee `the package <#id1>`_.\n",
    }
    report = {ref for _, _, ref in _drift(_write(tmp_path / "fm", files))}
    assert report == {"#id1"}
