"""Functions made into a command line by a library that reads their signatures.

python-fire (`fire.Fire(Calculator)`), clize (`run(serve, build)`), defopt
(`defopt.run([serve, build])`), argh (`argh.dispatch_commands([serve, build])`) and plac
(`plac.call(main)`) build the parser at run time from Python signatures, so the signatures
are the command line: one function is the program's own command (its parameters are
options), several are sub-commands by their names, and a class given to fire makes its
public methods the sub-commands. Each library writes a parameter `dry_run` as `--dry-run`;
fire and argh also take `--dry_run`. Nothing is imported or run.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from klaro.scan.cli_ast import dotted, first_paragraph
from klaro.scan.model import CliCommand, CliOption

# library -> the calls that run a command line from functions
_RUNNERS = {
    "fire": {"Fire"},
    "clize": {"run"},
    "defopt": {"run"},
    "argh": {"dispatch_commands", "dispatch_command", "dispatch"},
    "plac": {"call"},
}
FUNCTION_CLI_MODULES = frozenset(_RUNNERS)


def function_commands(tree: ast.Module, path: str, module: str) -> list[CliCommand]:
    """The commands a runner call in this module makes of functions (and, for fire, of a
    class's methods) defined here."""
    runners = _runner_names(tree)
    if not runners:
        return []
    defs = {
        n.name: n
        for n in tree.body
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    out: list[CliCommand] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or dotted(node.func) not in runners or not node.args:
            continue
        library = runners[dotted(node.func)]
        targets = _targets(node.args[0], defs)
        if len(node.args) > 1 and library == "clize":  # `run(serve, build)`
            targets += [t for a in node.args[1:] for t in _targets(a, defs)]
        out += _commands(targets, library, path, module, node.lineno)
    return out


def _runner_names(tree: ast.Module) -> dict[str, str]:
    """How this module calls the runners (`fire.Fire`, `Fire`, `clize.run`), by library."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):  # also `def main(): import fire` (randomname)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in _RUNNERS:
                    bound = alias.asname or alias.name
                    found.update({f"{bound}.{call}": alias.name for call in _RUNNERS[alias.name]})
        elif isinstance(node, ast.ImportFrom) and node.module in _RUNNERS and node.level == 0:
            for alias in node.names:
                if alias.name in _RUNNERS[node.module]:
                    found[alias.asname or alias.name] = node.module
    return found


def _targets(arg: ast.expr, defs: Mapping[str, ast.stmt]) -> list[tuple[str, ast.stmt]]:
    """(name, definition) pairs a runner's argument gives: a function or class, a list or
    tuple of them, or a dict of names to them."""
    if isinstance(arg, ast.Name) and arg.id in defs:
        return [(arg.id, defs[arg.id])]
    if isinstance(arg, ast.List | ast.Tuple):
        return [t for e in arg.elts for t in _targets(e, defs)]
    if isinstance(arg, ast.Dict):
        found = []
        for key, value in zip(arg.keys, arg.values, strict=True):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
                value = value.args[0]  # `prints(get_name)`: a wrapper around the function
            inner = _targets(value, defs)
            # a key whose value is defined elsewhere (`from .core import *`) is a command
            # whose parameters we do not read
            found.append((key.value, inner[0][1] if len(inner) == 1 else _UNREAD))
        return found
    return []


# stands for a command's function that is not defined in the runner's module
_UNREAD = ast.Pass()


def _commands(
    targets: list[tuple[str, ast.stmt]], library: str, path: str, module: str, line: int
) -> list[CliCommand]:
    if not targets:
        return []
    if len(targets) == 1 and isinstance(targets[0][1], ast.ClassDef) and library == "fire":
        cls = targets[0][1]
        assert isinstance(cls, ast.ClassDef)
        init = next((m for m in _methods(cls) if m.name == "__init__"), None)
        root = _command("", cls, init, library, path, module, sub=True)
        public = [m for m in _methods(cls) if not m.name.startswith("_")]
        # fire takes a method as written and with dashes (`do_thing`, `do-thing`)
        spellings = [(n, m) for m in public for n in dict.fromkeys([m.name, _dashed(m.name)])]
        subs = [
            _command(n, m, m, library, path, module, sub=False, parent="") for n, m in spellings
        ]
        return [root, *subs]
    functions = [
        (n, d) for n, d in targets if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    if len(functions) == 1 and len(targets) == 1:
        node = functions[0][1]
        return [_command("", node, node, library, path, module, sub=False)]
    root = CliCommand("", library, path, line, has_subcommands=True)
    subs = [_command(n, d, d, library, path, module, sub=False, parent="") for n, d in functions]
    subs += [
        CliCommand(
            name=n if library == "fire" else _dashed(n),
            framework=library,
            path=path,
            lineno=line,
            options=(CliOption((), "parameters not read", hidden=True, unnamed=True),),
            parent="",
        )
        for n, d in targets
        if d is _UNREAD
    ]
    return [root, *subs]


def _methods(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def _command(
    name: str,
    node: ast.stmt,
    signature: ast.FunctionDef | ast.AsyncFunctionDef | None,
    library: str,
    path: str,
    module: str,
    *,
    sub: bool,
    parent: str | None = None,
) -> CliCommand:
    assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    options = _options(signature, library) if signature is not None else []
    return CliCommand(
        name=_dashed(name) if library != "fire" else name,
        framework=library,
        path=path,
        lineno=node.lineno,
        function=f"{module}.{node.name}",
        help=first_paragraph(ast.get_docstring(node)),
        options=tuple(options),
        parent=parent,
        has_subcommands=sub,
    )


def _options(node: ast.FunctionDef | ast.AsyncFunctionDef, library: str) -> list[CliOption]:
    """Every parameter but `self` is a flag (fire takes positional ones as flags too); a
    parameter whose first letter no other one starts with is also `-x` (fire and argh)."""
    args = node.args
    params = [a for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.arg != "self"]
    if library != "fire":  # the others take parameters without defaults positionally
        defaulted = args.args[len(args.args) - len(args.defaults) :]
        params = [a for a in [*defaulted, *args.kwonlyargs] if a.arg != "self"]
    firsts = [p.arg[0] for p in params]
    out = []
    for param in params:
        flags = {f"--{param.arg.replace('_', '-')}"}
        if library in {"fire", "argh"}:
            flags.add(f"--{param.arg}")
            if firsts.count(param.arg[0]) == 1:
                flags.add(f"-{param.arg[0]}")
        out.append(CliOption(tuple(sorted(flags)), param.arg))
    return out


def _dashed(name: str) -> str:
    return name.replace("_", "-")
