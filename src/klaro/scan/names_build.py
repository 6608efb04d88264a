"""Build the name resolver (`scan.names.Names`) from an analysis, once per analysis.

Every module, class, function and variable is indexed; then what the code tells about
values: base classes, what factories and methods return (annotated, or followed through the
chains `scan.returns` writes down, to a fixed point), which class module constants and
attributes are instances of, and module names bound to an instance's method. Nothing of the
repository is imported or run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from klaro.scan.model import ANY_ATTRIBUTE, GLOBALS, Analysis, Class, Function, Module, Variable
from klaro.scan.names import CALLABLE_KINDS, MAX_HOPS, UNKNOWN_ALTERNATIVE, Definition, Names
from klaro.scan.node_facts import ANY_NAME, ITEMS
from klaro.scan.returns import documented_return, value_chain

T = TypeVar("T")
_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
# Distributions whose import name differs from their name (the common ones).
_IMPORT_NAMES = {
    "pyyaml": "yaml", "pillow": "PIL", "beautifulsoup4": "bs4", "scikit-learn": "sklearn",
    "python-dateutil": "dateutil", "attrs": "attr", "pygithub": "github",
    "opencv-python": "cv2", "markdown-it-py": "markdown_it", "protobuf": "google",
}  # fmt: skip
_CALLED = re.compile(r"^([A-Za-z_][\w.]*)\s*\(")
# `Meta("Name", (Base, Mixin), ...)`: the metaclass, and the bases it is given
_METACLASS_CALL = re.compile(r"^([A-Za-z_][\w.]*)\(\s*['\"]\w+['\"]\s*,\s*\(([\w.,\s]*)\)")
_METACLASSES = frozenset({"type", "abc.ABCMeta", "ABCMeta"})
# `Enum("Datum", "SEQ_START CDS_START")`, `IntEnum("Level", ["LOW", "HIGH"])`: the members
_ENUM_CALL = re.compile(
    r"^([A-Za-z_][\w.]*)\(\s*['\"]\w+['\"]\s*,\s*((?:['\"][^'\"]*['\"])|\[[^\]]*\]|\([^)]*\))"
)
_ENUMS = frozenset({"Enum", "IntEnum", "Flag", "IntFlag", "StrEnum"})


# -- building ------------------------------------------------------------------------------


class PerAnalysis(Generic[T]):
    """Build something from an analysis once and keep it while the analysis lives.

    Analyses are immutable, so what is built stays valid; the analysis itself is kept beside
    it so a recycled id() can never hand back another project's result.
    """

    def __init__(self, build: Callable[[Analysis], T], size: int = 4) -> None:
        self.build = build
        self.size = size
        self._cache: list[tuple[Analysis, T]] = []

    def __call__(self, analysis: Analysis) -> T:
        for cached, value in self._cache:
            if cached is analysis:
                return value
        value = self.build(analysis)
        self._cache.insert(0, (analysis, value))
        del self._cache[self.size :]
        return value


# `.. py:class:: DeviceParameters(device)` at a docstring's top level (not indented)
_DOCSTRING_DIRECTIVE = re.compile(
    r"^\.\. (?:py:)?(?:class|function|data|exception|attribute):: ([A-Za-z_]\w*)", re.M
)


def _add_built_modules(names: Names, analysis: Analysis) -> None:
    """The version modules a build hook writes (`plumbum/version.py`, ignored by git), the
    extension modules the build compiles and the modules the scan could not read: the
    package's modules, whose names (`version`, `__version_tuple__`) we cannot list."""
    packages = {m.path.removesuffix("/__init__.py"): m.name for m in analysis.modules}
    for path in analysis.metadata.version_files:
        folder, _, file = path.strip("/").rpartition("/")
        package = packages.get(folder)
        if package is None or "/" in file:
            continue
        module = f"{package}.{file.removesuffix('.py')}"
        if module not in names.kinds:
            names.kinds[module] = "module"
            names.kinds[f"{module}.{ANY_ATTRIBUTE}"] = "attribute"
    # modules the scan left unread (orsopy's 1.6 MB `xray_henke.py` tables, over the size
    # limit; a file that does not parse): ours, their names unlisted
    unread = [s.path for s in analysis.skipped] + [e.path for e in analysis.errors]
    for path in unread:
        folder, _, file = path.rpartition("/")
        package = packages.get(folder)
        if package is None or not file.endswith(".py"):
            continue
        module = f"{package}.{file.removesuffix('.py')}"
        if module not in names.kinds:
            names.kinds[module] = "module"
            names.kinds[f"{module}.{ANY_ATTRIBUTE}"] = "attribute"
    # modules compiled from C at build time (munkres' `_lapc`): ours, their names unlisted
    for module in analysis.metadata.extension_modules:
        parent = module.rpartition(".")[0]
        if module not in names.kinds and (not parent or names.kinds.get(parent) == "module"):
            names.kinds[module] = "module"
            names.kinds[f"{module}.{ANY_ATTRIBUTE}"] = "attribute"


def _add_namespaces(names: Names, analysis: Analysis) -> None:
    """Folders of modules without an `__init__.py` (PEP 420). Under a package of ours
    (`zope/component/testfiles/`) one is our module, importable by its name; at the top, or
    under another such folder (`src/zope/`), it is shared with other distributions, which
    put their own modules in it (`zope.interface` beside our `zope.component`)."""
    for module in sorted(analysis.modules, key=lambda m: m.name.count(".")):
        if module.role != "package":
            continue
        parts = module.name.split(".")
        for depth in range(1, len(parts)):
            prefix, parent = ".".join(parts[:depth]), ".".join(parts[: depth - 1])
            if prefix in names.kinds or prefix in names.namespaces:
                continue
            if parent and names.kinds.get(parent) == "module":
                names.kinds[prefix] = "module"
                names.members.setdefault(parent, set()).add(parts[depth - 1])
                if module.is_public and not parts[depth - 1].startswith("_"):
                    names.public.add(prefix)
            else:
                names.namespaces.add(prefix)


def build_names(analysis: Analysis) -> Names:
    """Index every module, class, function and variable of an analysis."""
    names = Names()
    for module in analysis.modules:
        _add_module(names, module)
    names.packages = {m.name.split(".")[0] for m in analysis.modules if m.role == "package"}
    _add_built_modules(names, analysis)
    _add_namespaces(names, analysis)
    for module in analysis.modules:
        for cls in _classes(module.classes):
            made_by = next(
                (b.partition("=")[2] for b in cls.bases if b.startswith("metaclass=")), ""
            )
            found = names.resolve_in(module.name, made_by, None) if made_by else None
            if found is not None:
                names.metaclass[cls.fullname] = found
            names.bases[cls.fullname] = [
                names.resolve_in(module.name, b.split("[")[0], None)
                or _spelled(names, module.name, b.split("[")[0])
                for b in cls.bases
                if "=" not in b
            ]
            if _foreign_decorator(names, module.name, cls):
                names.kinds[f"{cls.fullname}.{ANY_ATTRIBUTE}"] = "attribute"
    chains: list[_Chain] = []
    names.generative = {
        f.fullname for m in analysis.modules for f in m.functions if f.gives_receiver
    }
    for module in analysis.modules:  # factories first: `app = create_app()` needs them
        chains += _add_returns(names, module)
    for module in analysis.modules:
        _add_types(names, module)
    for module in analysis.modules:  # what containers hold, followed with the results
        chains += _element_chains(module)
    followed = _follow_chains(names, chains)  # results through attributes and results
    documented = [_add_documented_returns(names, module) for module in analysis.modules]
    if followed or any(documented):
        for module in analysis.modules:
            _add_types(names, module)
    for module in analysis.modules:  # after the types: the instance's class must be known
        _add_bound_methods(names, module)
    for module in analysis.modules:  # (an alias of a bound method: after all of them)
        _add_aliases(names, module)
        _add_delegates(names, module)
    opened = {(m.name, w) for m in analysis.modules if m.role != "test" for w in m.opened}
    classes = [f for f, kind in names.kinds.items() if kind == "class"] if opened else []
    for where, written in opened:  # `setattr(Dataset, key, ...)`: members made at run time
        if written == GLOBALS:  # `globals()[rank] = rank`: the module's own names
            names.kinds[f"{where}.{ANY_ATTRIBUTE}"] = "attribute"
            continue
        target = names.resolve_in(where, written, None)
        if target is None:  # imported inside the function (`from ..core import Dataset`)
            alike = [c for c in classes if c.rsplit(".", 1)[-1] == written]
            target = alike[0] if len(alike) == 1 else None
        if target is not None and target in names.kinds:
            # a class's members, or an object's (`setattr(check, func, ...)` in a loop gives
            # pytest-check's `check.equal`)
            names.kinds[f"{target}.{ANY_ATTRIBUTE}"] = "attribute"
    for module in analysis.modules:  # `network.keys = API()` on a `Network` a factory made
        if module.role == "test":
            continue
        for written, attr in module.made_attributes:
            made = names.resolve_in(module.name, written, None)
            if made is not None and names.kinds.get(made) == "class":
                names.kinds.setdefault(f"{made}.{attr}", "attribute")
    _open_registries(names, analysis)
    for full in names.kinds:
        if "|" not in full:  # a union of results is no name anyone writes
            names.by_last.setdefault(full.rsplit(".", 1)[-1], []).append(full)
    shipped = {f for f, m in names.module_of.items() if _role(analysis, m) != "test"}
    names.library = {f for f in shipped if _role(analysis, names.module_of[f]) == "package"}
    names.in_tests = set(names.module_of) - shipped
    names.short_names = sorted(
        {f.rsplit(".", 1)[-1] for f in shipped if not f.rsplit(".", 1)[-1].startswith("_")}
    )
    meta = analysis.metadata
    requirements = [
        *meta.dependencies,
        *(r for _, reqs in (*meta.optional_dependencies, *meta.dependency_groups) for r in reqs),
    ]
    names.dependencies = set(_import_names(requirements)) - names.packages
    # a test's `nox.options.reuse_venvs = True` (expecting AttributeError) makes no name
    names.attached = {a for m in analysis.modules if m.role != "test" for a in m.attached}
    # what a mixin calls on `self` and defines nowhere (`self.get_object()`): a member it
    # expects the class it is mixed into to have, a name of the code all the same
    names.expected = {
        call[5:]
        for function in analysis.iter_functions()
        for call in function.calls
        if call.startswith("self.") and call.count(".") == 1
    }
    # an argument the code passes by name is a name of the code (a signal's `old_username`)
    names.parameters |= {k for m in analysis.modules if m.role != "test" for k in m.passed_keywords}
    names.installed = {n for m in analysis.modules if m.role != "test" for n in m.installed_modules}
    names.directives = {
        f"{m.name}.{declared}"
        for m in analysis.modules
        if m.role == "package" and m.docstring and ".. " in m.docstring
        for declared in _DOCSTRING_DIRECTIVE.findall(m.docstring)
    }
    names.served = {
        name
        for m in analysis.modules
        if m.role != "test"
        for f in m.functions
        if f.name == "__getattr__"
        for name in f.served
        if name != ITEMS and not name.endswith(ANY_NAME)  # `*`, `get_*`: no listed name
    } | {name for m in analysis.modules if m.role != "test" for name in m.served_names}
    names.handed = {m.name: set(m.served_names) for m in analysis.modules if m.served_names}
    names.imported = {
        i.alias
        for m in analysis.modules
        if m.role != "test"
        for i in m.imports
        if i.name != "*" and i.module.split(".")[0] not in names.packages
    }
    names.imported_modules = {
        target.split(".")[0]
        for aliases in names.aliases.values()
        for target in aliases.values()
        if names.external(target)
    }
    return names


names_of = PerAnalysis(build_names)  # the resolver of an analysis, built on first use


def _role(analysis: Analysis, module: str) -> str:
    found = analysis.module(module)
    return found.role if found else "package"


def _classes(classes: tuple[Class, ...]) -> Iterable[Class]:
    for cls in classes:
        yield cls
        yield from _classes(cls.classes)


# class decorators of other packages that give a class no members of their own making
_PLAIN_CLASS_DECORATORS = frozenset(
    {
        "dataclass", "total_ordering", "final", "unique", "verify", "runtime_checkable",
        "s", "attrs", "define", "frozen", "mutable", "add_metaclass", "register",
        "implementer", "deprecated", "python_2_unicode_compatible", "deconstructible",
        "singleton", "receiver", "dataclass_transform", "with_slots",
    }
)  # fmt: skip


def _foreign_decorator(names: Names, module: str, cls: Class) -> bool:
    """Whether another package's decorator wraps the class, one that may give it members
    we cannot list (py-serializable's `@serializable_class` adds `from_json`, `from_xml`):
    its unknown members are unknown, not missing."""
    for decorator in cls.decorators:
        called = decorator.split("(")[0].strip()
        if not called or called.rpartition(".")[2] in _PLAIN_CLASS_DECORATORS:
            continue
        if names.resolve_in(module, called, None) is None and names.external(
            _spelled(names, module, called)
        ):
            return True
    return False


def _spelled(names: Names, module: str, base: str) -> str:
    """A base from another package, spelled with its import (`pydantic.BaseModel`)."""
    head, _, rest = base.partition(".")
    target = names.aliases.get(module, {}).get(head, head)
    return f"{target}.{rest}" if rest else target


def _add_module(names: Names, module: Module) -> None:
    name = module.name
    _define(names, name, "module", module, module.is_public, name)
    parent, _, last = name.rpartition(".")
    if parent:
        names.members.setdefault(parent, set()).add(last)
    public = module.role == "package" and module.is_public
    exported = set(module.public_names())
    for func in module.functions:
        _define(names, func.fullname, "function", func, public and func.name in exported, name)
        names.parameters.update(p.name for p in func.parameters)
    lines = {f.name: f.lineno for f in module.functions}
    for func_name, attr in module.function_attributes:
        # `cheap_repr.suppression_threshold = 300`: a setting kept on the function
        full = f"{name}.{func_name}"
        setting = Variable(attr, None, None, lines.get(func_name, 1), not attr.startswith("_"))
        _define(names, f"{full}.{attr}", "attribute", setting, False, name)
        names.configured.add(full)
    aliases = names.aliases.setdefault(name, {})
    for imp in module.imports:
        if imp.name == "*":
            names.stars.setdefault(name, []).append(imp.module)
        else:
            aliases[imp.alias] = f"{imp.module}.{imp.name}" if imp.name else imp.module
    for const in module.constants:
        if const.annotation is None and const.value in aliases:
            # `from .lint import lint` then `lint = lint`: a re-export, not a value
            aliases[const.name] = aliases[const.value]
            continue
        _define(names, f"{name}.{const.name}", "constant", const, public and const.is_public, name)
    for cls in module.classes:
        _add_class(names, cls, public and cls.name in exported)
    if module.dunder_all:  # an empty one is mostly computed (`list(a.__all__) + ...`)
        names.exports[name] = module.dunder_all


def _add_class(names: Names, cls: Class, public: bool) -> None:
    _define(names, cls.fullname, "class", cls, public, cls.module)
    for meth in cls.methods:
        _define(names, meth.fullname, meth.kind, meth, public and meth.is_public, cls.module)
        names.parameters |= {p.name for p in meth.parameters if p.name not in {"self", "cls"}}
    for attr in cls.attributes:
        full = f"{cls.fullname}.{attr.name}"
        _define(names, full, "attribute", attr, public and attr.is_public, cls.module)
    for attr_name in cls.instance_attributes:
        full = f"{cls.fullname}.{attr_name}"
        if full not in names.kinds:
            var = Variable(
                attr_name,
                None,
                None,
                cls.lineno,
                attr_name.isidentifier() and not attr_name.startswith("_"),
            )
            _define(names, full, "attribute", var, public and var.is_public, cls.module)
    for nested in cls.classes:
        _add_class(names, nested, public and nested.is_public)


def _define(names: Names, full: str, kind: str, obj: Definition, public: bool, module: str) -> None:
    if full in names.kinds:
        return
    names.kinds[full] = kind
    names.defs[full] = obj
    names.module_of[full] = module
    owner, _, last = full.rpartition(".")
    if owner and kind != "module":
        names.members.setdefault(owner, set()).add(last)
    if public:
        names.public.add(full)


_SELF = frozenset({"Self", "typing.Self", "typing_extensions.Self"})

# (function, module, owning class, returned chain) still to follow; a container's element
# chain has the container (a class, or its list attribute) prefixed by `_HOLDS` instead
_Chain = tuple[str, str, str | None, str]
_HOLDS = "[]"
_ENTERS = "with:"  # prefixes a `@contextmanager` function whose yielded chain is followed


def _element_chains(module: Module) -> list[_Chain]:
    """The element chains of the module's classes and their list attributes, to follow."""
    found: list[_Chain] = []
    for cls in _classes(module.classes):
        if cls.element_chain:
            found.append((_HOLDS + cls.fullname, module.name, cls.fullname, cls.element_chain))
        for attr, text in cls.element_chains:
            found.append((f"{_HOLDS}{cls.fullname}.{attr}", module.name, cls.fullname, text))
    return found


def _functions(module: Module) -> list[tuple[Function, str | None]]:
    """A module's functions and its classes' methods, each with its class (None for none)."""
    found: list[tuple[Function, str | None]] = [(f, None) for f in module.functions]
    return found + [(m, c.fullname) for c in _classes(module.classes) for m in c.methods]


def _add_returns(names: Names, module: Module) -> list[_Chain]:
    """Record the project class each factory function or method returns: annotated, or the
    one chain all its returns give (`scan.returns`); chains not followed yet are returned.
    A method a generative decorator wraps returns the class it is called on."""
    pending: list[_Chain] = []
    for func, owner in _functions(module):
        if owner is not None and func.returns in {None, "None"} and names.generated(func):
            names.returns[func.fullname] = owner
            names.receiver_returns.add(func.fullname)
        elif func.returns:
            cls = _class_named(names, module.name, func.returns, owner)
            if cls is not None:
                names.returns[func.fullname] = cls
                names.declared.add(func.fullname)
                if func.returns.strip("'\"") in _SELF or func.returns_call in {"self", "cls()"}:
                    # `-> Self`, or `return self` (or `type(self)()`) under its base's name:
                    # the class it is called on
                    names.receiver_returns.add(func.fullname)
        elif func.returns_call:
            cls = _follow(names, module.name, owner, func.returns_call)
            if cls is not None:
                _returned(names, func.fullname, owner, func.returns_call, cls)
            else:
                pending.append((func.fullname, module.name, owner, func.returns_call))
        if func.enters_call and not func.returns:
            pending.append((_ENTERS + func.fullname, module.name, owner, func.enters_call))
    return pending


def _open_registries(names: Names, analysis: Analysis) -> None:
    """Open the classes a registry gives attributes at run time: pyexcel's `SheetMeta` binds
    `register_presentation = classmethod(partial(attribute, ...))`, and `attribute(cls, ...)`
    hands `cls` to `make_a_property`, whose `setattr(cls, file_type, prop)` makes `Sheet.csv`
    and `Sheet.tsv` for each plugin. A classmethod that hands `cls` on so does the same, and
    a method that hands `self` on, for its instances."""
    shipped = [m for m in analysis.modules if m.role != "test"]
    funcs = [(m.name, f) for m in shipped for f, _ in _functions(m) if f.first_to]
    makers = {f.fullname for _, f in funcs if "setattr" in f.first_to}
    for _ in range(MAX_HOPS):  # `attribute` -> `make_a_property` -> `setattr`
        grown = {
            f.fullname
            for module, f in funcs
            if f.fullname not in makers
            and any(names.resolve_in(module, ref, None) in makers for ref in f.first_to)
        }
        if not grown:
            break
        makers |= grown
    if not makers:
        return
    for module in shipped:
        for cls in _classes(module.classes):
            # (also a method handing `self` on: web3's `Web3.attach_modules(self, modules)`
            # calls `attach_modules(self, modules)`, which does `setattr(parent, name, ...)`)
            hooks: list[str | None] = [
                m.fullname for m in cls.methods if m.kind in {"classmethod", "method"}
            ]
            hooks += [
                _made_by(names, module.name, cls.fullname, a.value or "") for a in cls.attributes
            ]
            if any(h in makers for h in hooks if h):
                names.kinds[f"{cls.fullname}.{ANY_ATTRIBUTE}"] = "attribute"


def _made_by(names: Names, module: str, owner: str, value: str) -> str | None:
    """The function a class attribute runs as a method: `classmethod(f)`, `classmethod(F)`
    with `F = partial(f, ...)` (full names), else None."""
    inner = _WRAPPED.match(value)
    if inner is None:
        return None
    found = names.resolve_in(module, inner.group(1), owner)
    if found is None:
        return None
    held = names.defs.get(found)
    if isinstance(held, Variable) and (made := _PARTIAL.match(held.value or "")):
        return names.resolve_in(names.module_of.get(found, module), made.group(1), None)
    return found


_WRAPPED = re.compile(r"^(?:classmethod|staticmethod)\(\s*([A-Za-z_][\w.]*)\s*\)$")
_PARTIAL = re.compile(r"^(?:functools\.)?partial\(\s*([A-Za-z_][\w.]*)\s*[,)]")


def _add_documented_returns(names: Names, module: Module) -> bool:
    """What the docstrings of functions whose code the resolver could not follow say they
    return (`:rtype:`, "returns a :class:`~polib.POFile` instance"), when that is a project
    class; an annotation or a followed chain always wins."""
    added = False
    for func, owner in _functions(module):
        if func.returns or func.fullname in names.returns:
            continue
        written = documented_return(func.docstring)
        if written is None:
            continue
        cls = _class_named(names, module.name, written, owner)
        if cls is None and names.kinds.get(written) == "class":
            cls = written  # written in full (`polib.POFile`)
        if cls is not None:
            names.returns[func.fullname] = cls
            names.declared.add(func.fullname)
            added = True
    return added


def _add_delegates(names: Names, module: Module) -> None:
    """A class whose `__getattr__` forwards every name to one object (`getattr(self.table(),
    name)`): its members are also that object's class's (`db.search` is `Table.search`)."""
    for cls in _classes(module.classes):
        hook = next((m for m in cls.methods if m.name == "__getattr__"), None)
        if hook is not None and hook.delegates_to:
            target = _follow(names, module.name, cls.fullname, hook.delegates_to)
            if target is not None and target != cls.fullname:
                names.delegates[cls.fullname] = target


def _follow_chains(names: Names, chains: list[_Chain]) -> bool:
    """Follow returned chains until no more resolve (one result may need another's)."""
    added = False
    for _ in range(MAX_HOPS):
        progress = False
        for chain in list(chains):
            full, module, owner, text = chain
            cls = _follow(names, module, owner, text)
            if cls is not None and full.startswith(_ENTERS):
                chains.remove(chain)  # a `@contextmanager` generator: `with f() as x`
                func = full.removeprefix(_ENTERS)
                definition = names.defs.get(func)
                is_async = isinstance(definition, Function) and definition.is_async
                names.returns[func] = names.manager(func, cls, is_async)
                progress = added = True
            elif cls is not None and full.startswith(_HOLDS):
                chains.remove(chain)
                if "|" not in cls:  # items of several classes: no element type
                    names.elements[full.removeprefix(_HOLDS)] = cls
                    progress = added = True
            elif cls is not None:
                _returned(names, full, owner, text, cls)
                chains.remove(chain)
                progress = added = True
        if not progress:
            break
    return added


def _returned(names: Names, full: str, owner: str | None, chain: str, cls: str) -> None:
    """Record what a function returns; a method whose chain starts at `self` or `cls` and
    ends at its own class returns whatever class it is called on."""
    names.returns[full] = cls
    if cls == owner and chain.split(".")[0].replace("()", "") in {"self", "cls"}:
        names.receiver_returns.add(full)


def _follow(names: Names, module: str, owner: str | None, chain: str) -> str | None:
    """The project class of the instance a chain (`self.connect().__enter__().query()`)
    written in `module` (inside class `owner`) gives, or None when any step is unknown.

    Alternatives (`Match()|self.evaluate_result()`) give their union (`Names.union`). A
    method whose alternatives are its own class and something we cannot name (a fluent
    setter that is also a getter) gives an open union: a member the class lacks is unknown,
    not missing."""
    if "|" in chain:
        each = [_follow(names, module, owner, c) for c in chain.split("|")]
        classes = sorted({c for c in each if c is not None})
        if None in each:
            if classes != [owner]:
                return None  # (spacetrack's `__getattr__`: a proxy, or a `partial`)
            # purl's fluent `URL.path()`: a new `URL` of its own class when given a value,
            # else a field of a tuple; the class's members are checked, others are unknown
            classes.append(UNKNOWN_ALTERNATIVE)
        if not classes:
            return None
        return classes[0] if len(classes) == 1 else names.union(classes)
    value: tuple[str, str] | None  # ("instance", class) or ("object", full name)
    head, *parts = chain.split(".")
    name, steps = _steps(head)
    found: str | None = None
    if name in {"self", "cls"}:
        value = None if owner is None else ("instance" if name == "self" else "object", owner)
    else:
        found = names.resolve_in(module, name, owner)
        if found is None and name in names.packages and parts:
            # a chain a function-local import gave in full (`pywebcopy.core.WebPage`)
            found = names.lookup(name)
        value = _value_of(names, found) if found is not None else None
    value = _stepped(names, value, found, steps)
    for part in parts:
        if value is None:
            return None
        name, steps = _steps(part)
        receiver = value[1]
        found = names.member(receiver, name)
        if found in names.receiver_returns and steps[:1] == ["()"]:
            # `cls.from_table(t)` in a subclass: the inherited alternate constructor makes
            # the class it is called on, not the one defining it
            value = _stepped(names, ("instance", receiver), None, steps[1:])
            continue
        value = _value_of(names, found) if found is not None else None
        value = _stepped(names, value, found, steps)
    return value[1] if value is not None and value[0] == "instance" else None


def _steps(part: str) -> tuple[str, list[str]]:
    """A chain component's name and the calls `()` and element reads `[]` after it, in order."""
    name = part.split("(")[0].split("[")[0]
    rest = part[len(name) :]
    return name, [rest[i : i + 2] for i in range(0, len(rest), 2)]


def _stepped(
    names: Names, value: tuple[str, str] | None, full: str | None, steps: list[str]
) -> tuple[str, str] | None:
    """The value after the calls and element reads of a chain component: an element of
    a list attribute by what it is filled with, of an instance by its class's elements."""
    for step in steps:
        if step == _HOLDS:
            held = names.elements.get(full) if full is not None else None
            if held is None and value is not None and value[0] == "instance":
                held = names.element_of(value[1])
            value = ("instance", held) if held is not None else None
        else:
            value = _called_value(names, value, 1)
        full = None
    return value


def _value_of(names: Names, full: str) -> tuple[str, str] | None:
    """What a full name is as a value: the object itself, or an instance of a class."""
    kind = names.kinds.get(full)
    if kind in {"module", "class"} or kind in CALLABLE_KINDS:
        return "object", full
    if full in names.bound:
        return "object", names.bound[full]
    cls = names.returns.get(full) if kind == "property" else names.types.get(full)
    return ("instance", cls) if cls is not None else None


def _called_value(
    names: Names, value: tuple[str, str] | None, calls: int
) -> tuple[str, str] | None:
    """The value after calling `value` `calls` times: a class gives an instance, a function
    what it returns, an instance what its `__call__` returns."""
    for _ in range(calls):
        if value is None:
            return None
        what, full = value
        if what == "instance":
            call = names.member(full, "__call__")
            cls = names.returns.get(call) if call else None
        elif names.kinds.get(full) == "class":
            cls = full
        else:
            cls = names.returns.get(full)
        value = ("instance", cls) if cls is not None else None
    return value


def _add_aliases(names: Names, module: Module) -> None:
    """`FIFOSQLiteQueue = SQLiteQueue`, `p = print = pprint`: another name of a project class
    or function, so a call of it is checked against that signature."""
    for const in module.constants:
        value = const.value or ""
        if not re.fullmatch(r"[A-Za-z_][\w.]*", value) or value == const.name:
            continue
        full = f"{module.name}.{const.name}"
        if full in names.bound or full in names.held:
            continue
        target = names.resolve_in(module.name, value, None)
        kind = names.kinds.get(target or "")
        if target is None or target == full:
            continue
        if kind == "class":
            names.held[full] = target
        elif kind == "function":
            names.bound[full] = target
        elif target in names.bound:
            # ulid's `new = default.new`, the module `ulid.api.default` whose `new =
            # API.new` is a method of its `Api` instance: that method too
            names.bound[full] = names.bound[target]


def _add_bound_methods(names: Names, module: Module) -> None:
    """`encode = _jwt_global_obj.encode`: the module's `encode` is that instance's method (or
    `open = SubRipFile.open`, a class's classmethod), so a call of it is checked against the
    method's signature and gives what the method returns."""
    for const in module.constants:
        chain = value_chain(const.value or "")
        if chain is None or "." not in chain or chain.endswith("()"):
            continue  # also `signal = Namespace().signal`: a method of a fresh instance
        owner, _, attr = chain.rpartition(".")
        cls = _follow(names, module.name, None, owner)
        kinds = {"method", "classmethod"}
        if cls is None:  # `open = SubRipFile.open`: a class's own classmethod (pysrt)
            cls = names.resolve_in(module.name, owner, None)
            kinds = {"classmethod", "staticmethod"}
            if names.kinds.get(cls or "") != "class":
                continue
        method = names.member(cls, attr) if cls else None
        if method is not None and names.kinds.get(method) in kinds:
            names.bound[f"{module.name}.{const.name}"] = method


def _add_types(names: Names, module: Module) -> None:
    """Record which project class module constants and class attributes are instances of."""
    for const in module.constants:
        _typed(names, f"{module.name}.{const.name}", module.name, const, None)
    for cls in _classes(module.classes):
        for attr in cls.attributes:
            _typed(names, f"{cls.fullname}.{attr.name}", module.name, attr, cls.fullname)
        for attr_name, text in cls.instance_types:  # `self.config = Config(...)`
            full = f"{cls.fullname}.{attr_name}"
            if text.startswith("type[") and text.endswith("]"):  # it holds the class itself
                held = _class_named(names, module.name, text[5:-1], cls.fullname)
                if held is not None:
                    names.held.setdefault(full, held)
                continue
            found = _class_named(names, module.name, text, cls.fullname)
            if found is not None and full not in names.types:
                names.types[full] = found


def _typed(names: Names, full: str, module: str, var: Variable, owner: str | None) -> None:
    if owner is None and _made_class(names, full, module, var.value or ""):
        return
    texts = [var.annotation] if var.annotation else []
    chain = value_chain(var.value or "")
    if chain is not None and not var.annotation and "(" not in chain and "[" not in chain:
        # `op = objprint = _objprint`: another name for an instance, of its class
        same = names.resolve_in(module, chain, owner)
        if same is not None and same != full and same in names.types:
            names.types[full] = names.types[same]
            return
        if same is not None and same != full and names.kinds.get(same) == "class":
            # pyepics' `Device = device.Device`: another name of the class, whose members
            # the subclasses made from it (`class ai(Device)`) inherit
            names.bases.setdefault(full, [same])
            return
        # replicate's `predictions = default_client.predictions`: what a property of an
        # instance gives (`-> Predictions`)
        held = _follow(names, module, owner, chain) if "." in chain else None
        if held is not None:
            names.types[full] = held
            return
    if chain is not None and chain.endswith("()") and "()" not in chain[:-2]:
        texts.append(chain[:-2])  # `Console()`, `create_app()`: a call, nothing after it
    elif chain is None and (called := _CALLED.match(var.value or "")):
        texts.append(called.group(1))  # a long call the analysis kept only the start of
    for text in texts:
        cls = _class_named(names, module, text, owner)
        if cls is not None and owner is not None and _replaced_on_class(names, cls):
            return  # what `Poll.history` gives is not a `HistoricalRecords`
        if cls is not None:
            names.types[full] = cls
            if text == var.annotation and _foreign_call(names, module, var.value or ""):
                names.stand_ins.add(full)
            return


def _foreign_call(names: Names, module: str, value: str) -> bool:
    """Whether a value is made by another package's callable (`LocalProxy(...)`)."""
    called = _CALLED.match(value)
    root = called.group(1).split(".")[0] if called else ""
    target = names.aliases.get(module, {}).get(root)
    return target is not None and target.split(".")[0] not in names.packages


def _replaced_on_class(names: Names, cls: str) -> bool:
    """Whether an instance of `cls` set on a class is not what the class attribute gives: a
    descriptor (`__get__` answers instead) or a Django field-like object whose
    `contribute_to_class` puts something else there (simple-history's `HistoricalRecords`
    becomes a manager)."""
    return any(
        f"{c}.{hook}" in names.kinds
        for c in names.lineage(cls)
        for hook in ("__get__", "contribute_to_class")
    )


def _made_class(names: Names, full: str, module: str, value: str) -> bool:
    """`SchemaNode = _SchemaMeta("SchemaNode", (_SchemaNode,), {...})`, `type("X", (Base,),
    {})`: a class made by calling a metaclass, with those bases, not an instance of it; and
    an enumeration made by Enum's functional API (`Datum = OrderedEnum("Datum", "SEQ_START
    CDS_START")`), with those members."""
    if (enum := _ENUM_CALL.match(value)) and _enumeration(names, module, enum.group(1)):
        listed = enum.group(2) if not value.endswith("...") else None
        if listed is None:
            return True  # its members cut off: no type to check them against
        cls = _class_named(names, module, enum.group(1), None)
        names.kinds[full] = "class"
        names.bases[full] = [cls or enum.group(1)]
        for member in re.findall(r"[A-Za-z_]\w*", listed):
            names.kinds.setdefault(f"{full}.{member}", "attribute")
        return True
    made = _METACLASS_CALL.match(value)
    if made is None:
        return False
    meta = made.group(1)
    if meta != "type":
        cls = _class_named(names, module, meta, None)
        if cls is None or not any(
            b in _METACLASSES for c in names.lineage(cls) for b in names.bases.get(c, ())
        ):
            return False
    bases = [b.strip() for b in made.group(2).split(",") if b.strip()]
    found = [_class_named(names, module, b, None) or b for b in bases]
    names.kinds[full] = "class"
    names.bases[full] = found
    return True


def _enumeration(names: Names, module: str, called: str) -> bool:
    """Whether a called name is Enum's (`Enum`, `enum.IntFlag`) or a project class of its."""
    if called.rsplit(".", 1)[-1] in _ENUMS:
        return True
    cls = _class_named(names, module, called, None)
    return cls is not None and any(
        b.rsplit(".", 1)[-1] in _ENUMS for c in names.lineage(cls) for b in names.bases.get(c, ())
    )


def _class_named(names: Names, module: str, text: str, owner: str | None) -> str | None:
    """The project class an annotation or a called name stands for, else None."""
    text = text.strip().strip("'\"")
    for wrapper in ("Optional[", "typing.Optional["):
        if text.startswith(wrapper) and text.endswith("]"):
            text = text[len(wrapper) : -1]
    choices = [t.strip().strip("'\"") for t in text.split("|") if t.strip() != "None"]
    if len(choices) != 1:
        return None
    text, bracket, _ = choices[0].partition("[")
    if bracket:  # `SelectorList[_SelectorType]`: an instance of the project's generic class
        target = names.resolve_in(module, text, owner)
        return target if target is not None and names.kinds.get(target) == "class" else None
    if text in _SELF:
        return owner
    target = names.resolve_in(module, text, owner)
    if target is not None and names.kinds.get(target) in CALLABLE_KINDS:
        return names.returns.get(target)  # `app = create_app()`: what the factory returns
    if target is not None and names.kinds.get(target) != "class" and target not in names.types:
        same = names.bases.get(target, [])
        if len(same) == 1 and names.kinds.get(same[0]) == "class":
            # beautiful_date's `_ = BeautifulTimedelta`, then `days = _('days')`
            return same[0]
    return target if target is not None and names.kinds.get(target) == "class" else None


def _import_names(requirements: Iterable[str]) -> Iterable[str]:
    """Import names of required distributions: the known one, the distribution's own name,
    which many also install (attrs gives `attr` and `attrs`), and that name without a
    `python-` or `-python` part (`llama-cpp-python`'s `llama_cpp`)."""
    for requirement in requirements:
        match = _REQUIREMENT.match(requirement)
        if match:
            name = match.group(1).lower()
            own = name.replace("-", "_").replace(".", "_")
            # `llama-cpp-python` installs `llama_cpp`, `python-magic` `magic`
            bare = re.sub(r"^(?:python|py)_|_(?:python|py)$", "", own)
            yield from dict.fromkeys((_IMPORT_NAMES.get(name, own), own, bare))
