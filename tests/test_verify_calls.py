"""Calls in examples, checked the way real packages write the callee.

Each test builds a small package whose code has one shape found in real libraries (keywords
read in a loop, a keyword popped before `**kwargs` go to another package's base, a module
alias of a fresh instance's method, a signature-keeping decorator...) and a README using
it, then makes the change a maintainer would make and expects exactly the staled line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit

from klaro.cli import main


def _project(root: Path, code: str, readme: str, *, git: bool = False) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "pkg"\nversion = "1"\n')
    (root / "pkg/__init__.py").write_text(code)
    (root / "README.md").write_text(readme)
    if git:
        _first_commit(root)
    return root


def _edit(root: Path, old: str, new: str) -> None:
    path = root / "pkg/__init__.py"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new))


def _findings(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    main(["check", str(root), "--no-cache", "-q", *args])
    return [x for x in capsys.readouterr().out.splitlines() if ": unresolved: " in x]


LOOPED = """\
def install(level=None, **kw):
    fmt = kw.get("fmt")
    for name, variable in (("field_styles", "PKG_FIELD_STYLES"), ("level_styles", "PKG_LEVEL")):
        value = kw.get(name)
    return fmt, value
"""


def test_keywords_read_in_a_loop_over_literal_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = '```python\nimport pkg\npkg.install(fmt="%(message)s", level_styles={})\n```\n'
    root = _project(tmp_path / "r", LOOPED, readme)
    assert _findings(root, capsys, "--no-history") == []
    _edit(root, '("level_styles", "PKG_LEVEL")', '("levels", "PKG_LEVEL")')
    found = _findings(root, capsys, "--no-history")
    assert len(found) == 1, found
    assert found[0].startswith("README.md:3: unresolved: `install()` has no parameter")
    assert "`level_styles`" in found[0]


FIELD = """\
from django.db import models


class ShortField(models.CharField):
    def __init__(self, *args, **kwargs):
        self.length = kwargs.pop("length", 22)
        super().__init__(*args, **kwargs)
"""


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_a_popped_keyword_renamed_where_the_rest_goes_to_another_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (
        "```python\nfrom pkg import ShortField\n\nkey = ShortField(length=16, max_length=40)\n```\n"
    )
    root = _project(tmp_path / "r", FIELD, readme, git=True)
    assert _findings(root, capsys) == []
    _edit(root, 'kwargs.pop("length"', 'kwargs.pop("size"')
    found = _findings(root, capsys)
    # `max_length` goes on to Django's CharField, unknown here; `length` was ours and is gone
    assert len(found) == 1 and "`ShortField()` no longer takes `length`" in found[0], found
    assert _findings(root, capsys, "--no-history") == []  # without history nothing says so


CODEC = """\
class Codec:
    def encode(self, value):
        return value

    def decode(self, text, legacy=False):
        return text


def datetime(raw):
    return raw


_codec = Codec()
encode = _codec.encode
decode = _codec.decode
"""


def test_a_call_the_example_forgot_to_import_is_checked_when_only_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (
        "```python\n"
        ">>> new = encode(decode(old, legacy=True))\n"
        ">>> stamp = datetime(2020, 1, 2, tzinfo=utc)\n"  # Python's datetime, not ours
        "```\n"
    )
    root = _project(tmp_path / "r", CODEC, readme)
    assert _findings(root, capsys, "--no-history") == []
    _edit(root, "legacy=False", "reverse=False")
    found = _findings(root, capsys, "--no-history")
    assert found == ["README.md:2: unresolved: `decode()` has no parameter `legacy`"]


SIGNALS = """\
class NamedSignal:
    def connect(self, receiver):
        return receiver


class Namespace(dict):
    def signal(self, name: str) -> NamedSignal:
        return self.setdefault(name, NamedSignal())


signal = Namespace().signal
"""


def test_a_module_alias_of_a_fresh_instances_method(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (
        '```python\nfrom pkg import signal\n\nstarted = signal("started")\n'
        "started.connect(print)\n```\n"
    )
    root = _project(tmp_path / "r", SIGNALS, readme)
    assert _findings(root, capsys, "--no-history") == []  # `signal` is no Namespace instance
    _edit(root, "def connect(", "def subscribe(")
    found = _findings(root, capsys, "--no-history")
    assert len(found) == 1 and found[0].startswith("README.md:5:"), found


def test_a_failed_import_is_reported_once_not_at_each_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = "class Field:\n    def __init__(self, size=1):\n        self.size = size\n"
    readme = (
        "```python\nfrom pkg.fields import Field\n\na = Field(size=2)\nb = Field(size=3)\n```\n"
    )
    root = _project(tmp_path / "r", code, readme)
    found = _findings(root, capsys, "--no-history")
    assert len(found) == 1 and found[0].startswith("README.md:2:"), found


def test_signature_keeping_decorators_and_relative_imports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = (
        "from typeguard import typechecked\n\n\n"
        "@typechecked\ndef words(num: int, and_word: str = 'and') -> str:\n    return ''\n"
    )
    readme = (
        "```python\nfrom pkg import words\nfrom .app import make_app\n\n"
        'words(1234, andword="plus")\nmake_app()\n```\n'
    )
    root = _project(tmp_path / "r", code, readme)
    found = _findings(root, capsys, "--no-history")
    # typeguard keeps the signature; `make_app` is the reader's own (a relative import)
    assert found == [
        "README.md:5: unresolved: `words()` has no parameter `andword` (did you mean `and_word`?)"
    ]


DYNAMIC = """\
import datetime


class Moment:
    def __init__(self):
        self._datetime = datetime.datetime.now()

    def __getattr__(self, name):
        return getattr(self._datetime, name)


class Env:
    def __init__(self):
        self._parsers = {}

    def __getattr__(self, name):
        try:
            return self._parsers[name]
        except KeyError as error:
            raise AttributeError(name) from error

    def str(self, name):
        return name
"""


def test_getattr_that_answers_anything_and_one_that_serves_a_registry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (
        "```python\nimport pkg\n\nm = pkg.Moment()\nm.year\nm.isoformat()\n"
        'env = pkg.Env()\nenv.str("NAME")\nenv.sting("NAME")\n```\n'
    )
    root = _project(tmp_path / "r", DYNAMIC, readme)
    found = _findings(root, capsys, "--no-history")
    # Moment delegates every name to a datetime; Env refuses names it was not given
    assert len(found) == 1 and found[0].startswith("README.md:9:"), found


def test_a_method_called_through_its_class_takes_the_instance_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = "class Filter:\n    def run(self, token):\n        return token\n"
    readme = (
        "```python\nimport pkg\n\n\nclass Mine(pkg.Filter):\n    def run(self, token):\n"
        "        return pkg.Filter.run(self, token)\n\n\npkg.Filter.run(Mine(), 1, 2)\n```\n"
    )
    root = _project(tmp_path / "r", code, readme)
    found = _findings(root, capsys, "--no-history")
    assert found == ["README.md:10: unresolved: `run()` takes 1 positional argument, not 2"]
