"""Classes whose instances each read one environment variable, named when they are made.

httpstat's `class Env: prefix = 'HTTPSTAT'; def __init__(self, key): self.key =
key.format(prefix=self.prefix)` with `def get(self): return os.environ.get(self.key)` makes
`ENV_DEBUG = Env('{prefix}_DEBUG')` a read of `HTTPSTAT_DEBUG`, as an IDE following the
constructor would tell. Without this, the read of `self.key` is a name the code computes, and
the scan can only say "any `HTTPSTAT_*`", which hides a renamed or removed variable. The class
is an environment helper like a function reading the variable its parameter names
(`scan.python._env_helpers`); the constructor's way of building the name from the given text
(as is, `.format(prefix=...)`, an f-string or `prefix + key`, from literal parts only) is kept
so each construction with a literal gives the concrete name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from klaro.scan.cli_ast import chain, named_value
from klaro.scan.node_facts import ENV_MAPS

ENV_READERS = frozenset(
    {
        "os.getenv", "getenv", "os.environ.get", "environ.get", "os.environ.setdefault",
        "environ.setdefault", "os.environ.pop", "environ.pop",
    }
)  # fmt: skip


@dataclass(frozen=True)
class EnvClass:
    """How a helper class names the variable an instance reads, from its constructor's text."""

    position: int  # of the constructor parameter giving the name, `self` left out
    parameter: str
    head: str = ""  # constant text before the given one: `f"{self.prefix}_{key}"`
    tail: str = ""
    fields: tuple[tuple[str, str], ...] | None = None  # `key.format(prefix=...)`'s values
    reads: frozenset[int] = frozenset()  # ids of the key expressions its methods read
    builds: frozenset[int] = frozenset()  # ids of the expressions building the name

    @property
    def plain(self) -> bool:
        """Whether the variable is the given text itself (no prefix, no template)."""
        return not (self.head or self.tail) and self.fields is None

    def name(self, given: str) -> str | None:
        """The variable an instance made with `given` reads, or None when it cannot be filled."""
        text = given
        if self.fields is not None:
            try:
                text = given.format(**dict(self.fields))
            except (KeyError, IndexError, ValueError):
                return None
        return self.head + text + self.tail

    def argument(self, call: ast.Call) -> ast.expr | None:
        """The expression a construction gives the name with, positionally or by keyword."""
        if len(call.args) > self.position:
            return call.args[self.position]
        return next((k.value for k in call.keywords if k.arg == self.parameter), None)


def env_key(node: ast.AST) -> ast.expr | None:
    """The key a node reads the environment with: `os.getenv(k)`, `os.environ.get(k)`,
    `os.environ[k]`, `k in os.environ`; None for any other node."""
    if isinstance(node, ast.Call) and node.args:
        return node.args[0] if chain(node.func) in ENV_READERS else None
    if isinstance(node, ast.Subscript) and chain(node.value) in ENV_MAPS:
        return node.slice
    if (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and type(node.ops[0]) in (ast.In, ast.NotIn)
        and chain(node.comparators[0]) in ENV_MAPS
    ):
        return node.left
    return None


def env_classes(body: Iterable[ast.stmt], constants: dict[str, str]) -> dict[str, EnvClass]:
    """The module's classes whose constructor stores a name built from one parameter on
    `self` and whose methods read the environment with that attribute, by class name."""
    found: dict[str, EnvClass] = {}
    for cls in body:
        if isinstance(cls, ast.ClassDef) and (helper := _env_class(cls, constants)):
            found[cls.name] = helper
    return found


def _env_class(cls: ast.ClassDef, constants: dict[str, str]) -> EnvClass | None:
    methods = [m for m in cls.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)]
    init = next((m for m in methods if m.name == "__init__"), None)
    if init is None:
        return _dataclass_env(cls, methods)
    if not init.args.args:
        return None
    texts = (constants, _class_strings(cls))
    me = init.args.args[0].arg
    params = [a.arg for a in [*init.args.posonlyargs, *init.args.args]][1:]
    stored: dict[str, tuple[EnvClass, int]] = {}
    assigned: dict[str, int] = {}  # how often any method sets each attribute
    for method in methods:
        owner = method.args.args[0].arg if method.args.args else ""
        for sub in ast.walk(method):
            if not isinstance(sub, ast.Assign | ast.AnnAssign):
                continue
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            for target in targets:
                if _self_attribute(target, owner) is not None:
                    assert isinstance(target, ast.Attribute)
                    assigned[target.attr] = assigned.get(target.attr, 0) + 1
                    if method is init and sub.value is not None:
                        fill = _fill(sub.value, params, me, cls.name, texts)
                        if fill is not None:
                            stored[target.attr] = (fill, id(sub.value))
    stored = {a: f for a, f in stored.items() if assigned.get(a) == 1}
    if not stored:
        return None
    for method in methods:
        owner = method.args.args[0].arg if method.args.args else ""
        for sub in ast.walk(method):
            key = env_key(sub)
            attr = _self_attribute(key, owner) if key is not None else None
            if attr in stored:
                fill, built = stored[attr]
                reads = {id(n) for m in methods for n in ast.walk(m) if _reads(n, attr, m)}
                return EnvClass(
                    fill.position,
                    fill.parameter,
                    fill.head,
                    fill.tail,
                    fill.fields,
                    frozenset(reads),
                    frozenset({built}),
                )
    return None


_DATACLASS_MAKERS = frozenset(
    {"dataclass", "dataclasses.dataclass", "define", "attr.s", "attrs.define"}
)


def _dataclass_env(
    cls: ast.ClassDef, methods: list[ast.FunctionDef | ast.AsyncFunctionDef]
) -> EnvClass | None:
    """A dataclass whose method reads the environment with one of its fields (greenbone-feed-
    sync's `Setting(config_key, environment_key, ...)` reading `os.environ.get(self.
    environment_key)`): the generated constructor takes the fields in order, so each
    `Setting("feed-url", "GREENBONE_FEED_SYNC_URL", ...)` reads the variable it names."""
    made = {chain(d.func if isinstance(d, ast.Call) else d) for d in cls.decorator_list}
    if not made & _DATACLASS_MAKERS:
        return None
    fields = [
        n.target.id
        for n in cls.body
        if isinstance(n, ast.AnnAssign)
        and isinstance(n.target, ast.Name)
        and "ClassVar" not in ast.unparse(n.annotation)
    ]
    for method in methods:
        owner = method.args.args[0].arg if method.args.args else ""
        for sub in ast.walk(method):
            key = env_key(sub)
            attr = _self_attribute(key, owner) if key is not None else None
            if attr in fields and not _assigned(methods, attr):
                reads = {id(n) for m in methods for n in ast.walk(m) if _reads(n, attr, m)}
                return EnvClass(fields.index(attr), attr, reads=frozenset(reads))
    return None


def _assigned(methods: list[ast.FunctionDef | ast.AsyncFunctionDef], attr: str) -> bool:
    """Whether a method sets `self.<attr>`: a field changed after it is made names no one
    variable."""
    for method in methods:
        owner = method.args.args[0].arg if method.args.args else ""
        for sub in ast.walk(method):
            targets = sub.targets if isinstance(sub, ast.Assign) else []
            if any(_self_attribute(t, owner) == attr for t in targets):
                return True
    return False


def _reads(node: ast.AST, attr: str, method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether `node` is the `self.<attr>` a method reads the environment with."""
    owner = method.args.args[0].arg if method.args.args else ""
    return _self_attribute(node, owner) == attr and isinstance(getattr(node, "ctx", None), ast.Load)


def _self_attribute(node: ast.AST | None, me: str) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me:
        return node.attr
    return None


def _class_strings(cls: ast.ClassDef) -> dict[str, str]:
    """String constants of the class body (`prefix = 'HTTPSTAT'`), by attribute name."""
    return {
        name: value.value
        for name, value in filter(None, map(named_value, cls.body))
        if isinstance(value, ast.Constant) and isinstance(value.value, str)
    }


_Texts = tuple[dict[str, str], dict[str, str]]  # the module's string constants, the class's


def _fill(value: ast.expr, params: list[str], me: str, cls: str, texts: _Texts) -> EnvClass | None:
    """How a stored value builds a name from one parameter, with literal parts only."""
    if isinstance(value, ast.Name) and value.id in params:
        return EnvClass(params.index(value.id), value.id)
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "format"
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id in params
        and not value.args
    ):
        fields = [(k.arg, _text(k.value, me, cls, texts)) for k in value.keywords]
        if any(k is None or v is None for k, v in fields):
            return None
        param = value.func.value.id
        return EnvClass(params.index(param), param, fields=tuple(fields))  # type: ignore[arg-type]
    parts = _parts(value)
    if parts is None:
        return None
    given = [i for i, p in enumerate(parts) if isinstance(p, ast.Name) and p.id in params]
    if len(given) != 1:
        return None
    texts_of = [_text(p, me, cls, texts) for p in parts]
    if any(t is None for i, t in enumerate(texts_of) if i != given[0]):
        return None
    where = given[0]
    piece = parts[where]
    assert isinstance(piece, ast.Name)
    head = "".join(t or "" for t in texts_of[:where])
    tail = "".join(t or "" for t in texts_of[where + 1 :])
    return EnvClass(params.index(piece.id), piece.id, head, tail)


def _parts(value: ast.expr) -> list[ast.expr] | None:
    """The pieces an f-string or a sum of strings joins, in order; None for anything else."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        left, right = _parts(value.left), _parts(value.right)
        return None if left is None or right is None else left + right
    if isinstance(value, ast.JoinedStr):
        parts: list[ast.expr] = []
        for piece in value.values:
            if isinstance(piece, ast.FormattedValue):
                if piece.conversion != -1 or piece.format_spec is not None:
                    return None
                parts.append(piece.value)
            else:
                parts.append(piece)
        return parts
    return [value]


def _text(node: ast.expr, me: str, cls: str, texts: _Texts) -> str | None:
    """The literal text a part of a name is: a string, a module constant (`PREFIX`) or a
    string the class body sets (`self.prefix`, `Env.prefix`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return texts[0].get(node.id)
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in {me, cls, "cls"}
    ):
        return texts[1].get(node.attr)
    return None
