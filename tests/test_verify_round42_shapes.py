"""Shapes from the blind drift round 42 (sumy), on a small repo with the last commit as the
documented state.

- Two docopt programs whose usage writes the command as a required choice of words,
  `sumy (luhn | lsa) [--length=<n>]`: each word is a command of that program, and a word or
  flag only the *other* program still has is no longer one of this one (seven misses).
- A line of an example commented out as the other way to do it (`# parser =
  PlaintextParser.from_file(...)`) makes the same claims as the line it stands beside.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PYPROJECT = """\
[project]
name = "summ"
version = "1.0"

[project.scripts]
summ = "summ.__main__:main"
summ_eval = "summ.evaluation.__main__:main"
"""

MAIN = '''\
"""Summ.

Usage:
    summ (luhn | lsa | lex-rank) [--length=<length>] [--language=<lang>] --url=<url>
    summ --help

Options:
    --length=<length>   Length of the summary.
    --language=<lang>   Natural language.
    --url=<url>         Page to summarize.
"""
from docopt import docopt


def main():
    return docopt(__doc__)
'''

EVAL = '''\
"""Summ evaluation.

Usage:
    summ_eval (luhn | lsa | lex-rank) <reference> [--length=<length>] [--language=<lang>]
    summ_eval --help

Options:
    --length=<length>   Length of the summary.
    --language=<lang>   Natural language.
"""
from docopt import docopt


def main():
    return docopt(__doc__)
'''

PARSERS = """\
class PlaintextParser:
    @classmethod
    def from_file(cls, path, tokenizer):
        return cls()

    @classmethod
    def from_string(cls, text, tokenizer):
        return cls()
"""

README = """\
# summ

    $ summ lex-rank --length=10 --url=https://example.org/a
    $ summ luhn --language=czech --url=https://example.org/b
    $ summ_eval lsa reference.txt --language=czech

```python
from summ.parsers import PlaintextParser

parser = PlaintextParser.from_string("some text", None)
# or for plain text files
# parser = PlaintextParser.from_file("document.txt", None)
```
"""

FILES = {
    "pyproject.toml": PYPROJECT,
    "summ/__init__.py": "",
    "summ/__main__.py": MAIN,
    "summ/evaluation/__init__.py": "",
    "summ/evaluation/__main__.py": EVAL,
    "summ/parsers.py": PARSERS,
    "README.md": README,
}


def test_a_command_word_only_the_other_docopt_program_keeps(tmp_path: Path) -> None:
    edits = {"summ/__main__.py": [("| lex-rank)", "| lexrank)")]}
    assert _drift_after(tmp_path, FILES, edits) == {("README.md", 3)}


def test_a_flag_only_the_other_docopt_program_keeps(tmp_path: Path) -> None:
    edits = {
        "summ/evaluation/__main__.py": [
            ("[--language=<lang>]", "[--lang=<lang>]"),
            ("    --language=<lang>   Natural", "    --lang=<lang>       Natural"),
        ]
    }
    assert _drift_after(tmp_path, FILES, edits) == {("README.md", 5)}


def test_a_commented_out_line_of_an_example_is_checked(tmp_path: Path) -> None:
    edits = {"summ/parsers.py": [("def from_file(", "def from_path(")]}
    assert _drift_after(tmp_path, FILES, edits) == {("README.md", 12)}
