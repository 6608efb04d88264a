"""Shapes from the blind wild batch 58 (wakepy), on small repos with the last commit as the
documented state.

- `[User Guide](#user-guide)` on a MyST page of a Sphinx project with no such target on the
  page: MyST resolves it across the project, to the document `user-guide.md` beside it.
- ` (checking-windows)=`: a MyST label indented by a space is a label.
- pythran's `args, extra = parser.parse_known_args()` kept as `args.extra_flags = extra`
  for the compiler: flags it does not declare (`-fopenmp`) are the compiler's, though one
  it dropped is stale.
- "Older versions ... required the environment variable ``PBR_SKIP_PIP``": a sentence about
  earlier releases names what the code no longer reads on purpose.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

INDEX = """\
# wakepy

Read the [User Guide](#user-guide) and [how to check Windows](#checking-windows).

 (checking-windows)=
## Will Windows lock the screen?

Call `wakepy.keep()`.
"""


def test_myst_links_to_documents_and_indented_labels(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "wakepy"\nversion = "1"\n',
        "wakepy/__init__.py": "def keep():\n    pass\n",
        "docs/source/conf.py": 'extensions = ["myst_parser"]\n',
        "docs/source/index.md": INDEX,
        "docs/source/user-guide.md": "# User guide\n",
    }
    changes = {"wakepy/__init__.py": [("def keep()", "def hold()")]}
    found = _drift_after(tmp_path / "wakepy", files, changes)
    assert found == {("docs/source/index.md", 8)}


PYTHRAN = """\
import argparse
import sys


def run():
    parser = argparse.ArgumentParser()
    parser.add_argument("input_file")
    parser.add_argument("--trace-allocations", action="store_true")
    args, extra = parser.parse_known_args(sys.argv[1:])
    args.extra_flags = extra
    return args
"""

PYTHRAN_README = """\
# pyth

```bash
pyth -DUSE_XSIMD -fopenmp -march=native --trace-allocations arc.py
```
"""


def test_leftover_flags_kept_for_the_compiler(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pyth"\nversion = "1"\n'
        '[project.scripts]\npyth = "pyth.run:run"\n',
        "pyth/__init__.py": "",
        "pyth/run.py": PYTHRAN,
        "README.md": PYTHRAN_README,
    }
    changes = {"pyth/run.py": [('"--trace-allocations"', '"--trace-allocs"')]}
    assert _drift_after(tmp_path / "pyth", files, changes) == {("README.md", 4)}


PBR_DOC = """\
Packagers
=========

Set ``PBR_VERSION`` to skip the version lookup.

Older versions would invoke pip internally and
required the environment variable ``PBR_SKIP_PIP`` to be set.
"""


def test_a_sentence_about_older_versions(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pbr"\nversion = "1"\n',
        "pbr/__init__.py": "import os\n\n\ndef version():\n"
        '    return os.environ.get("PBR_VERSION")\n\n\ndef debug():\n'
        '    return os.environ.get("PBR_DEBUG")\n',
        "doc/packagers.rst": PBR_DOC,
    }
    changes = {"pbr/__init__.py": [('"PBR_VERSION"', '"PBR_PKG_VERSION"')]}
    assert _drift_after(tmp_path / "pbr", files, changes) == {("doc/packagers.rst", 4)}
