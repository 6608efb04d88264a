"""An example whose import names a module that does not exist (yake's README imports
`TextHighlighter` from `yake.highlight`, where the class lives in `yake.core.highlight`):
the import is reported, and the calls below it are still checked against the one class of
that name, so a renamed keyword of it is stale there too. A name several definitions share
leaves its uses unchecked."""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_since_commit, _edit, _first_commit, _write

HIGHLIGHT = """\
class TextHighlighter:
    def __init__(self, max_ngram_size=3, highlight_pre="<kw>"):
        self.size = max_ngram_size
        self.pre = highlight_pre
"""

README = """\
# yk

```python
from yk.highlight import TextHighlighter

th = TextHighlighter(
    max_ngram_size=3,
    highlight_pre="<b>",
)
```
"""


def test_calls_after_an_import_from_the_wrong_module(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "yk"\nversion = "1"\n',
        "yk/__init__.py": "",
        "yk/core/__init__.py": "",
        "yk/core/highlight.py": HIGHLIGHT,
        "README.md": README,
    }
    changes = {"yk/core/highlight.py": [("max_ngram_size", "ngram_size")]}
    root = tmp_path / "yk"
    _write(root, files)
    _first_commit(root)
    # the import is a finding of both states; the keyword's line is the new one
    assert {line for _, line, _ in _drift_since_commit(root)} == {4}
    _edit(root, changes)
    assert {line for _, line, _ in _drift_since_commit(root)} == {4, 7}
