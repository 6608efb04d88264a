"""Shapes from the blind wild batch 47 (power-grid-model, pycares, parcels, pyzstd,
schemathesis), on a small repo, each beside a line that must still be reported.

- Names of the C code the tree ships (a header's `ares_getaddrinfo`, `int8_t`) are not typos
  of the project's Python names.
- The docs of a C library bundled under `deps/` are that library's, not the project's.
- Terms a page links to its own headings (`[`GridModelRoot`](#json-schema-root)`, a file
  format's types) and labels of its own text diagram (`line_3`) are the page's.
- A link whose address starts with a `str.format` field (`{}/build.sh`) is filled in by the
  build.
- A `__getattr__` that tests a list of its classes' names (hvac's `name in
  self.implemented_class_names`) serves those only.
- A command line in a plain block draws nothing; a link to a heading that names code
  (`#namedtuple_as_dict-dialect-option`, a table of contents) defines no term.
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


class Backend:
    def __init__(self):
        self.names = ["seal"]

    def __getattr__(self, name):
        if name in self.names:
            return getattr(self, "_" + name)
        raise AttributeError(name)


def backend() -> Backend:
    return Backend()


class Particles:
    def __getattr__(self, name):
        if name == "lat":
            return 0.0
        raise AttributeError(name)


def line():
    pass


def load_table():
    pass


def load(path):
    return path


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

    python tools/gen.py load_tabel

Generate `load_tabel` so. The [`GridModelz` type](#gridmodel_options) is a typo too.

Call `ares_getaddrinfo()` through `Channel.getaddrinfo` and `getaddrinfoo()`.

See {{ "[the build script]({}/build.sh)".format(head) }} and [compress](#compress-stream).

## `compress_stream`

```python
from grid import backend, particles
particles().lon
backend().unseal()
```

Run with `--verbose` and `--verbse`.

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
        ("docs/guide.md", 17, "#gridmodel_options"),
        ("docs/guide.md", 17, "GridModelz"),
        ("docs/guide.md", 17, "load_tabel"),
        ("docs/guide.md", 19, "getaddrinfoo()"),
        ("docs/guide.md", 27, "grid.particles.lon"),
        ("docs/guide.md", 28, "grid.backend.unseal"),
        ("docs/guide.md", 31, "--verbse"),
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
