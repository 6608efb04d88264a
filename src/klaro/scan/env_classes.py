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
from collections import Counter
from collections.abc import Container, Iterable
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
    assigned = _set_attributes(methods)
    stored: dict[str, tuple[EnvClass, int]] = {}
    for sub in ast.walk(init):
        if not isinstance(sub, ast.Assign | ast.AnnAssign) or sub.value is None:
            continue
        for target in sub.targets if isinstance(sub, ast.Assign) else [sub.target]:
            attr = _self_attribute(target, me)
            if attr is not None and assigned[attr] == 1:
                fill = _fill(sub.value, params, me, cls.name, texts)
                if fill is not None:
                    stored[attr] = (fill, id(sub.value))
    attr = _env_read(methods, stored)
    if attr is None:
        return None
    fill, built = stored[attr]
    return EnvClass(
        fill.position,
        fill.parameter,
        fill.head,
        fill.tail,
        fill.fields,
        _reads_of(methods, attr),
        frozenset({built}),
    )


_DATACLASS_MAKERS = frozenset(
    {"dataclass", "dataclasses.dataclass", "define", "attr.s", "attrs.define"}
)
_Methods = list[ast.FunctionDef | ast.AsyncFunctionDef]


def _dataclass_env(cls: ast.ClassDef, methods: _Methods) -> EnvClass | None:
    """A dataclass whose method reads the environment with one of its fields (greenbone-feed-
    sync's `Setting(config_key, environment_key, ...)` reading `os.environ.get(self.
    environment_key)`): the generated constructor takes the fields in order, so each
    `Setting("feed-url", "GREENBONE_FEED_SYNC_URL", ...)` reads the variable it names (a
    field a method sets again names no one variable)."""
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
    assigned = _set_attributes(methods)
    attr = _env_read(methods, {f for f in fields if not assigned[f]})
    if attr is None:
        return None
    return EnvClass(fields.index(attr), attr, reads=_reads_of(methods, attr))


def _set_attributes(methods: _Methods) -> Counter[str]:
    """How often the methods set each attribute of `self` (`self.key = ...`)."""
    counts: Counter[str] = Counter()
    for method in methods:
        owner = method.args.args[0].arg if method.args.args else ""
        for sub in ast.walk(method):
            if isinstance(sub, ast.Assign | ast.AnnAssign):
                targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                counts.update(a for t in targets if (a := _self_attribute(t, owner)) is not None)
    return counts


def _env_read(methods: _Methods, candidates: Container[str]) -> str | None:
    """The first of the `candidates` attributes a method reads the environment with
    (`os.environ.get(self.key)`)."""
    for method in methods:
        owner = method.args.args[0].arg if method.args.args else ""
        for sub in ast.walk(method):
            key = env_key(sub)
            attr = _self_attribute(key, owner) if key is not None else None
            if attr is not None and attr in candidates:
                return attr
    return None


def _reads_of(methods: _Methods, attr: str) -> frozenset[int]:
    """The ids of the `self.<attr>` loads in the methods: the class's reads of its variable."""
    return frozenset(id(n) for m in methods for n in ast.walk(m) if _reads(n, attr, m))


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
