"""Shapes from the blind sets of round 32, each on a small repo that has it:

- a module-level instance that is also callable (`seq = Stream()`, whose `__call__` makes a
  `Sequence`, a class given members at run time): `seq.jsonl(...)` is the instance's own
  method, stale once Stream renames it, whatever the call's product accepts;
- a method that returns a local name bound twice (`sequence = self`, then `sequence =
  Sequence(sequence, ...)` in a loop) returns the class either binding gives, so chains
  through it (`seq(x).map(f).order_by(g)`) are checked, and each call of a table row that
  joins two with `/` (``sorted(key=None)/order_by(func)``) is read;
- an alternate constructor a class inherits from the standard library (`FiscalDate.today()`
  of a `datetime.date` subclass) makes an instance of that class: the members an example
  reads on it are checked;
- a method that returns its own class or something we cannot name (purl's getter and
  setter `path(value=None)`: a new `URL`, or a field of a tuple) gives that class to a chain
  (`URL(u).path('search').query_param('q', 'x')` is checked), while a member the class lacks,
  or one Python's everyday objects have (`keys`), stays unknown; another class's `__getattr__`
  giving a proxy or a `partial` (spacetrack's) types no chain;
- a module function that hands `*args, **kwargs` on to a method under a decorator copying
  its signature (picobox's `@_copy_signature(Stack.push, _instance)`) no longer takes a
  keyword the method renamed;
- a package the page runs with `python3 -m stm32loader` still runs under that name ("run
  `stm32loader` without installing it") once its console script is renamed, while the
  script's command lines are stale;
- a method a class gets from its standard-library base's metaclass (`@SeqLike.register` of
  an `abc.ABC`), or from `type` itself (`Resource = factory('Book')`, a class a metaclass
  made, then `Resource()`), and a toctree's notebooks a `.readthedocs.yaml` step copies
  into the docs (`cp -r tutorials/* docs/source/tutorials/`) are no false alarms, while a
  toctree entry no step provides is still missing;
- an extension module setup.py names by a path (`Extension('systemd/_journal', ...)`), whose
  names a module imports, a module name a function binds with `global` (Twiggy's
  `_populate_globals()` makes `log`) and a design note named `vision.md` are no false
  alarms, while a name neither has is reported;
- a page that imports a function from a module it makes up (`from foo import func1`) calls
  that function, not a member of the instance another page binds to `foo`;
- a stand-in tool of a module (`ep.tl.tool()`), the part of a generated name the line
  explains (`line_6` of `session_00001_line_6`), another program's options on their own
  line after "run pytest with the option:", and a WSGI environ key the code reads
  (`wsgi.handleErrors`) are no false alarms, while a flag of neither stays reported;
- a file the documented state had and the tree lost (moved or deleted, committed or not) is
  stale wherever the page names it: a span (``CHANGES.rst``), a command line's argument
  (`pip install -r requirements-dev.txt`, `python test_addict.py`), with the file of the
  same content as the suggestion; a file the page names that never was the repository's
  (the reader's `config.json`) stays the reader's.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_after, _drift_since_commit
from test_verify_wild import _write

STREAMS = """\
from functional.pipeline import Sequence


class Stream:
    def __call__(self, *args):
        return Sequence(args)

    def jsonl(self, path):
        return Sequence([path])

    def csv(self, path):
        return Sequence([path])


seq = Stream()
"""
PIPELINE = """\
class Sequence:
    def __init__(self, items, transform=None):
        self.items = items
        for name in ("first", "last"):
            setattr(self, name, lambda: None)

    def _transform(self, *transforms):
        sequence = self
        for transform in transforms:
            sequence = Sequence(sequence, transform=transform)
        return sequence

    def map(self, func):
        return self._transform(func)

    def order_by(self, func):
        return self._transform(func)

    def to_list(self):
        return list(self.items)
"""
README = """\
# functional

| call | what |
|---|---|
| `sorted(key=None)/order_by(func)` | order the sequence |

```python
from functional import seq

messages = seq.jsonl('chat.jsonl')
seq(1, 2, 3).map(lambda x: x * 2).order_by(lambda x: -x).to_list()
```
"""


def _package() -> dict[str, str]:
    return {
        "functional/__init__.py": "from functional.streams import seq\n",
        "functional/streams.py": STREAMS,
        "functional/pipeline.py": PIPELINE,
        "README.md": README,
    }


def test_a_callable_instances_own_method_is_stale_once_renamed(tmp_path: Path) -> None:
    change = {"functional/streams.py": [("def jsonl(", "def json_lines(")]}
    assert _drift_after(tmp_path, _package(), change) == {("README.md", 10)}


def test_a_chain_through_a_rebound_local_result_is_checked(tmp_path: Path) -> None:
    keyword_only = ("def order_by(self, func)", "def order_by(self, *, key)")
    change = {"functional/pipeline.py": [keyword_only]}
    assert _drift_after(tmp_path, _package(), change) == {("README.md", 5), ("README.md", 11)}


GENDERIZE = """\
Genderize
=========

Write your settings to ``config.json``, then::

    pip install -r requirements-dev.txt
    python test_genderize.py

Releases are listed in ``CHANGES.rst``.
"""


def _genderize(root: Path) -> Path:
    return _write(
        root,
        {
            "genderize/__init__.py": "def get(names):\n    return names\n",
            "requirements-dev.txt": "pytest\n",
            "test_genderize.py": "from genderize import get\n",
            "CHANGES.rst": "1.0\n---\n",
            "README.rst": GENDERIZE,
        },
    )


def test_a_file_the_documented_state_had_is_stale_once_moved(tmp_path: Path) -> None:
    root = _genderize(tmp_path)
    _first_commit(root)
    assert _drift_since_commit(root) == set()
    (root / "CHANGES.rst").rename(root / "HISTORY.rst")
    (root / "requirements-dev.txt").rename(root / "dev-requirements.txt")
    (root / "test_genderize.py").unlink()
    assert _drift_since_commit(root) == {
        ("README.rst", 6, "requirements-dev.txt"),
        ("README.rst", 7, "test_genderize.py"),
        ("README.rst", 9, "CHANGES.rst"),
    }


def test_a_moved_files_finding_suggests_the_file_of_its_content(tmp_path: Path) -> None:
    from klaro.config import load_config
    from klaro.scan.analyze import analyze_repository
    from klaro.verify.check import check_repository
    from klaro.verify.former import Former

    root = _genderize(tmp_path)
    _first_commit(root)
    (root / "CHANGES.rst").rename(root / "HISTORY.rst")
    analysis = analyze_repository(root)
    report = check_repository(load_config(root, env={}), analysis, former=Former(root, analysis))
    (finding,) = report.drift
    assert "was a file of the repository at commit" in finding.message
    assert finding.suggestions == ("HISTORY.rst",)


FISCAL = """\
import datetime


class _FiscalMixin:
    @property
    def fiscal_year(self):
        return self.year + 1

    @property
    def prev_fiscal_year(self):
        return self.year


class FiscalDate(datetime.date, _FiscalMixin):
    pass
"""
FISCAL_README = """\
# fiscalyear

```python
>>> from fiscalyear import FiscalDate
>>> f = FiscalDate.today()
>>> f.fiscal_year
2017
>>> f.prev_fiscal_year
2016
```
"""


def test_an_inherited_alternate_constructor_makes_the_class(tmp_path: Path) -> None:
    files = {"fiscalyear.py": FISCAL, "README.md": FISCAL_README}
    change = {"fiscalyear.py": [("def prev_fiscal_year(", "def previous_fiscal_year(")]}
    assert _drift_after(tmp_path, files, change) == {("README.md", 8)}


FLEXX_EVENTS = """\
# Events

```python
class MyObject:
    foo = event.AnyProp(settable=True)
```
"""
FLEXX_SCOPE = """\
# Scope

```python
from foo import func1

def handler(info):
    func1(info)
```
"""


def test_a_function_imported_from_a_made_up_module_is_no_instance_member(
    tmp_path: Path,
) -> None:
    from test_verify_wild import _drift

    files = {
        "flexx/__init__.py": "from flexx import event\n",
        "flexx/event.py": "class AnyProp:\n    def __init__(self, settable=False):\n        pass\n",
        "docs/events.md": FLEXX_EVENTS,
        "docs/scope.md": FLEXX_SCOPE,
    }
    assert _drift(_write(tmp_path, files)) == set()


PHM_MAIN = """\
import click


@click.command()
@click.option("--outfile")
def main(outfile):
    environ = {}
    return environ.get("wsgi.handleErrors", outfile)


def session_00001_line_6():
    pass


def line():
    pass
"""
PHM_README = """\
# phm

Access the tools like `phm.tl.tool()`.

The `line_6` in the function name `session_00001_line_6` is the line number.

- To see the log,
  run pytest with the option:
  `--log-cli-level=DEBUG --color=yes`

Set ``wsgi.handleErrors`` to False to see errors. Write the output with `--outfile`.

Run it as the option below says:

`--verbose-mode`
"""


def test_stand_ins_parts_others_options_and_environ_keys(tmp_path: Path) -> None:
    from test_verify_wild import _drift

    files = {
        "phm/__init__.py": "from phm import tl\n",
        "phm/tl.py": "def umap():\n    pass\n",
        "phm/main.py": PHM_MAIN,
        "phm/wsgi.py": "def make_app():\n    pass\n",
        "pyproject.toml": '[project]\nname = "phm"\n[project.scripts]\nphm = "phm.main:main"\n',
        "README.md": PHM_README,
    }
    assert _drift(_write(tmp_path, files)) == {("README.md", 15, "--verbose-mode")}


PURL = """\
from collections import namedtuple

_URLTuple = namedtuple("_URLTuple", "host path query")


class URL:
    def __init__(self, url=""):
        self._tuple = _URLTuple("", url, "")

    @classmethod
    def _mutate(cls, url, **kwargs):
        return cls(url)

    def path(self, value=None):
        if value is not None:
            return URL._mutate(self, path=value)
        return self._tuple.path

    def query_param(self, key, value=None):
        return self

    def keys(self, *, sort=False):
        return []
"""
PURL_README = """\
# purl

```python
from purl import URL

u = URL('https://www.google.com').path('search').query_param('q', 'testing')
URL('https://www.google.com').path().startswith('/')
URL('https://www.google.com').path().keys(True)
```
"""


def test_a_chain_through_a_getter_setters_known_class_is_checked(tmp_path: Path) -> None:
    files = {"purl/__init__.py": "from purl.url import URL\n", "purl/url.py": PURL}
    files["README.md"] = PURL_README
    change = {
        "purl/url.py": [
            ("def query_param(self, key, value=None)", "def query_param(self, key, *, value=None)")
        ]
    }
    assert _drift_after(tmp_path, files, change) == {("README.md", 6)}


PICOBOX = """\
import functools


def _copy_signature(method, instance):
    def decorator(fn):
        return functools.wraps(method)(fn)

    return decorator


class Stack:
    def push(self, box, *, chain=False):
        return box


_instance = Stack()


@_copy_signature(Stack.push, _instance)
def push(*args, **kwargs):
    return _instance.push(*args, **kwargs)
"""
PICOBOX_README = """\
# picobox

```python
import picobox

with picobox.push(picobox.Box(), chain=True):
    pass
```
"""


def test_a_keyword_a_signature_copying_wrapper_hands_on_is_stale(tmp_path: Path) -> None:
    files = {
        "picobox/__init__.py": "from picobox._stack import push\nfrom picobox._box import Box\n",
        "picobox/_box.py": "class Box:\n    pass\n",
        "picobox/_stack.py": PICOBOX,
        "README.md": PICOBOX_README,
    }
    change = {"picobox/_stack.py": [("chain=False", "fallback=False")]}
    assert _drift_after(tmp_path, files, change) == {("README.md", 6)}


STM_RUN = """\
# Running

Run it as installed:

```shell
stm32loader -p /dev/ttyUSB0
```

You can also run `stm32loader` without installing it:

```shell
python3 -m stm32loader
```
"""


def test_a_package_run_with_dash_m_keeps_its_name_when_the_script_is_renamed(
    tmp_path: Path,
) -> None:
    files = {
        "stm32loader/__init__.py": "",
        "stm32loader/__main__.py": "from stm32loader.main import main\n\nmain()\n",
        "stm32loader/main.py": "def main():\n    pass\n",
        "pyproject.toml": '[project]\nname = "stm32loader"\n[project.scripts]\n'
        'stm32loader = "stm32loader.main:main"\n',
        "RUN.md": STM_RUN,
    }
    change = {"pyproject.toml": [("\nstm32loader = ", "\nstm32load = ")]}
    assert _drift_after(tmp_path, files, change) == {("RUN.md", 6)}


SEQLIKE = """\
import abc


class Declarative(type):
    pass


def factory(name):
    return Declarative(name, (), {})


class SeqLike(abc.ABC):
    @abc.abstractmethod
    def to_seq(self):
        pass
"""
HOWTO = """\
# Formats

```python
import crowsetta

@crowsetta.interface.SeqLike.register
class Custom:
    def to_seq(self):
        pass

Resource = crowsetta.interface.factory('Book')
resource = Resource()
```
"""
TUTORIALS = """\
Tutorials
=========

.. toctree::
   :maxdepth: 1

   1. basic_workflow
   2. gpu_solver
"""
RTD = """\
version: 2
build:
  jobs:
    pre_build:
      - cp -r tutorials/* docs/source/tutorials/
sphinx:
  configuration: docs/source/conf.py
"""


def test_metaclass_members_and_pages_a_build_step_copies(tmp_path: Path) -> None:
    from test_verify_wild import _drift

    files = {
        "crowsetta/__init__.py": "from crowsetta import interface\n",
        "crowsetta/interface.py": SEQLIKE,
        "docs/source/conf.py": "project = 'crowsetta'\n",
        "docs/source/howto.md": HOWTO,
        "docs/source/tutorials/index.rst": TUTORIALS,
        "tutorials/1. basic_workflow.ipynb": "{}\n",
        ".readthedocs.yaml": RTD,
    }
    found = _drift(_write(tmp_path, files))
    assert found == {("docs/source/tutorials/index.rst", 8, "2. gpu_solver.rst")}


SETUP = """\
from setuptools import Extension, setup

setup(
    name="systemd-python",
    packages=["systemd"],
    ext_modules=[Extension("systemd/_journal", ["systemd/_journal.c"])],
)
"""
TWIGGY = """\
from systemd._journal import sendv


def _populate_globals():
    global log
    log = Logger()


class Logger:
    def name(self, text):
        return self


_populate_globals()
"""
SYSTEMD_README = """\
# systemd

```python
from systemd import log, sendv, stream

log.name('mylib')
sendv('MESSAGE=hello')
```
"""


def test_path_named_extensions_global_bindings_and_vision_notes(tmp_path: Path) -> None:
    from test_verify_wild import _drift

    files = {
        "setup.py": SETUP,
        "systemd/__init__.py": TWIGGY,
        "systemd/_journal.c": "/* the compiled module */\n",
        "README.md": SYSTEMD_README,
        "vision.md": "# Where it goes\n\n```python\nfrom systemd import load\n```\n",
    }
    assert _drift(_write(tmp_path, files)) == {("README.md", 4, "systemd.stream")}


SPACETRACK = """\
from functools import partial


class _ControllerProxy:
    def get_predicates(self, class_):
        return []


class SpaceTrackClient:
    def __getattr__(self, attr):
        if attr == "basicspacedata":
            proxy = self._proxies.get(attr)
            proxy = _ControllerProxy()
            return proxy
        function = partial(self.generic_request, attr)
        return function

    def generic_request(self, class_, **kwargs):
        return []
"""
SPACETRACK_README = """\
# spacetrack

```python
from spacetrack import SpaceTrackClient

st = SpaceTrackClient()
st.gp_history.get_predicates(controller="basicspacedata")
```
"""


def test_a_getattr_giving_a_proxy_or_a_partial_types_no_chain(tmp_path: Path) -> None:
    from test_verify_wild import _drift

    files = {"spacetrack/__init__.py": SPACETRACK, "README.md": SPACETRACK_README}
    assert _drift(_write(tmp_path, files)) == set()
