"""Shapes from the blind wild batch 60 (virtualenvwrapper, powerline, lrparsing, md2conf), on
small repos.

- virtualenvwrapper's `VIRTUALENVWRAPPER_HOOK_DIR`, read by the `virtualenvwrapper.sh` that
  setup.py's `scripts=` installs from the root, and powerline's `$?POWERLINE_NO_TCSH_ABOVE`
  in a `.tcsh` binding: variables of the project's shell code; "use option ``-d``", a flag
  its shell function tests for; "the ``-m`` option to the interpreter", Python's.
- powerline's "* ``shutdown_event``: ... when / powerline will be shut down.": a list item's
  text goes on at its text's column, not as a block quote of command lines; and its
  `setup.py` installs `scripts=[...] + (['scripts/powerline'] if can_use_scripts else [])`.
- `.. class:: TokenRegistry()` indented under a section that follows the body of
  `.. class:: TokenSymbol(name)`: the title ends that class's body, so the later class is the
  module's, not a member of the first.
- md2conf's `--root-page`, spelled by options computed from a dataclass's fields, beside a
  deprecated `-r` with `dest="root_page"`: the shared dest proves no rename; only history
  tells a flag of an open program gone.
- streamz's "add an entry to ``entry_points``": setuptools' keyword, not a near miss of the
  project's names.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

API = """\
Reference
=========

.. module:: lr

   .. class:: TokenSymbol(name)

      .. method:: merge(other)

Registries
==========

    .. class:: TokenRegistry()

        .. method:: resolve(token)

    .. class:: Gone()
"""


def test_a_title_ends_the_body_of_a_class_directive(tmp_path: Path) -> None:
    root = tmp_path / "lr"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "lr"\nversion = "1"\n',
            "lr/__init__.py": "class TokenSymbol:\n    def merge(self, other):\n        pass\n\n\n"
            "class TokenRegistry:\n    def resolve(self, token):\n        pass\n",
            "docs/api.rst": API,
        },
    )
    # `Gone` is no class of the module: the one finding
    assert {(f, n) for f, n, _ in _drift(root)} == {("docs/api.rst", 17)}


SETUP = """\
from setuptools import setup

setup(name="wrapper", version="1", packages=["wrapper"], scripts=["wrapper.sh"])
"""

INSTALL = """\
# Install

Set `WRAPPER_HOOK_DIR` before sourcing `wrapper.sh`; tcsh users may set
`WRAPPER_NO_PROMPT`, and `WRAPPER_TMPDIR` to move the temporary files.

Use option ``-d`` to remove the added path. To run the hook loader, use the ``-m``
option to the interpreter, with ``--verbose`` or ``--quiet``.
"""

LOADER = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--verbose", action="store_true")
    parser.parse_args()
"""

WRAPPER_SH = """\
if [ -z "$WRAPPER_HOOK_DIR" ]; then
    export X=1
fi
addpath () {
    if [ "$1" = "-d" ]
    then
        remove=1
    fi
}
"""


def test_variables_the_installed_shell_scripts_read(tmp_path: Path) -> None:
    root = tmp_path / "wrapper"
    _write(
        root,
        {
            "setup.py": SETUP,
            "wrapper/__init__.py": "import os\n\nHOME = os.environ.get('WRAPPER_HOME')\n",
            "wrapper/hook_loader.py": LOADER,
            "wrapper.sh": WRAPPER_SH,
            "wrapper/bindings/prompt.tcsh": "if ( ! $?WRAPPER_NO_PROMPT ) then\n  set p=1\nendif\n",
            "docs/install.md": INSTALL,
        },
    )
    # `-d` is a flag the shell function tests for, `-m` the interpreter's; `--quiet` is none
    assert {(f, n, r) for f, n, r in _drift(root)} == {
        ("docs/install.md", 4, "WRAPPER_TMPDIR"),
        ("docs/install.md", 7, "--quiet"),
    }


SEGMENTS = """\
Segments
========

The callable accepts:

* ``shutdown_event``: an event which will be set when
  pline will be shut down.
* ``pl``: the logger.

A block quote that lost its ``::``:

    pline --gone-flag
"""


def test_a_list_items_text_goes_on_at_its_texts_column(tmp_path: Path) -> None:
    root = tmp_path / "pline"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "pline"\nversion = "1"\n'
            '[project.scripts]\npline = "pline:main"\n',
            "pline/__init__.py": "import argparse\n\n\ndef main():\n"
            "    parser = argparse.ArgumentParser()\n    parser.add_argument('--flag')\n"
            "    parser.add_argument('command', choices=['run'])\n    parser.parse_args()\n",
            "docs/segments.rst": SEGMENTS,
        },
    )
    # "pline will be shut down." continues the item: no command line; the block quote's is
    assert {(f, n) for f, n, _ in _drift(root)} == {("docs/segments.rst", 12)}


MD2CONF = """\
import argparse
import dataclasses


@dataclasses.dataclass
class Options:
    root_page: str = ""
    force_valid_url: bool = True


def main():
    parser = argparse.ArgumentParser()
    for field in dataclasses.fields(Options):
        parser.add_argument("--" + field.name.replace("_", "-"))
    parser.add_argument("-r", dest="root_page", help=argparse.SUPPRESS)
    parser.add_argument("--ignore-invalid-url", dest="force_valid_url", action="store_false")
    parser.add_argument("--heading-anchors", action="store_true")
    parser.parse_args()
"""

MD2CONF_README = """\
# md2conf

Run `md2conf --root-page 1234 --force-valid-url docs/`.

Run `md2conf --heading-anchors docs/`.
"""


def test_options_computed_beside_a_deprecated_one_sharing_their_dest(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "md2conf"\nversion = "1"\n'
        '[project.scripts]\nmd2conf = "md2conf:main"\n',
        "md2conf/__init__.py": MD2CONF,
        "README.md": MD2CONF_README,
    }
    # the computed `--root-page` is no rename of `-r`; the literal flag dropped is gone
    changes = {"md2conf/__init__.py": [('"--heading-anchors"', '"--anchors"')]}
    assert _drift_after(tmp_path / "md2conf", files, changes) == {("README.md", 5)}


PLUGINS = """\
# Plugins

Add an entry to ``entry_points`` in your ``setup.py`` and list the dependencies in
``install_requires``; the plugin then subclasses ``Stream`` and overrides ``emitt()``.
"""


def test_setuptools_keywords_in_a_plugin_guide(tmp_path: Path) -> None:
    root = tmp_path / "flows"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "flows"\nversion = "1"\n',
            "flows/__init__.py": "class Stream:\n    entry_point = None\n\n    def emit(self, x):\n"
            "        pass\n\n\ndef install_require():\n    pass\n",
            "docs/plugins.md": PLUGINS,
        },
    )
    # `emitt()` is a near miss of the project's `emit`; the packaging words are setuptools'
    assert {(f, n, r) for f, n, r in _drift(root)} == {("docs/plugins.md", 4, "emitt()")}
