"""Shapes from the blind wild batch 19 (huey, mongoengine, clize), on small repos: each false
alarm is paired with the drift beside it that must still be reported.

optparse options whose flags a helper builds (`group.add_option(abbrev, name, **kwargs)` in a
loop) are options we cannot list; a star import binds only the names of its source's
`__all__`, so it does not put a submodule over the package's own name; a function defined in
a module-level `with` block is the module's.
"""

from __future__ import annotations

import ast
from pathlib import Path

from test_verify_wild import _drift, _write

from klaro.scan.cli_argparse import Argparse

CONSUMER = """\
import optparse


def option(name, **options):
    return ("-" + name[0], "--" + name.replace("_", "-"), options)


def worker_options():
    return (
        option("workers", type="int", help="number of workers"),
        option("flush_locks", action="store_true", help="flush all locks"),
    )


def get_parser():
    parser = optparse.OptionParser("usage: brew [options] app")
    parser.add_option("--config", help="the configuration file")

    def add_group(name, options):
        group = parser.add_option_group(name)
        for abbrev, long_name, kwargs in options:
            group.add_option(abbrev, long_name, **kwargs)

    add_group("Workers", worker_options())
    return parser


def main():
    return get_parser().parse_args()
"""

CONSUMER_PAGE = """\
# brew

```console
$ brew --workers 4 --flush-locks --config brew.ini app.huey
$ brew -w 2 -f app.huey
```

Read the settings with `--confg`.
"""


def test_options_whose_flags_a_helper_builds_are_options_we_cannot_list(tmp_path: Path) -> None:
    pyproject = '[project]\nname = "brew"\nversion = "1"\n\n[project.scripts]\nbrew = "brew:main"\n'
    files = {"pyproject.toml": pyproject, "brew/__init__.py": CONSUMER, "README.md": CONSUMER_PAGE}
    assert _drift(_write(tmp_path, files)) == {("README.md", 8, "--confg")}


def test_an_optparse_option_group_belongs_to_its_parser() -> None:
    code = (
        "import optparse\n\n\ndef main():\n"
        '    parser = optparse.OptionParser()\n    group = parser.add_option_group("Logging")\n'
        '    group.add_option("-l", "--logfile")\n    return parser.parse_args()\n'
    )
    commands = Argparse("brew.py", {}).run(ast.parse(code))
    assert [[o.flags for o in c.options] for c in commands] == [[("-l", "--logfile")]]


def test_a_star_import_binds_only_the_names_of_its_sources_all(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "mongo"\nversion = "1"\n',
        "mongo/__init__.py": "from mongo import queryset\nfrom mongo.queryset import *\n",
        "mongo/queryset/__init__.py": (
            "from mongo.queryset.queryset import *\nfrom mongo.queryset.visitor import *\n\n"
            '__all__ = ("QuerySet", "Q")\n'
        ),
        "mongo/queryset/queryset.py": '__all__ = ("QuerySet",)\n\n\nclass QuerySet:\n    pass\n',
        "mongo/queryset/visitor.py": "class Q:\n    pass\n",
        "README.md": (
            "# mongo\n\nBuild a `mongo.queryset.Q` for a `mongo.queryset.QuerySet`.\n\n"
            "The `mongo.queryset.QueryCache` caches results.\n"
        ),
    }
    assert _drift(_write(tmp_path, files)) == {("README.md", 5, "mongo.queryset.QueryCache")}


def test_a_function_defined_in_a_module_level_with_block_is_the_modules(tmp_path: Path) -> None:
    code = (
        "import contextlib\nimport warnings\n\n\n@contextlib.contextmanager\ndef _quiet():\n"
        "    with warnings.catch_warnings():\n        yield\n\n\nwith _quiet():\n\n"
        '    def file(arg=None, mode="r"):\n        """Open a file."""\n        return arg\n\n\n'
        "def text(arg):\n    return arg\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "conv"\nversion = "1"\n',
        "conv/__init__.py": code,
        "README.md": "# conv\n\nUse `conv.file()` or `conv.text()`; `conv.lines()` reads lines.\n",
    }
    assert _drift(_write(tmp_path, files)) == {("README.md", 3, "conv.lines()")}
