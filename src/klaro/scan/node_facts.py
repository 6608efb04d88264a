"""Facts a single AST node states about names the code reaches indirectly.

Which names a `__getattr__` serves, the constant start of an attribute name built at run
time (`getattr(self, "visit_" + kind)`), and environment variables the code keeps as data
(a table it loops over, an option's `env_var=` keyword, a prefix scan of `os.environ`).
The module visitor (`scan.python`) asks these while it walks; each is a pure function.
"""

from __future__ import annotations

import ast
import re

from klaro.scan.cli_ast import dotted

ENV_MAPS = frozenset({"os.environ", "environ"})
ENV_NAME = re.compile(r"[A-Z][A-Z0-9_]*\Z")
ATTRIBUTE_HOOKS = frozenset({"__getattr__", "__getattribute__"})
ATTR_GETTERS = frozenset({"getattr", "hasattr", "setattr"})
ENV_KEYWORDS = frozenset({"env_var", "env_variable", "env_name", "environment_variable"})


def refuses_names(
    hook: ast.FunctionDef | ast.AsyncFunctionDef, owner: ast.ClassDef | None = None
) -> bool:
    """Whether a `__getattr__` serves only some names: it raises AttributeError for the rest
    (environs' registry), or looks the name up in a mapping (`return self._parsers[name]`).
    One that refuses only private names (`if name.startswith("__"): raise ...`, glom's `T`)
    answers every public one, as a delegating or path-building object does; so does one
    that reads the object's own items (`self[item]`), whose keys are the user's data, one
    that asks what the constructor was given (`self._schema.get_type(name)`: gql's schema
    types) and one that makes the entry it looks up (`self.variables[name] = ...`)."""
    if serves_items(hook) or asks_sources(hook) or makes_entries(hook):
        return False  # `return self[item]`: a mapping of the user's data (a configuration)
    name = hook.args.args[1].arg if len(hook.args.args) > 1 else ""
    if owner is not None and asks_given(hook, given_attributes(owner)):
        return False
    guarded: set[int] = set()
    for node in ast.walk(hook):
        if isinstance(node, ast.If) and any(
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == "startswith"
            and n.args
            and isinstance(n.args[0], ast.Constant)
            and str(n.args[0].value).startswith("_")
            for n in ast.walk(node.test)
        ):
            guarded.update(id(n) for stmt in node.body for n in ast.walk(stmt))
        if isinstance(node, ast.Try) and not any(_looks_up(n, name) for n in ast.walk(node)):
            # `try: return style(item) except ColorNotFound: raise AttributeError`: the
            # names are whatever the call accepts (plumbum's colours), not a table's keys
            for handler in node.handlers:
                guarded.update(id(n) for stmt in handler.body for n in ast.walk(stmt))
    for node in ast.walk(hook):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Raise) and "AttributeError" in ast.dump(node.exc or node):
            return True
        if (
            isinstance(node, ast.Return)
            and isinstance(node.value, ast.Subscript)
            and isinstance(node.value.slice, ast.Name)
            and node.value.slice.id == name
        ):
            return True  # `return self._parsers[name]`: unknown names raise KeyError
    return False


def serves_items(hook: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a `__getattr__` reads the object's own items (`return self[item]`): the keys
    of the user's data (a configuration, pyrsistent's `PMap`), values rather than methods."""
    me = hook.args.args[0].arg if hook.args.args else ""
    name = hook.args.args[1].arg if len(hook.args.args) > 1 else ""
    return any(
        isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == me
        for n in ast.walk(hook)
        if _looks_up(n, name)
    )


def asks_sources(hook: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a `__getattr__` passes the name to objects it goes through (`for source in
    self._sources: if source.has(name): return source.get(name)`, layeredconfig): the
    names are whatever those sources hold, the user's data."""
    me = hook.args.args[0].arg if hook.args.args else ""
    name = hook.args.args[1].arg if len(hook.args.args) > 1 else ""
    local = {
        n.id
        for n in ast.walk(hook)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id != me
    }
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id in local
        and any(isinstance(a, ast.Name) and a.id == name for a in n.args)
        for n in ast.walk(hook)
    )


def makes_entries(hook: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a `__getattr__` stores an entry under the name it is asked for
    (`self.variables[name] = Variable(name)`): every name is served."""
    name = hook.args.args[1].arg if len(hook.args.args) > 1 else ""
    return any(
        isinstance(n, ast.Subscript)
        and isinstance(n.ctx, ast.Store)
        and isinstance(n.slice, ast.Name)
        and n.slice.id == name
        for n in ast.walk(hook)
    )


def given_attributes(owner: ast.ClassDef) -> set[str]:
    """The instance attributes `__init__` sets from its parameters (`self._schema =
    schema`, `self._type = type_def`): what the user handed the object, not a table of
    the class's own."""
    found: set[str] = set()
    for init in owner.body:
        if not isinstance(init, ast.FunctionDef | ast.AsyncFunctionDef) or init.name != "__init__":
            continue
        args = init.args
        params = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs][1:]}
        for node in ast.walk(init):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            if not any(isinstance(n, ast.Name) and n.id in params for n in ast.walk(node.value)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update(
                t.attr
                for t in targets
                if isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name)
                and t.value.id == (args.args[0].arg if args.args else "self")
            )
    return found


def asks_given(hook: ast.FunctionDef | ast.AsyncFunctionDef, given: set[str]) -> bool:
    """Whether a `__getattr__` looks its name up in what the constructor was given
    (`self._schema.get_type(name)`, `name in self._type.fields`): the user's data."""
    if not given:
        return False
    me = hook.args.args[0].arg if hook.args.args else ""
    name = hook.args.args[1].arg if len(hook.args.args) > 1 else ""

    def rooted(node: ast.expr) -> bool:  # `self.<given>...`
        while isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
            inner = node.func if isinstance(node, ast.Call) else node.value
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == me
            ):
                return node.attr in given
            node = inner
        return False

    for node in ast.walk(hook):
        if isinstance(node, ast.Subscript) and _looks_up(node, name) and rooted(node.value):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and any(isinstance(a, ast.Name) and a.id == name for a in node.args)
            and rooted(node.func.value)
        ):
            return True
        if (
            isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Name)
            and node.left.id == name
            and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
            and any(rooted(c) for c in node.comparators)
        ):
            return True  # `if name in self._type.fields`
    return False


def _looks_up(node: ast.AST, name: str) -> bool:
    """Whether `node` looks `name` up in a table: `table[name]`, `table.get(name)`,
    `getattr(obj, name)`."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Name) and node.slice.id == name
    if isinstance(node, ast.Call):
        args = [a for a in node.args if isinstance(a, ast.Name) and a.id == name]
        if isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            return bool(args) and node.args[0] is args[0]
        if isinstance(node.func, ast.Name) and node.func.id in ATTR_GETTERS:
            return len(node.args) > 1 and node.args[1] in args
    return False


ANY_NAME = "*"  # what a hook serves when its table comes from another package
ITEMS = "[]"  # what a hook serves when it reads the object's own items: data, not methods


def served_names(
    hook: ast.FunctionDef | ast.AsyncFunctionDef,
    body: list[ast.stmt],
    package: str = "",
    owner: ast.ClassDef | None = None,
) -> tuple[str, ...]:
    """The names a refusing `__getattr__` can serve: those it binds (duty's `from failprint
    import lazy` then `locals()[name]`), spells (`if name == "OldName"`) or looks up in a
    module-level table (`_LAZY = {"Parser": ".parse"}`) or one its class `owner` sets on the
    instance (musicpd's `self._commands = {"status": ..., "play": ...}`, with the prefixes
    the hook strips first: `send_status`); `ANY_NAME` when it tests the name against a table
    another package gives (yaspin's `name in COLORS`, from termcolor), whose names cannot be
    listed. `package`: the top-level package of the module, which is ours."""
    tables: dict[str, ast.expr] = {}
    held = _instance_tables(owner) if owner is not None else {}
    foreign: set[str] = set()  # names the module imports from another package
    for stmt in body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    tables[target.id] = stmt.value
        elif (
            isinstance(stmt, ast.ImportFrom)
            and not stmt.level
            and stmt.module
            and stmt.module.split(".")[0] != package
        ):
            foreign.update(a.asname or a.name for a in stmt.names)
        elif isinstance(stmt, ast.Import):  # `import sqlalchemy as sa`
            foreign.update(
                a.asname or a.name.split(".")[0]
                for a in stmt.names
                if a.name.split(".")[0] != package
            )
    # `for mod in (sa, sa_orm): if hasattr(mod, name): return getattr(mod, name)`: the
    # names of other packages' modules, which cannot be listed (flask-sqlalchemy's `db.Column`)
    for node in ast.walk(hook):
        if (
            isinstance(node, ast.For)
            and isinstance(node.target, ast.Name)
            and isinstance(node.iter, ast.Tuple | ast.List)
            and any(isinstance(e, ast.Name) and e.id in foreign for e in node.iter.elts)
        ):
            foreign.add(node.target.id)
    asked = hook.args.args[1].arg if len(hook.args.args) > 1 else ""
    served: dict[str, None] = {}
    # `for key in self.VALID_GLOBAL_KEYS: if key[5:] == name` (sigmf's `SigMFFile`): names
    # made from the entries of a table we cannot read, or changed on the way, not listed
    loops = {
        node.target.id: node.iter
        for node in ast.walk(hook)
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name)
    }
    for node in ast.walk(hook):
        if not (isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.Eq | ast.NotEq)):
            continue
        sides = [node.left, *node.comparators]
        if not any(isinstance(side, ast.Name) and side.id == asked for side in sides):
            continue
        for side in sides:
            used = {n.id for n in ast.walk(side) if isinstance(n, ast.Name)} & set(loops)
            for looped in used:
                table = loops[looped]
                readable = isinstance(table, ast.Name) and table.id in tables
                if not (readable and isinstance(side, ast.Name)):
                    served[ANY_NAME] = None
    for node in ast.walk(hook):
        if (  # `Resource[name]` (sdmx's Client): the members of a class the module names
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id not in tables
            and isinstance(node.slice, ast.Name)
            and node.slice.id == asked
        ):
            served[TABLE_CLASS + node.value.id] = None
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"hasattr", "getattr"}
            and node.args
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id in foreign
        ):
            served[ANY_NAME] = None
        if isinstance(node, ast.Compare) and any(
            isinstance(op, (ast.In, ast.NotIn)) for op in node.ops
        ):
            tested = {
                n.id for c in node.comparators for n in ast.walk(c) if isinstance(n, ast.Name)
            }
            if tested & foreign:
                served[ANY_NAME] = None
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                served[(alias.asname or alias.name).split(".")[0]] = None
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            served[node.id] = None
        elif isinstance(node, ast.Name) and node.id in tables:
            for inner in ast.walk(tables[node.id]):
                if isinstance(inner, ast.Constant) and _identifier(inner.value):
                    served[str(inner.value)] = None
        elif isinstance(node, ast.Constant) and _identifier(node.value):
            served[str(node.value)] = None
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.attr in held
        ):
            served.update(dict.fromkeys(_held_names(hook, asked, held[node.attr])))
    for node in ast.walk(hook):
        prefix = _served_prefix(node, asked)
        if prefix:
            served[prefix + ANY_NAME] = None
    if serves_items(hook) or asks_sources(hook):
        served[ITEMS] = None
    return tuple(served)


def _served_prefix(node: ast.AST, asked: str) -> str | None:
    """The start of the names a hook answers by their shape: `if key.startswith("get_"):
    return partial(self.get, "id", key[4:])` (ancpbids' `layout.get_subjects()`), a family
    of getters no table lists. A private start (`"_"`) is a refusal, not a family."""
    if not (isinstance(node, ast.If) and isinstance(node.test, ast.Call)):
        return None
    test = node.test
    if not (
        isinstance(test.func, ast.Attribute)
        and test.func.attr == "startswith"
        and isinstance(test.func.value, ast.Name)
        and test.func.value.id == asked
        and len(test.args) == 1
        and isinstance(test.args[0], ast.Constant)
        and isinstance(test.args[0].value, str)
    ):
        return None
    prefix = test.args[0].value
    answers = any(isinstance(n, ast.Return) and n.value is not None for n in node.body)
    # (one that refuses some of the family, pybids' entities only, lists no family)
    refuses = any(isinstance(n, ast.Raise) for stmt in node.body for n in ast.walk(stmt))
    if not answers or refuses or not prefix.isidentifier() or prefix.startswith("_"):
        return None
    return prefix


def _instance_tables(owner: ast.ClassDef) -> dict[str, ast.expr]:
    """The literal tables a class's methods set on the instance (`self._commands = {...}`),
    by attribute name; one set to anything else as well is left out."""
    found: dict[str, ast.expr] = {}
    other: set[str] = set()
    for method in owner.body:
        if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(method):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    literal = isinstance(node.value, ast.Dict | ast.List | ast.Set | ast.Tuple)
                    if literal and target.attr not in found:
                        found[target.attr] = node.value
                    else:
                        other.add(target.attr)
    return {k: v for k, v in found.items() if k not in other}


def _held_names(
    hook: ast.FunctionDef | ast.AsyncFunctionDef, asked: str, table: ast.expr
) -> list[str]:
    """The names of an instance table a hook serves: its keys (or items), as the hook spells
    them back (`command.replace("_", " ")` serves `find_add` for the key "find add"), and
    with each prefix the hook strips first (`attr.startswith("send_")`)."""
    keys = [
        e.value
        for e in (table.keys if isinstance(table, ast.Dict) else getattr(table, "elts", []))
        if isinstance(e, ast.Constant) and isinstance(e.value, str)
    ]
    prefixes = [""]
    for node in ast.walk(hook):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        args = [
            a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
        if node.func.attr == "replace" and len(args) >= 2 and args[1]:
            keys += [k.replace(args[1], args[0]) for k in keys if args[1] in k]
        elif (
            node.func.attr == "startswith"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == asked
            and args
        ):
            prefixes.append(args[0])
    return [p + k for k in keys for p in prefixes if (p + k).isidentifier()]


# a served entry naming a class whose members the hook looks names up in (an Enum's)
TABLE_CLASS = "@"


def _identifier(value: object) -> bool:
    return isinstance(value, str) and value.isidentifier()


_ENV_NAMES = frozenset({"env", "environ", "environment", "env_vars", "environment_variables"})


def scans_environ(node: ast.comprehension | ast.For) -> bool:
    """`for key, value in os.environ.items() if key.startswith(prefix)` (dynaconf, with a
    prefix known only at run time): any variable named so may be read."""
    source = (
        node.iter.func.value
        if isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Attribute)
        else node.iter
    )
    # (or a mapping named for it, which a reader may be handed: ramalama's
    # `load_env_config(env=None)` does `env = os.environ` when none is given)
    if dotted(source) not in ENV_MAPS and dotted(source) not in _ENV_NAMES:
        return False
    tests = [*node.ifs] if isinstance(node, ast.comprehension) else [*node.body]
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "startswith"
        for test in tests
        for n in ast.walk(test)
    )


def literal_env(value: ast.expr) -> str | None:
    """An environment variable's name written as a literal (`"NOX_PARALLEL"`)."""
    text = value.value if isinstance(value, ast.Constant) else None
    return text if isinstance(text, str) and "_" in text and ENV_NAME.match(text) else None


def env_table(value: ast.expr) -> list[str]:
    """The names of a table of environment variables: a dict, list, tuple or set of two or
    more literals, all shaped like `APP_RULES` (keys, for a dict)."""
    if isinstance(value, ast.Dict):
        items: list[ast.expr | None] = list(value.keys)
    elif isinstance(value, ast.List | ast.Tuple | ast.Set):
        items = list(value.elts)
    else:
        return []
    names = [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
    if len(names) < 2 or len(names) != len(items):
        return []
    return names if all("_" in n and ENV_NAME.match(n) for n in names) else []


def names_all(node: ast.Assign | ast.AugAssign) -> bool:
    """`__all__ = [...]` or `__all__ += [...]`: its strings are the module's names."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)


def built_suffix(name: ast.expr) -> str | None:
    """The constant end of a variable name built at run time from a prefix the caller picks:
    `"{}_LOG_FRIENDLY".format(env_prefix)`, `f"{prefix}_NO_PRETTY"`, `"%s_DEBUG" % app`,
    `prefix + "_HOME"` (wasabi's `WASABI_LOG_FRIENDLY`, or `SPACY_...` for spaCy)."""
    text: object = None
    if isinstance(name, ast.BinOp) and isinstance(name.op, ast.Add):
        text = name.right.value if isinstance(name.right, ast.Constant) else None
    elif isinstance(name, ast.BinOp) and isinstance(name.op, ast.Mod):
        head = name.left.value if isinstance(name.left, ast.Constant) else None
        text = head[2:] if isinstance(head, str) and head.startswith("%s") else None
    elif isinstance(name, ast.JoinedStr) and len(name.values) == 2:
        first, last = name.values
        if isinstance(first, ast.FormattedValue) and isinstance(last, ast.Constant):
            text = last.value
    elif isinstance(name, ast.Call) and isinstance(name.func, ast.Attribute):
        head = name.func.value.value if isinstance(name.func.value, ast.Constant) else None
        if name.func.attr == "format" and isinstance(head, str) and head.startswith("{"):
            text = head.partition("}")[2]
    if isinstance(text, str) and _SUFFIX.match(text):
        return text
    return None


_SUFFIX = re.compile(r"_[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\Z")


def constant_start(name: ast.expr) -> str | None:
    """The constant text a string built at run time starts with: `"convert_%s" % tag`,
    `"visit_" + kind`, `f"do_{cmd}"`, `"x_{}".format(y)`; None when it starts otherwise."""
    head: ast.expr | None = None
    if isinstance(name, ast.BinOp) and isinstance(name.op, ast.Mod | ast.Add):
        head = name.left
    elif isinstance(name, ast.JoinedStr) and len(name.values) > 1:
        head = name.values[0]
    elif isinstance(name, ast.Call) and isinstance(name.func, ast.Attribute):
        head = name.func.value if name.func.attr == "format" else None
    if not isinstance(head, ast.Constant) or not isinstance(head.value, str):
        return None
    return re.split(r"[%{]", head.value, maxsplit=1)[0]


def built_prefix(name: ast.expr) -> str | None:
    """The constant start of an attribute name built at run time (`visit_` of `"visit_" +
    kind`); None when the name is whole or has no such start."""
    prefix = constant_start(name)
    return prefix if prefix and len(prefix) >= 3 and prefix.isidentifier() else None


_TEMPLATE_HOLE = re.compile(r"\{[^{}]*\}")
_PATTERN = re.compile(r"--?[\w*-]*\Z")


_CAPITAL_HOLE = re.compile(r"^(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*-[A-Z]{2,}(?:-[a-z0-9]+)*)(?:\s|$)")
_CAPITAL_PART = re.compile(r"-[A-Z]{2,}")


def flag_pattern(node: ast.expr) -> str | None:
    """The option names a string template builds, `*` for each hole: `f"--{prefix}histogram"`
    and `"--{}set"` (formatted later) give `--*histogram` and `--*set`. None unless it starts
    like an option and spells at least three characters of its own: `f"--{name}"` says
    nothing."""
    if isinstance(node, ast.JoinedStr):
        parts = [str(v.value) if isinstance(v, ast.Constant) else "*" for v in node.values]
        text = "".join(parts)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = _TEMPLATE_HOLE.sub("*", node.value)
        if held := _CAPITAL_HOLE.match(text):
            # a help text's `--include-TYPE VALUE`: the family of options made per TYPE
            text = _CAPITAL_PART.sub("-*", held.group(1))
    else:
        return None
    if "*" not in text or not text.startswith("-") or not _PATTERN.match(text):
        return None
    return text if len(text.replace("*", "").strip("-")) >= 3 else None


def namespace_keys(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The class-body names a metaclass's `__new__(mcs, name, bases, attrs)` reads from the
    namespace it is given (`attrs.pop("Params", None)`, `"Meta" in attrs`): attributes the
    users' subclasses declare, which docs name on the base (factory_boy's `Factory.Params`).
    """
    params = [*node.args.posonlyargs, *node.args.args]
    if node.name != "__new__" or len(params) < 4:
        return []
    namespace = params[3].arg
    found: list[str] = []
    for sub in ast.walk(node):
        key: ast.expr | None = None
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr in {"pop", "get", "setdefault"}
            and _is_name(sub.func.value, namespace)
            and sub.args
        ):
            key = sub.args[0]
        elif isinstance(sub, ast.Subscript) and _is_name(sub.value, namespace):
            key = sub.slice
        elif (
            isinstance(sub, ast.Compare)
            and len(sub.ops) == 1
            and isinstance(sub.ops[0], ast.In | ast.NotIn)
            and _is_name(sub.comparators[0], namespace)
        ):
            key = sub.left
        if isinstance(key, ast.Constant) and _identifier(key.value):
            found.append(str(key.value))
    return found


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def serves_its_stub(body: list[ast.stmt]) -> bool:
    """Whether a module binds `__getattr__` from a helper handed its own file
    (`__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)`): the helper reads
    the `.pyi` beside it, whose imports are the names the module serves."""
    for stmt in body:
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)):
            continue
        targets = [n for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        call = stmt.value
        if any(t.id == "__getattr__" for t in targets) and any(
            _is_name(a, "__file__") for a in [*call.args, *(k.value for k in call.keywords)]
        ):
            return True
    return False


def handed_tables(body: list[ast.stmt]) -> tuple[str, ...]:
    """The names module-level calls hand a helper along with the module's own name
    (`deprecate_attributes(__name__, {"RaisesGroup": ...})`, `lazy.attach(__name__,
    submodules=["io"], submod_attrs={"io": ["load"]})`): a `__getattr__` the helper installs
    serves them, so the module has them though it never binds them."""
    found: dict[str, None] = {}
    for stmt in body:
        call = stmt.value if isinstance(stmt, ast.Expr | ast.Assign) else None
        if not isinstance(call, ast.Call):
            continue
        values = [*call.args, *(k.value for k in call.keywords)]
        if not any(isinstance(v, ast.Name) and v.id == "__name__" for v in values):
            continue
        for value in values:
            if isinstance(value, ast.Dict):
                keys = [k for k in value.keys if k is not None]
                strings = [*keys, *(n for v in value.values for n in _elements(v))]
            else:
                strings = _elements(value)
            for node in strings:
                if isinstance(node, ast.Constant) and _identifier(node.value):
                    found[str(node.value)] = None
    return tuple(found)


def _elements(node: ast.expr) -> list[ast.expr]:
    """The items of a list, tuple or set literal, else none."""
    return list(node.elts) if isinstance(node, ast.List | ast.Tuple | ast.Set) else []


def child_loggers(tree: ast.Module, module: str) -> list[str]:
    """The names of the loggers a module makes below its own (`LOG = logging.getLogger(
    __name__)`, then `TRACE = LOG.getChild("trace")` is `pyocd.coresight.ap.trace`): names a
    page may give to configure logging, which are no attributes of the module."""
    loggers: dict[str, str] = {}
    found: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        func = dotted(call.func)
        name: str | None = None
        if func.endswith("getLogger") and call.args and _is_name(call.args[0], "__name__"):
            name = module
        elif (
            func.endswith(".getChild")
            and func.rpartition(".")[0] in loggers
            and call.args
            and isinstance(call.args[0], ast.Constant)
            and isinstance(call.args[0].value, str)
        ):
            name = f"{loggers[func.rpartition('.')[0]]}.{call.args[0].value}"
            found.append(name)
        if name is not None:
            loggers.update((dotted(t), name) for t in node.targets if dotted(t))
    return found


def handed_functions(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The functions defined inside `node` that it hands to a call (`add(tool)` for each of
    `(list_item_fields, create_item)`, pyzotero's MCP tools; `app.add_url_rule(rule, view)`):
    a registry serves them by name, so they are names of the code though no module has them."""
    nested = {d.name for d in node.body if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)}
    if not nested:
        return []
    handed: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            given = [*sub.args, *(k.value for k in sub.keywords)]
            handed.update(a.id for a in given if isinstance(a, ast.Name))
        elif (
            isinstance(sub, ast.For)
            and isinstance(sub.target, ast.Name)
            and isinstance(sub.iter, ast.Tuple | ast.List)
        ):
            looped = sub.target.id
            passed = any(
                isinstance(c, ast.Call) and any(_is_name(a, looped) for a in c.args)
                for stmt in sub.body
                for c in ast.walk(stmt)
            )
            if passed:
                handed.update(e.id for e in sub.iter.elts if isinstance(e, ast.Name))
    return sorted(nested & handed)
