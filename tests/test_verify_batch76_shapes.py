"""Shapes from the blind wild batch 76 (mahotas, ravenpy), each a page that is right, on a
small repo that has it:

- mahotas' README keeps its release notes under "## Recent Changes", and a page opens with a
  `.. versionadded::` note saying which functions moved away from an old module: history;
- ravenpy's index lists `apidoc/modules`, which its Makefile's `sphinx-apidoc -o docs/apidoc`
  writes before the build.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

README = """\
# Imgx

Call `imgx.features.surf()` for interest points.

## Recent Changes

### Version 1.4 (2026)

- Removed the deprecated modules `imgx.surf` and `imgx.tas`

## Other

`imgx.gone()` is not a function of imgx.
"""

SURF = """\
SURF
====

.. versionadded:: 0.8
   In version 0.8, some of the inner functions are now in imgx.features.surf
   instead of imgx.surf

Call ``imgx.features.surf()`` for interest points, not ``imgx.missing()``.
"""


def test_recent_changes_and_a_version_note_are_history(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "imgx"\nversion = "1"\n',
        "imgx/__init__.py": "from imgx import features\n",
        "imgx/features/__init__.py": "from imgx.features.surf import surf\n",
        "imgx/features/surf.py": "def surf(image=None):\n    return image\n",
        "README.md": README,
        "docs/surf.rst": SURF,
    }
    found = _drift(_write(tmp_path / "imgx", files))
    assert {name for _, _, name in found} == {"imgx.gone()", "imgx.missing()"}


INDEX = """\
Ravenx
======

.. toctree::

   usage
   apidoc/modules
   notes/missing
"""

MAKEFILE = """\
autodoc: ## create sphinx-apidoc files
\tsphinx-apidoc -o docs/apidoc --private --module-first src/ravenx
"""


def test_pages_sphinx_apidoc_writes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ravenx"\nversion = "1"\n',
        "src/ravenx/__init__.py": "",
        "Makefile": MAKEFILE,
        "docs/conf.py": "extensions = ['sphinx.ext.autodoc']\n",
        "docs/index.rst": INDEX,
        "docs/usage.rst": "Usage\n=====\n",
    }
    found = _drift(_write(tmp_path / "ravenx", files))
    assert {name for _, _, name in found} == {"notes/missing.rst"}
