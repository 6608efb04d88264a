"""getopt: a program's options from `getopt.getopt(argv, "hvo:", ["help", "output="])`.

Older tools parse their command line with the standard library's getopt, which knows only
the option letters and long names it is given: those literals are the program's options
(a `:` or `=` suffix means the option takes a value). No help text exists to read.
"""

from __future__ import annotations

import ast

from klaro.scan.model import CliCommand, CliOption

_CALLS = {"getopt", "gnu_getopt"}


def getopt_commands(tree: ast.Module, path: str) -> list[CliCommand]:
    """One root command per function that calls getopt with literal option specs."""
    found: list[CliCommand] = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for call in ast.walk(func):
            if not isinstance(call, ast.Call) or len(call.args) < 2:
                continue
            target = call.func
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if name not in _CALLS:
                continue
            options = _options(call)
            if options:
                found.append(
                    CliCommand(
                        name="",
                        framework="getopt",
                        path=path,
                        lineno=call.lineno,
                        function=func.name,
                        help=ast.get_docstring(func),
                        options=tuple(options),
                    )
                )
                break
    return found


def _options(call: ast.Call) -> list[CliOption]:
    options: list[CliOption] = []
    short = call.args[1]
    if isinstance(short, ast.Constant) and isinstance(short.value, str):
        letters = short.value.lstrip("+-")
        for i, letter in enumerate(letters):
            if letter == ":" or not letter.isalnum():
                continue
            valued = letters[i + 1 : i + 2] == ":"
            options.append(CliOption((f"-{letter}",), letter, is_flag=not valued))
    longs = call.args[2] if len(call.args) > 2 else None
    names: list[str] = []
    if isinstance(longs, ast.List | ast.Tuple):
        names = [
            e.value for e in longs.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        ]
    elif isinstance(longs, ast.Constant) and isinstance(longs.value, str):
        names = [longs.value]
    for long in names:
        bare = long.rstrip("=")
        if bare:
            dest = bare.replace("-", "_")
            options.append(CliOption((f"--{bare}",), dest, is_flag=not long.endswith("=")))
    return options
