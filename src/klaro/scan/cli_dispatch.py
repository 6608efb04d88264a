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

from klaro.scan.returns import own_nodes

_WORD = re.compile(r"[a-z][a-z0-9_-]*\Z")  # a command word a user types


def dispatch_table(tree: ast.Module) -> dict[str, str]:
    """The functions a table dispatches command words to, by function name: `{"rm_action":
    "rm"}` for `actions = {"rm": rm_action}` called as `actions[word]()` (or through
    `actions.get(word)`), in a function or at the module's top."""
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree) if isinstance(n, _FUNCTIONS))]
    module_tables = _tables(tree.body)
    found: dict[str, str] = {}
    for scope in scopes:
        body = getattr(scope, "body", [])
        tables = {**module_tables, **(_tables(body) if scope is not tree else {})}
        if not tables:
            continue
        for node in own_nodes(body):
            name = _called_table(node)
            if name in tables:
                found.update(tables[name])
    return found


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _tables(body: list[ast.stmt]) -> dict[str, dict[str, str]]:
    """`name = {"word": function, ...}` among the statements of a body (at any depth of its
    blocks, not of nested functions), by name: each function with its word."""
    tables: dict[str, dict[str, str]] = {}
    for node in own_nodes(body):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
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


def _called_table(node: ast.AST) -> str | None:
    """The table a call looks its function up in: `actions[word]()`, `actions.get(word)()`."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name):
        return func.value.id
    if (
        isinstance(func, ast.Call)
        and isinstance(func.func, ast.Attribute)
        and func.func.attr == "get"
        and isinstance(func.func.value, ast.Name)
    ):
        return func.func.value.id
    return None
