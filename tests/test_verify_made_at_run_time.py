"""Shapes from the blind wild batch 9 (colander, transaction, venusian, bumpver, setuptools-scm,
pydoclint, pytest-xdist) and from pyparsing and rq, on a small repo: names the code makes at
run time or hands to other programs, and words docs use around code. Each was a false alarm;
each test pairs it with the drift beside it that must still be reported.

A class made by calling a metaclass; the class-body names a metaclass reads (`Params`); the
target of `with manager as t` (what `__enter__` gives); attributes set from keywords
(`self.__dict__.update(kw)`); variables the code sets for the hooks it runs; a template's
`format()` placeholders; a settings key read by name; a plugin's talk of its host's flags; the
names a call sketch takes; the plural of a class; the snake_case spelling of a camelCase name;
`fork()`, a name close to nothing of ours; and a Jekyll `{{site.baseurl}}` link.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tool"
version = "1.0"

[project.entry-points.pytest11]
tool = "tool.plugin"
"""

INIT = '''\
"""Tool."""
import os
import subprocess


class _Meta(type):
    pass


class _Node:
    def add(self, node):
        return node


Node = _Meta("Node", (_Node,), {})


class Transaction:
    def note(self, text):
        return text


class Manager:
    def __enter__(self) -> Transaction:
        return Transaction()

    def __exit__(self, *exc):
        return False


manager = Manager()


class Scanner:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def scan(self, package):
        return package


class ParserElement:
    def set_name(self, name):
        self.parseAction = name


def srange(spec):
    return spec


def run_hooks(old, new, settings):
    env = dict(os.environ, TOOL_OLD_VERSION=old, TOOL_NEW_VERSION=new)
    dsn = os.environ.get("TOOL_SENTRY_DSN") or settings.get("SENTRY_DSN")
    template = "{version_tuple}"
    subprocess.run(["hook"], env=env, check=False)
    return template.format(version_tuple=(1, 0)), dsn
'''

PLUGIN = '''\
"""The pytest plugin."""


def pytest_addoption(parser):
    parser.addoption("--tool-workers", help="how many")
'''

README = """\
# tool

```python
>>> import tool
>>> tool.Node().add(1)
>>> tool.Node().adds(1)
>>> with tool.manager as t:
...     t.note("hi")
...     t.notes("hi")
>>> scanner = tool.Scanner(a=1)
>>> scanner.a
>>> scanner.scans("pkg")
```

Hooks read `TOOL_NEW_VERSION` and `TOOL_OLD_VERSION`, never `TOOL_VERSION_NEW`.
Templates may use `version_tuple`; put `SENTRY_DSN` in the settings.
The `--pdb` option of pytest does not mix with `--tool-workers`; `--tool-jobs` is no flag.
Call `srange(range_spec)`: `range_spec` is a string; `srang()` is a typo.
Build `ParserElements` from others; `ParserElemnts` is a typo.
The `parse_action` of an element, and the `parseAction` attribute.
Workers need `fork()`.
Read [the workers page]({{site.baseurl}}workers/) and [the hooks page]({{site.baseurl}}docs/hooks/).
"""


def test_names_made_at_run_time_and_words_around_code(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tool/__init__.py": INIT,
            "tool/plugin.py": PLUGIN,
            "docs/_config.yml": "baseurl: /\n",
            "docs/docs/hooks.md": "# Hooks\n",
            "docs/index.md": README,
        },
    )
    assert _drift(root) == {
        ("docs/index.md", 6, "tool.Node.adds"),
        ("docs/index.md", 9, "tool.manager.__enter__.notes"),
        ("docs/index.md", 12, "tool.Scanner.scans"),
        ("docs/index.md", 15, "TOOL_VERSION_NEW"),
        ("docs/index.md", 17, "--tool-jobs"),
        ("docs/index.md", 18, "srang()"),
        ("docs/index.md", 19, "ParserElemnts"),
        ("docs/index.md", 22, "{{site.baseurl}}workers/"),
    }


FACTORY = '''\
"""Factories."""


class FactoryMeta(type):
    def __new__(mcs, class_name, bases, attrs):
        params = attrs.pop("Params", None)
        if "Meta" not in attrs:
            attrs["_params"] = params
        return super().__new__(mcs, class_name, bases, attrs)

    def __call__(cls, **kwargs):
        return super().__call__(**kwargs)


def resolve_attribute(name, bases, default=None):
    return next((getattr(b, name) for b in bases if hasattr(b, name)), default)


class Factory(metaclass=FactoryMeta):
    def build(self):
        return resolve_attribute("_options_class", [type(self)])


class Environment:
    def extend(self, **attributes):
        for key, value in attributes.items():
            setattr(self, key, value)
'''

FACTORY_README = """\
# tool

`Factory.__call__` builds; `Factory._options_class` picks the options; `Factory.bild` is a typo.
A subclass declares `Factory.Params` and `Factory.Meta`; `Factory.Parms` is a typo.
Extensions add `Environment.install_translations()`; `{{ 42|myfilter(23) }}` is `myfilter(42, 23)`.
"""


def test_members_a_metaclass_gives_or_the_code_reads_by_name(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tool/__init__.py": FACTORY,
            "README.md": FACTORY_README,
        },
    )
    assert _drift(root) == {("README.md", 3, "Factory.bild"), ("README.md", 4, "Factory.Parms")}


def test_a_deprecated_alias_a_module_getattr_serves_is_still_a_name(tmp_path: Path) -> None:
    """prettyconf's old exception names live on through the module's PEP 562 `__getattr__`;
    a typo of the new name is still reported."""
    code = (
        "import warnings\n\n\nclass InvalidConfigurationFileError(Exception):\n    pass\n\n\n"
        "_DEPRECATED = {'InvalidConfigurationFile': InvalidConfigurationFileError}\n\n\n"
        "def __getattr__(name):\n    if name not in _DEPRECATED:\n"
        "        raise AttributeError(name)\n    warnings.warn(name, DeprecationWarning)\n"
        "    return _DEPRECATED[name]\n"
    )
    readme = (
        "# Conf\n\nThe old name ``InvalidConfigurationFile`` still works; catch\n"
        "``InvalidConfigurationFileErorr`` in new code.\n"
    )
    root = _write(
        tmp_path / "conf",
        {
            "pyproject.toml": '[project]\nname = "conf"\nversion = "1"\n',
            "conf/__init__.py": code,
            "README.rst": readme,
        },
    )
    assert _drift(root) == {("README.rst", 4, "InvalidConfigurationFileErorr")}


def test_a_module_the_code_installs_in_sys_modules_is_not_listed(tmp_path: Path) -> None:
    """cogapp makes a `cog` module at run time (`sys.modules["cog"] = ...`) for the generators
    it runs: `cog.outl()` names that module, not the test attribute that shares its name."""
    code = (
        "import sys\nimport types\n\n\nclass Cog:\n    def run(self):\n"
        "        module = types.SimpleNamespace(outl=print)\n"
        '        sys.modules["cog"] = module\n'
    )
    tests = (
        "from cogs import Cog\n\n\nclass TestCog:\n    def setup(self):\n        self.cog = Cog()\n"
    )
    readme = "# Cog\n\nIn a generator, ``cog.outl()`` writes a line; ``Cog.runn()`` is a typo.\n"
    root = _write(
        tmp_path / "cogs",
        {
            "pyproject.toml": '[project]\nname = "cogs"\nversion = "1"\n',
            "cogs/__init__.py": code,
            "cogs/test_cogs.py": tests,
            "README.rst": readme,
        },
    )
    assert _drift(root) == {("README.rst", 3, "Cog.runn()")}
