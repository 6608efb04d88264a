"""Options an argparse parser adds from a literal table of rows, documented as a reST option
list (the blind drift round 124's dirsync).

dirsync declares `options = (('verbose', (('-v',), dict(action='store_true'))), ...)` and
its parser runs `for opt, args in options: self.add_argument('--' + opt, *args[0],
**args[1])`; its README lists them as a docutils option list (`--purge, -p   Purge files`),
no markup, no code block. The scan reads one option a row (the loop's names replaced by the
row's literals); the option list's flags are options of the program the page runs above it,
checked as the rows of a pasted `--help` are. A table it cannot read keeps the parser's
options open (no finding on them); a bullet list is no option list.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_verify_round25_shapes import _drift_after
from test_verify_wild import _write

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.scan.model import CliOption
from klaro.verify.check import check_repository

SETUP = (
    "from setuptools import setup\n"
    "setup(name='mirror', packages=['mirror'],\n"
    "      entry_points={'console_scripts': ['mirror = mirror.run:main']})\n"
)
RUN = """\
from .options import ArgParser


def main():
    print(vars(ArgParser().parse_args()))
"""
OPTIONS = """\
from argparse import ArgumentParser

options = (
    ('verbose', (('-v',), dict(action='store_true', default=False, help='Talk more'))),
    ('purge', (('-p',), dict(action='store_true', help='Purge files'))),
    ('twoway', (('-2',), dict(action='store_true', help='Both ways'))),
    ('ctime', ((), dict(action='store_true', help='Creation times'))),
    ('ignore', (('-x',), dict(action='store', nargs='+', default=[], help='Patterns'))),
)


class ArgParser(ArgumentParser):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_argument('sourcedir', action='store', help='Source directory')
        for opt, args in options:
            self.add_argument('--' + opt, *args[0], **args[1])
"""
README = """\
mirror
======

From the command line::

   mirror <sourcedir> [options]

Options
-------

--verbose, -v           Provide verbose output
--purge, -p             Purge files when synchronizing (does not purge by
                        default)
--twoway, -2            Update files in source directory from target
                        directory
--ctime                 Also takes into account creation times
--ignore, -x patterns   Regex patterns to ignore
"""
FILES = {
    "setup.py": SETUP,
    "mirror/__init__.py": "",
    "mirror/run.py": RUN,
    "mirror/options.py": OPTIONS,
    "README.rst": README,
}


def _line(text: str, page: str = README) -> int:
    """The 1-based line of the page that starts with `text`."""
    return next(n for n, line in enumerate(page.splitlines(), 1) if line.startswith(text))


def test_a_renamed_table_entry_is_stale_in_the_option_list(tmp_path: Path) -> None:
    renamed = [("    ('purge', (('-p',)", "    ('prune', (('-p',)")]
    found = _drift_after(tmp_path / "mirror", FILES, {"mirror/options.py": renamed})
    assert found == {("README.rst", _line("--purge, -p"))}


@pytest.mark.parametrize(
    ("old", "new", "row"),
    [
        ("    ('twoway', (('-2',),", "    ('twoway', ((),", "--twoway, -2"),
        ("    ('ignore', (('-x',),", "    ('ignore', ((),", "--ignore, -x"),
    ],
)
def test_a_removed_short_flag_is_stale_in_the_option_list(
    tmp_path: Path, old: str, new: str, row: str
) -> None:
    found = _drift_after(tmp_path / "mirror", FILES, {"mirror/options.py": [(old, new)]})
    assert found == {("README.rst", _line(row))}


def test_an_unchanged_option_list_is_read_and_true(tmp_path: Path) -> None:
    root = _write(tmp_path / "mirror", FILES)
    analysis = analyze_repository(root)
    report = check_repository(load_config(root, env={}), analysis)
    assert not report.drift
    # every option the table gives is read, and the page documents each of them
    assert report.coverage["cli_options"] == {"documented": 5, "total": 5}
    (command,) = [c for m in analysis.modules for c in m.cli]
    ignore = next(o for o in command.options if "--ignore" in o.flags)
    assert ignore.flags == ("--ignore", "-x") and not ignore.is_flag and ignore.values == 0
    assert "--help" not in {f for o in command.options for f in o.flags}  # argparse's own


# a second table, whose flags take a prefix the environment gives at run time
UNREAD = OPTIONS.replace(
    "from argparse import ArgumentParser\n",
    "import os\nfrom argparse import ArgumentParser\n\n"
    "PREFIX = os.environ.get('MIRROR_PREFIX', 'x-')\n"
    "extra = (('follow', (('-L',), dict(action='store_true'))),)\n",
) + (
    "        for opt, args in extra:\n"
    "            self.add_argument('--' + PREFIX + opt, *args[0], **args[1])\n"
)
UNREAD_README = (
    README
    + """\
--x-follow, -L          Follow links (the prefix is the environment's)
"""
)


def test_a_table_the_scan_cannot_read_leaves_its_options_open(tmp_path: Path) -> None:
    # the second loop's flags are built from a value the code computes at run time: no
    # finding on its row, while the first table's renamed flag is found
    files = {**FILES, "mirror/options.py": UNREAD, "README.rst": UNREAD_README}
    renamed = [("    ('ctime', ((),", "    ('mtime', ((),")]
    found = _drift_after(tmp_path / "mirror", files, {"mirror/options.py": renamed})
    assert found == {("README.rst", _line("--ctime", UNREAD_README))}


BULLETS = """\
Other programs' flags it relies on:

- -j  make's number of jobs
- -k  curl's insecure mode
"""


def test_a_bullet_list_is_no_option_list(tmp_path: Path) -> None:
    page = README + "\n" + BULLETS
    files = {**FILES, "README.rst": page}
    renamed = [("    ('verbose', (('-v',)", "    ('loud', (('-v',)")]
    found = _drift_after(tmp_path / "mirror", files, {"mirror/options.py": renamed})
    assert found == {("README.rst", _line("--verbose, -v", page))}


def _options(root: Path) -> tuple[CliOption, ...]:
    """The options of the one program the repository's code declares."""
    (command,) = [c for m in analyze_repository(root).modules for c in m.cli]
    return command.options


def _parser(body: str) -> str:
    return f"import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n{body}"


@pytest.mark.parametrize(
    ("body", "flags"),
    [
        # a row's flags and keywords spread (`for opt in TABLE`), a table of the function's
        (
            "    TABLE = [(('-q', '--quiet'), {'action': 'store_true'}), (('--out',), {})]\n"
            "    for opt in TABLE:\n        parser.add_argument(*opt[0], **opt[1])\n",
            {("-q", "--quiet"), ("--out",)},
        ),
        # an f-string, `%` and `.format` of the loop's names
        (
            "    TABLE = (('quiet', 'q'), ('out', 'o'))\n    for name, short in TABLE:\n"
            "        parser.add_argument(f'--{name}', '-%s' % short)\n",
            {("--quiet", "-q"), ("--out", "-o")},
        ),
        (
            "    TABLE = (('quiet', 'q'), ('out', 'o'))\n    for name, short in TABLE:\n"
            "        parser.add_argument('--{}'.format(name), '-' + short)\n",
            {("--quiet", "-q"), ("--out", "-o")},
        ),
    ],
)
def test_the_shapes_of_a_table_of_rows_are_read(
    tmp_path: Path, body: str, flags: set[tuple[str, ...]]
) -> None:
    root = _write(tmp_path / "tool", {"tool.py": _parser(body)})
    assert {o.flags for o in _options(root)} == flags


def test_a_class_table_read_through_self_is_spread(tmp_path: Path) -> None:
    code = (
        "import argparse\n\n\n"
        "class Parser(argparse.ArgumentParser):\n"
        "    OPTIONS = (('dry_run', {'action': 'store_true'}),)\n\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        for name, spec in self.OPTIONS:\n"
        "            self.add_argument('--' + name.replace('_', '-'), **spec)\n"
    )
    root = _write(tmp_path / "tool", {"tool.py": code})
    assert [(o.flags, o.dest, o.is_flag) for o in _options(root)] == [
        (("--dry-run",), "dry_run", True)
    ]


# a table read as written, beside each loop that is not
READ = (
    "    GOOD = (('loud',),)\n    for (name,) in GOOD:\n        parser.add_argument('--' + name)\n"
)


@pytest.mark.parametrize(
    "loop",
    [
        # rows of another shape (a string row among tuples): no row is guessed
        "    TABLE = [('quiet', 'q'), 'out']\n    for row in TABLE:\n"
        "        parser.add_argument('--' + row[0])\n",
        # a row the body may skip
        "    TABLE = (('quiet',), ('out',))\n    for (name,) in TABLE:\n"
        "        if name == 'out':\n            continue\n"
        "        parser.add_argument('--' + name)\n",
        # a table changed after it is written
        "    TABLE = [('quiet',)]\n    TABLE.append(('out',))\n    for (name,) in TABLE:\n"
        "        parser.add_argument('--' + name)\n",
        # a row's name built by a call the scan does not make
        "    TABLE = (('quiet',), ('out',))\n    for (name,) in TABLE:\n"
        "        parser.add_argument('--' + name.upper())\n",
    ],
)
def test_a_table_not_read_as_written_stays_computed(tmp_path: Path, loop: str) -> None:
    root = _write(tmp_path / "tool", {"tool.py": _parser(READ + loop)})
    options = _options(root)
    assert {o.flags for o in options if o.flags} == {("--loud",)}
    assert any(o.unnamed and o.dest == "computed option names" for o in options)


ANOTHERS = """\
mirror
======

Install it::

   pip install mirror

Options
-------

--verbose, -v           Provide verbose output
--purge, -p             Purge files when synchronizing

Debian packages are built by setuptools' command::

   python setup.py bdist_deb

--with-python3          Build a Python 3 package
--sign-results          Sign the results
"""


def test_an_option_list_under_another_programs_line_is_that_programs(tmp_path: Path) -> None:
    # the lists follow `pip` and `python setup.py` lines: a flag none of the project's
    # parsers takes is theirs, while one the program took at the documented state and
    # dropped is stale as a sentence's would be
    files = {**FILES, "README.rst": ANOTHERS}
    renamed = [("    ('purge', (('-p',)", "    ('prune', (('-p',)")]
    found = _drift_after(tmp_path / "mirror", files, {"mirror/options.py": renamed})
    assert found == {("README.rst", _line("--purge, -p", ANOTHERS))}
