"""A sentence that names an example's variable (`field.choices`) means the binding made by
the last example above it; with none above, an example below it in the same section (prose
that introduces its example). An example of a later section binds the name for its own
section: its class lacking the member proves nothing about the sentence."""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CODE = """\
class SelectField:
    def __init__(self, choices=()):
        self.choices = list(choices)


class TextField:
    def __init__(self, datalist=None):
        self.datalist = datalist
"""

PAGE = """\
# Fields

## Select

For dynamic options assign `field.choices` after instantiation.

## Datalist

```python
from forms import TextField

field = TextField(datalist="external")
```

Here `field.datalist` is the list's id, and `field.choices` the options.
"""

ORDER = """\
# Fields

```python
from forms import SelectField, TextField

item = SelectField(choices=["a"])
```

Now `item.choices` holds the options.

```python
item = TextField()
```

This `item.choices` is wrong: a text field has none, nor `item.labels`.
"""

INTRO = """\
# Fields

Read `box.choices`, or `box.values`, from:

```python
from forms import SelectField

box = SelectField()
```
"""


def _project(root: Path, page: str) -> Path:
    files = {"pyproject.toml": '[project]\nname = "forms"\nversion = "1"\n'}
    return _write(root, {**files, "forms/__init__.py": CODE, "README.md": page})


def test_a_later_sections_example_does_not_bind_a_sentence_above_it(tmp_path: Path) -> None:
    assert _drift(_project(tmp_path / "f", PAGE)) == {("README.md", 15, "forms.TextField.choices")}


def test_a_sentence_between_two_examples_means_the_binding_above_it(tmp_path: Path) -> None:
    assert _drift(_project(tmp_path / "f", ORDER)) == {
        ("README.md", 15, "forms.TextField.choices"),
        ("README.md", 15, "forms.TextField.labels"),
    }


def test_a_sentence_introducing_the_example_below_it_is_checked(tmp_path: Path) -> None:
    assert _drift(_project(tmp_path / "f", INTRO)) == {("README.md", 3, "forms.SelectField.values")}
