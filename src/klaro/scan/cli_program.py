"""Program objects of the CLI libraries we do not read one by one (mando's `Program`,
cyclopts' `App` and their kin), and options declared as objects (invoke's `Argument`).

Their shape is the same: a module-level object made from another package's class
(`program = Program(version=...)`) whose `.command` decorates each sub-command. The command is
named after the function (or the name given to the decorator); its options come from the
parameters that have defaults (`--show-closures` for `show_closures`, written with dashes or
as the name) and from the flags its docstring declares, as mando reads them
(`:param -n, --min <str>: ...`). Nothing is imported or run.
"""

from __future__ import annotations

import ast
import re

from klaro.scan.cli_ast import dotted, first_paragraph, help_of, kw
from klaro.scan.cli_decorated import CLICK_MODULES, foreign_roots
from klaro.scan.model import CliCommand, CliOption

# a docstring field naming flags: `:param -n, --min <str>:`, `:param --total-average:`
_FIELD = re.compile(r"^\s*:(?:param|parameter|arg|argument|key|keyword)\s+([^:\n]+):", re.M)
_FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
_OPTION_OBJECTS = frozenset({"Argument", "Option", "Flag"})  # invoke's `Argument(names=...)`


def program_commands(tree: ast.Module, path: str, module: str) -> list[CliCommand]:
    """The sub-commands `@program.command` declares on a program object of another package,
    and the program itself as their root (named "")."""
    programs = _program_objects(tree, module)
    if not programs:
        return []
    found: dict[str, list[CliCommand]] = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for deco in node.decorator_list:
            call = deco if isinstance(deco, ast.Call) else None
            owner, _, last = dotted(call.func if call else deco).rpartition(".")
            if owner in programs and last == "command":
                found.setdefault(owner, []).append(_command(node, call, path, module))
                break
    out = []
    for owner, commands in found.items():
        line = programs[owner]
        root = CliCommand("", "program", path, line, f"{module}.{owner}", has_subcommands=True)
        out += [root, *commands]
    return out


def _program_objects(tree: ast.Module, module: str) -> dict[str, int]:
    """`program = Program(...)` made from a class another package gives (not click's or
    typer's, which have readers of their own), by name, with its line."""
    foreign = foreign_roots(tree, module) - {"typer"}
    found: dict[str, int] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
            and dotted(node.value.func).split(".")[0] in foreign
            and dotted(node.value.func).split(".")[0] not in CLICK_MODULES
        ):
            found[node.targets[0].id] = node.lineno
    return found


def _command(
    node: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call | None, path: str, module: str
) -> CliCommand:
    given = call.args[0] if call is not None and call.args else kw(call, "name") if call else None
    name = given.value if isinstance(given, ast.Constant) and isinstance(given.value, str) else ""
    doc = ast.get_docstring(node) or ""
    options = [*_parameter_options(node, doc), *_argument_options(node)]
    return CliCommand(
        name=name or node.name,
        framework="program",
        path=path,
        lineno=node.lineno,
        function=f"{module}.{node.name}",
        help=first_paragraph(doc) or (help_of(kw(call, "help")) if call else None),
        options=tuple(options),
        parent="",
        # mando builds on argparse, which takes unambiguous prefixes of long options
        abbreviations=True,
    )


def _parameter_options(node: ast.FunctionDef | ast.AsyncFunctionDef, doc: str) -> list[CliOption]:
    """An option per parameter with a default: the flags the docstring gives it (matched by
    the longest, as mando does), else the parameter's name as a flag (with dashes, and as
    written)."""
    declared: dict[str, list[str]] = {}
    for field in _FIELD.finditer(doc):
        flags = _FLAG.findall(field.group(1))
        if flags:
            key = max((f.lstrip("-") for f in flags), key=len).replace("-", "_")
            declared[key] = flags
    args = node.args
    defaulted = [
        *args.args[len(args.args) - len(args.defaults) :],
        *(a for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None),
    ]
    options = []
    for arg in defaulted:
        flags = declared.pop(arg.arg, []) or sorted(
            {f"--{arg.arg}", f"--{arg.arg.replace('_', '-')}"}
        )
        options.append(CliOption(tuple(flags), arg.arg))
    return options  # mando ignores flags declared for no parameter


def _argument_options(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[CliOption]:
    """Flags given by an `@program.arg("--depth", ...)`-style decorator."""
    out = []
    for deco in node.decorator_list:
        if isinstance(deco, ast.Call) and dotted(deco.func).rsplit(".", 1)[-1] in {"arg"}:
            flags = [
                a.value
                for a in deco.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            if any(f.startswith("-") for f in flags):
                out.append(CliOption(tuple(f for f in flags if f.startswith("-")), flags[0]))
    return out


def option_objects(tree: ast.Module, path: str) -> list[CliCommand]:
    """A program's options declared as objects of its own parser, as invoke does
    (`Argument(names=("list-depth", "D"), kind=int, help=...)`): one command, named "", holding
    every such option of the module when it declares two or more."""
    options = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if dotted(node.func).rsplit(".", 1)[-1] not in _OPTION_OBJECTS:
            continue
        names = kw(node, "names")
        if not isinstance(names, ast.Tuple | ast.List):
            continue
        words = [
            e.value
            for e in names.elts
            if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.lstrip("-")
        ]
        if words and len(words) == len(names.elts):
            flags = [w if w.startswith("-") else ("--" if len(w) > 1 else "-") + w for w in words]
            kind = kw(node, "kind")
            is_flag = isinstance(kind, ast.Name) and kind.id == "bool"
            options.append(
                CliOption(tuple(flags), words[0], help_of(kw(node, "help")), is_flag=is_flag)
            )
    if len(options) < 2:
        return []
    if _extends_base(tree):  # fabric's `core_args()` adds to invoke's: not all are ours to name
        options.append(CliOption((), "", unnamed=True))
    line = min(getattr(n, "lineno", 1) for n in tree.body) if tree.body else 1
    return [CliCommand("", "objects", path, line, options=tuple(options))]


def _extends_base(tree: ast.Module) -> bool:
    """Whether a method that declares option objects starts from its base's list
    (`core_args = super().core_args()`), as a program built on another package's does."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)]
        declares = any(dotted(c.func).rsplit(".", 1)[-1] in _OPTION_OBJECTS for c in calls)
        if declares and any(
            isinstance(c.func, ast.Attribute)
            and isinstance(c.func.value, ast.Call)
            and dotted(c.func.value.func) == "super"
            for c in calls
        ):
            return True
    return False
