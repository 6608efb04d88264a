"""Shapes from the blind drift round 78 (kagglehub, face-recognition, cram, jinja-cli), each
a change that makes a page stale, on a small repo whose last commit is the documented state:

- a variable set in the package's `_test.py` module (cram's code that runs a test, not a test);
- runs written after root's prompt (`# jinja -d {data} -o {output} {template}`), and an
  option's choices under `type=str`;
- a script installed as a file (`scripts=['scripts/cram']`) renamed, under `$ cram -h` in a
  plain block;
- another program's flag in a sentence (``ssh`` with ``-n``) once the project drops its own;
- a module constant named in a span of an example's comment.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after


def _lines(found: set[tuple[str, int]]) -> set[int]:
    return {line for _, line in found}


RUNNER = """\
import os
import subprocess


def run(path, shell="/bin/sh"):
    env = os.environ.copy()
    env["TESTSHELL"] = shell
    return subprocess.run([shell, path], env=env)
"""

RUNNER_README = """\
Cramx
=====

Cram provides the following environment variables to tests:

* ``TESTSHELL``, set to the shell the test runs in.
"""


def test_a_variable_the_private_test_module_reads(tmp_path: Path) -> None:
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='cramx', packages=['cramx'])\n",
        "cramx/__init__.py": "",
        "cramx/_test.py": RUNNER,
        "README.rst": RUNNER_README,
    }
    found = _drift_after(tmp_path, files, {"cramx/_test.py": [("TESTSHELL", "TEST_SHELL")]})
    assert _lines(found) == {6}


JINJA_MAIN = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="jinjax")
    parser.add_argument("-d", "--data")
    parser.add_argument("-o", "--output")
    parser.add_argument("-u", "--undefined", type=str, choices=["", "chainable", "strict"])
    parser.add_argument("template", nargs="?")
    return parser.parse_args()
"""

JINJA_README = """\
# jinjax

to output to a file:

    # jinjax -d {data} -o {output} {template}

to chain undefined variables:

    # jinjax -u chainable {template}
"""

JINJA_SETUP = """\
[project]
name = "jinjax"
version = "1"

[project.scripts]
jinjax = "jinjax.__main__:main"
"""


def test_runs_after_roots_prompt(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": JINJA_SETUP,
        "jinjax/__init__.py": "",
        "jinjax/__main__.py": JINJA_MAIN,
        "README.md": JINJA_README,
    }
    changes = {
        "jinjax/__main__.py": [
            ('    parser.add_argument("-o", "--output")\n', ""),
            ('"chainable"', '"chain"'),
        ]
    }
    assert _lines(_drift_after(tmp_path, files, changes)) == {5, 9}


CRAM_MAIN = """\
import optparse
import sys


def main(args):
    parser = optparse.OptionParser(usage="cramy [OPTIONS] TESTS...", prog="cramy")
    parser.add_option("-n", "--no", action="store_true")
    parser.add_option("-q", "--quiet", action="store_true")
    return parser.parse_args(args)
"""

CRAM_README = """\
Cramy
=====

A test of its own::

    The shell runs each line.

      $ cramy -q tests

If you invoke ``ssh`` in a test, try adding the ``-n`` option to keep ``stdin``.
Answer no to all questions with ``cramy -n``.
"""


def test_a_script_file_renamed_and_another_programs_flag(tmp_path: Path) -> None:
    files = {
        "setup.py": (
            "from setuptools import setup\n"
            "setup(name='cramy', packages=['cramy'], scripts=['scripts/cramy'])\n"
        ),
        "cramy/__init__.py": "",
        "cramy/main.py": CRAM_MAIN,
        "scripts/cramy": "#!/usr/bin/env python\nimport sys\nfrom cramy.main import main\n"
        "main(sys.argv[1:])\n",
        "README.rst": CRAM_README,
    }
    gone = {"cramy/main.py": [('    parser.add_option("-n", "--no", action="store_true")\n', "")]}
    assert _lines(_drift_after(tmp_path / "a", files, gone)) == {11}
    renamed = {"setup.py": [("scripts/cramy", "scripts/cramytest")]}
    found = _drift_after(tmp_path / "b", files, renamed)
    assert _lines(found) == {8, 11}


MODELS = """\
DEFAULT_IGNORE_PATTERNS = [".git/", "*/.git/"]


def model_upload(handle, path, ignore_patterns=None):
    return handle, path, ignore_patterns
"""

KAGGLE_README = """\
# kagglex

```python
import kagglex

# Ignored too: the patterns in `kagglex.models.DEFAULT_IGNORE_PATTERNS`
kagglex.model_upload("me/model", "./model", ignore_patterns=["*.tmp"])
```
"""


def test_a_constant_named_in_an_examples_comment(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "kagglex"\nversion = "1"\n',
        "kagglex/__init__.py": "from kagglex.models import model_upload\n",
        "kagglex/models.py": MODELS,
        "README.md": KAGGLE_README,
    }
    changes = {"kagglex/models.py": [("DEFAULT_IGNORE_PATTERNS", "MODEL_IGNORE_PATTERNS")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {6}


RECOGNIZE = """\
import click


@click.command()
@click.option("--show-distance", default=False, type=bool)
@click.argument("known")
@click.argument("unknown")
def main(known, unknown, show_distance):
    print(known, unknown, show_distance)
"""

RECOGNIZE_README = """\
# facex

    $ facex --show-distance true ./known/ ./unknown/
"""


def test_an_option_that_became_a_flag_given_a_value(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "facex"\nversion = "1"\n\n'
        '[project.scripts]\nfacex = "facex.cli:main"\n',
        "facex/__init__.py": "",
        "facex/cli.py": RECOGNIZE,
        "README.md": RECOGNIZE_README,
    }
    changes = {"facex/cli.py": [("default=False, type=bool", "is_flag=True")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {3}
