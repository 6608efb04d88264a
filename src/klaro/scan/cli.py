"""Extract command-line surfaces (argparse, click, typer, getopt, docopt, functions run by
fire/clize/defopt/argh/plac, program objects such as mando's) from a module's AST.

These are facts a README states most often (`--verbose`, `mytool serve`), so the verifier
needs them exactly as a user would type them: flags, sub-command names, defaults, help.
The frameworks live in `cli_argparse` and `cli_decorated`; this module picks which apply.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from klaro.scan.cli_argparse import Argparse
from klaro.scan.cli_decorated import (
    CLICK_MODULES,
    click_objects,
    decorated_commands,
    shared_click_options,
)
from klaro.scan.cli_dispatch import dispatch_table
from klaro.scan.cli_docopt import docopt_commands
from klaro.scan.cli_functions import FUNCTION_CLI_MODULES, function_commands
from klaro.scan.cli_getopt import getopt_commands
from klaro.scan.cli_program import option_objects, program_commands
from klaro.scan.model import CliCommand, CliOption


def extract(
    tree: ast.Module, path: str, module: str, constants: dict[str, str]
) -> tuple[list[CliCommand], list[tuple[str, CliOption]]]:
    """Return the commands declared in one module, in source order, and its shared options.

    Shared options are module-level click option decorators (`verbose = click.option(...)`)
    that commands here or in other modules apply as `@verbose` / `@options.verbose`.
    """
    frameworks = _imported_frameworks(tree)
    commands: list[CliCommand] = []
    shared: list[tuple[str, CliOption]] = []
    if "argparse" in frameworks or not frameworks - {"getopt", "docopt", *FUNCTION_CLI_MODULES}:
        # parsers are often handed to helpers (`def register(subparsers)`) in modules that
        # never import argparse themselves
        parsers = Argparse(path, constants, module)
        commands += _dispatched(parsers.run(tree), tree, path)
        shared += parsers.helper_options()
    if frameworks & CLICK_MODULES:
        decorators = shared_click_options(tree, module)
        shared += decorators
        by_name: dict[str, list[CliOption]] = {}
        for name, option in decorators:
            by_name.setdefault(name, []).append(option)
        commands += decorated_commands(tree, path, module, frameworks, by_name)
        commands += click_objects(tree, path)
    elif "typer" in frameworks:
        commands += decorated_commands(tree, path, module, frameworks, {})
    if "getopt" in frameworks and not commands:
        commands += getopt_commands(tree, path)
    if "docopt" in frameworks and not commands:
        commands += docopt_commands(tree, path, constants)
    if frameworks & FUNCTION_CLI_MODULES and not commands:
        commands += function_commands(tree, path, module)
    if not commands:
        commands += program_commands(tree, path, module) or option_objects(tree, path)
    return sorted(commands, key=lambda c: (c.lineno, c.name)), shared


def _dispatched(commands: list[CliCommand], tree: ast.Module, path: str) -> list[CliCommand]:
    """Name the parsers of functions a table dispatches command words to (`mprof rm`): each
    is the program's sub-command of that word (see `cli_dispatch`)."""
    table = dispatch_table(tree) if len(commands) > 1 else {}
    named = [
        replace(c, name=table[c.function], parent="")
        if c.function in table and not c.name and c.parent is None
        else c
        for c in commands
    ]
    # a word whose function builds no parser (pew's `install_cmd(argv)` hands argv to
    # another program) is a command all the same, with options we cannot read
    parsed = {c.function for c in named}
    return named + [
        CliCommand(
            name=table[node.name],
            framework="argparse",
            path=path,
            lineno=node.lineno,
            function=node.name,
            options=(CliOption((), "arguments it reads itself", hidden=True, unnamed=True),),
            parent="",
        )
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name in table and node.name not in parsed
    ]


def _imported_frameworks(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & (
        {"argparse", "typer", "getopt", "docopt"} | CLICK_MODULES | FUNCTION_CLI_MODULES
    )
