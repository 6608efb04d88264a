"""What an unannotated function returns, written as a chain the name resolver can follow.

`return Logger(self._core)` returns a `Logger`; so does `results = Logger(...); return
results`, and `with self.connect() as conn: return conn.query(sql)` returns whatever
`Connection.query` returns when `connect()` gives a `Connection` whose `__enter__` returns
itself. The analysis is per file and knows no other function, so it writes the returned
value as a chain of names, attributes and calls (`self.connect().__enter__().query()`); the
resolver (`scan.names`), which knows the whole project, follows it. Nothing is guessed: a
generator, a return the chain cannot write or a local name bound twice has no inferable
result; a function returning one of a few chains (`Result(...)` or `Match(...)`) returns
their union, and `return None` only makes a result optional. A memoising function returns
what it stores: `cached = self._cache.get(key)` returned beside `self._cache[key] = result`
is a `result` too. One element of a container is written `[]` after it (`return
self.slices[1]` gives `self.slices[]`): the resolver knows the element types of the project's
containers (`scan.elements`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

_MAX_DEPTH = 6  # local names standing for other local names, at most this deep
_MAX_ALTERNATIVES = 4  # `return Result(...)` or `return Match(...)`: one of a few classes
# decorators making a generator into a context manager, and the class of what they return
MANAGER_MAKERS = {
    "contextmanager": "contextlib._GeneratorContextManager",
    "asynccontextmanager": "contextlib._AsyncGeneratorContextManager",
}


def delegate_chain(hook: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """What a `__getattr__` forwards every name to, as a chain: tinydb's
    `return getattr(self.table(self.default_table_name), name)` gives `self.table()`."""
    args = hook.args.args
    if len(args) < 2:
        return None
    name = args[1].arg
    own = list(_own_nodes(hook))
    returns = [n for n in own if isinstance(n, ast.Return)]
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Call):
        return None
    call = returns[0].value
    if not (
        isinstance(call.func, ast.Name)
        and call.func.id == "getattr"
        and len(call.args) == 2
        and isinstance(call.args[1], ast.Name)
        and call.args[1].id == name
    ):
        return None
    return _chain(call.args[0], _local_values(own), 0)


def returned_chain(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The chain every `return` of the function gives (`Logger()`, `self`, `cls()`), or None.

    A chain is dotted names where `()` marks a call: `self.connect().__enter__().query()`.
    A function whose returns give different chains returns one of them: they are joined by
    `|` (parse's `Parser.parse` gives `Match()|self.evaluate_result()`); `return None` only
    makes the result optional.
    """
    own = list(_own_nodes(node))
    if any(isinstance(n, ast.Yield | ast.YieldFrom) for n in own):
        return None  # a generator returns a generator
    return _alternatives([n for n in own if isinstance(n, ast.Return)], own)


def entered_chain(
    node: ast.FunctionDef | ast.AsyncFunctionDef, decorators: tuple[str, ...]
) -> str | None:
    """What `with f() as x` binds `x` to when `f` is a `@contextmanager` generator: the chain
    its `yield` gives (`handle = Handle(path); yield handle` gives `Handle()`), else None.

    The generator runs once to its `yield`, so the value it yields is what the block gets;
    a function yielding one of a few chains gives their union, as `returned_chain` does.
    """
    if not any(d.rpartition(".")[2] in MANAGER_MAKERS for d in decorators):
        return None
    own = list(_own_nodes(node))
    if any(isinstance(n, ast.YieldFrom) for n in own):
        return None
    return _alternatives([n for n in own if isinstance(n, ast.Yield)], own)


def first_to(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """Where a function hands its first parameter to be given attributes whose names it
    computes: `setattr` (`setattr(cls, attribute, prop)` with a name not written out), and
    the functions it calls with that parameter first (`make_a_property(cls, file_type)`),
    which are such only if they do the same (the resolver follows them)."""
    params = [*node.args.posonlyargs, *node.args.args]
    if not params:
        return ()
    first = params[0].arg
    found: dict[str, None] = {}
    for sub in _own_nodes(node):
        if not (isinstance(sub, ast.Call) and sub.args):
            continue
        head = sub.args[0]
        if not (isinstance(head, ast.Name) and head.id == first):
            continue
        func = sub.func
        name = ast.unparse(func) if isinstance(func, ast.Name | ast.Attribute) else ""
        if name == "setattr":
            if len(sub.args) > 1 and not isinstance(sub.args[1], ast.Constant):
                found["setattr"] = None
        elif name and name.split(".")[0] not in {"self", first}:
            found[name] = None
    return tuple(found)


def _alternatives(exits: list[ast.Return] | list[ast.Yield], own: list[ast.AST]) -> str | None:
    """The chain the values of a function's returns (or yields) give, joined by `|` when
    they give a few different ones; None when any cannot be written. A value of None (or
    none) only makes the result optional."""
    local = _local_values(own)
    stored = _stored_values(own)
    rebound = _rebound_values(own)
    values: list[ast.expr | None] = [sub.value for sub in exits]
    found: dict[str, None] = {}
    opened: set[str] = set()  # local names read through once (`x = x if x else y` loops)
    while values:
        value = values.pop()
        if isinstance(value, ast.Name) and value.id in rebound:
            if value.id in opened:
                return None
            opened.add(value.id)  # `seq = self; for t in ts: seq = Sequence(seq, t)`: either
            values += rebound[value.id]
            continue
        if isinstance(value, ast.Name) and isinstance(local.get(value.id), ast.IfExp):
            if value.id in opened:
                return None
            opened.add(value.id)
            value = local[value.id]  # `res = Response(**kw) if new else self._response`
        if isinstance(value, ast.IfExp):  # `return handle if ready else None`: either
            values += [value.body, value.orelse]
            continue
        if value is None or (isinstance(value, ast.Constant) and value.value is None):
            continue  # `return None` when nothing matched: the result is optional
        chain = _chain(value, local, 0, stored)
        if chain is None or "|" in chain:
            return None
        found[chain] = None
    if not found or len(found) > _MAX_ALTERNATIVES:
        return None
    return "|".join(sorted(found))


def expression_chain(
    expr: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef
) -> str | None:
    """An expression of a function's body as a chain, its local names replaced by their one
    value (`item = CronItem(...)`, then `item` is `CronItem()`), else None."""
    return _chain(expr, _local_values(list(_own_nodes(function))), 0)


def value_chain(text: str) -> str | None:
    """The chain an expression written as text is (`Namespace().signal`), else None."""
    try:
        expression = ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError):
        return None
    return _chain(expression, {}, 0)


def gives_receiver(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a decorator is generative: its wrapper hands every argument on to the method it
    wraps (`func(self_copy, *args, **kwargs)`, so the method's signature stands) and gives back
    the receiver: pypika's `builder` returns `self_copy = copy.copy(self)`, SQLAlchemy-style
    generative methods a `self = self._generate()`. A method it decorates returns its own
    class's instance, whatever the method returns (`-> None`): examples chain it."""
    params = [*node.args.posonlyargs, *node.args.args]
    if not params:
        return False
    for wrapper in _returned_wrappers(node):
        inner = [*wrapper.args.posonlyargs, *wrapper.args.args]
        if not inner or not _passes_on(wrapper, params[0].arg):
            continue
        receiver = {inner[0].arg}
        for sub in _own_nodes(wrapper):  # names made from the receiver: copies of it
            if isinstance(sub, ast.Assign) and len(sub.targets) == 1:
                target = sub.targets[0]
                used = {n.id for n in ast.walk(sub.value) if isinstance(n, ast.Name)}
                if isinstance(target, ast.Name) and used & receiver:
                    receiver.add(target.id)
        if any(
            isinstance(sub, ast.Return)
            and isinstance(sub.value, ast.Name)
            and sub.value.id in receiver
            for sub in _own_nodes(wrapper)
        ):
            return True
    return False


def passes_through(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...] | None:
    """The keyword-only parameters a decorator's wrapper adds, when it returns a wrapper that
    hands every argument on to the function it decorates (`def decorated(*args, seed=None,
    **kwargs): return method(*args, **kwargs)`): the function keeps its signature, plus
    those keywords (randomname's `run_with_set_random_seed` adds `seed`); nothing when it
    gives back the function itself (gitchangelog's `available_in_config` registers it). None
    otherwise. A class's decorator counts too (alpha_vantage's `@classmethod def
    _output_format(cls, func, override=None)`, whose `_format_wrapper(self, *args, **kwargs)`
    calls `func(self, *args, **kwargs)`): past `cls`, the function first, then only
    parameters with defaults."""
    params = [*node.args.posonlyargs, *node.args.args]
    kinds = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
    if "classmethod" in kinds and params:
        params = params[1:]
    if not params or len(params) - len(node.args.defaults) > 1:
        return None
    own = list(_own_nodes(node))
    returns = [sub for sub in own if isinstance(sub, ast.Return)]
    if (
        returns
        and all(isinstance(r.value, ast.Name) and r.value.id == params[0].arg for r in returns)
        and not any(
            isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store) and sub.id == params[0].arg
            for sub in own
        )
    ):
        return ()  # a registry's decorator (`_config_env[f.__name__] = f; return f`)
    for wrapper in _returned_wrappers(node):
        if _passes_on(wrapper, params[0].arg):
            return tuple(a.arg for a in wrapper.args.kwonlyargs)
    return None


def makes_through(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...] | None:
    """For a decorator factory (`@deprecated_param("1.0", "1.2", "max_width")`): what the
    decorator it returns adds when that decorator hands every argument on
    (`passes_through`), else None."""
    for decorator in _returned_wrappers(node):
        found = passes_through(decorator)
        if found is not None:
            return found
    return None


def _returned_wrappers(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The functions a decorator defines in its body and returns by name (its wrappers)."""
    returned = {
        sub.value.id
        for sub in _own_nodes(node)
        if isinstance(sub, ast.Return) and isinstance(sub.value, ast.Name)
    }
    return [
        w
        for w in node.body
        if isinstance(w, ast.FunctionDef | ast.AsyncFunctionDef) and w.name in returned
    ]


def _passes_on(wrapper: ast.FunctionDef | ast.AsyncFunctionDef, func: str) -> bool:
    """Whether a wrapper calls `func` with its own `*args` and `**kwargs`, unchanged, after
    as many arguments as it takes itself (a method wrapper's `func(self, *args, **kwargs)`,
    or pypika's `func(self_copy, *args, **kwargs)`)."""
    star, double = wrapper.args.vararg, wrapper.args.kwarg
    if star is None or double is None or wrapper.args.defaults:
        # (a wrapper with defaults of its own, docrep's `use_docstring(self, s=None,
        # base=None, *args, **kwargs)`, takes calls the function it wraps would refuse)
        return False
    own = len([*wrapper.args.posonlyargs, *wrapper.args.args])
    for sub in _own_nodes(wrapper):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == func:
            starred = (
                len(sub.args) > own
                and not any(isinstance(a, ast.Starred) for a in sub.args[:own])
                and isinstance(rest := sub.args[own], ast.Starred)
                and isinstance(rest.value, ast.Name)
                and rest.value.id == star.arg
            )
            keywords = any(
                k.arg is None and isinstance(k.value, ast.Name) and k.value.id == double.arg
                for k in sub.keywords
            )
            if starred and keywords:
                return True
    return False


def _own_nodes(node: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """Every node of the function's body, not of the functions and classes it defines."""
    return own_nodes(node.body)


def own_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every node of a body of statements, not of the functions and classes it defines."""
    stack: list[ast.AST] = list(body)
    while stack:
        sub = stack.pop()
        if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        yield sub
        stack.extend(ast.iter_child_nodes(sub))


def _local_values(nodes: list[ast.AST]) -> dict[str, ast.expr]:
    """Local names bound exactly once, to what: `x = expr`, or `with expr as x` (the value of
    `expr.__enter__()`, written as a call node of that attribute)."""
    assigned, entered, seen = _bindings(nodes)
    values = {name: bound[0] for name, bound in assigned.items()} | entered
    return {name: value for name, value in values.items() if seen.get(name) == 1}


def _rebound_values(nodes: list[ast.AST]) -> dict[str, list[ast.expr]]:
    """Local names bound more than once, each time by a plain `x = expr`, to those values
    (pyfunctional's `sequence = self`, then `sequence = Sequence(sequence, ...)` in a loop);
    a name also bound another way (a loop target, `+=`, `with ... as`) is left out."""
    assigned, _, seen = _bindings(nodes)
    return {n: bound for n, bound in assigned.items() if 1 < len(bound) == seen[n]}


def _bindings(
    nodes: list[ast.AST],
) -> tuple[dict[str, list[ast.expr]], dict[str, ast.expr], dict[str, int]]:
    """How a function binds its local names: the values of its plain `x = expr`s by name,
    what its `with expr as x` blocks bind (`expr.__enter__()`, as a call node), and how many
    times each name is bound in any way."""
    assigned: dict[str, list[ast.expr]] = {}
    entered: dict[str, ast.expr] = {}
    seen: dict[str, int] = {}
    for sub in nodes:
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            seen[sub.id] = seen.get(sub.id, 0) + 1
        if isinstance(sub, ast.Assign) and len(sub.targets) == 1:
            target = sub.targets[0]
            if isinstance(target, ast.Name):
                assigned.setdefault(target.id, []).append(sub.value)
        elif isinstance(sub, ast.With | ast.AsyncWith):
            for item in sub.items:
                if isinstance(item.optional_vars, ast.Name):
                    enter = ast.Attribute(item.context_expr, "__enter__", ast.Load())
                    entered[item.optional_vars.id] = ast.Call(enter, [], [])
    return assigned, entered, seen


def _stored_values(nodes: list[ast.AST]) -> dict[str, ast.expr]:
    """What the function stores in a mapping, by the mapping as written: `self._cache[key] =
    result` gives `{"self._cache": result}`; a mapping given two different values is left out."""
    values: dict[str, ast.expr] = {}
    mixed: set[str] = set()
    for sub in nodes:
        if isinstance(sub, ast.Assign) and len(sub.targets) == 1:
            target = sub.targets[0]
            if isinstance(target, ast.Subscript):
                mapping = ast.unparse(target.value)
                known = values.setdefault(mapping, sub.value)
                if ast.dump(known) != ast.dump(sub.value):
                    mixed.add(mapping)
    return {m: v for m, v in values.items() if m not in mixed}


def _chain(
    expr: ast.expr,
    local: dict[str, ast.expr],
    depth: int,
    stored: dict[str, ast.expr] | None = None,
) -> str | None:
    """Write an expression as a chain, replacing local names by what they were bound to, and
    reads of a mapping the function fills (`stored`) by what it puts there."""
    if depth >= _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Name):
        if expr.id in local:
            return _chain(local[expr.id], local, depth + 1, stored)
        return expr.id
    if stored and (read := _mapping_read(expr)) in stored:
        return _chain(stored[read], local, depth + 1, stored)
    if isinstance(expr, ast.Attribute):
        if expr.attr == "__class__" and _is_self(expr.value):
            return "cls"
        base = _chain(expr.value, local, depth, stored)
        return None if base is None else f"{base}.{expr.attr}"
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Name) and func.id == "type" and len(expr.args) == 1:
            arg = expr.args[0]
            return "cls" if _is_self(arg) else None
        if isinstance(func, ast.Attribute) and func.attr == "__new__" and expr.args:
            # evotorch's `object.__new__(type(self))`: an instance of the receiver's class
            made = _chain(expr.args[0], local, depth + 1, stored)
            return "cls()" if made == "cls" else None
        if ast.unparse(func) in {"copy.copy", "copy.deepcopy"} and len(expr.args) == 1:
            return "self" if _is_self(expr.args[0]) else None  # a copy of the receiver
        if isinstance(func, ast.Name) and func.id == "next" and expr.args:
            # cfenv's `next((s for s in self.services if ...), None)`: one element
            source = _iterated(expr.args[0])
            held = None if source is None else _chain(source, local, depth + 1, stored)
            return None if held is None else f"{held}[]"
        called = _chain(func, local, depth, stored)
        return None if called is None else f"{called}()"
    if isinstance(expr, ast.Subscript) and not isinstance(expr.slice, ast.Slice):
        held = _chain(expr.value, local, depth, stored)  # `self.slices[1]`: one element
        return None if held is None else f"{held}[]"
    return None


def _iterated(expr: ast.expr) -> ast.expr | None:
    """What `next(...)` takes an element of: `iter(X)` and a generator that yields the
    elements of one loop as they are (`(s for s in X if ...)`) give X."""
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id == "iter"
        and len(expr.args) == 1
    ):
        return expr.args[0]
    if (
        isinstance(expr, ast.GeneratorExp)
        and len(expr.generators) == 1
        and isinstance(expr.elt, ast.Name)
        and isinstance(target := expr.generators[0].target, ast.Name)
        and target.id == expr.elt.id
    ):
        return expr.generators[0].iter
    return None


def _mapping_read(expr: ast.expr) -> str | None:
    """The mapping an expression reads one value of (`cache.get(key)`, `cache[key]`), as
    written, or None."""
    if isinstance(expr, ast.Subscript):
        return ast.unparse(expr.value)
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in {"get", "setdefault"}
        and expr.args
    ):
        return ast.unparse(expr.func.value)
    return None


def _is_self(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Name) and expr.id == "self"


# what a docstring says a function returns: `:rtype: Foo`, "returns a :class:`~pkg.Foo`
# instance", "it will return a reference to the current :class:`Proxy`", a getter's "Get
# a reference to the current :class:`Proxy`", Google's `Returns:` section opening with the
# type (`Foo: the ...`)
_ARTICLES = r"(?:(?:a|an|the|one|new|instance|reference|copy|proxy|handle|current|to|of)\s+){1,6}"
_DOCUMENTED_RETURN = re.compile(
    r":rtype:\s*(?::(?:py:)?class:)?`?~?(?P<rtype>[A-Za-z_][\w.]*)`?"
    rf"|(?:\breturns?\s+|^\s*(?:gets?|creates?|makes?|builds?)\s+){_ARTICLES}"
    r"(?::(?:py:)?class:)`~?(?P<prose>[A-Za-z_][\w.]*)`"
    r"|^\s*Returns:\s*\n\s+(?::(?:py:)?(?:class|obj):`~?(?P<role>[A-Za-z_][\w.]*)`"
    r"|(?P<google>[A-Z][\w.]*))\s*:"  # `Counter: ...`, `:py:class:\`Counter\`: ...`
    # numpydoc: "Returns", a rule of dashes, then `name : Type` or the type alone
    r"|^\s*Returns\s*\n\s*-{3,}\s*\n\s*(?:\w+\s*:\s*)?(?P<numpy>[A-Z][\w.]*)\b",
    re.IGNORECASE | re.MULTILINE,
)


def documented_return(docstring: str | None) -> str | None:
    """The class a docstring says the function returns, as written (`~polib.POFile` gives
    `polib.POFile`), for a function whose code says nothing the resolver can follow
    (polib's `pofile()` returns what a parser it picks at run time makes). IDEs read
    these the same way; the resolver still requires the name to be a project class."""
    if not docstring:
        return None
    found = _DOCUMENTED_RETURN.search(docstring)
    if found is None:
        return None
    return found["rtype"] or found["prose"] or found["role"] or found["google"] or found["numpy"]
