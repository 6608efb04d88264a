"""Shapes from the blind sets of 2026-11-25 (drift round 22, wild batch 21), on small repos,
each false alarm paired with the drift beside it that must still be reported.

A variable the test suite reads is the project's wherever a page names it (one a test only
sets is not); a `PREFIX_*` family that starts the settings keys the code reads names those
settings; a class-level `__getattr__` bound to an object answers any name, and so does one
that hands the name to the sources it walks; a class built on a base another package makes
at run time (`Base = declarative_base()`) may have any member; a plain listing's
`- old_name  :returns ...` names code; a settings string holding a class's import path
(`"pkg.middleware.Middleware"`) is a reference.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit
from test_verify_wild import _drift, _write

from klaro.cli import main

PYPROJECT = '[project]\nname = "tidy"\nversion = "1.0"\ndependencies = ["sqlalchemy"]\n'

INIT = '''\
"""Tidy."""
import os

from sqlalchemy.orm import declarative_base

DEBUG = os.getenv("TIDY_DEBUG")
Base = declarative_base()


def lock_timeout():
    from django.conf import settings

    return getattr(settings, "TIDY_LOCK_TIMEOUT", 30)


class Model(Base):
    pass


class Plain:
    pass


class _Lookup:
    def __init__(self, fn):
        self.fn = fn


class Proxy:
    __getattr__ = _Lookup(getattr)


class Fixed:
    def __getattr__(self, name):
        if name in {"alpha", "beta"}:
            return name
        raise AttributeError(name)


class Layered:
    def __init__(self, *sources):
        self._sources = sources

    def __getattr__(self, name):
        for source in self._sources:
            if source.has(name):
                return source.get(name)
        raise AttributeError(name)


class Registry(dict):
    def add(self, item):
        self[item] = item


proxy = Proxy()
fixed = Fixed()
config = Layered()
registry = Registry()
'''

MIDDLEWARE = """\
class TidyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
"""

TESTS = """\
import os

ALPHABET = os.getenv("TIDY_TEST_ALPHABET")


def test_config():
    os.environ["TIDY_CONFIG"] = "tests/settings.ini"
"""

README = """\
# Tidy

Set ``TIDY_DEBUG``; the tests read ``TIDY_TEST_ALPHABET``, and ``TIDY_CONFIG`` is no
variable of ours. The ``TIDY_LOCK_*`` settings tune locks; no ``TIDY_CACHE_*`` exists.

``proxy.form`` and ``config.downloading`` are answered; ``fixed.gamma`` is not, nor is
``registry.insert()`` (a dict's own `__getattribute__` answers no made-up name).
``Model.metadata`` comes from SQLAlchemy's base; ``Plain.metadata`` is its own.

```python
MIDDLEWARE = [
    "tidy.integrations.django.TidyMiddleware",
    "tidy.integrations.django.GoneMiddleware",
    "django.middleware.common.CommonMiddleware",
]
```
"""


def _project(root: Path) -> Path:
    return _write(
        root,
        {
            "pyproject.toml": PYPROJECT,
            "tidy/__init__.py": INIT,
            "tidy/integrations/__init__.py": "",
            "tidy/integrations/django.py": MIDDLEWARE,
            "tests/test_tidy.py": TESTS,
            "README.md": README,
        },
    )


def test_names_of_the_test_suite_settings_and_open_objects(tmp_path: Path) -> None:
    assert _drift(_project(tmp_path / "tidy")) == {
        ("README.md", 3, "TIDY_CONFIG"),  # only set by a test: no read
        ("README.md", 4, "TIDY_CACHE_*"),
        ("README.md", 6, "fixed.gamma"),
        ("README.md", 7, "registry.insert()"),
        ("README.md", 8, "Plain.metadata"),
        ("README.md", 13, "tidy.integrations.django.GoneMiddleware"),
    }


LISTING = """\
# How it works

    - clean_text        :returns the text without markup
    - other_helper      :someone else's word
"""


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_a_name_in_a_plain_listing_that_the_code_dropped_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _write(
        tmp_path / "tidy",
        {
            "pyproject.toml": '[project]\nname = "tidy"\nversion = "1.0"\n',
            "tidy/__init__.py": "def clean_text(text):\n    return text\n",
            "docs/how.md": LISTING,
        },
    )
    _first_commit(root)
    assert main(["check", str(root), "--no-cache", "-q"]) == 0
    (root / "tidy/__init__.py").write_text("def _clean_text(text):\n    return text\n")
    assert main(["check", str(root), "--no-cache", "-q"]) == 1
    out = capsys.readouterr().out
    assert "docs/how.md:3: unresolved: `clean_text` is no longer in the project" in out
    assert "other_helper" not in out
