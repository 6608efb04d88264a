"""The command-line options of traitlets applications (Jupyter's, ipyparallel's, ctapipe's).

A traitlets `Application` takes no parser: its flags are the keys of two tables, `aliases`
(`{"ip": "IPController.ip", ("i", "input"): "EventSource.input_url"}`: `--ip=...`, `-i`) and
`flags` (`{"reuse": ({"IPController": {...}}, "help")}`: `--reuse`), kept as class
attributes, module tables (`aliases = dict(ip="IPController.ip")`, `flags.update({...})`) or
set on the instance. `flag("progress", ...)`/`boolean_flag(...)` make `--progress` and
`--no-progress`. The tables are recognised by their values, so any module may hold them
(`base_aliases`, `engine_flags` too); a module's are one command, a program's whose
grammar we do not read. Tables updated from IPython's or jupyter_core's base application
get that application's own (`--profile`); an application's `subcommands` are its words.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from klaro.scan.cli_ast import dotted
from klaro.scan.model import CliCommand, CliOption

_TABLES = frozenset({"aliases", "flags"})
_TRAIT = re.compile(r"[A-Za-z_]\w*\.[A-Za-z_]\w*")  # `IPController.ip`
_FLAG_MAKERS = frozenset({"flag", "boolean_flag"})
_NAME = re.compile(r"[A-Za-z0-9][\w-]*")
# the tables IPython's and jupyter_core's applications give those built on them
_IMPORTED_BASES = frozenset({"IPython", "jupyter_core"})
_IPYTHON_ALIASES = ("profile", "profile-dir", "ipython-dir", "log-level", "config")
_IPYTHON_FLAGS = ("debug", "quiet", "init", "generate-config", "y", "show-config")
# what traitlets' own `Application` takes in every application
_BASE_FLAGS = ("--debug", "--show-config", "--show-config-json", "--help-all")


def traitlets_command(tree: ast.Module, path: str) -> CliCommand | None:
    """The application options the module's alias and flag tables give, as one command."""
    found: dict[str, bool] = {}  # option name -> takes a value (an alias)
    line = 0
    for node in ast.walk(tree):
        tables: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_table_name(t) for t in targets):
                tables.append(node.value)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "update"
            and _table_name(node.func.value)
        ):
            tables.extend(node.args)
        for table in tables:
            for name, valued in _keys(table):
                found.setdefault(name, valued)
                line = line or getattr(node, "lineno", 0)
    if not found:
        return None
    if _IMPORTED_BASES & {(i.module or "").split(".")[0] for i in _imports_from(tree)}:
        # `aliases.update(base_aliases)` from IPython's or jupyter_core's application
        found.update({n: True for n in _IPYTHON_ALIASES} | {n: False for n in _IPYTHON_FLAGS})
    options = [
        CliOption(flags=_dashed(name), dest=name.replace("-", "_"), is_flag=not valued)
        for name, valued in found.items()
        if _NAME.fullmatch(name)
    ]
    options += [CliOption(flags=(f,), dest=f.lstrip("-"), is_flag=True) for f in _BASE_FLAGS]
    options.append(CliOption(flags=("--log-level",), dest="log_level"))
    return CliCommand(
        name="", framework="traitlets", path=path, lineno=line, options=tuple(options)
    )


def traitlets_subcommands(tree: ast.Module, path: str) -> list[CliCommand]:
    """The words of an application's `subcommands = {"start": (IPClusterStart, "help")}`:
    each runs another application, whose flags its own tables give."""
    found: list[CliCommand] = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Assign)
            and any(dotted(t).rsplit(".", 1)[-1] == "subcommands" for t in node.targets)
            and isinstance(node.value, ast.Dict)
        ):
            continue
        for key, value in zip(node.value.keys, node.value.values, strict=True):
            if (
                isinstance(key, ast.Constant)
                and isinstance(key.value, str)
                and isinstance(value, ast.Tuple)
                and len(value.elts) == 2
            ):
                found.append(
                    CliCommand(name=key.value, framework="traitlets", path=path, lineno=key.lineno)
                )
    return found


def _imports_from(tree: ast.Module) -> list[ast.ImportFrom]:
    """The module's `from x import y` statements naming a base application's tables."""
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom)
        and n.module
        and any(a.name.startswith(("base_", "flags", "aliases")) for a in n.names)
    ]


def _table_name(target: ast.expr) -> bool:
    """`aliases`, `self.flags`, `Tool.aliases`, `base_aliases`: a name the tables go by."""
    last = dotted(target).rsplit(".", 1)[-1]
    return last in _TABLES or last.endswith(("_aliases", "_flags"))


def _keys(table: ast.expr) -> Iterable[tuple[str, bool]]:
    """The option names of one table whose values look like traitlets' (a `Class.trait`
    string: an alias, valued; or a `(config dict, help)` pair: a flag), and whether valued."""
    if isinstance(table, ast.Call) and dotted(table.func) == "dict":
        for keyword in table.keywords:
            if keyword.arg and _is_entry(keyword.value):
                yield keyword.arg, _is_alias(keyword.value)
        for arg in table.args:
            yield from _keys(arg)
        return
    if not isinstance(table, ast.Dict):
        return
    for key, value in zip(table.keys, table.values, strict=True):
        if key is None:  # `**flag("progress", "Tool.progress_bar", ...)`
            if isinstance(value, ast.Call) and dotted(value.func).rsplit(".", 1)[-1] in (
                _FLAG_MAKERS
            ):
                first = value.args[0] if value.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    yield first.value, False
                    yield f"no-{first.value}", False
            continue
        if not _is_entry(value):
            continue
        parts = key.elts if isinstance(key, ast.Tuple) else [key]
        for part in parts:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                yield part.value, _is_alias(value)


def _is_alias(value: ast.expr) -> bool:
    """An alias's target: `"IPController.ip"`."""
    return (
        isinstance(value, ast.Constant)
        and isinstance(value.value, str)
        and bool(_TRAIT.fullmatch(value.value))
    )


def _is_entry(value: ast.expr) -> bool:
    """An alias's target (`"IPController.ip"`) or a flag's `({...}, "help")` pair."""
    if isinstance(value, ast.Constant):
        return _is_alias(value)
    return (
        isinstance(value, ast.Tuple | ast.List)
        and len(value.elts) == 2
        and isinstance(value.elts[0], ast.Dict | ast.Name | ast.Call)
        and not isinstance(value.elts[1], ast.Dict | ast.Tuple | ast.List)
    )


def _dashed(name: str) -> tuple[str, ...]:
    """How a command line spells a table's key: `--ip`; `-n` and `--n` for a letter
    (ipyparallel's docs give `ipcluster start --n=4`)."""
    return (f"-{name}", f"--{name}") if len(name) == 1 else (f"--{name}",)
