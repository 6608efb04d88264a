"""Shapes from the blind drift round 63 (genanki), on small repos with the last commit as
the documented state.

- "you can change it by passing `sort_field=` to `Note()` or implementing `sort_field` as a
  property (similar to `guid`)": a bare `name=` span is a keyword claim on the callable of
  the sentence that took it at the documented state, beside other names of the sentence.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

NOTE = """\
class Note:
    def __init__(self, model=None, fields=None, sort_field=None, guid=None):
        self.model = model
        self._sort_field = sort_field
        self._guid = guid

    @property
    def sort_field(self):
        return self._sort_field

    @property
    def guid(self):
        return self._guid
"""

README = """\
# cards

Anki sorts by the `sort_field`. You can change it by passing `sort_field=` to `Note()`
or implementing `sort_field` as a property in a subclass (similar to `guid`).

Pass `model=` to `Note()` too.
"""


def test_a_bare_keyword_span_beside_other_names_of_the_sentence(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cards"\nversion = "1"\n',
        "cards/__init__.py": NOTE,
        "README.md": README,
    }
    changes = {
        "cards/__init__.py": [
            ("fields=None, sort_field=None", "fields=None, sort_value=None"),
            ("= sort_field\n", "= sort_value\n"),
        ]
    }
    assert _drift_after(tmp_path / "cards", files, changes) == {("README.md", 3)}
