"""Shapes from the blind drift round 59 (markovify, github-action-utils), on small repos
with the last commit as the documented state.

- A Python block whose script ends on a printed result written with a prompt (`>>> 'It cost
  me...'`): the lines before the prompt are code, not a transcript's output.
- "`import gau as gha`" in a sentence binds `gha` for the page's examples below it.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

TEXT = """\
class Text:
    def __init__(self, corpus):
        self.corpus = corpus

    def to_json(self):
        return {}

    def make_sentence(self):
        return ""


def remove_problem_matcher(*, owner=None):
    return owner
"""

README = """\
# mk

```python
text_model = mk.Text(corpus)
model_json = text_model.to_json()
text_model.make_sentence()

>>> 'It cost me something.'
```

Import it as `import mk as gha`, then:

```python
gha.remove_problem_matcher(owner="compiler")
```
"""


def test_a_script_before_a_prompt_and_an_import_in_a_sentence(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "mk"\nversion = "1"\n',
        "mk/__init__.py": "from mk.text import Text, remove_problem_matcher\n",
        "mk/text.py": TEXT,
        "README.md": README,
    }
    changes = {
        "mk/text.py": [("def to_json(self)", "def serialize(self)"), ("owner=None", "name=None")]
    }
    assert _drift_after(tmp_path / "mk", files, changes) == {("README.md", 5), ("README.md", 14)}
