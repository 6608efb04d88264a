"""Where a function's `**kwargs` go: which keywords a call of it can really take.

`logger.add(sink, enqueue=True)` is only checkable when every use of `add`'s `**kwargs` is
accounted for: handed on to callees (`FileSink(path, **kwargs)`), read by key
(`kwargs.pop("loop", None)`, `kwargs["x"]`, `"x" in kwargs`), tested (`if kwargs: raise`),
copied into an alias (`opts = {**kwargs, "mode": mode}`, `opts.update(kwargs)`) that is itself
accounted for, or stashed on `self` (`self._kwargs = ...`) when every use of that attribute in the
class is a `**self._kwargs` splat. Any other use (`self.extra.update(kwargs)`, `for k in kwargs`,
passing the dict as a value) makes the keywords *open*: anything may be accepted, nothing is
reported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from klaro.scan.cli_ast import dotted

_READS = frozenset({"pop", "get", "setdefault"})
_Node = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class KwargsFlow:
    """What a function does with its `**kwargs`."""

    forwards: tuple[str, ...] = ()  # call targets, as written, that receive them
    keys: tuple[str, ...] = ()  # keywords read by name (also when open)
    open: bool = False  # some use we cannot follow: any keyword may be accepted
    refused: bool = False  # extra keywords are only reported (raise, warnings.warn): refused
    # per target, what every call handing it the kwargs already fills: the count of leading
    # positional arguments and the keywords written (`writers.save(m, size, out, kind,
    # **kw)`: `kw` cannot hold `kind`, a second value for it is a TypeError)
    filled: tuple[tuple[str, int, tuple[str, ...]], ...] = ()
    # the targets that also receive every positional argument (`*args`): mailchimp3's
    # `super().__init__(*args, **kwargs)`, whose signature then counts them
    whole: tuple[str, ...] = ()


def kwargs_flow(node: _Node, owner: ast.ClassDef | None = None) -> KwargsFlow:
    """Follow the `**kwargs` of `node` (a method of `owner`, if given) through its body."""
    if node.args.kwarg is None:
        return KwargsFlow()
    parents = {child: parent for parent in ast.walk(node) for child in ast.iter_child_nodes(parent)}
    names = {node.args.kwarg.arg}
    stashed: set[str] = set()
    aliases: set[ast.AST] = set()  # value expressions that copy the kwargs into an alias
    changed = True
    while changed:  # aliases of aliases
        changed = False
        for sub in ast.walk(node):
            if (merged := _merged_into(sub, names)) is not None and sub not in aliases:
                # `opts = {defaults}; opts.update(kwargs)`: ghp-import's options, read by key
                aliases.add(sub)
                names.add(merged)
                changed = True
                continue
            if not isinstance(sub, ast.Assign | ast.AnnAssign) or sub.value is None:
                continue
            if sub.value in aliases or not _copies(sub.value, names):
                continue
            aliases.add(sub.value)
            changed = True
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    names.add(target.id)
                elif _self_attribute(target, node) is not None:
                    stashed.add(str(_self_attribute(target, node)))
    forwards: dict[str, None] = {}
    whole: dict[str, None] = {}
    filled: dict[str, tuple[int, frozenset[str]]] = {}
    keys: dict[str, None] = {}
    refused = False
    # one use we cannot follow opens the keywords; those read by name are still recorded:
    # the options the function takes (DotMap's `kwargs.pop('_dynamic', True)`, beside
    # `self.__call_items(kwargs)` making the rest its keys), which history can see renamed
    opened = False
    for sub in ast.walk(node):
        if not (isinstance(sub, ast.Name) and sub.id in names and isinstance(sub.ctx, ast.Load)):
            continue
        reported = _reported(sub, parents)
        refused = refused or reported
        use = ("", "") if reported else _use(sub, parents, aliases)
        if use is None:
            opened = True
            continue
        kind, values = use
        for value in values if kind else ():
            (forwards if kind == "call" else keys)[value] = None
            call = parents.get(parents.get(sub, sub))
            if kind == "call" and isinstance(call, ast.Call):
                given = _given(call)
                before = filled.get(value, given)
                filled[value] = (min(before[0], given[0]), before[1] & given[1])
                if _passes_all(call, node):
                    whole[value] = None
    defaults = _default_classes(node)  # `klass = kwargs.pop("klass", Task)`: usually Task
    forwards = {defaults.get(target, target): None for target in forwards}
    if stashed:
        splats = _attribute_splats(owner, stashed) if owner is not None else None
        opened = opened or splats is None
        forwards.update(dict.fromkeys(splats or ()))
    kept = tuple(
        (target, count, tuple(sorted(words)))
        for target, (count, words) in filled.items()
        if target in forwards and (count or words)
    )
    # (only where every call of it hands them on, and no other target takes the kwargs)
    passed = tuple(whole) if len(forwards) == 1 and set(whole) == set(forwards) else ()
    return KwargsFlow(
        tuple(forwards), tuple(keys), open=opened, refused=refused, filled=kept, whole=passed
    )


def _passes_all(call: ast.Call, node: _Node) -> bool:
    """Whether a call hands on the function's `*args` whole (`f(*args, **kwargs)`)."""
    vararg = node.args.vararg
    return vararg is not None and any(
        isinstance(a, ast.Starred) and isinstance(a.value, ast.Name) and a.value.id == vararg.arg
        for a in call.args
    )


def _given(call: ast.Call) -> tuple[int, frozenset[str]]:
    """The leading positional arguments (up to a `*args`) and the keywords a call writes;
    `self` handed to a method through its class (`BaseScheduler.start(self, *args,
    **kwargs)`) is the instance, which no signature we compare counts."""
    args = call.args
    if (
        isinstance(call.func, ast.Attribute)
        and dotted(call.func.value).rpartition(".")[2][:1].isupper()  # a class, by its name
        and args
        and isinstance(args[0], ast.Name)
        and args[0].id in {"self", "cls"}
    ):
        args = args[1:]
    count = 0
    for arg in args:
        if isinstance(arg, ast.Starred):
            break
        count += 1
    return count, frozenset(k.arg for k in call.keywords if k.arg)


def _default_classes(node: _Node) -> dict[str, str]:
    """Local names bound once to a mapping's value with a default (invoke's
    `klass = kwargs.pop("klass", Task)`): the default, which a call of the name usually runs."""
    found: dict[str, str] = {}
    seen: dict[str, int] = {}
    for sub in ast.walk(node):
        target = (
            sub.targets[0] if isinstance(sub, ast.Assign) and len(sub.targets) == 1
            else sub.target if isinstance(sub, ast.AnnAssign) else None
        )  # fmt: skip
        if not isinstance(target, ast.Name):
            continue
        seen[target.id] = seen.get(target.id, 0) + 1
        value = sub.value if isinstance(sub, ast.Assign | ast.AnnAssign) else None
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in {"pop", "get"}
            and len(value.args) == 2
            and (default := dotted(value.args[1]))
        ):
            found[target.id] = default
    found = {name: default for name, default in found.items() if seen[name] == 1}
    # a parameter whose default is a name, never rebound: atomicwrites' `atomic_write(path,
    # writer_cls=AtomicWriter, **cls_kwargs)` runs `writer_cls(path, **cls_kwargs)`
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    pairs = [
        *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
        *((a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d),
    ]
    for arg, value in pairs:
        given = dotted(value) if isinstance(value, ast.Name | ast.Attribute) else None
        if arg.arg not in seen and given:
            found[arg.arg] = given
    return found


def _copies(value: ast.expr, names: set[str]) -> bool:
    """`kwargs`, `dict(kwargs)`, `kwargs.copy()`, `{**kwargs, "k": v}`: the same keywords."""
    if isinstance(value, ast.Name):
        return value.id in names
    if isinstance(value, ast.Call) and not value.keywords:
        func = value.func
        if isinstance(func, ast.Name) and func.id == "dict" and len(value.args) == 1:
            return _copies(value.args[0], names)
        if isinstance(func, ast.Attribute) and func.attr == "copy" and not value.args:
            return _copies(func.value, names)
    if isinstance(value, ast.Dict):
        splats = [v for k, v in zip(value.keys, value.values, strict=True) if k is None]
        return any(_copies(v, names) for v in splats)
    return False


_NOTHING: tuple[str, tuple[str, ...]] = ("", ())


def _use(
    name: ast.Name, parents: dict[ast.AST, ast.AST], aliases: set[ast.AST]
) -> tuple[str, tuple[str, ...]] | None:
    """How one load of the kwargs is used: ("call", (target,)), ("key", names), ("", ()) for
    a use that takes no keyword, or None for a use we cannot follow."""
    parent = parents.get(name)
    if isinstance(parent, ast.keyword) and parent.arg is None:
        call = parents.get(parent)
        target = _target(call.func) if isinstance(call, ast.Call) else ""
        return ("call", (target,)) if target else None
    if isinstance(parent, ast.Attribute) and parent.attr in _READS:
        call = parents.get(parent)
        found = _keys(call.args[0], parents) if isinstance(call, ast.Call) and call.args else None
        return ("key", found) if found is not None else None
    if isinstance(parent, ast.Subscript) and parent.value is name:
        if isinstance(parent.ctx, ast.Store):
            # subprocrunner's `kwargs[self._RETRY_ATTEMPT_KEY] = i + 1`: a key set for the
            # callee, none taken from the caller
            return _NOTHING
        found = _keys(parent.slice, parents)
        return ("key", found) if found is not None else None
    if isinstance(parent, ast.Compare) and any(c is name for c in parent.comparators):
        found = _keys(parent.left, parents)
        if found is not None and all(isinstance(op, ast.In | ast.NotIn) for op in parent.ops):
            return "key", found
        return None
    if isinstance(parent, ast.If | ast.While | ast.IfExp | ast.BoolOp | ast.UnaryOp):
        return _NOTHING  # `if kwargs: raise TypeError(...)`: a test, no keyword taken
    if isinstance(parent, ast.Call) and dotted(parent.func) == "len":
        return _NOTHING
    if parent in aliases:  # `{**kwargs, ...}`, `dict(kwargs)`: an alias, followed on its own
        return _NOTHING
    if isinstance(parent, ast.Attribute) and parent.attr == "copy":
        return _NOTHING if parents.get(parent) in aliases else None  # `kwargs.copy()`
    if isinstance(parent, ast.Attribute) and parent.attr == "update":
        return _NOTHING if parents.get(parent) in aliases else None  # `opts.update(kwargs)`
    return None


def _target(func: ast.expr) -> str:
    """A call's target as written; `super().__init__` (also `super(Cls, self).__init__`)
    whole, where `dotted` would keep only the call `super()`."""
    if (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Call)
        and dotted(func.value.func) == "super"
    ):
        return f"super().{func.attr}"
    return dotted(func)


def _merged_into(node: ast.AST, names: set[str]) -> str | None:
    """The local dict `X` of a call `X.update(kwargs)`: the keywords merged into it, which
    it then holds beside its own keys; else None."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "update"
        and isinstance(node.func.value, ast.Name)
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id in names
    ):
        return None
    return node.func.value.id


def _keys(node: ast.expr, parents: dict[ast.AST, ast.AST]) -> tuple[str, ...] | None:
    """The keys an expression can be: a string, or a loop variable over literal strings
    (`for name, env in (("field_styles", "X"), ...): kwargs.get(name)`)."""
    text = _text(node)
    if text is not None:
        return (text,)
    if not isinstance(node, ast.Name):
        return None
    loop: ast.AST | None = node
    while loop is not None and not isinstance(loop, ast.For):
        loop = parents.get(loop)
    if not isinstance(loop, ast.For) or not isinstance(loop.iter, ast.Tuple | ast.List):
        return None
    target = loop.target
    if isinstance(target, ast.Name) and target.id == node.id:
        items = [_text(e) for e in loop.iter.elts]
    elif isinstance(target, ast.Tuple):
        at = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Name) and e.id == node.id]
        if len(at) != 1:
            return None
        items = [
            _text(e.elts[at[0]]) if isinstance(e, ast.Tuple) and len(e.elts) > at[0] else None
            for e in loop.iter.elts
        ]
    else:
        return None
    return None if any(i is None for i in items) else tuple(str(i) for i in items)


def _reported(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Inside a `raise` or a warning (`TypeError(f"unexpected {next(iter(kwargs))}")`,
    `warnings.warn(f"Unsupported kwargs: {kwargs}")`): the keywords are refused, not used."""
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and dotted(node.func).rsplit(".", 1)[-1] == "warn":
            return True
        if isinstance(node, ast.stmt):
            return False
    return False


def _attribute_splats(owner: ast.ClassDef, attrs: set[str]) -> list[str] | None:
    """Callees of `callee(**self.attr)` in the class; None if an attr is used another way."""
    found: list[str] = []
    for method in owner.body:
        if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        parents = {c: p for p in ast.walk(method) for c in ast.iter_child_nodes(p)}
        for sub in ast.walk(method):
            attr = _self_attribute(sub, method)
            if attr not in attrs or not isinstance(sub, ast.Attribute):
                continue
            if isinstance(sub.ctx, ast.Store):
                continue  # the stash itself (checked by its own function's walk)
            parent = parents.get(sub)
            call = parents.get(parent) if parent is not None else None
            if (
                isinstance(parent, ast.keyword)
                and parent.arg is None
                and isinstance(call, ast.Call)
                and (target := dotted(call.func))
            ):
                found.append(target)
                continue
            return None
    return found


def _self_attribute(node: ast.AST, function: _Node) -> str | None:
    """`attr` when `node` is `self.attr` (the method's first parameter), else None."""
    params = function.args.posonlyargs + function.args.args
    if not params or not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
        return None
    return node.attr if node.value.id == params[0].arg else None


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
