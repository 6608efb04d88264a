"""Extract command-line surfaces (argparse, click, typer) from a module's AST.

These are facts a README states most often (`--verbose`, `mytool serve`), so the verifier
needs them exactly as a user would type them: flags, sub-command names, defaults, help.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from klaro.scan.model import CliCommand, CliOption

_CLICK_MODULES = {"click", "rich_click", "cloup", "asyncclick"}
# keywords a custom argparse Action takes for its environment variable (twine's `env=`)
_ENV_KEYWORDS = ("env", "envvar", "env_var")
_IMPLICIT_CLICK = {
    "version_option": ("--version",),
    "help_option": ("--help",),
    "password_option": ("--password",),
    "confirmation_option": ("--yes",),
}


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
    if "argparse" in frameworks or not frameworks:
        # parsers are often handed to helpers (`def register(subparsers)`) in modules that
        # never import argparse themselves
        commands += _Argparse(path, constants).run(tree)
    if frameworks & _CLICK_MODULES:
        shared = _shared_click_options(tree)
    if frameworks & (_CLICK_MODULES | {"typer"}):
        commands += _decorated_commands(tree, path, module, frameworks, dict(shared))
    return sorted(commands, key=lambda c: (c.lineno, c.name)), shared


def _shared_click_options(tree: ast.Module) -> list[tuple[str, CliOption]]:
    """Return module-level `name = click.option(...)` decorators, reused as `@name` elsewhere."""
    found = []
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
        ):
            option = _click_option(node.value)
            if option is not None:
                found.append((node.targets[0].id, option))
    return found


def _imported_frameworks(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & ({"argparse", "typer"} | _CLICK_MODULES)


def _dotted(node: ast.expr) -> str:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    elif isinstance(node, ast.Call):
        return _dotted(node.func) + "()"
    return ".".join(reversed(parts))


def _literal(node: ast.expr | None) -> str | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else repr(node.value)
    return ast.unparse(node)


def _default(node: ast.expr | None) -> str | None:
    """Render a default as written; an explicit `None` is no default, as when left out."""
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return None
    return _literal(node)


def _help(node: ast.expr | None, constants: dict[str, str] | None = None) -> str | None:
    """Render help text as the user reads it, or None where only running the code could tell.

    Concatenations and f-strings keep their text (`{expr}` for the computed parts); help
    hidden with `argparse.SUPPRESS` or built by a call is not guessed at.
    """
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.Name):
        return (constants or {}).get(node.id)
    if isinstance(node, ast.JoinedStr):
        return "".join(
            str(v.value) if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"
            for v in node.values
            if isinstance(v, ast.Constant | ast.FormattedValue)
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _help(node.left, constants), _help(node.right, constants)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _help(node.left, constants)  # "... %s" % value: the template is the text
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        return _help(node.func.value, constants)  # "... {}".format(value), likewise
    return None


def _kw(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _truthy(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and bool(node.value)


class _Argparse:
    """Follow parser variables through add_subparsers/add_parser/add_argument calls."""

    def __init__(self, path: str, constants: dict[str, str]) -> None:
        self.path = path
        self.constants = constants
        self.commands: dict[str, dict[str, object]] = {}
        self.options: dict[str, list[CliOption]] = {}

    def run(self, tree: ast.Module) -> list[CliCommand]:
        self._scope(tree.body, "")
        out = []
        for key, info in self.commands.items():
            out.append(
                CliCommand(
                    name=str(info["name"]),
                    framework="argparse",
                    path=self.path,
                    lineno=int(str(info["lineno"])),
                    function=str(info["function"]) or None,
                    help=info["help"] if isinstance(info["help"], str) else None,
                    options=tuple(self.options.get(key, ())),
                    parent=info["parent"] if isinstance(info["parent"], str) else None,
                    has_subcommands=bool(info.get("subcommands")),
                )
            )
        return out

    def _scope(self, body: list[ast.stmt], function: str) -> None:
        """Walk one function (or the module) in source order; variables are per scope."""
        variables: dict[str, str] = {}  # variable -> command key
        subparsers: dict[str, str] = {}  # variable -> parent command key
        for stmt in body:
            for node in _in_order(stmt):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    self._scope(node.body, f"{function}.{node.name}".lstrip("."))
                elif isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(
                    node.value, ast.Call
                ):
                    self._assign(node, function, variables, subparsers)
                elif isinstance(node, ast.Call) and _dotted(node.func).endswith(".add_parser"):
                    self._sub_parser(node, function, subparsers)  # a command with no options
                elif isinstance(node, ast.Call) and _dotted(node.func).endswith(".add_argument"):
                    owner = _dotted(node.func)[: -len(".add_argument")]
                    key = variables.get(owner) or self._implicit(owner, function, node.lineno)
                    variables.setdefault(owner, key)
                    self.options.setdefault(key, []).append(self._option(node))

    def _assign(
        self,
        node: ast.Assign | ast.AnnAssign,
        function: str,
        variables: dict[str, str],
        subs: dict[str, str],
    ) -> None:
        call = node.value
        assert isinstance(call, ast.Call)
        func = _dotted(call.func)
        raw_targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        targets = [t.id for t in raw_targets if isinstance(t, ast.Name)]
        if not targets:
            return
        if func.endswith("ArgumentParser"):
            key = f"{function}:{targets[0]}:{node.lineno}"
            self._add(
                key,
                "",
                node.lineno,
                function,
                _help(_kw(call, "description"), self.constants),
                None,
            )
        elif func.endswith(".add_subparsers"):
            parent = variables.get(func[: -len(".add_subparsers")])
            if parent:
                subs[targets[0]] = parent
                self.commands[parent]["subcommands"] = True
            return
        elif func.endswith(".add_parser"):
            found = self._sub_parser(call, function, subs)
            if found is None:
                return
            key = found
        elif func.endswith((".add_argument_group", ".add_mutually_exclusive_group")):
            owner = variables.get(func.rsplit(".", 1)[0])
            if owner:
                for target in targets:
                    variables[target] = owner
            return
        else:
            return
        for target in targets:
            variables[target] = key

    def _sub_parser(self, call: ast.Call, function: str, subs: dict[str, str]) -> str | None:
        """Register `subparsers.add_parser("name", ...)`, assigned or not; return its key."""
        parent_key = subs.get(_dotted(call.func)[: -len(".add_parser")])
        name = self._string(call.args[0]) if call.args else None
        if name is None:
            return None
        key = f"{function}:{name}:{call.lineno}"
        if key not in self.commands:
            help_text = _help(_kw(call, "help") or _kw(call, "description"), self.constants)
            parent = str(self.commands[parent_key]["name"]) if parent_key else None
            self._add(key, name, call.lineno, function, help_text, parent)
        return key

    def _implicit(self, owner: str, function: str, lineno: int) -> str:
        """Register a parser we only see as a parameter (`def add_args(parser)`)."""
        key = f"{function}:{owner}:implicit"
        if key not in self.commands:
            self._add(key, "", lineno, function, None, None)
        return key

    def _add(
        self,
        key: str,
        name: str,
        lineno: int,
        function: str,
        help_text: str | None,
        parent: str | None,
    ) -> None:
        self.commands[key] = {
            "name": name,
            "lineno": lineno,
            "function": function,
            "help": help_text,
            "parent": parent,
        }

    def _string(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return self.constants.get(node.id)
        return None

    def _option(self, call: ast.Call) -> CliOption:
        flags = tuple(s for s in (self._string(a) for a in call.args) if s)
        positional = bool(flags) and not flags[0].startswith("-")
        action = _literal(_kw(call, "action"))
        dest = _literal(_kw(call, "dest"))
        if not dest and flags:
            longest = max(flags, key=lambda f: (f.startswith("--"), len(f)))
            dest = longest.lstrip("-").replace("-", "_")
        nargs = _literal(_kw(call, "nargs"))
        envvar = next(
            (self._string(v) for k in _ENV_KEYWORDS if (v := _kw(call, k)) is not None), None
        )
        return CliOption(
            flags=flags,
            dest=dest or "",
            help=_help(_kw(call, "help"), self.constants),
            default=_default(_kw(call, "default")),
            # argparse requires a positional unless it may be empty (`?`, `*`, REMAINDER)
            required=_truthy(_kw(call, "required"))
            or (positional and (nargs or "").rsplit(".", 1)[-1] not in {"?", "*", "REMAINDER"}),
            is_flag=action in {"store_true", "store_false", "store_const", "count", "version"}
            or (action or "").endswith("BooleanOptionalAction"),
            positional=positional,
            envvar=envvar if envvar and envvar.isidentifier() else None,
        )


def _in_order(node: ast.AST) -> Iterable[ast.AST]:
    """Yield nodes depth-first in source order, not descending into nested functions."""
    yield node
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return
    for child in ast.iter_child_nodes(node):
        yield from _in_order(child)


def _decorated_commands(
    tree: ast.Module, path: str, module: str, frameworks: set[str], shared: dict[str, CliOption]
) -> list[CliCommand]:
    """Find click and typer commands: functions decorated with `.command()` or `.group()`."""
    typer_apps = _typer_apps(tree)
    functions = [
        (node, prefix)
        for node, prefix in _functions(tree.body, "")
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    names: dict[str, str] = {}  # function name -> command name, for parent lookups
    found: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str, ast.expr, str]] = []
    for node, prefix in functions:
        for deco in node.decorator_list:
            call = deco if isinstance(deco, ast.Call) else None
            func = _dotted(call.func if call else deco)
            last = func.rsplit(".", 1)[-1]
            owner = func.rsplit(".", 1)[0] if "." in func else ""
            if last not in {"command", "group", "callback"}:
                continue
            is_typer = owner in typer_apps
            if not is_typer and not (frameworks & _CLICK_MODULES):
                continue
            name = _command_name(node.name, call, typer=is_typer, callback=last == "callback")
            names[node.name] = name
            found.append((node, prefix, deco, "typer" if is_typer else "click"))
            break
    out = []
    for node, prefix, deco, framework in found:
        call = deco if isinstance(deco, ast.Call) else None
        func = _dotted(call.func if call else deco)
        owner = func.rsplit(".", 1)[0] if "." in func else ""
        parent = names.get(owner) if owner not in _CLICK_MODULES else None
        refs: list[tuple[int, str]] = []
        if framework == "typer":
            parent = typer_apps.get(owner)
            options = tuple(_typer_options(node))
        else:
            options = tuple(_click_options(node, shared, refs))
        help_text = _help(_kw(call, "help")) if call else None
        out.append(
            CliCommand(
                name=names[node.name],
                framework=framework,
                path=path,
                lineno=node.lineno,
                function=f"{module}.{prefix}{node.name}",
                help=help_text or _first_paragraph(ast.get_docstring(node)),
                options=options,
                parent=parent or None,
                option_refs=tuple(refs),
            )
        )
    return out


def _functions(body: list[ast.stmt], prefix: str) -> Iterable[tuple[ast.stmt, str]]:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node, prefix
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node.body, f"{prefix}{node.name}.")


def _typer_apps(tree: ast.Module) -> dict[str, str]:
    """Map variables bound to `typer.Typer(...)` to their command name ("" for the root)."""
    apps: dict[str, str] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and _dotted(node.value.func) in {"typer.Typer", "Typer"}
        ):
            name = _literal(_kw(node.value, "name")) or ""
            for target in node.targets:
                if isinstance(target, ast.Name):
                    apps[target.id] = name
    return apps


def _command_name(function: str, call: ast.Call | None, *, typer: bool, callback: bool) -> str:
    if callback:
        return ""
    if call is not None:
        explicit = call.args[0] if call.args else _kw(call, "name")
        if isinstance(explicit, ast.Constant) and isinstance(explicit.value, str):
            return explicit.value
    name = function.lower().replace("_", "-")
    if not typer:
        for suffix in ("-command", "-cmd", "-group", "-grp"):
            if name.endswith(suffix) and len(name) > len(suffix):
                name = name[: -len(suffix)]
    return name


def _click_options(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    shared: dict[str, CliOption],
    refs: list[tuple[int, str]],
) -> list[CliOption]:
    """Return a command's options in decorator order (click lists them so in `--help`).

    A decorator naming a reusable option of this module (`@verbose`) is resolved here; one
    naming another module's (`@options.verbose`) is kept in `refs` for the repository pass.
    """
    options: list[CliOption] = []
    for deco in node.decorator_list:
        if isinstance(deco, ast.Call):
            option = _click_option(deco)
            if option is not None:
                options.append(option)
            continue
        name = _dotted(deco)
        last = name.rsplit(".", 1)[-1]
        if last in _IMPLICIT_CLICK:
            options.append(CliOption(_IMPLICIT_CLICK[last], last.split("_")[0], is_flag=True))
        elif name in shared:
            options.append(shared[name])
        elif "." in name and name.split(".", 1)[0] not in _CLICK_MODULES:
            refs.append((len(options), name))
        elif name and "." not in name:
            refs.append((len(options), name))  # `from .options import verbose`
    return options


def _click_option(call: ast.Call) -> CliOption | None:
    """Read one `click.option(...)`, `click.argument(...)` or `click.version_option(...)`."""
    func = _dotted(call.func)
    owner, _, last = func.rpartition(".")
    if owner and owner not in _CLICK_MODULES:
        return None
    strings = [
        a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
    ]
    if last in _IMPLICIT_CLICK:
        given = tuple(s for s in strings if s.startswith("-")) or _IMPLICIT_CLICK[last]
        return CliOption(given, last.split("_")[0], help=_help(_kw(call, "help")), is_flag=True)
    if last not in {"option", "argument"}:
        return None
    flags: list[str] = []
    primary: list[str] = []  # click derives the name from the first part of `--a/--b`
    dest = ""
    for text in strings:
        if text.startswith("-"):
            parts = [part.strip() for part in text.split("/") if part.strip()]
            flags.extend(parts)
            primary.extend(parts[:1])
        else:
            dest = text
    positional = last == "argument"
    if positional and not flags:
        flags = [dest]
    if not dest and primary:
        # click: the first `--long` name in declaration order, else the first short one
        longs = [f for f in primary if f.startswith("--")]
        dest = (longs or primary)[0].lstrip("-").replace("-", "_").lower()
    nargs = _kw(call, "nargs")
    many = isinstance(nargs, ast.UnaryOp) or (
        isinstance(nargs, ast.Constant) and isinstance(nargs.value, int) and nargs.value < 0
    )
    default = _kw(call, "default")
    return CliOption(
        flags=tuple(flags),
        dest=dest,
        help=_help(_kw(call, "help")),
        default=_default(default),
        required=_truthy(_kw(call, "required"))
        or (positional and default is None and not many and _kw(call, "required") is None),
        is_flag=_truthy(_kw(call, "is_flag"))
        or _truthy(_kw(call, "count"))
        or any("/" in s for s in strings if s.startswith("-")),
        positional=positional,
        envvar=_literal(_kw(call, "envvar")),
    )


def _typer_options(node: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterable[CliOption]:
    """Read typer parameters: plain defaults, `= typer.Option(default, ...)` or `Annotated`."""
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    pairs = list(zip(positional, defaults + list(args.defaults), strict=True))
    pairs += list(zip(args.kwonlyargs, args.kw_defaults, strict=True))
    for arg, default in pairs:
        annotated = _typer_marker(_annotated_extra(arg.annotation))
        marker = annotated or _typer_marker(default)
        value = default
        if marker is not None and annotated is None:
            # old style: `typer.Option(default, "--flag")`; `...` marks it required
            value = marker.args[0] if marker.args else _kw(marker, "default")
            if value is not None and _is_str_flag(value):
                value = None
        required = value is None or (isinstance(value, ast.Constant) and value.value is ...)
        shown = None if required else _default(value)
        help_text = _help(_kw(marker, "help")) if marker is not None else None
        if (marker is None and default is None) or (
            marker is not None and _dotted(marker.func).endswith("Argument")
        ):
            yield CliOption((arg.arg,), arg.arg, help_text, shown, required, positional=True)
            continue
        strings = [
            a.value
            for a in (marker.args if marker is not None else ())
            if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value[:1] == "-"
        ]
        flags = [p.strip() for s in strings for p in s.split("/") if p.strip()]
        is_bool = _is_bool(_annotated_type(arg.annotation))
        if not flags:
            dashed = arg.arg.replace("_", "-")
            flags = [f"--{dashed}", f"--no-{dashed}"] if is_bool else [f"--{dashed}"]
        yield CliOption(
            flags=tuple(flags),
            dest=arg.arg,
            help=help_text,
            default=shown,
            required=required,
            is_flag=is_bool,
            envvar=_literal(_kw(marker, "envvar")) if marker is not None else None,
        )


def _annotated_type(annotation: ast.expr | None) -> ast.expr | None:
    """Return `T` of `Annotated[T, ...]`, else the annotation itself."""
    if (
        isinstance(annotation, ast.Subscript)
        and _dotted(annotation.value).endswith("Annotated")
        and isinstance(annotation.slice, ast.Tuple)
        and annotation.slice.elts
    ):
        return annotation.slice.elts[0]
    return annotation


def _is_bool(annotation: ast.expr | None) -> bool:
    """Tell `bool`, `Optional[bool]`, `Union[bool, None]` and `bool | None` apart from others."""
    if annotation is None:
        return False
    text = ast.unparse(annotation).replace(" ", "")
    return text in {"bool", "Optional[bool]", "Union[bool,None]", "bool|None", "None|bool"} or (
        text in {"typing.Optional[bool]", "typing.Union[bool,None]", "t.Optional[bool]"}
    )


def _is_str_flag(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.startswith("-")
    )


def _typer_marker(node: ast.expr | None) -> ast.Call | None:
    if isinstance(node, ast.Call) and _dotted(node.func).rsplit(".", 1)[-1] in {
        "Option",
        "Argument",
    }:
        return node
    return None


def _annotated_extra(annotation: ast.expr | None) -> ast.expr | None:
    """Return the first metadata item of `Annotated[T, typer.Option(...)]`."""
    if (
        isinstance(annotation, ast.Subscript)
        and _dotted(annotation.value).endswith("Annotated")
        and isinstance(annotation.slice, ast.Tuple)
        and len(annotation.slice.elts) > 1
    ):
        return annotation.slice.elts[1]
    return None


def _first_paragraph(doc: str | None) -> str | None:
    if not doc:
        return None
    return " ".join(doc.strip().split("\n\n")[0].split())
