"""Shapes from the blind drift round 59 (markovify, github-action-utils), on small repos
with the last commit as the documented state.

- A Python block whose script ends on a printed result written with a prompt (`>>> 'It cost
  me...'`): the lines before the prompt are code, not a transcript's output.
- "`import gau as gha`" in a sentence binds `gha` for the page's examples below it.
- "CLI Help output::" over a help text that starts with its synopsis, no `usage:` word
  (github-backup's): its flags are the program's.
- ``.make_sentence(tries=100)``: the one method so named, called with a keyword it reads
  from `**kwargs` and reads no more.
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


BACKUP = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("user")
    parser.add_argument("-q", "--quiet", action="store_true")
    parser.add_argument("--retries", type=int)
    parser.parse_args()
"""

BACKUP_README = """\
backup
======

CLI Help output::

    gbk [-h] [-q] [--retries MAX_RETRIES]
        USER

    positional arguments:
      USER                  github username

    options:
      -h, --help            show this help message and exit
      -q, --quiet           supress log messages
      --retries MAX_RETRIES
                            retries on errors
"""


def test_a_help_text_labelled_as_such_that_starts_with_its_synopsis(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "gbk"\nversion = "1"\n'
        '[project.scripts]\ngbk = "gbk.cli:main"\n',
        "gbk/__init__.py": "",
        "gbk/cli.py": BACKUP,
        "README.rst": BACKUP_README,
    }
    changes = {"gbk/cli.py": [('"--retries"', '"--max-retries"')]}
    assert _drift_after(tmp_path / "gbk", files, changes) == {("README.rst", 6), ("README.rst", 15)}


SENTENCE = """\
class Text:
    def make_sentence(self, init_state=None, **kwargs):
        tries = kwargs.get("tries", 10)
        return tries
"""

SENTENCE_README = """\
# mv

Ask for more attempts with `.make_sentence(tries=100)`.
"""


def test_a_leading_dot_call_of_the_one_method_so_named(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "mv"\nversion = "1"\n',
        "mv/__init__.py": "from mv.text import Text\n",
        "mv/text.py": SENTENCE,
        "README.md": SENTENCE_README,
    }
    changes = {"mv/text.py": [('kwargs.get("tries", 10)', 'kwargs.get("max_attempts", 10)')]}
    assert _drift_after(tmp_path / "mv", files, changes) == {("README.md", 3)}
