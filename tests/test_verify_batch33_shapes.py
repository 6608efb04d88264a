"""Shapes from the blind wild batch 33 (ocrmypdf, weasyprint, nbconvert, mutagen), on small
repos, each beside a line that must still be reported.

- A section titled for another program ("Watcher Docker Parameters") talks of its flags.
- A folder without `__init__.py` inside a package is a namespace subpackage of it.
- `:doc:` may name a notebook page (nbsphinx, myst-nb).
- `.. class:: fspath()` "only exists for documentation purposes"; `.. function::
  PaddingFunction(info)` is "a function you can implement": names the docs make up.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "ocr"
version = "1.0"

[project.scripts]
ocr = "ocr.cli:main"
"""

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="ocr")
    parser.add_argument("--deskew", action="store_true")
    parser.parse_args()
"""

BATCH_MD = """\
# Batch jobs

Run `ocr --deskew` on each file.

## Watcher Docker Parameters

| Parameter | Description |
|-----------|-------------|
| `--volume <path>:/input` | files to convert |
| `--env OCR_DESKEW=1` | deskew pages |

## Options

Use `--deskw` to straighten pages.
"""

API_RST = """\
API
===

.. currentmodule:: ocr

.. class:: fspath()

    This type only exists for documentation purposes. It represents a file name.

.. function:: PaddingFunction(info)

    A function you can implement and pass to ``save()``.

.. function:: missing_function(path)

    Gone from the code.

See :doc:`library`; :class:`ocr.text.fonts.FontConfiguration` renders.
"""


def test_docker_sections_namespace_subpackages_notebook_pages_and_docs_only_names(
    tmp_path: Path,
) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "ocr/__init__.py": "",
        "ocr/cli.py": CLI,
        "ocr/text/fonts.py": "class FontConfiguration:\n    pass\n",
        "docs/batch.md": BATCH_MD,
        "docs/api.rst": API_RST,
        "docs/library.ipynb": '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n',
    }
    assert _drift(_write(tmp_path / "ocr", files)) == {
        ("docs/batch.md", 14, "--deskw"),
        ("docs/api.rst", 14, "ocr.missing_function(path)"),
    }
