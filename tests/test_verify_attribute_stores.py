"""An example that assigns an attribute to one of the project's instances
(`helper.labels_uppercase = True`) adds it, as Python lets it: the class need not have it
(crispy-forms hands every attribute of a FormHelper to its templates). Only a store close to
a member the class has (a typo) or of an attribute the class had at the documented state
is stale; reading an attribute the class lacks stays drift."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit
from test_verify_wild import _drift, _write

from klaro.cli import main

CODE = '''\
class Helper:
    """Settings for a form's template."""

    def __init__(self):
        self.form_tag = True
        self.form_method = "post"
'''

README = """\
# Forms

```python
from forms import Helper

helper = Helper()
helper.labels_uppercase = True
helper.form_tagg = False
print(helper.label_size)
helper.form_method = "get"
```
"""


def _project(root: Path) -> Path:
    return _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "forms"\nversion = "1"\n',
            "forms/__init__.py": CODE,
            "README.md": README,
        },
    )


def test_a_new_attribute_stored_on_an_instance_is_no_claim_but_a_typo_is(tmp_path: Path) -> None:
    root = _project(tmp_path / "forms")
    assert _drift(root) == {
        ("README.md", 8, "forms.Helper.form_tagg"),  # close to `form_tag`: a misspelling
        ("README.md", 9, "forms.Helper.label_size"),  # read: the class must have it
    }


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_storing_an_attribute_the_class_had_and_renamed_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(tmp_path / "forms")
    (root / "README.md").write_text(README.replace("helper.form_tagg = False\n", ""))
    _first_commit(root)
    (root / "forms/__init__.py").write_text(CODE.replace("form_method", "http_method"))
    assert main(["check", str(root), "--no-cache", "-q"]) == 1
    out = capsys.readouterr().out
    assert "README.md:9: unresolved: `form_method` is no longer a member of `Helper`" in out
    assert "labels_uppercase" not in out
