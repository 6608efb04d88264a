"""Small AST readers shared by the module visitor, the argparse and click/typer extractors and
the kwargs flow."""

from __future__ import annotations

import ast


def positional_defaults(args: ast.arguments) -> list[tuple[ast.arg, ast.expr | None]]:
    """Each positional parameter with its default (None without one): `defaults` holds
    only the last ones'."""
    positional = [*args.posonlyargs, *args.args]
    missing: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    return list(zip(positional, missing + list(args.defaults), strict=True))


def _parts(node: ast.expr) -> tuple[list[str], ast.expr]:
    """The attribute names of a chain, last first, and the node the chain starts from."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return parts, node


def dotted(node: ast.expr) -> str:
    """Return `a.b.c` for a name/attribute chain (`f()` for a call), else ""."""
    parts, base = _parts(node)
    if isinstance(base, ast.Name):
        parts.append(base.id)
    elif isinstance(base, ast.Call):
        return dotted(base.func) + "()"
    return ".".join(reversed(parts))


def chain(node: ast.expr) -> str | None:
    """Return `a.b.c` for a pure name/attribute chain, else None (`f().x`, `x[0].y`: not a
    name, where `dotted` keeps what it can for messages)."""
    parts, base = _parts(node)
    if isinstance(base, ast.Name):
        return ".".join(reversed([*parts, base.id]))
    return None


def literal(node: ast.expr | None) -> str | None:
    """Render a value as written: strings as their text, other constants by repr."""
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else repr(node.value)
    return ast.unparse(node)


def dict_fields(node: ast.expr | None) -> dict[str, ast.expr] | None:
    """The keys and values of a mapping written out, `dict(a=1)` or `{"a": 1}` (keys as
    `literal` renders them), else None."""
    if isinstance(node, ast.Call) and dotted(node.func) == "dict":
        return {k.arg: k.value for k in node.keywords if k.arg}
    if isinstance(node, ast.Dict):
        pairs = zip(node.keys, node.values, strict=True)
        return {str(literal(k)): v for k, v in pairs if k is not None}
    return None


def default_of(node: ast.expr | None) -> str | None:
    """Render a default as written; an explicit `None` is no default, as when left out."""
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return None
    return literal(node)


def suppressed(node: ast.expr | None) -> bool:
    """Whether help is `argparse.SUPPRESS`: the program hides the option from its users."""
    return (isinstance(node, ast.Attribute) and node.attr == "SUPPRESS") or (
        isinstance(node, ast.Name) and node.id == "SUPPRESS"
    )


def help_of(node: ast.expr | None, constants: dict[str, str] | None = None) -> str | None:
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
        left, right = help_of(node.left, constants), help_of(node.right, constants)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return help_of(node.left, constants)  # "... %s" % value: the template is the text
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        return help_of(node.func.value, constants)  # "... {}".format(value), likewise
    return None


def string_list(node: ast.expr) -> tuple[str, ...]:
    """The words of a literal list or tuple of strings, else ()."""
    if not isinstance(node, ast.List | ast.Tuple) or not node.elts:
        return ()
    words = tuple(e.value for e in node.elts if isinstance(e, ast.Constant))
    if len(words) != len(node.elts) or not all(isinstance(w, str) for w in words):
        return ()
    return tuple(str(w) for w in words)


def iterated_mapping(node: ast.expr) -> ast.expr:
    """The mapping a loop runs over: `TABLE` of `TABLE.items()`, `TABLE.keys()` or `TABLE`
    itself (`globals()` of `globals().items()`)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"items", "keys"}
        and not node.args
    ):
        return node.func.value
    return node


def named_value(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """`(name, value)` of a statement binding one name: `x = v`, or annotated `x: T = v`."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target, value = stmt.targets[0], stmt.value
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target, value = stmt.target, stmt.value
    else:
        return None
    return (target.id, value) if isinstance(target, ast.Name) else None


def kw(call: ast.Call, name: str) -> ast.expr | None:
    """Return the value of keyword argument `name`, if given."""
    return next((k.value for k in call.keywords if k.arg == name), None)


def truthy(node: ast.expr | None) -> bool:
    """Tell whether a keyword is given as a true literal (`required=True`)."""
    return isinstance(node, ast.Constant) and bool(node.value)


def first_paragraph(doc: str | None) -> str | None:
    """Return a docstring's first paragraph on one line (click's short help)."""
    if not doc:
        return None
    return " ".join(doc.strip().split("\n\n")[0].split())


def fixed_count(node: ast.expr | None) -> int:
    """The words `nargs=2` makes an option take; 1 for any other (`?`, `*`, `+`, none)."""
    if isinstance(node, ast.Constant) and type(node.value) is int and 1 < node.value < 10:
        return node.value
    return 1
