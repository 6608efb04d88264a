"""Shapes from the blind drift round 24 (num2words), on small repos.

A program installed as it is (setup.py's `scripts=["bin/num2words"]`) is a file without a
`.py` suffix whose first line runs Python: it is read as Python, its docopt options are the
program's, and a README's command line naming an option it dropped is drift. A typo that
glues the prompt to the command (`$num2words 2.14`) still shows a command among prompts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository
from klaro.scan.files import language_of

SCRIPT = '''\
#!/usr/bin/env python
"""num2words: convert numbers into words.

Usage:
    num2words [options] <number>
    num2words --help

Options:
    -l --lang=<lang>        Output language [default: en].
    -t --to=<to>            Output converter [default: cardinal].
    -h --help               Show this message.
"""
from docopt import docopt

from num2words import num2words


def main():
    args = docopt(__doc__)
    print(num2words(args["<number>"], lang=args["--lang"], to=args["--to"]))


if __name__ == "__main__":
    main()
'''

SETUP = """\
from setuptools import setup

NAME = "num2words"
setup(name=NAME, packages=["num2words"], scripts=["bin/num2words"])
"""

README = """\
num2words
=========

Command line::

    $ num2words 10001
    ten thousand and one
    $ num2words 24,120.10 -l es
    veinticuatro mil ciento veinte punto uno
    $num2words 2.14 -l es --to currency
    dos euros con catorce centimos
"""


def _repo(root: Path, script: str, packaging: dict[str, str]) -> Path:
    return _write(
        root,
        {
            **packaging,
            "num2words/__init__.py": "def num2words(number, lang='en', to='cardinal'):\n"
            "    return str(number)\n",
            "bin/num2words": script,
            "README.rst": README,
        },
    )


@pytest.mark.parametrize(
    "packaging",
    [
        {"setup.py": SETUP},
        # powerline's: what either branch of a conditional lists may be installed
        {"setup.py": SETUP.replace('["bin/num2words"]', '[] + (["bin/num2words"] if X else [])')},
        {"setup.cfg": "[metadata]\nname = num2words\n\n[options]\nscripts =\n    bin/num2words\n"},
        {
            "pyproject.toml": '[project]\nname = "num2words"\nversion = "1"\n\n'
            '[tool.setuptools]\nscript-files = ["bin/num2words"]\n'
        },
    ],
    ids=["setup.py", "setup.py-conditional", "setup.cfg", "pyproject.toml"],
)
def test_an_installed_script_without_suffix_is_the_programs_cli(
    tmp_path: Path, packaging: dict[str, str]
) -> None:
    root = _repo(tmp_path / "n2w", SCRIPT, packaging)
    analysis = analyze_repository(root)
    assert analysis.metadata.script_files == ("bin/num2words",)
    script = next(m for m in analysis.modules if m.path == "bin/num2words")
    # never imported, so never named like the package it sits beside
    assert (script.name, script.role) == ("_script_num2words", "script")
    assert {f for c in analysis.cli for o in c.options for f in o.flags} >= {"--to", "-l"}
    assert _drift(root) == set()  # every command line is true


def test_an_option_the_script_dropped_is_drift_on_every_line_naming_it(tmp_path: Path) -> None:
    renamed = SCRIPT.replace("-t --to=<to>     ", "-t --converter=<to>").replace(
        'args["--to"]', 'args["--converter"]'
    )
    root = _repo(tmp_path / "n2w", renamed.replace("-l --lang", "--lang"), {"setup.py": SETUP})
    assert _drift(root) == {
        ("README.rst", 8, "num2words 24,120.10 -l es"),
        # the prompt glued to the command by a typo: still a command among prompted lines
        ("README.rst", 10, "num2words 2.14 -l es --to currency"),
    }


@pytest.mark.parametrize(
    ("head", "language"),
    [
        (b"#!/usr/bin/env python\n", "python"),
        (b"#!/usr/bin/python3.11 -u\n", "python"),
        (b"#!/usr/bin/env -S python3 -X dev\n", "python"),
        (b"#!/bin/sh\nexec foo\n", "shell"),
        (b"#!/usr/bin/env bash\n", "shell"),
        (b"#!/usr/bin/env node\n", "other"),
        (b"import os\n", "other"),  # no `#!` line: nothing says Python
    ],
)
def test_a_file_without_suffix_is_named_by_its_interpreter(head: bytes, language: str) -> None:
    assert language_of("bin/tool", head) == language
    assert language_of("bin/tool.txt", head) == "text"  # a suffix decides


def test_a_python_shebang_helper_outside_the_metadata_is_a_script_not_the_program(
    tmp_path: Path,
) -> None:
    root = _write(
        tmp_path / "proj",
        {
            "pyproject.toml": '[project]\nname = "proj"\nversion = "1"\n',
            "proj/__init__.py": "def run(fast=False):\n    return fast\n",
            "tools/release": "#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n",
            "README.md": "# proj\n\nCall `proj.run(fast=True)` or `proj.run(quick=True)`.\n",
        },
    )
    analysis = analyze_repository(root)
    assert ("tools/release", "example") in {(m.path, m.role) for m in analysis.modules}
    assert analysis.metadata.script_files == ()
    assert _drift(root) == {("README.md", 3, "proj.run(quick=True)")}


def test_an_edited_script_without_suffix_makes_the_last_commit_the_documented_state(
    tmp_path: Path,
) -> None:
    from test_repair import _git

    from klaro.verify.former import Former

    root = _repo(tmp_path / "n2w", SCRIPT, {"setup.py": SETUP})
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "base"]):
        _git(root, *args)
    script = root / "bin/num2words"
    renamed = SCRIPT.replace("-t --to=<to>     ", "-t --kind=<to>   ")
    script.write_text(renamed.replace('args["--to"]', 'args["--kind"]'), encoding="utf-8")
    # only the script is edited: still the code, so the commit is what the docs describe
    former = Former(root, analyze_repository(root))
    assert former.option("--to") is not None
