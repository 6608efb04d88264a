"""Command lines and environment variables of real tools, checked against their source by hand.

Each package uses a different framework or layout: black (click, one big `main`), pip-tools
(click options declared once in `scripts/options.py` and reused), twine (argparse helpers and
a custom `env=` action), fastapi-cli (typer with `Annotated`), pipdeptree (argparse groups).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.scan.analyze import analyze_repository
from klaro.scan.model import Analysis, CliCommand, CliOption

pytestmark = pytest.mark.realworld
Sdist = Callable[[str, str], Path]


def _command(analysis: Analysis, function: str) -> CliCommand:
    return next(c for c in analysis.cli if (c.function or "").endswith(function))


def _options(command: CliCommand) -> dict[str, CliOption]:
    return {flag: o for o in command.options for flag in o.flags}


def test_black_click_main(sdist: Sdist) -> None:
    analysis = analyze_repository(sdist("black", "24.8.0"))
    scripts = {e.name: e.target for e in analysis.metadata.console_scripts}
    assert scripts == {"black": "black:patched_main", "blackd": "blackd:patched_main [d]"}
    main = _command(analysis, "black.main")
    assert (main.framework, main.help) == ("click", "The uncompromising code formatter.")
    options = _options(main)
    assert main.options[0].flags == ("-c", "--code")
    line_length = options["--line-length"]
    assert (line_length.flags, line_length.help) == (
        ("-l", "--line-length"),
        "How many characters per line to allow.",
    )
    color = options["--color"]  # "--color/--no-color": click names it after the first part
    assert (color.flags, color.dest, color.is_flag) == (("--color", "--no-color"), "color", True)
    assert options["--fast"].flags == ("--fast", "--safe") and options["--check"].is_flag
    assert options["--workers"].default is None  # `default=None` is no default
    magics = options["--python-cell-magics"].help or ""  # an f-string, read as text
    assert magics.startswith("When processing Jupyter Notebooks, add the given magic")
    src = options["src"]
    assert src.positional and not src.required  # nargs=-1: no file is fine
    blackd = _command(analysis, "blackd.main")
    assert _options(blackd)["--bind-port"].default == "45484"
    env = {e.name for e in analysis.env_vars}
    assert {"BLACK_CACHE_DIR", "BLACK_NUM_WORKERS", "XDG_CONFIG_HOME"} <= env
    # black's top-level `scripts/` (release helpers) is not the tool's command line
    assert not any(c.path.startswith("scripts/") for c in analysis.cli)


def test_pip_tools_options_reused_from_another_module(sdist: Sdist) -> None:
    analysis = analyze_repository(sdist("pip-tools", "7.4.1"))
    scripts = {e.name: e.target for e in analysis.metadata.console_scripts}
    assert scripts == {
        "pip-compile": "piptools.scripts.compile:cli",
        "pip-sync": "piptools.scripts.sync:cli",
    }
    compile_ = next(c for c in analysis.cli if c.name == "pip-compile")
    assert compile_.path == "piptools/scripts/compile.py"
    assert compile_.help and compile_.help.startswith("Compiles requirements.txt")
    # decorator order: @options.version, @options.color, @options.verbose, ...
    assert [o.flags for o in compile_.options[:4]] == [
        ("--version",),
        ("--color", "--no-color"),
        ("-v", "--verbose"),
        ("-q", "--quiet"),
    ]
    options = _options(compile_)
    assert len(compile_.options) == 44  # 45 decorators, one is @click.pass_context
    assert options["--verbose"].is_flag and options["--verbose"].help == "Show more output"
    upgrade = options["--upgrade"]
    assert (upgrade.flags, upgrade.default) == (("-U", "--upgrade", "--no-upgrade"), "False")
    assert options["--upgrade-package"].dest == "upgrade_packages"
    assert options["--index-url"].help == "Change index URL (defaults to {index_url})"
    assert (options["--cache-dir"].envvar, options["--resolver"].envvar) == (
        "PIP_TOOLS_CACHE_DIR",
        "PIP_TOOLS_RESOLVER",
    )
    assert options["--resolver"].default == "backtracking"
    assert options["src_files"].positional and not options["src_files"].required
    sync = next(c for c in analysis.cli if c.name == "pip-sync")
    assert {"--ask", "--force", "--python-executable", "--user"} <= set(_options(sync))
    env = {(e.name, e.via) for e in analysis.env_vars}
    assert ("PIP_TOOLS_CACHE_DIR", "click envvar") in env
    assert ("CUSTOM_COMPILE_COMMAND", "os.environ") in env


def test_twine_argparse_helpers_and_env_action(sdist: Sdist) -> None:
    analysis = analyze_repository(sdist("twine", "5.1.1"))
    assert [(e.name, e.target) for e in analysis.metadata.console_scripts] == [
        ("twine", "twine.__main__:main")
    ]
    dispatch = _command(analysis, "dispatch")
    assert [o.flags for o in dispatch.options] == [
        ("--version",),
        ("--no-color",),
        ("command",),
        ("args",),
    ]
    command, rest = dispatch.options[2:]
    assert command.required and not rest.required and rest.help is None  # SUPPRESS, REMAINDER
    settings = next(c for c in analysis.cli if c.path == "twine/settings.py")
    options = _options(settings)
    assert (options["--repository"].envvar, options["--repository"].default) == (
        "TWINE_REPOSITORY",
        "pypi",
    )
    assert options["-u"].envvar == "TWINE_USERNAME" and options["-p"].dest == "password"
    assert options["--repository-url"].default is None
    assert options["--skip-existing"].is_flag and options["--sign-with"].default == "gpg"
    check = next(c for c in analysis.cli if c.path == "twine/commands/check.py")
    assert [o.flags for o in check.options] == [("dists",), ("--strict",)]
    assert check.options[0].required  # nargs="+"
    env = {e.name for e in analysis.env_vars}
    assert {"TWINE_USERNAME", "TWINE_PASSWORD", "TWINE_REPOSITORY_URL", "TWINE_CERT"} <= env


def test_fastapi_cli_typer_annotated(sdist: Sdist) -> None:
    analysis = analyze_repository(sdist("fastapi-cli", "0.0.5"))
    assert [(e.name, e.target) for e in analysis.metadata.console_scripts] == [
        ("fastapi", "fastapi_cli.cli:main")
    ]
    names = [c.name for c in analysis.cli if c.framework == "typer"]
    assert names == ["", "dev", "run"]
    root = analysis.cli[0]
    (version,) = root.options
    assert (version.flags, version.is_flag) == (("--version",), True)  # Union[bool, None]
    dev = _options(_command(analysis, "cli.dev"))
    run = _options(_command(analysis, "cli.run"))
    assert (dev["--host"].default, run["--host"].default) == ("127.0.0.1", "0.0.0.0")
    assert (dev["--reload"].default, run["--reload"].default) == ("True", "False")
    assert dev["--reload"].flags == ("--reload", "--no-reload")
    assert dev["--port"].default == "8000" and dev["--root-path"].default == ""
    assert "--workers" in run and "--workers" not in dev
    path = dev["path"]
    assert path.positional and not path.required
    assert (path.help or "").startswith("A path to a Python file or package directory")


def test_pipdeptree_argparse_groups(sdist: Sdist) -> None:
    analysis = analyze_repository(sdist("pipdeptree", "2.23.1"))
    parser = _command(analysis, "build_parser")
    assert parser.help == "Dependency tree of the installed python packages"
    options = _options(parser)
    assert len(parser.options) == 17  # across argument groups and exclusive groups
    assert options["--warn"].default == "suppress"
    assert options["--encoding"].dest == "encoding_type"
    assert options["--graph-output"].dest == "output_format"
    assert options["-l"].is_flag and options["--json-tree"].is_flag
    assert not options["--python"].is_flag and options["--python"].default == "sys.executable"
    env = {e.name for e in analysis.env_vars}
    assert {"VIRTUAL_ENV", "CONDA_PREFIX"} <= env
