"""Shapes from the blind drift round 41 (shell-gpt, deep-translator), on a small repo with
the last commit as the documented state.

- `typer.run(main)` on an undecorated function: a program whose options are that
  function's parameters (shell-gpt's `sgpt`: nine option renames were missed).
- `MyMemoryTranslator` looks like a reader's own placeholder (`MyClass`), but the project
  had it at the documented state: renamed since, it is stale.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit, _edit
from test_verify_wild import _write

PYPROJECT = """\
[project]
name = "sgpt"
version = "1.0"

[project.scripts]
sgpt = "sgpt.app:entry_point"
"""

APP = """\
import typer


def main(
    prompt: str = typer.Argument(""),
    temperature: float = typer.Option(0.0, min=0.0, max=2.0),
    chat: str = typer.Option(None),
    md: bool = typer.Option(True),
) -> None:
    pass


def entry_point() -> None:
    typer.run(main)
"""

TRANSLATORS = """\
class MyMemoryTranslator:
    def translate(self, text):
        return text


class MyOther:
    pass
"""

README = """\
# sgpt

    $ sgpt --temperature 0.5 --chat work "hello"
    $ sgpt --no-md "hello"

```python
from sgpt.translators import MyMemoryTranslator
MyMemoryTranslator().translate("hi")
```
"""


def test_typer_run_programs_and_renamed_names_shaped_like_placeholders(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "sgpt/__init__.py": "",
        "sgpt/app.py": APP,
        "sgpt/translators.py": TRANSLATORS,
        "README.md": README,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    _edit(
        tmp_path,
        {
            "sgpt/app.py": [("    chat: str", "    session: str")],
            "sgpt/translators.py": [("class MyMemoryTranslator", "class MemoryTranslator")],
        },
    )
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 3, "sgpt --temperature 0.5 --chat work hello"),
        ("README.md", 7, "sgpt.translators.MyMemoryTranslator"),
    }
