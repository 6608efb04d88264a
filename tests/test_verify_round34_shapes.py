"""Shapes from the blind drift round 34 (rfc3986, alive-progress, textdistance), on small repos.

- `URIReference(namedtuple(...), URIMixin)`: a base of another package comes first, so a
  member lookup is unknown; a member the project's `URIMixin` still defines is no member "gone"
  because an edit elsewhere made the documented state worth asking (every rfc3986 case, decoys
  included, reported ~30 such lines on the first run).
- A README's folded changelog, `<details><summary>Changelog highlights</summary>`, is history.
- ``.maximum(*sequences)``: a method named with a leading dot is stale once no class has it.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _write

URI = """\
from collections import namedtuple


class URIMixin:
    def is_valid(self):
        return True

    def copy_with(self, **kwargs):
        return self


class URIReference(namedtuple("URIReference", ["scheme", "host"]), URIMixin):
    pass


class Base:
    def distance(self, *sequences):
        return 0

    def maximum(self, *sequences):
        return 1


def show_bars():
    pass
"""

README = """\
# uri

```python
from uri import URIReference

ref = URIReference("https", "example.com")
ref.is_valid()
ref.copy_with(host="x")
```

- `.distance(*sequences)` -- the distance
- `.maximum(*sequences)` -- the largest distance

<details>
<summary>Changelog highlights</summary>

- 1.4.0: new exhibit functions `show_spinners` and `show_bars`
</details>
"""


def test_members_a_project_base_still_defines_and_history_in_details(tmp_path: Path) -> None:
    _write(tmp_path, {"uri/__init__.py": URI, "README.md": README})
    _first_commit(tmp_path)
    changed = URI.replace("def maximum", "def max_distance").replace("def show_bars", "def bars")
    (tmp_path / "uri/__init__.py").write_text(changed)
    assert _drift_since_commit(tmp_path) == {("README.md", 12, ".maximum(*sequences)")}
