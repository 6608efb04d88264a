"""Shapes from the blind wild batch 53 (hpccm, glum), on small repos, each beside a line that
must still be reported.

- `--enable-foo`, `--with-foo=/usr/local/foo`: the shape of a family of flags, no flag; and
  flags a sentence gives to a build script the project drives ("adds `--with-ucx` to the
  list of `configure` options") are that script's.
- A jupytext notebook's headings have the ids Jupyter gives them (`#2.-Fit-baseline-GLM`).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--recipe")
    parser.parse_args()
"""

BLOCKS = """\
# Building blocks

- __enable_FEATURE__: `enable_foo=True` maps to `--enable-foo`, and
`with_foo='/usr/local/foo'` to `--with-foo=/usr/local/foo`.

- __ucx__: If True, adds `--with-ucx` to the list of `configure` options.

Give the recipe with `--recipe` and `--recipes`.
"""

NOTEBOOK = """\
---
jupyter:
  jupytext:
    formats: ipynb,md
---

# GLM tutorial

* [1. Fit baseline GLM](#1.-Fit-baseline-GLM)
* [2. Plot results](#2.-Plot-Results)
* [3. Compare](#3.-Compare-models)

## 1. Fit baseline GLM

## 2. Plot results
"""


def test_flag_families_build_script_flags_and_notebook_anchors(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "hpc"\nversion = "1"\n\n[project.scripts]\nhpc = "hpc.cli:main"\n'
        ),
        "hpc/__init__.py": "",
        "hpc/cli.py": CLI,
        "docs/building_blocks.md": BLOCKS,
        "docs/tutorials/glm.md": NOTEBOOK,
    }
    assert _drift(_write(tmp_path / "hpc", files)) == {
        ("docs/building_blocks.md", 8, "--recipes"),
        ("docs/tutorials/glm.md", 11, "#3.-Compare-models"),
    }
