"""What a class's methods set on `self`: the attribute names, their types where one is
certain, and whether the class keeps any name (a namespace object).

Read from the AST of the class alone. `self.config = Config(...)` types `config` as
`Config`; a `__setattr__` storing by name, `self.__dict__.update(kw)`, `setattr(self, name,
...)` or a module helper handed `self` that sets attributes by name open the class to any
attribute, which the checker then never calls missing.
"""

from __future__ import annotations

import ast
import re

from klaro.scan.cli_ast import chain, positional_defaults
from klaro.scan.model import ANY_ATTRIBUTE, PROBED_HOOKS


def instance_attributes(
    node: ast.ClassDef, attachers: frozenset[str] = frozenset()
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Names the methods of a class assign on `self` (`self.x = ...`, `self.x: T = ...`), and
    the type text of those always set from one annotation or one called name
    (`self.config = Config(...)`, `None` aside): `(("config", "Config"),)`."""
    found: dict[str, None] = {}
    types: dict[str, set[str]] = {}
    for method in node.body:
        if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        # `def __init__(self, first, /, *rest)`: `self` may be positional-only
        positional = [*method.args.posonlyargs, *method.args.args]
        if not positional:
            continue
        me = positional[0].arg
        params = _parameter_types(method)
        local = _single_locals(method)
        if _stores_any_attribute(method) or _made_with_any_attribute(method):
            found[ANY_ATTRIBUTE] = None
        for sub in ast.walk(method):
            if sets_any_attribute(sub, me) or _hands_self(sub, me, attachers):
                found[ANY_ATTRIBUTE] = None
            if _probes_self(sub, me):
                found[PROBED_HOOKS] = None
            targets: list[ast.expr] = []
            if isinstance(sub, ast.Assign):
                targets = sub.targets
            elif isinstance(sub, ast.AnnAssign | ast.AugAssign):
                targets = [sub.target]
            for target in targets:
                elts = target.elts if isinstance(target, ast.Tuple) else [target]
                for elt in elts:
                    if (
                        isinstance(elt, ast.Attribute)
                        and isinstance(elt.value, ast.Name)
                        and elt.value.id == me
                    ):
                        found[elt.attr] = None
                        text = _type_text(sub, elt is target, params, local, me)
                        if text != _ITSELF:  # `self.x = x if new else self.x`
                            types.setdefault(elt.attr, set()).add(text)
    typed = tuple(
        (name, next(iter(texts - {"None"})))
        for name, texts in types.items()
        if len(texts - {"None"}) == 1 and "" not in texts
    )
    return tuple(found), typed


def _hands_self(node: ast.AST, me: str, attachers: frozenset[str]) -> bool:
    """`_attach_fields(self)`: the instance handed to a function that names its attributes."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in attachers
        and bool(node.args)
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == me
    )


def _probes_self(node: ast.AST, me: str) -> bool:
    """`hasattr(self, name)` or `getattr(self, name, None)` with a name known at run time:
    the class looks for methods its subclasses may define (misaka's renderer callbacks)."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"hasattr", "getattr"}
        and len(node.args) >= (2 if node.func.id == "hasattr" else 3)
    ):
        return False
    owner, name = node.args[0], node.args[1]
    return isinstance(owner, ast.Name) and owner.id == me and not isinstance(name, ast.Constant)


def _stores_any_attribute(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A `__setattr__` that keeps any name in a mapping (`self.__dict__[name] = value`,
    starlette's `self._state[key] = value`): a namespace object, whose attributes are the
    ones its users set (flask's `g.user`)."""
    if method.name != "__setattr__" or len(method.args.args) < 3:
        return False
    name = method.args.args[1].arg
    return any(
        isinstance(sub, ast.Assign)
        and any(
            isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Name) and t.slice.id == name
            for t in sub.targets
        )
        for sub in ast.walk(method)
    )


def _made_with_any_attribute(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a metaclass's `__call__` gives the object it makes attributes named at run
    time: python-bcb's `obj = super().__call__(*args, **kwargs)`, then `setattr(obj, name,
    prop)` for each property of the entity; the classes it makes then take any attribute."""
    if method.name != "__call__":
        return False
    made = {
        target.id
        for sub in ast.walk(method)
        if isinstance(sub, ast.Assign)
        and isinstance(sub.value, ast.Call)
        and isinstance(sub.value.func, ast.Attribute)
        and sub.value.func.attr == "__call__"
        for target in sub.targets
        if isinstance(target, ast.Name)
    }
    return any(sets_any_attribute(sub, name) for name in made for sub in ast.walk(method))


def sets_any_attribute(node: ast.AST, me: str) -> bool:
    """`self.__dict__.update(kw)`, `vars(self).update(kw)`, `setattr(self, name, value)`:
    attributes named at run time (venusian's `Scanner(**kw)` gives `scanner.a`; mido's
    `Message` its fields); also `self.__dict__[key] = value` (dohq-artifactory's `Token`
    stores each of its request keys so)."""
    if isinstance(node, ast.Assign):
        return any(
            isinstance(t, ast.Subscript)
            and not isinstance(t.slice, ast.Constant)
            and isinstance(t.value, ast.Attribute)
            and t.value.attr == "__dict__"
            and isinstance(t.value.value, ast.Name)
            and t.value.value.id == me
            for t in node.targets
        )
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "update":
        held = func.value
        if (  # `self.__dict__`
            isinstance(held, ast.Attribute)
            and held.attr == "__dict__"
            and isinstance(held.value, ast.Name)
            and held.value.id == me
        ) or (  # `vars(self)`
            isinstance(held, ast.Call)
            and isinstance(held.func, ast.Name)
            and held.func.id == "vars"
            and len(held.args) == 1
            and isinstance(held.args[0], ast.Name)
            and held.args[0].id == me
        ):
            return True
    if (  # `self.__setattr__(att_name, fn)` (hgvs's `parse_<rule>` methods)
        isinstance(func, ast.Attribute)
        and func.attr == "__setattr__"
        and isinstance(func.value, ast.Name)
        and func.value.id == me
        and node.args
        and not isinstance(node.args[0], ast.Constant)
    ):
        return True
    # `setattr(self, name, value)`, `object.__setattr__(self, name, value)`
    plain = isinstance(func, ast.Name) and func.id == "setattr"
    unbound = isinstance(func, ast.Attribute) and func.attr == "__setattr__"
    return (
        (plain or unbound)
        and len(node.args) > 1
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == me
        and not isinstance(node.args[1], ast.Constant)
    )


def _type_text(
    node: ast.AST, whole: bool, params: dict[str, str], local: dict[str, ast.expr], me: str
) -> str:
    """What an assignment says its target is: an annotation, a called name, `None`, what a
    parameter it copies is (`self.type = type`, `type: Type[Arrow] = Arrow`), or ""."""
    if isinstance(node, ast.AnnAssign):
        return ast.unparse(node.annotation)
    if not (isinstance(node, ast.Assign) and whole):
        return ""
    target = node.targets[0]
    own = f"{me}.{target.attr}" if isinstance(target, ast.Attribute) else ""
    return _value_text(node.value, params, local, own, 0)


_ITSELF = "<itself>"  # the attribute's own value read back: no new type


def _value_text(
    value: ast.expr, params: dict[str, str], local: dict[str, ast.expr], own: str, depth: int
) -> str:
    """The type text of a value assigned to `self.<own>`. Either branch of `a if c else b`
    and any operand of `response or Response()` may be the value, so they must agree; a
    parameter of unknown type beside a default (`response or Response()`, where `response`
    defaults to None) is taken to be of the default's type; a local name assigned once stands
    for its value (pook's `res = Response() if new else self._response; self._response =
    res`), the attribute read back adds nothing."""
    if isinstance(value, ast.Constant) and value.value is None:
        return "None"
    if isinstance(value, ast.Call):
        return chain(value.func) or ""
    if isinstance(value, ast.Attribute):
        return _ITSELF if own and ast.unparse(value) == own else ""
    if isinstance(value, ast.Name):
        if value.id in params:
            return params[value.id]
        if value.id in local and depth < 3:
            return _value_text(local[value.id], params, local, own, depth + 1)
        return ""
    if isinstance(value, ast.IfExp):
        parts = [value.body, value.orelse]
    elif isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
        # `response or Response()`: an untyped name may be None or the default's kind
        parts = [v for v in value.values if not isinstance(v, ast.Name) or v.id in local]
        if len(parts) == len(value.values) or not parts:
            return ""
    else:
        return ""
    given = {_value_text(p, params, local, own, depth + 1) for p in parts}
    texts = given - {"None", _ITSELF}
    if not texts:
        return "None" if "None" in given else _ITSELF
    return texts.pop() if len(texts) == 1 and "" not in texts else ""


def _single_locals(method: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """The method's local names assigned exactly once (by a plain `=`), to their values."""
    values: dict[str, ast.expr] = {}
    stores: dict[str, int] = {}
    for sub in ast.walk(method):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            stores[sub.id] = stores.get(sub.id, 0) + 1
        elif isinstance(sub, ast.Assign):
            values.update((t.id, sub.value) for t in sub.targets if isinstance(t, ast.Name))
    return {name: value for name, value in values.items() if stores.get(name) == 1}


def _parameter_types(method: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
    """What each parameter is, as `_type_text` writes it: its annotation, or `type[X]` for a
    parameter holding a class (`Type[Arrow]`, or a default of a capitalised name)."""
    args = method.args
    pairs = [*positional_defaults(args), *zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    defaults = {a.arg: d for a, d in pairs if d is not None}
    found: dict[str, str] = {}
    for arg, _ in pairs:
        note = ast.unparse(arg.annotation).strip("'\"") if arg.annotation else ""
        held = re.fullmatch(r"(?:typing\.)?[Tt]ype\[(.+)\]", note)
        default = chain(defaults[arg.arg]) if arg.arg in defaults else ""
        if held:
            found[arg.arg] = f"type[{held.group(1)}]"
        elif default and default.rsplit(".", 1)[-1][:1].isupper() and not note:
            found[arg.arg] = f"type[{default}]"
        elif note:
            found[arg.arg] = note
    return found


def attached_to_made(tree: ast.Module) -> tuple[tuple[str, str], ...]:
    """Attributes a function sets on an instance it makes of a class named here, as
    `(class as written, attribute)`: pycoin's `create_bitcoinish_network` makes `network =
    Network(...)`, then `network.keys = API()` and `network.parse = ...`, and returns it, so
    every network has them. `setattr(network, name, ...)` with a name made at run time
    gives `ANY_ATTRIBUTE`."""
    found: dict[tuple[str, str], None] = {}
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        made = {
            name: cls
            for name, value in _single_locals(func).items()
            if isinstance(value, ast.Call)
            and (cls := chain(value.func))
            and cls.rsplit(".", 1)[-1][:1].isupper()
        }
        if not made:
            continue
        for sub in ast.walk(func):
            if isinstance(sub, ast.Assign | ast.AnnAssign):
                targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                for target in targets:
                    if (
                        isinstance(target, ast.Attribute)
                        and isinstance(target.value, ast.Name)
                        and target.value.id in made
                    ):
                        found[(made[target.value.id], target.attr)] = None
            elif (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Name)
                and sub.func.id == "setattr"
                and len(sub.args) == 3
                and isinstance(sub.args[0], ast.Name)
                and sub.args[0].id in made
            ):
                named = sub.args[1]
                attr = named.value if isinstance(named, ast.Constant) else ANY_ATTRIBUTE
                if isinstance(attr, str):
                    found[(made[sub.args[0].id], attr)] = None
    return tuple(found)
