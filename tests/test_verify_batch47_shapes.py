"""Shapes from the blind wild batch 47 (power-grid-model, pycares, parcels, pyzstd,
schemathesis), on a small repo, each beside a line that must still be reported.

- Names of the C code the tree ships (a header's `ares_getaddrinfo`, `int8_t`) are not typos
  of the project's Python names.
- The docs of a C library bundled under `deps/` are that library's, not the project's.
- Terms a page links to its own headings (`[`GridModelRoot`](#json-schema-root)`, a file
  format's types) and labels of its own text diagram (`line_3`) are the page's.
- A link whose address starts with a `str.format` field (`{}/build.sh`) is filled in by the
  build.
- A `__getattr__` that looks names up in the instance's own table (`self._fields[name]`)
  serves names of the user's data.
- A Markdown heading in a Sphinx site has docutils' id too (`## compress_stream` is
  `#compress-stream`).
- A help text's `--include-TYPE VALUE` stands for the options made per TYPE (schemathesis
  makes them with `f"--{mode}-{by}"`).
- An exception a traceback shows is the project's only when it has or had the name.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository

CHANNEL = """\
import argparse


class Channel:
    def getaddrinfo(self, host):
        return host


class GridModel:
    pass


class ZopeConfigurationError(Exception):
    pass


int8 = 1


class FieldSet:
    def __init__(self, fields):
        self._fields = {f: f for f in fields}

    def __getattr__(self, name):
        if name in self._fields:
            return self._fields[name]
        raise AttributeError(name)


class Particles:
    def __getattr__(self, name):
        if name == "lat":
            return 0.0
        raise AttributeError(name)


def line():
    pass


def load(path):
    return path


def make(fields) -> FieldSet:
    return FieldSet(fields)


def particles() -> Particles:
    return Particles()


def main():
    parser = argparse.ArgumentParser(prog="grid")
    parser.add_argument("--verbose", action="store_true")
    parser.parse_args()
"""

HEADER = """\
#include <stdint.h>

int ares_getaddrinfo(const char *name, int8_t flags);
"""

GUIDE = """\
# Serialization

## JSON schema root

The format is a [`GridModelRoot`](#json-schema-root) object; a `GridModelRoot` holds `int8_t`
values.
`GridModelx` is a typo.

```txt
node_1 ---line_3--- node_2
```

`node_1` and `node_2` are joined by `line_3`.

Call `ares_getaddrinfo()` through `Channel.getaddrinfo`, not `getaddrinfoo()`.

See {{ "[the build script]({}/build.sh)".format(head) }} and [compress](#compress-stream).

## `compress_stream`

```python
from grid import make, particles
make(["temperature"]).temperature
particles().lon
```

Run with `--verbose`, not `--verbse`.

```pycon
>>> import grid
>>> grid.load("x.zcml")
Traceback (most recent call last):
  ...
ZopeXMLConfigurationError: File "x.zcml"
```
"""

BUNDLED = """\
# c-ares

Call `ares_getaddrinf()`.
"""


def test_native_names_own_terms_and_generated_links(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "grid"\nversion = "1"\n\n[project.scripts]\ngrid = "grid:main"\n'
        ),
        "src/grid/__init__.py": CHANNEL,
        "src/grid/ares.h": HEADER,
        "deps/c-ares/README.md": BUNDLED,
        "docs/conf.py": "project = 'grid'\n",
        "docs/guide.md": GUIDE,
    }
    assert _drift(_write(tmp_path / "grid", files)) == {
        ("docs/guide.md", 7, "GridModelx"),
        ("docs/guide.md", 15, "getaddrinfoo()"),
        ("docs/guide.md", 24, "grid.particles.lon"),
        ("docs/guide.md", 27, "--verbse"),
    }


FILTERS = """\
import click

HELP = (
    "--include-TYPE VALUE          Match operations with exact VALUE\\n"
    "--include-TYPE-regex PATTERN  Match operations using regular expression\\n"
)


def with_filter(mode, by):
    return click.option(f"--{mode}-{by}")
"""


def test_help_text_option_families(tmp_path: Path) -> None:
    _write(tmp_path, {"filters/__init__.py": FILTERS})
    (module,) = analyze_repository(tmp_path).modules
    assert module.flag_patterns == ("--include-*",)
