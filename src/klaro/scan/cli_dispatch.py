"""Sub-commands a program picks from a table by the word the user typed.

memory-profiler's `mprof` has no sub-parsers: `main()` looks the first word up in
`actions = {"rm": rm_action, "run": run_action, ...}` and calls what it finds, and each
action builds an `ArgumentParser` of its own. The table says what argparse would have: `rm`
and `run` are the program's commands, and the options each action's parser declares are
that command's (`mprof run --include-children`).
"""

from __future__ import annotations

import ast
import re

from klaro.scan.cli_ast import dotted, iterated_mapping
from klaro.scan.returns import own_nodes

_WORD = re.compile(r"[a-z][a-z0-9_-]*\Z")  # a command word a user types


def dispatch_table(tree: ast.Module) -> dict[str, str]:
    """The functions a table dispatches command words to, by function name: `{"rm_action":
    "rm"}` for `actions = {"rm": rm_action}` called as `actions[word]()` (or through
    `actions.get(word)`), in a function or at the module's top."""
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree) if isinstance(n, _FUNCTIONS))]
    functions = {n.name for n in tree.body if isinstance(n, _FUNCTIONS)}
    module_tables = _tables(tree.body, functions)
    found: dict[str, str] = {}
    for scope in scopes:
        body = getattr(scope, "body", [])
        tables = {**module_tables, **(_tables(body, functions) if scope is not tree else {})}
        if not tables:
            continue
        nodes = list(own_nodes(body))
        # pew's `command = cmds[sys.argv[1]]`, then `command(sys.argv[2:])`
        picked = {
            node.targets[0].id: table
            for node in nodes
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and (table := _looked_up(node.value)) in tables
        }
        for node in nodes:
            name = _called_table(node)
            if name is None and isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                name = picked.get(node.func.id)
            if name in tables:
                found.update(tables[name])
    return found


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _tables(body: list[ast.stmt], functions: set[str]) -> dict[str, dict[str, str]]:
    """`name = {"word": function, ...}` among the statements of a body (at any depth of its
    blocks, not of nested functions), by name: each function with its word."""
    tables: dict[str, dict[str, str]] = {}
    for node in own_nodes(body):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
        if isinstance(target, ast.Name) and (named := _named_table(value, functions)):
            tables[target.id] = named
            continue
        if not (isinstance(target, ast.Name) and isinstance(value, ast.Dict)):
            continue
        entries: dict[str, str] = {}
        for key, func in zip(value.keys, value.values, strict=True):
            if not (
                isinstance(key, ast.Constant)
                and isinstance(key.value, str)
                and _WORD.match(key.value)
                and isinstance(func, ast.Name)
            ):
                entries = {}
                break
            entries[func.id] = key.value
        if len(entries) >= 2:
            tables[target.id] = entries
    return tables


def _named_table(value: ast.expr, functions: set[str]) -> dict[str, str]:
    """A table built from the module's functions by their names: pew's `dict((cmd[:-4], fun)
    for cmd, fun in globals().items() if cmd.endswith('_cmd'))`, or a dict comprehension
    keeping the names that start with `cmd_`. Each function so named is the command of its
    name less the affix."""
    if isinstance(value, ast.Call) and dotted(value.func) == "dict" and len(value.args) == 1:
        value = value.args[0]
    if not isinstance(value, ast.DictComp | ast.GeneratorExp) or len(value.generators) != 1:
        return {}
    loop = value.generators[0]
    over = iterated_mapping(loop.iter)  # `globals().items()`, `globals()`
    if not (
        isinstance(over, ast.Call)
        and isinstance(over.func, ast.Name)
        and over.func.id in {"globals", "vars", "locals"}
    ):
        return {}
    affixes = [
        (test.func.attr, test.args[0].value)
        for test in loop.ifs
        if isinstance(test, ast.Call)
        and isinstance(test.func, ast.Attribute)
        and test.func.attr in {"endswith", "startswith"}
        and len(test.args) == 1
        and isinstance(test.args[0], ast.Constant)
        and isinstance(test.args[0].value, str)
        and test.args[0].value
    ]
    if len(affixes) != 1:
        return {}
    how, affix = affixes[0]
    return {
        name: name.removesuffix(affix) if how == "endswith" else name.removeprefix(affix)
        for name in functions
        if (name.endswith(affix) if how == "endswith" else name.startswith(affix))
        and _WORD.match(name.removesuffix(affix).removeprefix(affix) or "-")
    }


def _looked_up(node: ast.expr) -> str | None:
    """The table a value is looked up in: `cmds[word]`, `cmds.get(word)`."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return node.value.id
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
    ):
        return node.func.value.id
    return None


def _called_table(node: ast.AST) -> str | None:
    """The table a call looks its function up in: `actions[word]()`, `actions.get(word)()`."""
    return _looked_up(node.func) if isinstance(node, ast.Call) else None
