"""The project's command line as its docs state it: each case a cause seen on a real package.

cruft (typer: no abbreviations; a flag in prose), vulture and yamllint (argparse; flags in
prose, rst literals and tables), sqlite-utils (option factories, `envvar=`, plugin commands),
httpie and python-dotenv (flags parsed by code no framework reader sees).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository
from klaro.verify.former import Former


def _check(root: Path, code: dict[str, str], docs: dict[str, str], script: str) -> list[str]:
    """Write a small package and its docs; return the drift findings as `file:line: ref`."""
    for path, text in {**code, **docs}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    (root / "pyproject.toml").write_text(
        f'[project]\nname = "{script}"\nversion = "1"\n'
        f'[project.scripts]\n{script} = "{script.replace("-", "_")}.cli:main"\n'
    )
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    return [f"{f.file}:{f.line}: {f.reference}" for f in report.drift]


TYPER = """import typer

app = typer.Typer()


@app.command()
def update(
    variables_to_update_file: str = typer.Option(None, "--variables-to-update-file"),
    skip: bool = typer.Option(False, "--skip"),
):
    '''Update the project.'''


@app.command()
def diff(fail_on_diff: bool = typer.Option(False, "--fail-on-diff", "-e")):
    '''Show the diff.'''
"""


def test_a_prefix_of_a_typer_option_is_not_that_option(tmp_path: Path) -> None:
    readme = (
        "# tool\n\n"
        "```bash\ntool update --variables-to-update '{\"a\": 1}'\n```\n\n"  # a prefix, not ours
        "```bash\ntool update --variables-to-update-file vars.json --skip\n```\n\n"
        "The `tool diff` command optionally accepts an `--exit-code` flag.\n\n"  # renamed
        "Tab completion: `tool --install-completion`.\n"  # typer adds it to every app
    )
    found = _check(
        tmp_path, {"tool/__init__.py": "", "tool/cli.py": TYPER}, {"README.md": readme}, "tool"
    )
    assert found == [
        "README.md:4: tool update --variables-to-update '{\"a\": 1}'",
        "README.md:11: --exit-code",
    ]


ARGPARSE = """import argparse


def main():
    parser = argparse.ArgumentParser(prog="lint")
    parser.add_argument("--ignore-names-file", help="names to ignore")
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("-f", "--format", choices=["standard", "parsable"])
    sub = argparse.ArgumentParser(prog="lint-exact", allow_abbrev=False)
    sub.add_argument("--exactly-this")
    return parser, sub
"""


def test_argparse_takes_prefixes_unless_told_not_to(tmp_path: Path) -> None:
    readme = (
        "# lint\n\n"
        "Run `lint --ignore-names x.txt` (argparse takes a unique prefix).\n\n"
        "Run `lint --exactly x` (that parser has `allow_abbrev=False`).\n"
    )
    found = _check(
        tmp_path, {"lint/__init__.py": "", "lint/cli.py": ARGPARSE}, {"README.md": readme}, "lint"
    )
    assert found == ["README.md:5: lint --exactly x"]


def test_a_flag_in_prose_tables_and_rst_literals_is_a_claim(tmp_path: Path) -> None:
    readme = (
        "# lint\n\n"
        'You can use `--ignore-decorators "@app.route"` to let lint skip routes.\n\n'
        "| option | meaning |\n|---|---|\n"
        "| `--no-warnings` | errors only |\n| `--strict` | fail |\n\n"
        "- `-o` to override the output.\n"
    )
    rst = (
        "Options\n=======\n\n"
        "If the script is invoked with the ``--no-warnings`` option, it prints errors only.\n"
        "Add the ``-f parsable`` arguments for machines.\n"
    )
    found = _check(
        tmp_path,
        {"lint/__init__.py": "", "lint/cli.py": ARGPARSE},
        {"README.md": readme, "docs/usage.rst": rst},
        "lint",
    )
    assert found == [
        'README.md:3: --ignore-decorators "@app.route"',
        "README.md:7: --no-warnings",
        "README.md:10: -o",
        "docs/usage.rst:4: --no-warnings",
    ]


def test_flags_the_text_gives_to_other_programs_or_uses_as_placeholders_are_not_claims(
    tmp_path: Path,
) -> None:
    readme = (
        "# lint\n\n"
        "```bash\nlint --strict x.py | less -R\n```\n\n"
        "The `-R` flag tells `less` to keep colours.\n\n"  # less's flag, run so above
        "Pass `--no-binary :all:` to pip to build from source.\n\n"  # named program
        "Any option can be unset with `--no-OPTION`; some `--OPTIONS` may change.\n\n"
        "Items starting with a minus (`-fieldname`) go after `--` to avoid `--arguments`.\n\n"
        "Install with `pipx install lint --include-deps`.\n\n"  # pipx's, given in a span
        "> The `--include-deps` option puts `ruff` on the path for `lint`.\n\n"
        "A pre-release needs ``--pre``:\n\n"
        "```console\n$ python3 -m pip install --pre lint\n```\n"  # pip's, run as a module
    )
    found = _check(
        tmp_path, {"lint/__init__.py": "", "lint/cli.py": ARGPARSE}, {"README.md": readme}, "lint"
    )
    assert found == []


def test_flags_parsed_by_code_no_framework_reader_sees_are_known(tmp_path: Path) -> None:
    code = {
        "lint/__init__.py": "",
        "lint/cli.py": ARGPARSE,
        # an IPython magic's arguments and a table the CLI is built from at run time
        "lint/magic.py": (
            "from IPython.core.magic_arguments import argument, magic_arguments\n\n"
            "class Magics:\n"
            "    @magic_arguments()\n"
            "    @argument('-o', '--override', action='store_true')\n"
            "    def lint(self, line):\n        pass\n"
        ),
        "lint/spec.py": "COMMANDS = {'upgrade': {'flags': ['--bind-cookies']}}\n",
    }
    readme = "# lint\n\n- `-o` to override.\n- `--bind-cookies` binds cookies.\n"
    tests = {"tests/test_cli.py": "ARGS = ['--left-in-tests']\n"}  # tests are not the product
    readme += "- `--left-in-tests` keeps the tests.\n"
    found = _check(tmp_path, {**code, **tests}, {"README.md": readme}, "lint")
    assert found == ["README.md:5: --left-in-tests"]


CLICK = """import click
import pluggy

pm = pluggy.PluginManager("db_tool")

_import_options = (
    click.option("--csv", is_flag=True, help="Input is CSV"),
    click.option("--delimiter", help="CSV delimiter"),
)


def load_extension_option(fn):
    return click.option("--load-extension", multiple=True)(fn)


def insert_options(*, require_pk=False):
    def inner(fn):
        for decorator in reversed(
            (click.argument("path"), click.option("--pk", required=require_pk))
            + _import_options
            + (
                click.option("--stop-after", type=int),
                click.option("-d", "--detect-types", is_flag=True, envvar="DB_TOOL_DETECT_TYPES"),
                load_extension_option,
            )
        ):
            fn = decorator(fn)
        return fn

    return inner


@click.group()
def cli():
    "Commands for a database."


@cli.command()
@insert_options()
def insert(path, pk, csv, delimiter, stop_after, detect_types, load_extension):
    "Insert rows."


@cli.command()
@insert_options(require_pk=True)
def upsert(path, pk, csv, delimiter, stop_after, detect_types, load_extension):
    "Upsert rows."


pm.hook.register_commands(cli=cli)
"""


def test_options_from_a_decorator_factory_and_their_envvars(tmp_path: Path) -> None:
    analysis = analyze_repository(
        _write(tmp_path, {"db_tool/__init__.py": "", "db_tool/cli.py": CLICK})
    )
    insert = next(c for c in analysis.cli if c.name == "insert")
    assert [o.flags for o in insert.options] == [
        ("path",),
        ("--pk",),
        ("--csv",),
        ("--delimiter",),
        ("--stop-after",),
        ("-d", "--detect-types"),
        ("--load-extension",),
    ]
    module = analysis.module("db_tool.cli")
    assert module is not None
    assert [(e.name, e.via) for e in module.env_vars] == [("DB_TOOL_DETECT_TYPES", "click envvar")]


def test_plugin_commands_are_unknown_and_known_commands_stay_checked(tmp_path: Path) -> None:
    cli_rst = (
        "Inserting\n=========\n\n"
        "Use ``--detect-types`` (or ``DB_TOOL_DETECT_TYPES=1``) to detect types:\n\n"
        ".. code-block:: bash\n\n"
        "    db-tool insert data.db rows.csv --csv -d --stop-after=10\n\n"
        "Foreign keys\n============\n\n"
        ".. code-block:: bash\n\n"
        "    db-tool add-foreign-key data.db rows author\n\n"  # no such command
        "    db-tool insert data.db rows.csv --stop-afterwards 3\n\n"  # no such option
        "Plugins\n=======\n\n"
        "Install a plugin to add commands:\n\n.. code-block:: bash\n\n    db-tool hello-world\n"
    )
    code = {"db_tool/__init__.py": "", "db_tool/cli.py": CLICK}
    found = _check(tmp_path, code, {"docs/cli.rst": cli_rst}, "db-tool")
    assert found == [
        "docs/cli.rst:15: db-tool add-foreign-key data.db rows author",
        "docs/cli.rst:17: db-tool insert data.db rows.csv --stop-afterwards 3",
    ]


def test_groups_extended_by_plugins_are_told_apart(tmp_path: Path) -> None:
    code = {
        "app/__init__.py": "",
        "app/loop.py": (
            "import click\nfrom importlib.metadata import entry_points\n\n"
            "@click.group()\ndef cli():\n    pass\n\n"
            "for ep in entry_points(group='app.commands'):\n    cli.add_command(ep.load())\n"
        ),
        "app/decorated.py": (
            "import click\nfrom click_plugins import with_plugins\n\n"
            "@with_plugins([])\n@click.group()\ndef main():\n    pass\n"
        ),
        "app/closed.py": (
            "import click\n\n@click.group()\ndef tool():\n    pass\n\n"
            "@click.command()\ndef run():\n    pass\n\n"
            "def register(group):\n    group.add_command(run)\n\nregister(tool)\n"
        ),
        "app/parsers.py": (
            "import argparse\nfrom importlib.metadata import entry_points\n\n"
            "def build():\n    parser = argparse.ArgumentParser(prog='open')\n"
            "    subparsers = parser.add_subparsers()\n"
            "    for ep in entry_points(group='open.commands'):\n        ep.load()(subparsers)\n"
            "    closed = argparse.ArgumentParser(prog='closed')\n"
            "    commands = closed.add_subparsers()\n    add_run(commands)\n\n"
            "def add_run(commands):\n    commands.add_parser('run')\n"
        ),
    }
    analysis = analyze_repository(_write(tmp_path, code))
    assert {(c.path, c.lineno): c.plugins for c in analysis.cli if c.name != "run"} == {
        ("app/loop.py", 5): True,
        ("app/decorated.py", 6): True,
        ("app/closed.py", 4): False,  # handed to a function of its own module: we see it all
        ("app/parsers.py", 5): True,
        ("app/parsers.py", 9): False,
    }


def test_auto_envvar_prefix_makes_prefixed_variables_the_programs(tmp_path: Path) -> None:
    def cli(call: str) -> dict[str, str]:
        return {
            "tool/__init__.py": "",
            "tool/cli.py": (
                "import click\n\n@click.command()\n@click.option('--color')\ndef main(color):\n"
                f"    pass\n\ndef run():\n    {call}\n"
            ),
        }

    readme = "# tool\n\nSet `TOOL_COLOR=red` to colour the output.\n"
    assert (
        _check(
            tmp_path / "a", cli("main(auto_envvar_prefix='TOOL')"), {"README.md": readme}, "tool"
        )
        == []
    )
    assert _check(tmp_path / "b", cli("main()"), {"README.md": readme}, "tool") == [
        "README.md:3: TOOL_COLOR=red"
    ]


def _write(root: Path, files: dict[str, str]) -> Path:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


DOCOPT_CLI = '''\
"""Naval Fate.

Usage:
  fate ship new <name>...
  fate ship <name> move <x> <y> [--speed=<kn>]
  fate mine (set|remove) <x> <y> [--moored | --drifting]
  fate -h | --help
  fate --version

Options:
  -h --help     Show this screen.
  --version     Show version.
  --speed=<kn>  Speed in knots [default: 10].
  --moored      Moored (anchored) mine.
  --drifting    Drifting mine.
"""
from docopt import docopt


def main():
    arguments = docopt(__doc__, version="Naval Fate 2.0")
    return arguments
'''


def test_a_docopt_program_is_checked_against_its_usage_text(tmp_path: Path) -> None:
    (tmp_path / "fate").mkdir()
    (tmp_path / "fate/__init__.py").write_text("")
    (tmp_path / "fate/cli.py").write_text(DOCOPT_CLI)
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "fate"\nversion = "1"\n[project.scripts]\nfate = "fate.cli:main"\n'
    )
    (tmp_path / "README.md").write_text(
        "```console\n$ fate ship Guardian move 10 50 --speed=20\n$ fate mine set 1 2 --moored\n"
        "$ fate ship Guardian move 10 50 --knots=20\n$ fate sail Guardian\n```\n"
    )
    analysis = analyze_repository(tmp_path)
    (root,) = [c for c in analysis.cli if c.name == ""]
    assert root.framework == "docopt"
    assert {f for o in root.options for f in o.flags} >= {"--speed", "--moored", "-h", "--help"}
    # `ship new <name>...`: `new` is a command of `ship`; `mine (set|remove)`: both words are
    # commands of `mine`
    assert {(c.name, c.parent) for c in analysis.cli if c.name} == {
        ("ship", None),
        ("mine", None),
        ("new", "ship"),
        ("set", "mine"),
        ("remove", "mine"),
    }
    report = check_repository(load_config(tmp_path, env={}), analysis)
    assert [(f.line, f.reference.split()[-1]) for f in report.drift] == [
        (4, "--knots=20"),
        (5, "Guardian"),
    ]


OPTION_HELPERS = '''import logging

import click
import click_log
from click_option_group import optgroup

from tool.util import tool_command


@click.group()
def cli():
    """The tool."""


@click.command()
@click.option("--add/--no-add")
@tool_command
def create(add):
    """Create a fragment."""


@click.command(context_settings=dict(ignore_unknown_options=True))
@click.argument("pip_args", nargs=-1, type=click.UNPROCESSED)
def bundle(pip_args):
    """Build a bundle; unknown flags go to pip."""


@click.command()
@optgroup.group("Server")
@optgroup.option("--host")
@click_log.simple_verbosity_option(logging.getLogger("tool"))
def serve(host):
    """Serve."""


cli.add_command(create)
cli.add_command(bundle)
cli.add_command(serve)
main = cli
'''

UTIL = '''import functools
import logging

import click
import click_log


def tool_command(func):
    """Every command logs at the verbosity given."""
    @functools.wraps(func)
    @click_log.simple_verbosity_option(logging.getLogger("tool"))
    @click.option("--config")
    def wrapped(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapped
'''


def test_options_another_package_adds_are_unknown_not_missing(tmp_path: Path) -> None:
    """scriv stacks `click_log.simple_verbosity_option` in its command helper (-v/--verbosity
    come from click-log's code), shiv passes flags it does not know on to pip, and
    click-option-group's `optgroup.option` names its flags as click does."""
    readme = (
        "# tool\n\n"
        "```bash\ntool create --verbosity DEBUG -v INFO --config x.toml --add\n"
        "tool bundle httpx -o x.pyz --quiet\n"
        "tool serve --host 0.0.0.0 --verbosity INFO\n"
        "tool list\n```\n"  # a command that is not there still fails
    )
    code = {"tool/__init__.py": "", "tool/cli.py": OPTION_HELPERS, "tool/util.py": UTIL}
    found = _check(tmp_path, code, {"README.md": readme}, "tool")
    assert found == ["README.md:7: tool list"]
    if shutil.which("git") is None:
        return
    # with history, a flag such a command took at the documented state and lost is stale
    _first_commit(tmp_path)
    renamed = OPTION_HELPERS.replace('"--add/--no-add"', '"--append/--no-append"')
    (tmp_path / "tool/cli.py").write_text(renamed)
    analysis = analyze_repository(tmp_path)
    former = Former(tmp_path, analysis)
    report = check_repository(load_config(tmp_path, env={}), analysis, former=former)
    assert [f"{f.line}: {f.reference}" for f in report.drift] == [
        "4: tool create --verbosity DEBUG -v INFO --config x.toml --add",
        "7: tool list",
    ]


def test_a_flag_given_to_another_program_in_a_span_is_theirs_even_near_ours(
    tmp_path: Path,
) -> None:
    """bump-my-version: "don't forget to `git-push` with the `--tags` flag", beside its own
    `--tag`; the same flag said of the project's program is drift."""
    code = (
        "import click\n\n\n@click.command()\n@click.option('--tag/--no-tag')\n"
        "def main(tag):\n    '''Bump.'''\n"
    )
    readme = (
        "# bump\n\n"
        "Don't forget to `git-push` with the `--tags` flag when you are done.\n\n"
        "Give `bump` the `--tags` flag to tag.\n"
    )
    found = _check(
        tmp_path, {"bump/__init__.py": "", "bump/cli.py": code}, {"README.md": readme}, "bump"
    )
    assert found == ["README.md:5: --tags"]


PROGRAM = '''"""The command line, on mando."""
from mando import Program

program = Program(version="1.0")


@program.command
@program.arg("paths", nargs="+")
def cc(paths, min="A", show_complexity=False, total_average=False):
    """Compute the complexity.

    :param paths: The paths to analyze.
    :param -n, --min <str>: The minimum rank to show.
    :param -s, --show-complexity: Show the score.
    :param --total-average: Average every block.
    """


@program.command("hal")
def halstead(paths, functions=False):
    """Halstead metrics; `functions` is an option named after its parameter."""
'''

ENTRY = '''

def main():
    """The entry point the script names: it runs the program."""
    program()
'''


def test_commands_of_a_program_object_come_from_its_functions(tmp_path: Path) -> None:
    """radon's CLI is mando's: `@program.command` functions are sub-commands, options come
    from parameters and the flags a docstring declares; the script's `main` runs it."""
    readme = (
        "# tool\n\n"
        "```bash\ntool cc -n B --show-complexity --total-average src\n"
        "tool hal --functions src\n"
        "tool cc --min-rank B src\n"  # not an option
        "tool raw src\n```\n"  # not a command
    )
    code = {"tool/__init__.py": "", "tool/cli.py": PROGRAM + ENTRY}
    found = _check(tmp_path, code, {"README.md": readme}, "tool")
    assert found == ["README.md:6: tool cc --min-rank B src", "README.md:7: tool raw src"]


OPTION_OBJECTS = '''from tool.parser import Argument


def core_args():
    """The options every run takes, as invoke declares them."""
    return [
        Argument(names=("list-depth", "D"), kind=int, help="Depth of the task list."),
        Argument(names=("write-pyc",), kind=bool, default=False, help="Write .pyc files."),
    ]
'''


def test_options_declared_as_parser_objects_are_the_programs(tmp_path: Path) -> None:
    """invoke's own parser: `Argument(names=("list-depth", "D"))` is `--list-depth`/`-D`. Its
    grammar is not read: a task (`build`) takes flags of its own, in a command line or prose,
    so an unknown flag is drift only when it is close to one of the program's."""
    readme = (
        "# tool\n\n"
        "Run `tool -D 2 build --progress-bar` or `tool --write-pyc build`; `--progress-bar`\n"
        "is the task's flag, and `--list-dept` is a typo.\n"
    )
    code = {"tool/__init__.py": "", "tool/parser.py": "class Argument: ...\n"}
    code["tool/program.py"] = OPTION_OBJECTS
    found = _check(tmp_path, code, {"README.md": readme}, "tool")
    assert found == ["README.md:4: --list-dept"]


def test_flags_a_sentence_gives_to_another_program_in_a_span(tmp_path: Path) -> None:
    """thefuck's rules list: "adds `-A` to `ls` when output is empty"; `ls` and `ag` are also
    words elsewhere, so only a span names them; django is named in a word."""
    code = "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n"
    code += "    p.add_argument('--yeah', action='store_true')\n    p.parse_args()\n"
    readme = (
        "# fix\n\n"
        "* `ls_all` adds `-A` to `ls` when output is empty;\n"
        "* `ag_literal` adds `-Q` to `ag` when suggested;\n"
        "* `django_south_merge` adds `--merge` to an inconsistent django migration;\n"
        "* give `--yes` to `fix` to skip the prompt.\n"
    )
    found = _check(
        tmp_path, {"fix/__init__.py": "", "fix/cli.py": code}, {"README.md": readme}, "fix"
    )
    assert found == ["README.md:6: --yes"]


FIRE = '''import fire


class Calculator:
    """A calculator."""

    def __init__(self, precision=2):
        self.precision = precision

    def add_all(self, numbers, round_to=None):
        """Add numbers."""

    def _private(self):
        pass


def main():
    fire.Fire(Calculator)
'''

CLIZE = '''from clize import run


def serve(root, *, port=8000, dry_run=False):
    """Serve the site."""


def build(root, out_dir="site"):
    """Build the site."""


def main():
    run(serve, build)
'''


@pytest.mark.parametrize(
    ("code", "readme", "expected"),
    [
        (
            FIRE,
            "```bash\ncalc add_all 1 2 --round-to 1\ncalc --precision 3 add-all 1\n"
            "calc add_all 1 --round 1\ncalc add-all 2\ncalc subtract 1\n```\n",
            ["README.md:4: calc add_all 1 --round 1", "README.md:6: calc subtract 1"],
        ),
        (
            CLIZE,
            "```bash\nsite serve . --port 80 --dry-run\nsite build . --out-dir x\n"
            "site build . --out_dir x\nsite deploy .\n```\n",
            ["README.md:4: site build . --out_dir x", "README.md:5: site deploy ."],
        ),
    ],
)
def test_functions_a_library_makes_into_commands(
    tmp_path: Path, code: str, readme: str, expected: list[str]
) -> None:
    """python-fire makes a class's public methods commands and every parameter a flag (as
    written or with dashes); clize makes several functions sub-commands (dashed), their
    keyword parameters options."""
    script = "calc" if "fire" in code else "site"
    files = {f"{script}/__init__.py": "", f"{script}/cli.py": code}
    found = _check(tmp_path, files, {"README.md": readme}, script)
    assert found == expected


def test_flag_spellings_and_a_program_named_the_sentence_before(tmp_path: Path) -> None:
    """nox's README writes `nox -l/--list` for one flag's two spellings; its cookbook says
    "we run ``uv sync`` ... Other useful flags might include ``--locked``"."""
    code = (
        "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n"
        "    p.add_argument('-l', '--list', action='store_true')\n"
        "    p.add_argument('-s', '--session')\n    p.parse_args()\n"
    )
    readme = (
        "# tidy\n\n"
        "```bash\ntidy -l/--list\ntidy -s/--session test\ntidy -l/--lst\n```\n\n"
        "Here we run ``uv sync`` in the environment. Other useful flags include ``--locked``.\n"
        "Run the tests. Other useful flags include ``--locked``.\n"
    )
    files = {"tidy/__init__.py": "", "tidy/cli.py": code}
    found = _check(tmp_path, files, {"README.md": readme}, "tidy")
    assert found == ["README.md:6: tidy -l/--lst", "README.md:10: --locked"]


def test_flags_given_to_your_program_in_a_librarys_docs(tmp_path: Path) -> None:
    """python-fire's README: `command -- --interactive` runs a program built with Fire, so
    its flags are the library's own parser's."""
    code = (
        "import argparse\n\n\ndef create_parser():\n    p = argparse.ArgumentParser()\n"
        "    p.add_argument('--interactive', '-i', action='store_true')\n    return p\n"
    )
    readme = "# lib\n\nUse `command -- --interactive` or `command -- --repl`.\n"
    found = _check(
        tmp_path, {"lib/__init__.py": "", "lib/cli.py": code}, {"README.md": readme}, "lib"
    )
    assert found == ["README.md:3: command -- --repl"]


def test_a_parser_handed_to_another_packages_function_takes_flags_we_cannot_name(
    tmp_path: Path,
) -> None:
    """duty's parsers go through failprint's `add_flags(parser)`, which adds `--nofail`,
    `-Zc` and more: unknown flags of that program are not judged; its own still are."""
    code = (
        "import argparse\n\nfrom failprint import add_flags\n\n\ndef main():\n"
        "    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--list', action='store_true')\n"
        "    add_flags(parser, set_defaults=False)\n    parser.parse_args()\n"
    )
    readme = "# run\n\n```bash\nrun --nofail -Zc\nrun --list\n```\n"
    found = _check(
        tmp_path, {"run/__init__.py": "", "run/cli.py": code}, {"README.md": readme}, "run"
    )
    assert found == []
    plain = code.replace("    add_flags(parser, set_defaults=False)\n", "")
    found = _check(tmp_path, {"run/cli.py": plain}, {"README.md": readme}, "run")
    assert found == ["README.md:4: run --nofail -Zc"]
