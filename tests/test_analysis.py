"""The analysis states facts about code exactly: pinned by a golden file and direct checks."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from golden import assert_golden
from klaro.scan.analyze import analyze_repository
from klaro.scan.layout import module_name_for
from klaro.scan.model import Analysis, Function, Module
from klaro.scan.python import analyze_source

GOLDENS = Path(__file__).parent / "data" / "goldens"


@pytest.fixture
def shapes(sample_repo: Callable[[str], Path]) -> Analysis:
    return analyze_repository(sample_repo("analysis_lib"))


def _module(analysis: Analysis, name: str) -> Module:
    module = analysis.module(name)
    assert module is not None, f"module {name} not analysed"
    return module


def _function(module: Module, qualname: str) -> Function:
    for func in module.functions:
        if func.qualname == qualname:
            return func
    for cls in module.classes:
        for meth in cls.methods:
            if meth.qualname == qualname:
                return meth
    raise AssertionError(f"{qualname} not found in {module.name}")


def test_golden_json(shapes: Analysis, update_goldens: bool) -> None:
    data = shapes.to_dict()
    data["root"] = "<root>"
    text = json.dumps(data, indent=2) + "\n"
    assert_golden(text, GOLDENS / "analysis_lib.json", update_goldens)


def test_package_metadata_with_version_from_code(shapes: Analysis) -> None:
    meta = shapes.metadata
    assert (meta.name, meta.version, meta.requires_python) == ("shapes-kit", "1.4.0", ">=3.10")
    assert meta.license == "MIT"
    assert meta.dependencies == ("click>=8.0",)
    assert meta.optional_dependencies == (("plot", ("matplotlib>=3.5",)),)
    assert [(e.name, e.target) for e in meta.console_scripts] == [
        ("shapes", "shapes.cli:main"),
        ("shapes-click", "shapes.clickcli:cli"),
    ]


def test_signatures_render_as_in_source(shapes: Analysis) -> None:
    core = _module(shapes, "shapes.core")
    area_of = _function(core, "area_of")
    assert area_of.signature == (
        "(shape: Shape, *extra: Shape, rounding: int | None = None, **options: object) -> float"
    )
    assert _function(core, "Circle.from_diameter").signature == (
        "(d: float, /, precise: bool = True) -> Circle"
    )
    assert _function(core, "Shape.describe").signature == "(self, *, precise: bool = False) -> str"
    assert _function(core, "fetch_shape").is_async


def test_method_kinds_and_property_setter_collapsed(shapes: Analysis) -> None:
    circle = next(c for c in _module(shapes, "shapes.core").classes if c.name == "Circle")
    kinds = {m.name: m.kind for m in circle.methods}
    assert kinds == {
        "area": "method",
        "diameter": "property",
        "unit": "classmethod",
        "from_diameter": "staticmethod",
    }
    assert circle.bases == ("Shape",)
    assert circle.decorators == ("dataclass(frozen=True)",)
    assert [a.name for a in circle.attributes] == ["radius"]
    assert circle.docstring is not None and "Args:" in circle.docstring


def test_public_surface_follows_all_and_underscores(shapes: Analysis) -> None:
    package = _module(shapes, "shapes")
    assert package.public_names() == ("Circle", "Shape", "area_of", "scale")
    assert not _module(shapes, "shapes._private").is_public
    assert _module(shapes, "test_core").role == "test"
    core = _module(shapes, "shapes.core")
    assert [c.name for c in core.constants] == ["DEFAULT_PRECISION", "UNITS"]
    assert core.constants[0].annotation == "int"


def test_environment_variables_of_shipped_code_only(shapes: Analysis) -> None:
    found = {(e.name, e.default, e.via) for e in shapes.env_vars}
    assert found == {
        ("SHAPES_HOME", "'~/.shapes'", "os.environ"),  # through the HOME_VAR constant
        ("SHAPES_DEBUG", "'0'", "os.getenv"),
        ("SHAPES_NO_COLOR", None, "os.environ"),
        ("SHAPES_COLOR", None, "click envvar"),
    }
    assert "TEST_ONLY_VAR" not in {e.name for e in shapes.env_vars}


def test_cli_surface_argparse_and_click(shapes: Analysis) -> None:
    commands = {(c.framework, c.name): c for c in shapes.cli}
    root = commands[("argparse", "")]
    assert root.options[0].flags == ("-v", "--verbose") and root.options[0].is_flag
    area = commands[("argparse", "area")]
    assert [o.flags for o in area.options] == [("radius",), ("--precision", "-p")]
    assert area.options[0].positional and area.options[1].default == "3"
    assert area.help == "print the area of a circle"
    draw = commands[("click", "draw")]
    assert draw.parent == "cli" and draw.help == "Draw a shape."
    assert [o.flags for o in draw.options] == [
        ("name",),
        ("--size", "-s"),
        ("--fill", "--no-fill"),
        ("--color",),
    ]
    assert commands[("click", "cli")].options[0].flags == ("--version",)


def test_syntax_error_is_reported_and_run_goes_on(shapes: Analysis) -> None:
    assert [(e.path, e.lineno) for e in shapes.errors] == [("src/shapes/broken.py", 1)]
    assert "syntax error" in shapes.errors[0].message
    assert shapes.module("shapes.core") is not None


def test_relative_imports_are_made_absolute() -> None:
    module = analyze_source(
        "from . import a\nfrom ..b import c as d\nimport x.y\n",
        "pkg/sub/mod.py",
        "pkg.sub.mod",
        is_package=False,
    )
    assert [(i.module, i.name, i.alias) for i in module.imports] == [
        ("pkg.sub", "a", "a"),
        ("pkg.b", "c", "d"),
        ("x.y", None, "x"),
    ]


def test_guarded_bindings_are_module_names_but_a_main_block_only_imports() -> None:
    """try/except and if blocks bind module names; `if __name__ == "__main__":` runs only as a
    script, so its imports are still edges of the code graph but its assignments are not names."""
    source = """\
try:
    from fast import Error
except ImportError:
    Error = OSError
if __name__ == "__main__":
    from pkg.cli import main
    RESULT = main()
"""
    module = analyze_source(source, "pkg/run.py", "pkg.run", is_package=False)
    assert [v.name for v in module.constants] == ["Error"]
    assert [(i.module, i.name) for i in module.imports] == [("fast", "Error"), ("pkg.cli", "main")]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("src/pkg/mod.py", "pkg.mod"),
        ("src/pkg/__init__.py", "pkg"),
        ("pkg/sub/mod.py", "pkg.sub.mod"),
        ("tests/test_x.py", "test_x"),
        ("setup.py", "setup"),
        ("src/nspkg/inner/mod.py", "nspkg.inner.mod"),
    ],
)
def test_module_names(path: str, expected: str) -> None:
    dirs = frozenset({"src/pkg", "pkg", "pkg/sub", "src/nspkg/inner"})
    assert module_name_for(path, dirs) == expected


def test_typer_commands_and_options() -> None:
    source = '''
import typer
from typing import Annotated

app = typer.Typer()


@app.command()
def hello_world(name: str, count: int = 1, formal: bool = False,
                city: Annotated[str, typer.Option("--town", "-t", help="where")] = "Paris"):
    """Say hello."""
'''
    module = analyze_source(source, "app.py", "app", is_package=False)
    (command,) = module.cli
    assert (command.framework, command.name, command.help) == ("typer", "hello-world", "Say hello.")
    assert [o.flags for o in command.options] == [
        ("name",),
        ("--count",),
        ("--formal", "--no-formal"),
        ("--town", "-t"),
    ]


def test_typer_options_through_a_modules_annotated_aliases() -> None:
    source = """
import typer
from typing import Annotated, TypeAlias

app = typer.Typer()
Verbose = Annotated[bool, typer.Option("--verbose", "-v", help="Say more.")]
Output: TypeAlias = Annotated[str, typer.Option("--output", "-o")]


@app.command()
def build(name: str, verbose: Verbose = False, out: Output = "x"):
    pass
"""
    module = analyze_source(source, "app.py", "app", is_package=False)
    (command,) = module.cli
    name, verbose, out = command.options
    assert (verbose.flags, verbose.is_flag, verbose.help) == (
        ("--verbose", "-v"),
        True,
        "Say more.",
    )
    assert (out.flags, out.is_flag, name.positional) == (("--output", "-o"), False, True)


def test_cache_reuses_unchanged_files_and_rereads_changed(
    sample_repo: Callable[[str], Path], tmp_path: Path
) -> None:
    root = sample_repo("analysis_lib")
    cache = tmp_path / "cache"
    first = analyze_repository(root, cache_dir=cache)
    assert list(cache.iterdir()), "cache file written"
    core = root / "src/shapes/core.py"
    core.write_text(core.read_text().replace("def scale(", "def rescale("))
    second = analyze_repository(root, cache_dir=cache)
    names = {f.name for f in _module(second, "shapes.core").functions}
    assert "rescale" in names and "scale" not in names
    assert _module(second, "shapes.cli") == _module(first, "shapes.cli")


def test_planted_cache_in_repository_is_never_read(sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo("analysis_lib")
    planted = root / ".klaro" / "cache"
    planted.mkdir(parents=True)
    (planted / "analysis.pickle").write_bytes(b"not a pickle")
    analysis = analyze_repository(root)
    assert not any(f.path.startswith(".klaro/") for f in analysis.files)


def test_subcommands_declared_in_other_modules_join_their_program(tmp_path: Path) -> None:
    pkg = tmp_path / "tool"
    (pkg / "commands").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "commands" / "__init__.py").write_text("")
    (pkg / "cli.py").write_text(
        "import argparse\nfrom tool.commands import run\n\n\ndef main():\n"
        "    parser = argparse.ArgumentParser(prog='tool')\n"
        "    subparsers = parser.add_subparsers()\n"
        "    for command in (run,):\n        command.register(subparsers)\n"
    )
    (pkg / "commands" / "run.py").write_text(
        "def register(subparsers):\n"
        "    parser = subparsers.add_parser('run', help='run it')\n"
        "    parser.add_argument('--fast', action='store_true')\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "tool"\nversion = "1"\n[project.scripts]\ntool = "tool.cli:main"\n'
    )
    analysis = analyze_repository(tmp_path)
    run = next(c for c in analysis.cli if c.name == "run")
    assert run.parent == "" and run.options[0].flags == ("--fast",)
    root = next(c for c in analysis.cli if c.name == "" and c.path == "tool/cli.py")
    assert root.has_subcommands


def test_environment_read_through_an_injected_mapping_and_prefixes() -> None:
    source = """
import os
from collections.abc import Mapping

TOKEN_VAR = "APP_TOKEN"


def load(env: Mapping[str, str] = os.environ) -> dict:
    settings = {"token": env.get(TOKEN_VAR), "home": env["APP_HOME"]}
    settings["lower"] = env.get("not_an_env_var")  # lower-case keys are plain dict use
    for key in ("level", "port"):
        settings[key] = env.get("APP_" + key.upper())
    return settings
"""
    module = analyze_source(source, "app/config.py", "app.config", is_package=False)
    assert [(e.name, e.via) for e in module.env_vars] == [
        ("APP_HOME", "os.environ"),  # same line: ordered by name
        ("APP_TOKEN", "os.environ"),  # through the module constant
        ("APP_*", "prefix"),
    ]


def test_prefix_strings_outside_environment_code_are_not_env_vars() -> None:
    source = 'def code(n):\n    return "ERR_" + str(n)\n'
    module = analyze_source(source, "app/errors.py", "app.errors", is_package=False)
    assert module.env_vars == ()


def _cli(source: str, path: str = "tool/cli.py") -> Module:
    return analyze_source(source, path, path[:-3].replace("/", "."), is_package=False)


def test_click_option_variables_reused_in_the_same_module() -> None:
    module = _cli(
        "import click\n"
        "verbose = click.option('-v', '--verbose', count=True, help='More output')\n"
        "cache = click.option('--cache-dir', envvar='TOOL_CACHE', default=None)\n"
        "@click.command()\n@verbose\n@cache\n@click.pass_context\n"
        "def cli(ctx, verbose, cache_dir):\n"
        "    pass\n"
    )
    (command,) = module.cli
    assert [(o.flags, o.is_flag, o.help) for o in command.options] == [
        (("-v", "--verbose"), True, "More output"),
        (("--cache-dir",), False, None),
    ]
    assert command.options[1].envvar == "TOOL_CACHE" and command.options[1].default is None
    assert [(e.name, e.via) for e in module.env_vars] == [("TOOL_CACHE", "click envvar")]


def test_click_options_from_helper_decorators_and_option_lists() -> None:
    module = _cli(
        "import click\n"
        "common = [click.option('--color/--no-color', help='Colour output'),\n"
        "          click.option('--limit', default=10)]\n"
        "def add_options(options):\n"
        "    def wrap(func):\n"
        "        for option in reversed(options):\n"
        "            func = option(func)\n"
        "        return func\n"
        "    return wrap\n"
        "def quiet_option(func):\n"
        "    func = click.option('-q', '--quiet', is_flag=True, help='Less output')(func)\n"
        "    return func\n"
        "@click.group()\n@click.version_option()\ndef cli():\n    pass\n"
        "@cli.command()\n@add_options(common)\n@quiet_option\ndef run(color, limit, quiet):\n"
        "    pass\n"
    )
    root, run = module.cli
    assert [(o.flags, o.help) for o in root.options] == [
        (("--version",), "Show the version and exit.")
    ]
    assert [o.flags for o in run.options] == [
        ("--color", "--no-color"),
        ("--limit",),
        ("-q", "--quiet"),
    ]


def test_click_options_from_another_module_are_resolved(tmp_path: Path) -> None:
    pkg = tmp_path / "tool" / "scripts"
    pkg.mkdir(parents=True)
    (tmp_path / "tool" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "options.py").write_text(
        "import click\nquiet = click.option('-q', '--quiet', is_flag=True)\n"
        "files = click.argument('files', nargs=-1)\n"
    )
    (pkg / "run.py").write_text(
        "import click\nfrom . import options\nfrom .options import files\n\n"
        "@click.command(name='tool-run')\n@options.quiet\n@click.option('--fast', is_flag=True)\n"
        "@files\ndef cli(quiet, fast, files):\n    '''Run it.'''\n"
    )
    analysis = analyze_repository(tmp_path)
    # `tool/scripts/` is a package inside the package: shipped code, not an example
    (command,) = analysis.cli
    assert command.name == "tool-run" and command.option_refs == ()
    assert [o.flags for o in command.options] == [("-q", "--quiet"), ("--fast",), ("files",)]
    assert not command.options[2].required  # nargs=-1 accepts none


def test_click_name_from_first_long_flag_and_none_default() -> None:
    module = _cli(
        "import click\n@click.command()\n"
        "@click.option('--color/--no-color', default=None, help=f'Colour {MODE}.')\n"
        "@click.option('-W', '--workers', default=None, help='Count (%s)' % 'x')\n"
        "def main(color, workers):\n    pass\n"
    )
    color, workers = module.cli[0].options
    assert (color.dest, color.flags, color.default, color.help) == (
        "color",
        ("--color", "--no-color"),
        None,
        "Colour {MODE}.",
    )
    assert (workers.dest, workers.default, workers.help) == ("workers", None, "Count (%s)")


def test_argparse_env_keyword_positional_nargs_and_hidden_help() -> None:
    module = _cli(
        "import argparse\nfrom . import utils\n"
        "def main():\n    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('-u', '--username', action=utils.EnvironmentDefault,\n"
        "                        env='TOOL_USERNAME', help='User. (Also %(env)s.)')\n"
        "    parser.add_argument('dists', nargs='+')\n"
        "    parser.add_argument('rest', nargs=argparse.REMAINDER, help=argparse.SUPPRESS)\n"
        "    parser.add_argument('path', nargs='?', help=describe('path'))\n"
    )
    user, dists, rest, path = module.cli[0].options
    assert user.envvar == "TOOL_USERNAME" and user.help == "User. (Also %(env)s.)"
    assert [e.name for e in module.env_vars] == ["TOOL_USERNAME"]
    assert (dists.required, rest.required, path.required) == (True, False, False)
    assert rest.help is None and path.help is None  # hidden, and computed at run time


def test_typer_annotated_defaults_and_optional_bool_flags() -> None:
    module = _cli(
        "import typer\nfrom typing import Annotated, Union\napp = typer.Typer()\n"
        "@app.command()\n"
        "def serve(path: Annotated[Union[str, None], typer.Argument(help='Where')] = None,\n"
        "          *, host: Annotated[str, typer.Option(help='Host')] = '127.0.0.1',\n"
        "          reload: Annotated[bool, typer.Option()] = True,\n"
        "          version: Annotated[Union[bool, None], typer.Option('--version')] = None,\n"
        "          name: Annotated[str, typer.Option()],\n"
        "          level: int = typer.Option(3, '--level', '-l')):\n"
        "    pass\n"
    )
    path, host, reload, version, name, level = module.cli[0].options
    assert (path.positional, path.required, path.help) == (True, False, "Where")
    assert (host.flags, host.default, host.help) == (("--host",), "127.0.0.1", "Host")
    assert (reload.flags, reload.default, reload.is_flag) == (
        ("--reload", "--no-reload"),
        "True",
        True,
    )
    assert (version.flags, version.is_flag) == (("--version",), True)
    assert name.required and name.default is None
    assert (level.flags, level.default) == (("--level", "-l"), "3")


def test_top_level_scripts_folder_is_not_package_api() -> None:
    from klaro.scan.layout import module_role

    dirs = frozenset({"tool", "tool/scripts", "scripts"})
    assert module_role("tool/scripts/run.py", dirs) == "package"
    assert module_role("scripts/release.py", dirs) == "example"
    assert module_role("examples/demo/app.py", frozenset({"examples/demo"})) == "example"


def test_options_added_by_a_helper_function_join_each_parser_it_is_given(tmp_path: Path) -> None:
    pkg = tmp_path / "tool"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "common.py").write_text(
        "def add_common(parser):\n"
        "    parser.add_argument('path', nargs='?', default='.')\n"
        "    parser.add_argument('-q', '--quiet', action='store_true')\n"
    )
    (pkg / "cli.py").write_text(
        "import argparse\nfrom tool.common import add_common\n\n\ndef main():\n"
        "    parser = argparse.ArgumentParser()\n"
        "    sub = parser.add_subparsers()\n"
        "    run = sub.add_parser('run')\n"
        "    run.add_argument('--fast', action='store_true')\n"
        "    add_common(run)\n"
        "    show = sub.add_parser('show')\n"
        "    add_common(show)\n"
        "    show.add_argument('--all', action='store_true')\n"
        "    return parser.parse_args()\n"
    )
    analysis = analyze_repository(tmp_path)
    commands = {c.name: c for c in analysis.cli if c.path == "tool/cli.py"}
    assert [o.flags for o in commands["run"].options] == [("--fast",), ("path",), ("-q", "--quiet")]
    assert [o.flags for o in commands["show"].options] == [("path",), ("-q", "--quiet"), ("--all",)]
    assert not commands["show"].options[0].required  # nargs="?"
    assert commands[""].options == ()  # parse_args() is the parser's own method, not a helper


def test_getopt_programs_list_their_options() -> None:
    module = _cli(
        "import getopt, sys\n"
        "def main():\n"
        "    '''Convert files.'''\n"
        "    opts, args = getopt.getopt(sys.argv[1:], 'hvo:', ['help', 'output=', 'dry-run'])\n"
    )
    (command,) = module.cli
    assert command.framework == "getopt" and command.function == "main"
    assert [(o.flags, o.is_flag) for o in command.options] == [
        (("-h",), True),
        (("-v",), True),
        (("-o",), False),
        (("--help",), True),
        (("--output",), False),
        (("--dry-run",), True),
    ]
