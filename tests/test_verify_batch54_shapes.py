"""Shapes from the blind wild batch 54 (mplhep, spidermon), on a small repo, each beside a
line that must still be reported.

- A page the docs build renders from a template beside it (`guide_styling_template.md`,
  written to `guide_styling.md` by an MkDocs hook) exists, with the template's headings.
- A reST target whose quoted name holds ": " (`` .. _`Type: Bug`: https://... ``) is a
  target, not a link to "Bug`: https://...".
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

GUIDE = """\
# Guide

- [Styles](guide_styling.md#available-styles)
- [Fonts](guide_styling.md#fonts)
- [Colours](guide_colours.md)
"""

CONTRIBUTING = """\
Contributing
============

Label it `Type: Bug`_ or see the missing_ page.

.. _`Type: Bug`: https://github.com/acme/spider/labels/Type%3A%20Bug
.. _missing: docs/missing.rst
"""


def test_template_pages_and_quoted_targets(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "spider"\nversion = "1"\n',
        "spider/__init__.py": "",
        "docs/mkdocs.yml": "site_name: spider\nhooks:\n  - docs_hooks.py\n",
        "docs/docs/guide.md": GUIDE,
        "docs/docs/guide_styling_template.md": "# Styling\n\n## Available styles\n",
        "CONTRIBUTING.rst": CONTRIBUTING,
    }
    assert _drift(_write(tmp_path / "spider", files)) == {
        ("docs/docs/guide.md", 4, "guide_styling.md#fonts"),
        ("docs/docs/guide.md", 5, "guide_colours.md"),
        ("CONTRIBUTING.rst", 7, "docs/missing.rst"),
    }
