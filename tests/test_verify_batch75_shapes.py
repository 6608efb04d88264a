"""Shapes from the blind wild batch 75 (atlite, pymer4) and from findings the full wild run
turned up after this round's changes (factory_boy, web3, django-extensions), each a page
that is right, on a small repo that has it:

- atlite's toctree lists `examples/solar.ipynb`, which an `.nblink` stub builds;
- pymer4's "What's New" page, its releases under headings of their own (`# 0.7.6`), and
  its JOSS `paper.md`: history, naming the API of their day;
- factory_boy's `UserFactory(...)`, whose metaclass's `__call__` makes a model, no factory;
- web3's `Web3(modules={...})`, whose method hands `self` to a helper that `setattr`s the
  modules on it;
- django-extensions' `usage: manage.py print_settings`: Django's script, not a file of ours
  standing for our one program.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

INDEX = """\
Atlite
======

.. toctree::

   examples/solar.ipynb
   examples/missing.ipynb
"""


def test_a_notebook_a_stub_builds(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "atl"\nversion = "1"\n',
        "atl/__init__.py": "",
        "doc/conf.py": "extensions = ['nbsphinx_link']\n",
        "doc/index.rst": INDEX,
        "doc/examples/solar.nblink": '{"path": "../../examples/solar.ipynb"}\n',
    }
    found = _drift(_write(tmp_path / "atl", files))
    assert {name for _, _, name in found} == {"examples/missing.ipynb"}


NEWS = """\
# What's New

# 0.7.6

`Lmer.old_fit()` took `summarize=` then.

# 0.7.5

`Lm.anova_table` was the way.
"""

PAPER = """\
---
title: 'Pymer4: Connecting R and Python for Linear Mixed Modeling'
date: 1 July 2018
---

# Summary

Use `Lmer.old_fit()` to fit.
"""

README = """\
# pym

Call `Lmer.fit()` and `Lmer.gone()`.
"""


def test_release_notes_under_a_whats_new_title_and_a_paper(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pym"\nversion = "1"\n',
        "pym/__init__.py": "class Lmer:\n    def fit(self):\n        return self\n",
        "docs/pages/new.md": NEWS,
        "paper.md": PAPER,
        "README.md": README,
    }
    found = _drift(_write(tmp_path / "pym", files))
    assert {(f, name) for f, _, name in found} == {("README.md", "Lmer.gone()")}


FACTORY = """\
class FactoryMetaClass(type):
    def __call__(cls, **kwargs):
        return cls._meta_model(**kwargs)


class Factory(metaclass=FactoryMetaClass):
    pass


class UserFactory(Factory):
    pass
"""

WEB = """\
from .module import attach_modules


class Web3:
    def __init__(self, modules=None):
        if modules:
            self.attach_modules(modules)

    def attach_modules(self, modules):
        attach_modules(self, modules)
"""

WEB_MODULE = """\
def attach_modules(parent_module, module_definitions):
    for module_name, module_class in module_definitions.items():
        setattr(parent_module, module_name, module_class())
"""

EXAMPLES = """\
# ex

```python
from ex.factories import UserFactory
from ex.main import Web3

u = UserFactory(title="Lord")
print(u.get_profile().title)

w3 = Web3(modules={"module1": dict})
w3.module1.return_zero()
```

```
usage: manage.py print_settings [-h] [--format FORMAT]
```
"""


def test_calls_that_make_something_else_and_objects_given_attributes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "ex"\nversion = "1"\n[project.scripts]\nex = "ex.cli:main"\n'
        ),
        "ex/__init__.py": "",
        "ex/cli.py": "import argparse\n\n\ndef main():\n"
        "    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('action', choices=['dump', 'load'])\n"
        "    return parser.parse_args()\n",
        "ex/factories.py": FACTORY,
        "ex/main.py": WEB,
        "ex/module.py": WEB_MODULE,
        "README.md": EXAMPLES,
    }
    assert _drift(_write(tmp_path / "ex", files)) == set()


HANDLERS = """\
class _HandlerType(type):
    def __new__(cls, name, bases, namespace):
        return type.__new__(cls, name, bases, namespace)


class Handler(metaclass=_HandlerType):
    def emit(self, record):
        return record


class FingersCrossedHandler(Handler):
    pass
"""


def test_a_metaclass_without_a_call_of_its_own(tmp_path: Path) -> None:
    """logbook's handlers have a metaclass that only defines `__new__`: `type.__call__`
    still makes their instances, whose missing members are stale."""
    files = {
        "pyproject.toml": '[project]\nname = "lb"\nversion = "1"\n',
        "lb/__init__.py": "",
        "lb/handlers.py": HANDLERS,
        "README.md": "# lb\n\n```python\nfrom lb.handlers import FingersCrossedHandler\n\n"
        "h = FingersCrossedHandler()\nh.emit(1)\nh.applicationbound()\n```\n",
    }
    found = _drift(_write(tmp_path / "lb", files))
    assert {name for _, _, name in found} == {"lb.handlers.FingersCrossedHandler.applicationbound"}
