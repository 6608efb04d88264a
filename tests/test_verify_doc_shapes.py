"""Documents and projects shaped as real ones are: what the check must read, and leave alone.

reStructuredText literal blocks inside list items, toctree entries written with their suffix,
bare e-mail link targets, links to Sphinx object anchors and to pages the docs build makes;
optparse command lines, single-command scripts taking words as arguments, scripts that read
`sys.argv` by hand, setup.py's `dict(console_scripts=...)`, environment variable names kept
in class attributes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from klaro.cli import main


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _findings(root: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    main(["check", str(root), "--no-cache", "-q", "--no-history"])
    out = capsys.readouterr().out
    return [x for x in out.splitlines() if ": unresolved: " in x or ": dead-link: " in x]


CODE = """\
import os


def install(level=None, fmt=None):
    return level


class Cron:
    ROOT = "PKG_ROOT"

    def root(self):
        return os.environ.get(self.ROOT, "/")
"""

RST = """\
Pkg
===

1. The easy way is to pass a format to `pkg.install()`::

    pkg.install(fmt="%(message)s")

   Then run it. Write to peter@example.com_ or read the `install docs`_.

Set ``PKG_ROOT`` to move the spool. See `the API <api.html>`_ and the build's
`copy <_build/README.txt>`_.

.. _peter@example.com: peter@example.com
.. _install docs: https://pkg.readthedocs.io/en/latest/api.html#pkg.install

.. toctree::
   api.rst
"""


def test_rst_shapes_are_read_and_true_ones_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _write(
        tmp_path / "r",
        {
            "pyproject.toml": '[project]\nname = "pkg"\nversion = "1"\n',
            "pkg/__init__.py": CODE,
            "docs/index.rst": RST,
            "docs/api.rst": "API\n===\n",
            "docs/conf.py": "project = 'pkg'\n",
        },
    )
    assert _findings(root, capsys) == []
    code = (root / "pkg/__init__.py").read_text()
    (root / "pkg/__init__.py").write_text(code.replace("def install(", "def setup("))
    found = _findings(root, capsys)
    # the default-role span, the literal block inside the list item, the Sphinx anchor
    assert [f.split(":")[1] for f in found] == ["4", "6", "14"], found


OPTPARSE = """\
from optparse import OptionParser


def main():
    parser = OptionParser(usage="%prog [options] [text..]")
    parser.add_option("-f", "--font", default="standard")
    parser.add_option("-w", "--width", type="int", default=80)
    return parser.parse_args()


def compare_with_figlet(font, text):
    return ("figlet", "-d", "fonts", "-x", font, text)
"""


def test_optparse_options_and_other_programs_argv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = "# Fig\n\nUse `-f` to change the font and `-w` for the width; `-x` centres.\n"
    root = _write(
        tmp_path / "r",
        {
            "pyproject.toml": '[project]\nname = "fig"\nversion = "1"\n'
            '[project.scripts]\nfig = "fig:main"\n',
            "fig/__init__.py": OPTPARSE,
            "README.md": readme,
        },
    )
    found = _findings(root, capsys)
    # `-x` is only in figlet's argv, a program the code runs: not an option of ours
    assert len(found) == 1 and "`-x` is not an option" in found[0], found


def test_setup_py_dict_entry_points_and_single_command_scripts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = (
        "import click\n\n\n@click.command()\n@click.option('-o', '--output')\n"
        "@click.argument('packages', nargs=-1)\ndef main(output, packages):\n    pass\n"
    )
    hand = "import sys\n\n\ndef main():\n    return sys.argv[1:]\n"
    readme = (
        "# Pack\n\n```console\n$ pack -o boto.pyz boto\n$ pack-run awesometool --help\n"
        "$ pack --outptu x.pyz\n```\n"
    )
    setup = (
        "from setuptools import setup\n\nsetup(name='pack', entry_points=dict(console_scripts=["
        "'pack = pack.cli:main', 'pack-run = pack.run:main']))\n"
    )
    root = _write(
        tmp_path / "r",
        {
            "setup.py": setup,
            "pack/__init__.py": "",
            "pack/cli.py": cli,
            "pack/run.py": hand,
            "README.md": readme,
        },
    )
    found = _findings(root, capsys)
    # `boto` is an argument of a single command; `pack-run` parses its own argv
    assert len(found) == 1 and found[0].startswith("README.md:6:"), found
    assert "`--outptu` is not an option of `pack`" in found[0]


def test_pasted_help_text_is_read_as_the_program_prints_it() -> None:
    from klaro.verify.helptext import help_commands

    argparse_error = [
        "usage: tool run [-h] [--no-cache] [--python PYTHON]",
        "                app ...",
        "tool run: error: ambiguous option: --py could match --pypackages, --python",
    ]
    assert [c for _, c, _ in help_commands(argparse_error)] == [
        "tool run", "tool run -h", "tool run --no-cache", "tool run --python",
    ]  # fmt: skip
    click = [
        "Usage: tool [OPTIONS] COMMAND [ARGS]...",
        "",
        "Options:",
        "  -v, --verbose  Say more.",
        "  --help         Show this message and exit.",
        "",
        "Commands:",
        "  build  Build the thing.",
        "         continued description",
    ]
    assert [(n, c) for n, c, _ in help_commands(click)] == [
        (0, "tool"), (3, "tool -v"), (3, "tool --verbose"), (4, "tool --help"), (7, "tool build"),
    ]  # fmt: skip
    assert help_commands(["no usage here", "  --flag  text"]) == []


UTILS = '''\
import os


def envwrap(prefix, types=None):
    """Override a function's defaults from `prefix + name` environment variables."""
    overrides = {k[len(prefix):].lower(): v for k, v in os.environ.items() if k.startswith(prefix)}

    def wrap(func):
        func.__kwdefaults__ = overrides
        return func

    return wrap
'''


def test_variables_read_by_a_prefix_helper_and_a_package_named_like_its_class(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    core = (
        "from .utils import envwrap\n\n\nclass tick:\n"
        '    @envwrap("TICK_")\n    def __init__(self, position=0):\n'
        "        self.position = position\n"
    )
    readme = (
        "# tick\n\n```python\nfrom tick import tick\n```\n\n"
        "Set ``export TICK_POSITION=1``; see ``tick.contrib`` for more.\n"
    )
    root = _write(
        tmp_path / "r",
        {
            "pyproject.toml": '[project]\nname = "tick"\nversion = "1"\n',
            "tick/__init__.py": "from .core import tick\n",
            "tick/core.py": core,
            "tick/utils.py": UTILS,
            "tick/contrib.py": "",
            "README.md": readme,
        },
    )
    assert _findings(root, capsys) == []  # `tick.contrib` is the package's module
    (root / "tick/core.py").write_text(core.replace('"TICK_"', '"TICK_DEFAULT_"'))
    found = _findings(root, capsys)
    assert len(found) == 1 and "`TICK_POSITION` is not an environment variable" in found[0]


def test_star_imports_of_a_dependency_annotated_shared_options_and_relative_doc_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = (
        "from typing import Callable\n\nimport click\n\n"
        'dirty_option: Callable = click.option("--allow-dirty", envvar="TOOL_ALLOW_DIRTY")\n'
    )
    cli = (
        "import click\n\nfrom tool import cli_options\n\n\n@click.command()\n"
        "@cli_options.dirty_option\ndef main(allow_dirty):\n    pass\n"
    )
    root = _write(
        tmp_path / "r",
        {
            "pyproject.toml": '[project]\nname = "tool"\nversion = "1"\n'
            '[project.scripts]\ntool = "tool.cli:main"\n',
            "tool/__init__.py": "",
            "tool/fields.py": "from marshmallow.fields import *  # noqa: F403\n",
            "tool/cli_options.py": options,
            "tool/cli.py": cli,
            "docs/conf.py": "",
            "docs/user/essay.rst": "Essay\n=====\n",
            "docs/user/guide/index.rst": (
                "Guide\n=====\n\nUse ``tool.fields.Str`` and ``tool --allow-dirty`` "
                "(or ``TOOL_ALLOW_DIRTY=1``); read :doc:`../essay`.\n"
            ),
        },
    )
    # a field of marshmallow's, an option and its variable defined in another module, and a
    # `:doc:` target relative to the page's folder
    assert _findings(root, capsys) == []


def test_a_dotted_key_the_code_spells_is_not_a_python_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = (
        "import subprocess\n\n\ndef git_config(name):\n"
        '    return subprocess.run(["git", "config", name], capture_output=True).stdout\n\n\n'
        'def adding():\n    return git_config("notes.create.add")\n'
    )
    readme = "Set ``notes.create.add`` to true; call ``notes.adding()`` and ``notes.adds()``.\n"
    root = _write(
        tmp_path / "r",
        {
            "pyproject.toml": '[project]\nname = "notes"\nversion = "1"\n',
            "notes/__init__.py": code,
            "README.md": readme,
        },
    )
    found = _findings(root, capsys)
    assert len(found) == 1 and "notes.adds" in found[0], found
