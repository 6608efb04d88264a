"""Shapes from the blind wild batch 68 (schemachange, m2r2), on small repos.

- schemachange's "**Schemachange no longer supports the `--oauth-config` option.**  Prior to
  the 4.0 release, this library supported supplying an `--oauth-config` ...": both spans
  name a gone option on purpose (a bold sentence ends at its `.**`).
- m2r2's Markdown page with a reST label `.. _testlabel:`, which m2r2's Sphinx build turns
  into an anchor that `#testlabel` links reach.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CLI = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="loader")
    parser.add_argument("--config-folder")
    parser.parse_args(argv)
"""

README = """\
# loader

**Loader no longer supports the `--oauth-config` option.**  Prior to the 4.0 release, this
library supported supplying an `--oauth-config` to fetch a token.

Use `--config-folder` and `--config-dir`.
"""


def test_an_option_said_gone_in_a_bold_sentence(tmp_path: Path) -> None:
    root = tmp_path / "loader"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "loader"\nversion = "1"\n'
            '[project.scripts]\nloader = "loader:main"\n',
            "loader/__init__.py": CLI,
            "README.md": README,
        },
    )
    assert {(f, n, r) for f, n, r in _drift(root)} == {("README.md", 6, "--config-dir")}


PAGE = """\
# Example

See [the label](#testlabel) and [this](example.md#testlabel), not [that](#nolabel).

.. _testlabel:

## Labelled section
"""


def test_a_rest_label_on_a_markdown_page(tmp_path: Path) -> None:
    root = tmp_path / "conv"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "conv"\nversion = "1"\n',
            "conv/__init__.py": "",
            "docs/example.md": PAGE,
        },
    )
    assert {(f, n, r) for f, n, r in _drift(root)} == {("docs/example.md", 3, "#nolabel")}
