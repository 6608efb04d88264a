"""Shapes from the blind wild batch 13 (multidict, argcomplete, jsonschema, ecdsa,
mkdocs-literate-nav), on a small repo, each beside the drift that must still be reported.

`.. method:: len(d)` documents what the class's `__len__` gives; a variable the package's
shell completion script reads is the project's; `validate()` named in a doctest's comment
is not a call missing its arguments; `[Borgs](#borgs/index.md)` in a sample navigation shown
rendered is no heading's anchor; a root-relative link in a vendored copy of another
repository (`json/`) starts at that copy's root; `:argument:` fields of a method nested in
`.. class::` are the method's, not the class's; ``sendfile()`` is the operating system's; an
image a docs script writes into `_static` (`<role>.svg`) is made by the build; a class a
registry gives attributes with `setattr(Dataset, key, ...)` has members made at run time, and
`MyXXXFormat` is the reader's own.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "dicts"
version = "1.0"

[project.scripts]
dicts = "dicts.cli:main"
"""

CLI = """\
import argparse


def main() -> None:
    parser = argparse.ArgumentParser(prog="dicts")
    parser.add_argument("--strict", action="store_true")
    parser.parse_args()
"""

INIT = '''\
"""Dictionaries with many values per key."""


class MultiDict:
    def __len__(self) -> int:
        return 0


class Dataset:
    """Rows; each registered format adds a property (`Dataset.csv`)."""


class Checker:
    def __init__(self, formats: object = None) -> None:
        self.formats = formats

    @classmethod
    def checks(cls, format: str, raises: tuple[type, ...] = ()) -> None:
        """Register a checker."""


def validate(instance: object, schema: object) -> None:
    """Raise if `instance` does not match `schema`."""
'''

COMPLETION = """\
#compdef -default-

if [[ -z "${DICTS_USE_TEMPFILES-}" ]]; then
    :
fi
"""

API = """\
API
===

.. module:: dicts

.. class:: MultiDict

   .. method:: len(d)

      The number of items.

   .. method:: iter(d)

      An iterator over the keys.

>>> from dicts import validate
>>> # If no exception is raised by validate(), the instance is valid.
>>> validate(instance=1, schema=2)

Set ``DICTS_USE_TEMPFILES`` to use files and ``DICTS_NO_TEMPFILES``.

.. class:: Checker

    .. classmethod:: checks(format, raises=())

        :argument str format: the format the function checks
        :argument Exception raises: what it raises

    .. classmethod:: check_all(fmt)

        :argument str fmt: the format

Support for ``sendfile()`` and ``validat()``.

.. image:: _static/CLIENT.svg
.. image:: _static/logo.png

Export with ``Dataset.xls`` and ``Checker.xls``; your format is ``MyXXXFormat.export_set``.
"""

FORMATS = """\
class Registry:
    def register(self, key, fmt):
        from . import Dataset

        setattr(Dataset, key, fmt)
"""

DIAGRAMS = """\
import os
import subprocess

out_dir = os.path.join(os.path.dirname(__file__), "_static")
for role in ("CLIENT", "SERVER"):
    dot_path = os.path.join(out_dir, role.lower() + ".dot")
    subprocess.check_call(["dot", "-Tsvg", dot_path, "-o", dot_path[:-3] + "svg"])
"""

README = """\
# dicts

* [Frob](#index.md)
* [Borgs](#borgs/index.md)
* [Gone](#installation)


Run `dicts` with the `--no-such-flag` option.
"""

VENDORED = """\
# Test suite

See [contributing](/CONTRIBUTING.md) and [the missing page](/MISSING.md).
"""


def test_operations_shell_reads_comments_and_sample_links(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "dicts",
        {
            "pyproject.toml": PYPROJECT,
            "dicts/__init__.py": INIT,
            "dicts/cli.py": CLI,
            "dicts/formats.py": FORMATS,
            "dicts/completion/_dicts-complete": COMPLETION,
            "docs/api.rst": API,
            "docs/conf.py": 'project = "dicts"\n',
            "docs/make_diagrams.py": DIAGRAMS,
            "docs/_static/style.css": "",
            "README.md": README,
            "json/suite/README.md": VENDORED,
            "json/suite/CONTRIBUTING.md": "# Contributing\n",
        },
    )
    assert _drift(root) == {
        ("docs/api.rst", 12, "dicts.MultiDict.iter(d)"),  # the class has no __iter__
        ("docs/api.rst", 20, "DICTS_NO_TEMPFILES"),  # nothing reads it
        # the nested method's own field names a parameter it lacks; the class's is untouched
        ("docs/api.rst", 29, "dicts.Checker.check_all(fmt=...)"),
        ("docs/api.rst", 33, "validat()"),  # close to `validate`, and the OS has none
        ("docs/api.rst", 36, "_static/logo.png"),  # no script of the docs writes a png
        ("docs/api.rst", 38, "Checker.xls"),  # only Dataset gets members made at run time
        ("README.md", 5, "#installation"),  # a real anchor, and no such heading
        ("README.md", 8, "--no-such-flag"),  # the program has no such option
        ("json/suite/README.md", 3, "/MISSING.md"),  # at neither root
    }
