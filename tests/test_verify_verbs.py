"""Shapes of drift from the blind round 8 (keyring, typeguard, markdown2), on small repos.

A module installed from `lib/` (`package_dir={"": "lib"}`) run as `python tool.py`, a
program whose first positional argument takes a fixed set of verbs, a family of variables
(`TOOL_PROPERTY_{NAME}`), a variable set to a Python path, a call sketched with names in
prose, a span or a chain of calls in a comment of an example, a Python session pasted into
a shell block, a function returning one of two classes, and a pytest plugin's flags. Each
test pairs what is true with what is stale.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _write

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository

SETUP = """\
from setuptools import setup

setup(
    name="tool",
    py_modules=["tool"],
    package_dir={"": "lib"},
    entry_points={"console_scripts": ["tool = tool:main"], "pytest11": ["tool = tool"]},
)
"""

TOOL = '''\
"""A keyring-like tool in one module."""
import argparse
import os


class Result:
    def __init__(self, fixed):
        self.fixed = fixed


class Match:
    def evaluate(self):
        return Result(())


def find(text, evaluate=True):
    if not text:
        return None
    if evaluate:
        return Result(())
    return Match()


def get_secret(service):
    return os.environ.get("TOOL_BACKEND", service)


def set_properties():
    for key, value in os.environ.items():
        prefix, sep, name = key.partition("TOOL_PROP_")
        if sep:
            yield name.lower(), value


def load(data, *, many=False):
    return data


class Backend:
    """The default backend."""


class CommandLine:
    def __init__(self):
        self.parser = argparse.ArgumentParser()
        self.parser.add_argument("--disable-all", action="store_true")
        self.parser.add_argument("--extra", action="append")
        self.parser._operations = ["show", "set", "del"]
        self.parser.add_argument("operation", choices=self.parser._operations, nargs="?")
        self.parser.add_argument("service", nargs="?")


def pytest_addoption(parser):
    group = parser.getgroup("tool")
    group.addoption("--tool-packages", action="store", help="packages to check")


def main(argv=None):
    return CommandLine().parser.parse_args(argv)


if __name__ == "__main__":
    main()
'''

README = """\
# tool

```shell
$ tool show system
$ tool get system
$ python tool.py --extra footnotes doc.md
$ python tool.py --extras footnotes doc.md
$ TOOL_BACKEND=tool.Backend tool set system
$ TOOL_BACKEND=tool.NullBackend tool set system
```

Properties come from ``TOOL_PROP_{NAME}`` variables, not ``TOOL_PROPERTY_{NAME}`` ones.
Call ``get_secret(service)`` for a secret; ``get_secret(service, username)`` was the old way.
Sketches may name keywords: ``load(data, many)``.

```python
>>> import tool
>>> r = tool.find("text")  # or use `html = tool.find_all(PATH)`
>>> r.fixed
()
>>> r.named
>>> # more checks: find(...).evaluate(), find(...).evaluat()
```

```shell
>>> tool.find("x", evaluate=False).evaluate()
>>> tool.find("x", evaluated=False)
'output'
```

Run ``pytest`` with the ``--tool-packages`` option, not ``--tool-modules``:

```shell
$ pytest --tool-packages=app -x
$ pytest --tool-pkgs=app
```
"""


def test_round_eight_shapes_are_checked(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {"setup.py": SETUP, "lib/tool.py": TOOL, "README.md": README},
    )
    analysis = analyze_repository(root)
    assert {m.name: m.role for m in analysis.modules}["tool"] == "package"
    report = check_repository(load_config(root, env={}), analysis)
    assert {(f.line, f.reference) for f in report.drift} == {
        (5, "tool get system"),  # `get` is not one of the verbs
        (7, "python tool.py --extras footnotes doc.md"),
        (9, "tool.NullBackend"),
        (12, "TOOL_PROPERTY_{NAME}"),
        (13, "get_secret(service, username)"),
        (18, "tool.find_all"),
        (21, "tool.find.named"),  # neither a Result nor a Match has it
        (22, "find.evaluat"),  # a chain in a comment, the import left out: as written
        (27, "tool.find"),  # `evaluated=` is no keyword of find()
        (31, "--tool-modules"),  # a plugin's flag in prose about its host program
        (35, "pytest --tool-pkgs=app"),
    }
