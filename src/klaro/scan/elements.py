"""What the project's containers hold: the element type of a class's list attributes and of
its own instances, as chains the name resolver follows (`scan.names_build`).

python-crontab's `CronItem` keeps `self.slices = CronSlices()`, a `list` subclass filled with
`[CronSlice(info) for info in S_INFO]`, and its `hour` property returns `self.slices[1]`: a
`CronSlice`, as an IDE infers. `CronTab.__iter__` yields each job of `self.crons`, which only
ever receives `CronItem`s. Knowing this lets the checker follow `for job in cron:
job.setall(...)` and `job.hour.random_during(1, 3)` in a README. Nothing is guessed: an
attribute given anything the analysis cannot write (a value of unknown type, a parameter no
annotation or caller of the class types, a list built elsewhere) has no element type; the
resolver gives nothing when the elements are of several classes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from klaro.scan.cli_ast import chain
from klaro.scan.returns import expression_chain

ELEMENT = "[]"  # a chain step: one element of what precedes (`self.crons[]`)
SELF = ""  # the key of the instance's own elements (a `list` subclass's items)
_LIST_BASES = frozenset({"list", "List", "typing.List", "UserList", "collections.UserList"})
_ADDERS = frozenset({"append", "insert", "add", "appendleft"})  # the item is the last argument
_COPIES = frozenset({"list", "iter", "tuple", "sorted", "reversed"})
_HELD = re.compile(
    r"(?:typing\.|collections\.abc\.)?(?:list|List|Sequence|MutableSequence|Iterator|Iterable"
    r"|Generator|Deque|deque|Set|set|Collection)\[([A-Za-z_][\w.]*)\s*(?:,.*)?\]\Z"
)

Method = ast.FunctionDef | ast.AsyncFunctionDef


def element_chains(node: ast.ClassDef) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """The chains of one element of each list attribute the class fills with one kind of item
    (`(("crons", "CronItem()"),)`), and of one element of an instance (`self.crons[]`), if
    known: from `__iter__` (its annotation or what it yields), else `__getitem__`, else the
    items a `list` subclass is filled with."""
    methods = [m for m in node.body if isinstance(m, Method) and m.args.args]
    is_list = any(ast.unparse(b).split("[")[0] in _LIST_BASES for b in node.bases)
    items: dict[str, list[str | None]] = {}
    for method in methods:
        for attr, chain_ in _items(method, methods, is_list):
            items.setdefault(attr, []).append(chain_)
    known = {attr: _union(found) for attr, found in items.items()}
    attrs = tuple(sorted((a, c) for a, c in known.items() if a != SELF and c is not None))
    own = _own_element(node, methods)
    if own is None and is_list:
        own = known.get(SELF) or _annotated_base(node)
    return attrs, own


def _items(method: Method, methods: list[Method], is_list: bool) -> list[tuple[str, str | None]]:
    """(attribute, chain of what the method puts in it) for each item it adds or assigns."""
    me = method.args.args[0].arg
    found: list[tuple[str, str | None]] = []
    for sub in ast.walk(method):
        if isinstance(sub, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            for target in targets:
                attr = _self_attr(target, me)
                if attr is not None and sub.value is not None:
                    note = sub.annotation if isinstance(sub, ast.AnnAssign) else None
                    found += [(attr, c) for c in _assigned(sub.value, note, method, methods)]
                elif (  # `self.crons[i] = item`
                    isinstance(target, ast.Subscript)
                    and (held := _self_attr(target.value, me)) is not None
                    and sub.value is not None
                ):
                    found.append((held, _item(sub.value, method, methods)))
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.args:
            owner, verb = sub.func.value, sub.func.attr
            attr = _self_attr(owner, me)
            if attr is None and is_list and isinstance(owner, ast.Name) and owner.id == me:
                attr = SELF  # `self.append(x)` of a `list` subclass
            if attr is None and is_list and verb == "__init__" and _is_super(owner):
                found += [(SELF, c) for c in _listed(sub.args[0], method, methods)]
                continue
            if attr is None:
                continue
            if verb in _ADDERS:
                found.append((attr, _item(sub.args[-1], method, methods)))
            elif verb == "extend":
                found += [(attr, c) for c in _listed(sub.args[0], method, methods)]
    return found


def _assigned(
    value: ast.expr, note: ast.expr | None, method: Method, methods: list[Method]
) -> list[str | None]:
    """What an assignment to an attribute puts in it, as element chains: nothing for `None`
    or an empty list, the items of a literal or comprehension, None for any other value."""
    if note is not None and (held := _HELD.match(ast.unparse(note).strip("'\""))):
        return [f"{held.group(1)}()"]  # `self.crons: list[CronItem] = []`
    if isinstance(value, ast.Constant) and value.value is None:
        return []
    if isinstance(value, ast.Call) and chain(value.func) == "list" and not value.args:
        return []
    return _listed(value, method, methods)


def _listed(value: ast.expr, method: Method, methods: list[Method]) -> list[str | None]:
    """The element chains of a list expression: a literal's items, a comprehension's
    element; [None] for a value whose items are not written here."""
    if isinstance(value, ast.List | ast.Tuple):
        return [_item(e, method, methods) for e in value.elts]
    if isinstance(value, ast.ListComp | ast.GeneratorExp):
        bound = {
            n.id for g in value.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)
        }
        uses = {n.id for n in ast.walk(value.elt) if isinstance(n, ast.Name)}
        if isinstance(value.elt, ast.Name) or (
            bound & uses and not isinstance(value.elt, ast.Call)
        ):
            return [None]  # `[x for x in others]`: what `others` holds, unknown here
        return [_item(value.elt, method, methods)]
    return [None]


def _item(value: ast.expr, method: Method, methods: list[Method]) -> str | None:
    """The chain of an item a method puts in a container: a construction (`CronItem(...)`),
    a local bound once to one, or a parameter its annotation, or the class's own calls of
    the method (`self.append(CronItem(...))`), type; None when unknown."""
    params = [a for a in [*method.args.posonlyargs, *method.args.args]][1:]
    given = next((a for a in params if isinstance(value, ast.Name) and a.arg == value.id), None)
    if given is None:
        found = expression_chain(value, method)
        return found if found is not None and _instance_chain(found) else None
    if given.annotation is not None:
        note = ast.unparse(given.annotation).strip("'\"")
        return f"{note}()" if re.fullmatch(r"[A-Za-z_][\w.]*", note) else None
    return _passed(method, params.index(given), given.arg, methods)


def _passed(target: Method, position: int, name: str, methods: list[Method]) -> str | None:
    """What the class's own methods hand a parameter of `target` in their `self.<target>(...)`
    calls, when every such call gives the same construction; None otherwise."""
    found: set[str | None] = set()
    for method in methods:
        me = method.args.args[0].arg
        for sub in ast.walk(method):
            if not (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr == target.name
                and isinstance(sub.func.value, ast.Name)
                and sub.func.value.id == me
            ):
                continue
            keyword = next((k.value for k in sub.keywords if k.arg == name), None)
            arg = sub.args[position] if len(sub.args) > position else keyword
            if arg is None:
                found.add(None)
                continue
            chain_ = expression_chain(arg, method)
            found.add(chain_ if chain_ is not None and _instance_chain(chain_) else None)
    return _union(found)


def _union(found: Iterable[str | None]) -> str | None:
    """The chains of the items, `|`-joined (the resolver gives their class if they are all
    of one); None when one is unknown or there is none."""
    chains = set(found)
    if not chains or None in chains:
        return None
    return "|".join(sorted(c for c in chains if c is not None))


def _instance_chain(text: str) -> bool:
    """Whether a chain gives a value of a known kind: a call (`CronItem()`, `Item.from_line()`)
    or an attribute of `self`; a bare name may be anything (a loop variable, a global)."""
    return text.endswith(("()", ELEMENT)) or text.startswith("self.")


def _own_element(node: ast.ClassDef, methods: list[Method]) -> str | None:
    """One element of an instance: what `__iter__` says it yields, else what `__getitem__`
    returns."""
    by_name = {m.name: m for m in methods}
    hook = by_name.get("__iter__")
    if hook is not None:
        if hook.returns is not None:
            held = _HELD.match(ast.unparse(hook.returns).strip("'\""))
            return f"{held.group(1)}()" if held else None
        return _yielded(hook)
    getter = by_name.get("__getitem__")
    if getter is not None and getter.returns is None:
        returns = [n for n in ast.walk(getter) if isinstance(n, ast.Return) and n.value]
        chains = {expression_chain(r.value, getter) for r in returns if r.value is not None}
        one = chains.pop() if len(chains) == 1 else None
        return one if one is not None and one.endswith(ELEMENT) and one != "self[]" else None
    return None


def _yielded(hook: Method) -> str | None:
    """The chain of what an `__iter__` gives: `yield` of a loop variable over `self.x` (or a
    copy: `list(self.x)`), `yield from self.x`, `return iter(self.x)`."""
    me = hook.args.args[0].arg
    loops = {
        n.target.id: n.iter
        for n in ast.walk(hook)
        if isinstance(n, ast.For) and isinstance(n.target, ast.Name)
    }
    found: set[str | None] = set()
    for sub in ast.walk(hook):
        if isinstance(sub, ast.Yield) and sub.value is not None:
            value = sub.value
            if isinstance(value, ast.Name) and value.id in loops:
                found.add(_element_of(loops[value.id], hook, me))
            else:
                found.add(expression_chain(value, hook))
        elif isinstance(sub, ast.YieldFrom | ast.Return) and sub.value is not None:
            found.add(_element_of(sub.value, hook, me))  # `yield from x`, `return iter(x)`
    one = _union(found)
    return one if one is not None and _instance_chain(one) and "self[]" not in one else None


def _element_of(value: ast.expr, hook: Method, me: str) -> str | None:
    """The chain of one element of an iterable (`self.crons`, `list(self.crons.__iter__())`)."""
    while True:
        if isinstance(value, ast.Call) and chain(value.func) in _COPIES and len(value.args) == 1:
            value = value.args[0]
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in {"__iter__", "copy"}
            and not value.args
        ):
            value = value.func.value
        elif isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Slice):
            value = value.value  # `self.crons[:]`
        else:
            break
    if isinstance(value, ast.Name) and value.id == me:
        return None
    held = expression_chain(value, hook)
    return None if held is None else f"{held}{ELEMENT}"


def _annotated_base(node: ast.ClassDef) -> str | None:
    """`class Slices(list[Slice])`: the element the base names."""
    for base in node.bases:
        held = _HELD.match(ast.unparse(base))
        if held:
            return f"{held.group(1)}()"
    return None


def _self_attr(node: ast.AST, me: str) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me:
        return node.attr
    return None


def _is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and chain(node.func) == "super"
