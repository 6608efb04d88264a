"""Options a loop adds from a literal table of rows, one add call a row, read statically.

dirsync declares `options = (('verbose', (('-v',), dict(action='store_true'))), ...)` and its
parser runs `for opt, args in options: self.add_argument('--' + opt, *args[0], **args[1])`;
others write `for opt in OPTIONS: parser.add_argument(*opt[0], **opt[1])`. Each row binds the
loop's names to literals, so the call it makes is a literal call: the names are replaced in a
copy of the call's tree, and the strings built from them (`'--' + opt`, `f'--{opt}'`,
`'--%s' % opt`, `'--{}'.format(opt)`) are folded by `folded`, as a reader would. Nothing is
run. What a row leaves unreadable stays in the call as written, which the parser reader then
treats as it treats any call it cannot read (computed option names).
"""

from __future__ import annotations

import ast
import copy
import re
from collections import Counter
from collections.abc import Iterator, Mapping

from klaro.scan.cli_ast import dict_fields, dotted, named_value, string_list

# the calls that change a list in place, or rebind a name by adding to it: such a table is
# not the literal as written
_MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse"})


def row_loops(tree: ast.Module) -> list[tuple[ast.For, list[ast.expr]]]:
    """The loops over a literal table of rows, with the rows: the table bound once to a
    name in the loop's function or the module (`for opt, args in options`), or in the class
    of the method the loop is in (`for opt in self.OPTIONS`)."""
    changed = _changed_names(tree)
    found: list[tuple[ast.For, list[ast.expr]]] = []

    def visit(
        body: list[ast.stmt],
        names: Mapping[str, list[ast.expr]],
        members: Mapping[str, list[ast.expr]],
    ) -> None:
        for stmt in body:
            for node in _own_nodes(stmt):
                if isinstance(node, ast.For) and (rows := _table(node.iter, names, members)):
                    found.append((node, rows))
                elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    # (a name the function binds itself is its own, whatever the module's is)
                    local = _local_names(node)
                    outer = {k: v for k, v in names.items() if k not in local}
                    visit(node.body, {**outer, **_tables(node.body, changed)}, members)
                elif isinstance(node, ast.ClassDef):
                    # a class body's names are no bare names to its methods: `self.X` reads them
                    visit(node.body, names, _tables(node.body, changed))

    visit(tree.body, _tables(tree.body, changed), {})
    return found


def spread_rows(
    loop: ast.For, rows: list[ast.expr], adders: tuple[str, ...]
) -> dict[int, list[ast.Call]]:
    """The add calls of a loop over rows, each as the calls its rows make (by the call's id).

    Only calls that are statements of the loop's own body and read its names; none when a
    row does not unpack into the loop's names, or the body may skip a row (`continue`)."""
    if any(isinstance(n, ast.Continue | ast.Break) for n in ast.walk(loop)):
        return {}
    names = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    bindings: list[dict[str, ast.expr]] = []
    for row in rows:
        bound: dict[str, ast.expr] = {}
        if not _bind(loop.target, row, bound):
            return {}
        bindings.append(bound)
    spread: dict[int, list[ast.Call]] = {}
    for stmt in loop.body:
        call = stmt.value if isinstance(stmt, ast.Expr | ast.Assign) else None
        if not isinstance(call, ast.Call) or not dotted(call.func).endswith(adders):
            continue
        given = ast.Tuple([*call.args, *(k.value for k in call.keywords)])
        read = {n.id for n in ast.walk(given) if isinstance(n, ast.Name)}
        if names & read:
            spread[id(call)] = [_row_call(call, bound) for bound in bindings]
    return spread


def folded(node: ast.expr, constants: Mapping[str, str]) -> str | None:
    """The string an expression of literals spells: a string, a module constant's name, or
    one built of them by `+`, an f-string, `%s` or `{}` formatting, or `.replace(a, b)`;
    None when any part is not such a string."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = folded(node.left, constants), folded(node.right, constants)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        values = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
        return _filled(folded(node.left, constants), [folded(v, constants) for v in values], "%")
    if isinstance(node, ast.JoinedStr):
        parts = [_formatted(v, constants) for v in node.values]
        return "".join(p for p in parts if p is not None) if None not in parts else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.keywords:
        text = folded(node.func.value, constants)
        spelt = [folded(a, constants) for a in node.args]
        if node.func.attr == "format":
            return _filled(text, spelt, "{}")
        if node.func.attr == "replace" and len(spelt) == 2 and text is not None:
            old, new = spelt
            return text.replace(old, new) if old is not None and new is not None else None
    return None


def _formatted(value: ast.expr, constants: Mapping[str, str]) -> str | None:
    """One part of an f-string: its text, or a value shown as it is (`{opt}`, `{opt!s}`)."""
    if isinstance(value, ast.Constant):
        return str(value.value)
    if isinstance(value, ast.FormattedValue) and value.format_spec is None:
        return folded(value.value, constants) if value.conversion in {-1, ord("s")} else None
    return None


# the holes of a template: `%s` and `%%`, `{}`, `{0}`, `{{` and `}}`; any other `%x` or
# brace is a format we do not fill
_HOLE = {"%": re.compile(r"%(.?)"), "{}": re.compile(r"\{\{|\}\}|\{(\d*)\}|[{}]")}


def _filled(template: str | None, values: list[str | None], style: str) -> str | None:
    """A `%` or `.format` template filled with string values, or None."""
    if template is None or None in values:
        return None
    given = [v for v in values if v is not None]
    out: list[str] = []
    taken = at = 0
    for match in _HOLE[style].finditer(template):
        out.append(template[at : match.start()])
        at = match.end()
        text = match.group()
        if text in {"%%", "{{", "}}"}:
            out.append(text[0])
            continue
        if text in {"{", "}"} or (style == "%" and text != "%s"):
            return None
        index = int(match.group(1)) if style == "{}" and match.group(1) else taken
        if index >= len(given):
            return None
        out.append(given[index])
        taken += 1
    if style == "%" and taken != len(given):
        return None
    return "".join([*out, template[at:]])


def _row_call(call: ast.Call, bound: dict[str, ast.expr]) -> ast.Call:
    """The call one row makes: the loop's names replaced by the row's literals, a starred
    literal list spread into the flags, a literal mapping spread into the keywords."""
    args: list[ast.expr] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            value = _substituted(arg.value, bound)
            if isinstance(value, ast.List | ast.Tuple) and not _has_star(value):
                args += value.elts
            else:
                args.append(arg)  # `*spec.aliases`: as written
        else:
            args.append(_substituted(arg, bound))
    keywords: list[ast.keyword] = []
    for given in call.keywords:
        value = _substituted(given.value, bound)
        fields = _fields(value) if given.arg is None else None
        if fields is not None:
            keywords += [ast.keyword(name, field) for name, field in fields.items()]
        else:
            keywords.append(ast.keyword(given.arg, value) if given.arg else given)
    return ast.Call(call.func, args, keywords)


def _substituted(node: ast.expr, bound: dict[str, ast.expr]) -> ast.expr:
    """A copy of `node` with the loop's names replaced by their literals, and the items it
    takes of them (`args[0]`, `spec["help"]`) by the items."""

    class Bound(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.AST:
            if isinstance(name.ctx, ast.Load) and name.id in bound:
                return copy.deepcopy(bound[name.id])
            return name

        def visit_Subscript(self, item: ast.Subscript) -> ast.AST:
            self.generic_visit(item)
            return _item(item.value, item.slice) or item

    result = Bound().visit(copy.deepcopy(node))
    return result if isinstance(result, ast.expr) else node


def _item(value: ast.expr, key: ast.expr) -> ast.expr | None:
    """`row[1]` of a literal tuple, `spec["help"]` of a literal mapping, else None."""
    if not isinstance(key, ast.Constant):
        return None
    if type(key.value) is int and isinstance(value, ast.List | ast.Tuple) and not _has_star(value):
        return value.elts[key.value] if -len(value.elts) <= key.value < len(value.elts) else None
    if isinstance(key.value, str):
        return (_fields(value) or {}).get(key.value)
    return None


def _fields(node: ast.expr) -> dict[str, ast.expr] | None:
    """The keywords a literal mapping gives, `dict(action='store_true')` or `{'nargs': '+'}`;
    None when one is not a plain name (`dict(base, ...)`, `{**base}`, `{1: ...}`)."""
    if isinstance(node, ast.Call) and (node.args or not all(k.arg for k in node.keywords)):
        return None
    if isinstance(node, ast.Dict) and not all(
        isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys
    ):
        return None
    return dict_fields(node)


def _bind(target: ast.expr, value: ast.expr, bound: dict[str, ast.expr]) -> bool:
    """Bind a loop's names to a row as Python unpacks it; False when the row does not fit."""
    if isinstance(target, ast.Name):
        bound[target.id] = value
        return True
    if not isinstance(target, ast.Tuple | ast.List) or _has_star(target):
        return False
    if not isinstance(value, ast.Tuple | ast.List) or _has_star(value):
        return False
    if len(target.elts) != len(value.elts):
        return False
    return all(_bind(t, v, bound) for t, v in zip(target.elts, value.elts, strict=True))


def _has_star(node: ast.Tuple | ast.List) -> bool:
    return any(isinstance(e, ast.Starred) for e in node.elts)


def _table(
    node: ast.expr, names: Mapping[str, list[ast.expr]], members: Mapping[str, list[ast.expr]]
) -> list[ast.expr] | None:
    """The rows a loop runs over: a table's name, or `self.X` / `cls.X` of its class."""
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return members.get(node.attr) if node.value.id in {"self", "cls"} else None
    return None


def _tables(body: list[ast.stmt], changed: set[str]) -> dict[str, list[ast.expr]]:
    """The literal tables of rows a body binds once, and changes nowhere: a tuple or list of
    tuples (or lists) whose first item is a string or a literal list of strings, the name or
    the flags of a row."""
    stores = Counter(
        n.id
        for stmt in body
        for n in _own_nodes(stmt)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    )
    tables = {}
    for stmt in body:
        named = named_value(stmt)
        if named and isinstance(named[1], ast.Tuple | ast.List) and _rows(named[1]):
            tables[named[0]] = named[1].elts
    return {n: rows for n, rows in tables.items() if stores[n] == 1 and n not in changed}


def _rows(table: ast.Tuple | ast.List) -> bool:
    return bool(table.elts) and all(
        isinstance(row, ast.Tuple | ast.List)
        and row.elts
        and (
            (isinstance(row.elts[0], ast.Constant) and isinstance(row.elts[0].value, str))
            or bool(string_list(row.elts[0]))
        )
        for row in table.elts
    )


def _changed_names(tree: ast.Module) -> set[str]:
    """Names the module changes in place anywhere: `X.append(...)`, `X += ...`, `X[k] = v`."""
    changed: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MUTATORS
        ):
            changed.add(dotted(node.func.value).rsplit(".", 1)[-1])
        elif isinstance(node, ast.AugAssign):
            changed.add(dotted(node.target).rsplit(".", 1)[-1])
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            changed.add(dotted(node.value).rsplit(".", 1)[-1])
    return changed


def _local_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names a function binds: its parameters, and any name it assigns."""
    arguments = function.args
    params = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    params += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    bound = {a.arg for a in params}
    for stmt in function.body:
        bound.update(
            n.id
            for n in _own_nodes(stmt)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
        )
    return bound


def _own_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """The node and those under it, stopping at (and yielding) nested functions and classes,
    whose bodies are scopes of their own."""
    yield node
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
        for child in ast.iter_child_nodes(node):
            yield from _own_nodes(child)
