"""Shapes from the blind wild batch 58 (wakepy), on small repos with the last commit as the
documented state.

- `[User Guide](#user-guide)` on a MyST page of a Sphinx project with no such target on the
  page: MyST resolves it across the project, to the document `user-guide.md` beside it.
- ` (checking-windows)=`: a MyST label indented by a space is a label.
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
