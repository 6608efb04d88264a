"""The one name resolver of Klaro: what a dotted name means in an analysed project.

The code graph, the checker, the offline writer and the agent's tools all ask it, so they
cannot disagree about a name. It is built once per analysis (`names_of` caches it by the
analysis object) from the analysis alone: nothing of the repository is imported or run.

Public API
----------
`names_of(analysis) -> Names`
    The resolver of an analysis, built on first use (a few milliseconds per 10k lines).
`Names.lookup(dotted) -> str | None`
    The full name (`pkg._core.Console.print`) a dotted name designates (a name re-exported
    from another package gives that package's dotted name: check `kind()`), following
    re-exports (`from ._core import Console`), star imports, inherited members, module-level
    instances (`console = Console()` makes `pkg.console.print` mean `Console.print`), return
    types of factories (`def get_app() -> App`, or `return App(...)` on every path), class
    attributes and `self.x` attributes.
`Names.member(owner, attr) -> str | None`
    `owner.attr` as a full name, by the same rules, for an owner already resolved.
`Names.verdict(dotted) -> Verdict`
    `resolved` (the project has it), `unresolved` (a project module/class/instance lacks the
    member: drift), `unknown` (a project object whose member cannot be known statically: an
    attribute of a plain value, or a class inheriting from another package) or `external`
    (not a name of this project at all).
`Names.find(text) -> list[str]`
    Every full name a name as people write it can mean: exact, else by its last components
    (`Console.print`, `console.print`), public names first.
`Names.kind(full)`, `Names.definition(full)`
    module | class | function | method | classmethod | staticmethod | property | constant |
    attribute, and the analysed object (`Module`, `Class`, `Function`, `Variable`).
`Names.type_of(full) -> str | None`
    The project class an instance (module constant, attribute) is of, or a function returns.
`Names.dynamic(owner) -> bool`
    Whether the class has `__getattr__`: attributes registered at run time may exist.
`Names.open_class(cls) -> bool`
    Whether the class (or one of its project bases) inherits from another package, so that an
    unknown attribute may be inherited rather than missing.
`Names.resolve_in(module, expr, owner=None) -> str | None`
    What an expression written inside a module means (its imports and definitions in scope;
    `self.meth` / `cls.meth` inside class `owner`): the code graph's call and base edges.
`Names.check_call(full, keywords, positional) -> CallProblem | None`
    Whether a call with these keyword names and this many positional arguments fits the real
    signature (a class through its `__init__` or dataclass fields); a function taking
    `**kwargs` accepts the parameters of the project callees it forwards them to, one step.
Sets: `packages` (top-level import names of the project), `dependencies` (import names of
its declared dependencies), `imported` (names it imports from other packages), `parameters`
(every parameter name), `public` (public full names), `by_last` (last component -> full names),
`short_names` (public last components of non-test code, for "did you mean" hints).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from klaro.scan.model import Analysis, Class, Function, Module, Parameter, Variable
from klaro.scan.returns import value_chain
from klaro.scan.stdlib import stdlib_class, stdlib_parameters

_MAX_HOPS = 8
# Bases that add no attributes a document would name on the subclass.
_CLOSED_BASES = frozenset(
    {
        "object", "abc.ABC", "ABC", "typing.Generic", "Generic", "typing.Protocol", "Protocol",
        "typing.NamedTuple", "NamedTuple", "enum.Enum", "Enum", "enum.IntEnum", "IntEnum",
        "Exception", "ValueError", "RuntimeError", "TypeError", "KeyError", "LookupError",
        "dict", "list", "str", "int", "tuple", "typing.TypedDict", "TypedDict",
    }
)  # fmt: skip
_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
# Distributions whose import name differs from their name (the common ones).
_IMPORT_NAMES = {
    "pyyaml": "yaml", "pillow": "PIL", "beautifulsoup4": "bs4", "scikit-learn": "sklearn",
    "python-dateutil": "dateutil", "attrs": "attr", "pygithub": "github",
    "opencv-python": "cv2", "markdown-it-py": "markdown_it", "protobuf": "google",
}  # fmt: skip
_CALLED = re.compile(r"^([A-Za-z_][\w.]*)\s*\(")
_CALLABLE = frozenset({"function", "method", "classmethod", "staticmethod"})
Definition = Module | Class | Function | Variable
T = TypeVar("T")


@dataclass(frozen=True)
class Verdict:
    """What a dotted name is in the project; `missing` is the first component not found."""

    status: str  # resolved | unresolved | unknown | external
    target: str | None = None  # the full name, or the deepest project owner found
    missing: str | None = None
    rest: tuple[str, ...] = ()  # components after `missing`


@dataclass(frozen=True)
class CallProblem:
    """A call that does not fit the signature it targets, with close parameter names."""

    message: str
    suggestions: tuple[str, ...] = ()
    keyword: str = ""  # the keyword no parameter takes, when that is the problem


@dataclass
class Names:
    """Every name an analysed project defines, and the rules to look dotted names up."""

    kinds: dict[str, str] = field(default_factory=dict)
    defs: dict[str, Definition] = field(default_factory=dict)
    members: dict[str, set[str]] = field(default_factory=dict)  # module/class -> member names
    aliases: dict[str, dict[str, str]] = field(default_factory=dict)  # module -> alias -> dotted
    stars: dict[str, list[str]] = field(default_factory=dict)  # module -> star-imported modules
    bases: dict[str, list[str]] = field(default_factory=dict)  # class -> bases, full or dotted
    types: dict[str, str] = field(default_factory=dict)  # instance -> its project class
    returns: dict[str, str] = field(default_factory=dict)  # factory -> class it returns
    # module names bound to a method of an instance (`encode = _jwt_global_obj.encode`)
    bound: dict[str, str] = field(default_factory=dict)
    by_last: dict[str, list[str]] = field(default_factory=dict)
    public: set[str] = field(default_factory=set)
    packages: set[str] = field(default_factory=set)
    dependencies: set[str] = field(default_factory=set)
    imported: set[str] = field(default_factory=set)
    parameters: set[str] = field(default_factory=set)
    short_names: list[str] = field(default_factory=list)
    module_of: dict[str, str] = field(default_factory=dict)  # full name -> defining module
    library: set[str] = field(default_factory=set)  # full names of the package's own code
    # attribute names the code sets on other objects (`wrapper.cache_clear = ...`)
    attached: set[str] = field(default_factory=set)
    _scopes: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    # -- lookups ---------------------------------------------------------------------------

    def kind(self, full: str) -> str | None:
        return self.kinds.get(full)

    def definition(self, full: str) -> Definition | None:
        return self.defs.get(full)

    def lookup(self, dotted: str, hops: int = 0) -> str | None:
        """Return the full name `dotted` designates, or None."""
        if dotted in self.kinds:
            if self.kinds[dotted] == "module" and "." in dotted and hops <= _MAX_HOPS:
                return self._shadowed(dotted, hops) or dotted
            return dotted
        if hops > _MAX_HOPS or "." not in dotted:
            return None
        head, _, attr = dotted.rpartition(".")
        owner = self.lookup(head, hops + 1)
        return None if owner is None else self.member(owner, attr, hops + 1)

    def _shadowed(self, module: str, hops: int) -> str | None:
        """What `pkg.mod` is when `pkg/__init__.py` binds the name `mod` to something else.

        `from .slugify import *` (or `... import slugify`) in `slugify/__init__.py` runs after
        the submodule is imported, so `slugify.slugify` is the function, not the module.
        """
        package, _, attr = module.rpartition(".")
        target = self.aliases.get(package, {}).get(attr)
        if target is not None and target != module:
            found = self.lookup(target, hops + 1)
            return found if found != module else None
        for star in self.stars.get(package, ()) if not attr.startswith("_") else ():
            if star in self.kinds and f"{star}.{attr}" in self.kinds and f"{star}.{attr}" != module:
                return f"{star}.{attr}"
        return None

    def member(self, owner: str, attr: str, hops: int = 0) -> str | None:
        """Return `owner.attr` as a full name: own, re-exported, star-imported, inherited."""
        full = f"{owner}.{attr}"
        if full in self.kinds:
            return full
        if hops > _MAX_HOPS:
            return None
        target = self.aliases.get(owner, {}).get(attr)
        if target is not None:  # a re-export; of another package's name, that name itself
            return self.lookup(target, hops + 1) or (target if self.external(target) else None)
        for star in self.stars.get(owner, ()):
            found = self.member(star, attr, hops + 1) if star in self.kinds else None
            if found:
                return found
        for base in self.bases.get(owner, ()):
            if base not in self.kinds:  # `logging.Formatter`: Python's own methods are known
                python = stdlib_class(base)  # what it defines, not what every object has
                if python is not None and any(
                    attr in vars(k) for k in python.__mro__ if k is not object
                ):
                    return f"{base}.{attr}"
                continue
            found = self.member(base, attr, hops + 1)
            if found:
                return found
        cls = self.types.get(owner)  # an instance, or a factory: its class's members
        if cls is not None and cls != owner:
            return self.member(cls, attr, hops + 1)
        return None

    def type_of(self, full: str) -> str | None:
        """The project class an instance is of, or a factory function returns."""
        return self.types.get(full) or self.returns.get(full)

    def result_of(self, dotted: str, hops: int = 0) -> str | None:
        """The project class of what calling `dotted` gives, as examples chain calls.

        A class gives an instance of itself; a function or method what it returns; another
        instance its own class. `pkg.create_app.run` is the method `run` of what
        `create_app()` returns: a name not found is looked up on the result of its owner.
        """
        full = self.lookup(dotted)
        if full is None and "." in dotted and hops < _MAX_HOPS:
            head, _, attr = dotted.rpartition(".")
            owner = self.result_of(head, hops + 1)
            full = self.member(owner, attr) if owner is not None else None
        if full is None:
            return None
        if full in self.bound:  # `signal = Namespace().signal`: what the method returns
            return self.returns.get(self.bound[full])
        return full if self.kinds.get(full) == "class" else self.type_of(full)

    def external(self, dotted: str) -> bool:
        """Whether a dotted name lives outside the project (standard library, dependency)."""
        return dotted.split(".")[0] not in self.packages

    def open_class(self, cls: str, depth: int = 0, *, methods: bool = False) -> bool:
        """Whether a class has bases we cannot see, so an unknown attribute may be inherited.

        With `methods`, for a method: a standard-library base (`logging.Formatter`) is seen,
        since its methods are on the class (its instance attributes are set at run time).
        """
        for base in self.bases.get(cls, ()):
            if base in self.kinds:
                if depth < _MAX_HOPS and self.open_class(base, depth + 1, methods=methods):
                    return True
            elif base not in _CLOSED_BASES and not (methods and stdlib_class(base)):
                return True
        return False

    def dynamic(self, owner: str) -> bool:
        """Whether a class (or an instance's class) makes attributes up in `__getattr__`."""
        cls = self.types.get(owner, owner)
        return any(self.member(cls, name) for name in ("__getattr__", "__getattribute__"))

    def lineage(self, cls: str) -> list[str]:
        """The class and its project bases, nearest first (each once)."""
        found: list[str] = []
        todo = [cls]
        while todo and len(found) <= _MAX_HOPS:
            current = todo.pop(0)
            if current in self.kinds and current not in found:
                found.append(current)
                todo.extend(self.bases.get(current, ()))
        return found

    def catch_all(self, owner: str) -> bool:
        """Whether the class's `__getattr__` answers any name (delegating, or making a logger
        method up) rather than a registry's names, which it refuses with AttributeError."""
        cls = self.types.get(owner, owner)
        for name in ("__getattr__", "__getattribute__"):
            found = self.member(cls, name)
            hook = self.defs.get(found) if found else None
            if isinstance(hook, Function) and "AttributeError" not in hook.calls:
                return True
        return False

    def member_names(self, owner: str, depth: int = 0) -> set[str]:
        """Every member name of a module, class or instance, inherited ones included."""
        names = set(self.members.get(owner, ())) | set(self.aliases.get(owner, {}))
        if depth < _MAX_HOPS:
            linked = [*self.bases.get(owner, ()), *self.stars.get(owner, ())]
            if owner in self.types:
                linked.append(self.types[owner])
            for other in linked:
                names |= self.member_names(other, depth + 1)
        return names

    def verdict(self, dotted: str) -> Verdict:
        """Say whether the project has `dotted`, lacks it, or cannot tell."""
        full = self.lookup(dotted)
        if full is not None:
            return Verdict("resolved", full)
        parts = dotted.split(".")
        for i in range(len(parts) - 1, 0, -1):
            owner = self.lookup(".".join(parts[:i]))
            if owner is None:
                continue
            if self.external(owner):
                return Verdict("external", owner)
            kind = self.kinds.get(owner)
            cls = owner if kind == "class" else self.types.get(owner)
            if kind != "module" and cls is None:
                return Verdict("unknown", owner)  # an attribute of a plain value
            if cls is not None and self.open_class(cls):
                return Verdict("unknown", owner)  # may come from another package's base
            return Verdict("unresolved", owner, parts[i], tuple(parts[i + 1 :]))
        if parts[0] in self.packages:
            return Verdict("unresolved", "", parts[0], tuple(parts[1:]))
        return Verdict("external")

    def find(self, text: str) -> list[str]:
        """Return what a name as people write it can mean, public and short names first."""
        name = text.strip().replace(":", ".").removesuffix("()").strip(".")
        if not name:
            return []
        full = self.lookup(name)
        if full is not None:
            return [full]
        root, _, rest = name.partition(".")
        found: set[str] = set()
        for start in self.by_last.get(root, ()):
            hit = self.lookup(f"{start}.{rest}") if rest else start
            if hit is not None:
                found.add(hit)
        return sorted(found, key=lambda n: (n not in self.public, n.count("."), n))

    # -- names inside the code -------------------------------------------------------------

    def scope(self, module: str) -> dict[str, str]:
        """Map names bound at a module's top level to the dotted names they stand for."""
        scope = self._scopes.get(module)
        if scope is None:
            scope = dict(self.aliases.get(module, {}))
            scope.update((m, f"{module}.{m}") for m in self.members.get(module, ()))
            self._scopes[module] = scope
        return scope

    def resolve_in(self, module: str, expr: str, owner: str | None = None) -> str | None:
        """Return the full name an expression written in `module` (inside class `owner`) means."""
        head, _, rest = expr.partition(".")
        if owner is not None and head in {"self", "cls"}:
            return self.lookup(f"{owner}.{rest}") if rest else owner
        base = self.scope(module).get(head) if head != "super" else None
        if base is None:
            return None
        return self.lookup(f"{base}.{rest}" if rest else base)

    # -- calls -----------------------------------------------------------------------------

    def check_call(
        self,
        full: str,
        keywords: Iterable[str],
        positional: int | None = None,
        *,
        complete: bool = False,
    ) -> CallProblem | None:
        """Return why a call with these arguments does not fit `full`, or None when it may.

        `keywords` holds `**` when the call unpacks a mapping. `complete` says the call is
        written out in full (a Python example, not a span sketching a name), so a required
        parameter it leaves out is a problem too.
        """
        found = self._signature(full)
        if found is None:
            return None
        shown, params = found
        keywords = tuple(keywords)
        accepted = {p.name for p in params if p.kind in {"positional_or_keyword", "keyword_only"}}
        for keyword in keywords:
            if keyword in accepted or keyword.startswith("_") or keyword == "**":
                continue
            if any(p.kind == "var_keyword" for p in params):
                forwarded = self.forwarded(full)
                if forwarded is None or keyword in forwarded:
                    continue
                accepted = accepted | forwarded
            close = difflib.get_close_matches(keyword, sorted(accepted), n=3, cutoff=0.6)
            return CallProblem(f"`{shown}()` has no parameter `{keyword}`", tuple(close), keyword)
        if positional is not None and not any(p.kind == "var_positional" for p in params):
            limit = sum(p.kind in {"positional_only", "positional_or_keyword"} for p in params)
            if positional > limit:
                return CallProblem(
                    f"`{shown}()` takes {limit} positional argument"
                    f"{'' if limit == 1 else 's'}, not {positional}"
                )
        if complete and positional is not None and "**" not in keywords:
            return _missing_required(shown, params, positional, keywords)
        return None

    def _signature(self, full: str) -> tuple[str, tuple[Parameter, ...]] | None:
        """The parameters a call of `full` binds (self/cls left out), when certain."""
        obj = self.defs.get(full)
        shown = full.rsplit(".", 1)[-1]
        if isinstance(obj, Variable) and (call := self._call_method(full)) is not None:
            found = self._signature(call)  # `config("DEBUG", cast=bool)`: the class's __call__
            return (shown, found[1]) if found else None
        if isinstance(obj, Function):
            if obj.kind == "property" or any("overload" in d for d in obj.decorators):
                return None
            params = obj.parameters
            if obj.kind in {"method", "classmethod"} and params:
                params = params[1:]
            if any(not _plain_decorator(d) for d in obj.decorators):
                return None  # a decorator may change the signature
            return shown, params
        if isinstance(obj, Class):
            init = self.member(full, "__init__")
            if init is not None:
                found = self._signature(init)
                return (shown, found[1]) if found else None
            if self.open_class(full) or any(b in self.kinds for b in self.bases.get(full, ())):
                return None  # `__init__` from another package, or fields from bases
            if any(d.split("(")[0].endswith("dataclass") for d in obj.decorators):
                return shown, tuple(
                    Parameter(a.name, "positional_or_keyword", a.annotation, a.value)
                    for a in obj.attributes
                    if a.annotation and not a.annotation.startswith(("ClassVar", "typing.ClassVar"))
                )
        return None

    def callee(self, full: str) -> Function | None:
        """The function a call of `full` runs: itself, a class's `__init__`, an instance's
        bound method or `__call__`."""
        obj = self.defs.get(full)
        if isinstance(obj, Class):
            init = self.member(full, "__init__")
            obj = self.defs.get(init) if init else None
        elif isinstance(obj, Variable):
            call = self._call_method(full)
            obj = self.defs.get(call) if call else None
        return obj if isinstance(obj, Function) else None

    def _call_method(self, full: str) -> str | None:
        """The method a call of the variable `full` runs: the bound method it holds
        (`encode = _jwt_global_obj.encode`), or its class's `__call__`."""
        if full in self.bound:
            return self.bound[full]
        cls = self.types.get(full)
        return self.member(cls, "__call__") if cls else None

    def forwarded(self, full: str, depth: int = 0) -> set[str] | None:
        """Keywords `full` accepts through its `**kwargs` (scan.kwargs), None when any may be.

        Followed through project callees up to three steps, and into a standard-library callee
        (`open(path, **kwargs)`) by its real signature; an unknown callee or one that forwards
        further than that leaves the keywords open.
        """
        obj = self.callee(full)
        if obj is None or obj.kwargs_open or depth > 3:
            return None
        if not obj.forwards and not obj.kwarg_keys and not obj.kwargs_refused:
            return None  # swallowed or untouched: nothing says what is refused
        owner = obj.fullname.rsplit(".", 1)[0] if obj.kind != "function" else None
        names: set[str] = set(obj.kwarg_keys)
        for callee in obj.forwards:
            target = self.resolve_in(obj.module, callee, owner)
            if target is None:
                head, _, tail = callee.partition(".")
                bound = self.scope(obj.module).get(head)
                if bound is None:
                    target = callee  # a builtin (`open`), unless the module binds the name
                elif self.external(bound):  # `logging.Formatter.__init__` of `import logging`
                    target = f"{bound}.{tail}" if tail else bound
            if target is not None and target not in self.defs:  # Python's own, or unknown
                params = stdlib_parameters(target)
                if params is None:
                    return None
                names |= params
                continue
            found = self._signature(target) if target else None
            if found is None:
                return None
            names |= {p.name for p in found[1] if p.kind not in {"positional_only", "var_keyword"}}
            if any(p.kind == "var_keyword" for p in found[1]):
                further = self.forwarded(str(target), depth + 1)
                if further is None:
                    return None  # forwarding on to something unknown
                names |= further
        return names


def _missing_required(
    shown: str, params: tuple[Parameter, ...], positional: int, keywords: tuple[str, ...]
) -> CallProblem | None:
    """The required parameters a call with `positional` arguments and `keywords` leaves out."""
    ordered = [p for p in params if p.kind in {"positional_only", "positional_or_keyword"}]
    given = {p.name for p in ordered[:positional]} | set(keywords)
    kinds = {"positional_only", "positional_or_keyword", "keyword_only"}
    missing = [p.name for p in params if p.kind in kinds and p.default is None]
    missing = [m for m in missing if m not in given]
    if not missing:
        return None
    listed = ", ".join(f"`{m}`" for m in missing)
    return CallProblem(f"`{shown}()` requires {listed}, which the call does not pass")


def _plain_decorator(decorator: str) -> bool:
    """Decorators that keep the signature people call (`@staticmethod`, `@functools.wraps`)."""
    name = decorator.split("(")[0].rsplit(".", 1)[-1]
    return name in {
        "staticmethod", "classmethod", "abstractmethod", "cache", "lru_cache", "wraps",
        "override", "final", "deprecated", "setter", "contextmanager", "asynccontextmanager",
        # run-time type checkers and validators call through with the same signature
        "typechecked", "beartype", "validate_call", "validate_arguments", "singledispatch",
        "singledispatchmethod", "overrides",
    }  # fmt: skip


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


def build_names(analysis: Analysis) -> Names:
    """Index every module, class, function and variable of an analysis."""
    names = Names()
    for module in analysis.modules:
        _add_module(names, module)
    names.packages = {m.name.split(".")[0] for m in analysis.modules if m.role == "package"}
    for module in analysis.modules:
        for cls in _classes(module.classes):
            names.bases[cls.fullname] = [
                names.resolve_in(module.name, b.split("[")[0], None)
                or _spelled(names, module.name, b.split("[")[0])
                for b in cls.bases
                if "=" not in b
            ]
    chains: list[_Chain] = []
    for module in analysis.modules:  # factories first: `app = create_app()` needs them
        chains += _add_returns(names, module)
    for module in analysis.modules:
        _add_types(names, module)
    if _follow_chains(names, chains):  # results through attributes and other results
        for module in analysis.modules:
            _add_types(names, module)
    for module in analysis.modules:  # after the types: the instance's class must be known
        _add_bound_methods(names, module)
    for full in names.kinds:
        names.by_last.setdefault(full.rsplit(".", 1)[-1], []).append(full)
    shipped = {f for f, m in names.module_of.items() if _role(analysis, m) != "test"}
    names.library = {f for f in shipped if _role(analysis, names.module_of[f]) == "package"}
    names.short_names = sorted(
        {f.rsplit(".", 1)[-1] for f in shipped if not f.rsplit(".", 1)[-1].startswith("_")}
    )
    meta = analysis.metadata
    requirements = [
        *meta.dependencies,
        *(r for _, reqs in meta.optional_dependencies for r in reqs),
    ]
    names.dependencies = set(_import_names(requirements)) - names.packages
    names.attached = {a for m in analysis.modules for a in m.attached}
    names.imported = {
        i.alias
        for m in analysis.modules
        if m.role != "test"
        for i in m.imports
        if i.name != "*" and i.module.split(".")[0] not in names.packages
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
    for const in module.constants:
        _define(names, f"{name}.{const.name}", "constant", const, public and const.is_public, name)
    for cls in module.classes:
        _add_class(names, cls, public and cls.name in exported)
    aliases = names.aliases.setdefault(name, {})
    for imp in module.imports:
        if imp.name == "*":
            names.stars.setdefault(name, []).append(imp.module)
        else:
            aliases[imp.alias] = f"{imp.module}.{imp.name}" if imp.name else imp.module


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
            var = Variable(attr_name, None, None, cls.lineno, not attr_name.startswith("_"))
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


# (function, module, owning class, returned chain) still to follow
_Chain = tuple[str, str, str | None, str]


def _add_returns(names: Names, module: Module) -> list[_Chain]:
    """Record the project class each factory function or method returns: annotated, or the
    one chain all its returns give (`scan.returns`); chains not followed yet are returned."""
    functions: list[tuple[Function, str | None]] = [(f, None) for f in module.functions]
    functions += [(m, c.fullname) for c in _classes(module.classes) for m in c.methods]
    pending: list[_Chain] = []
    for func, owner in functions:
        if func.returns:
            cls = _class_named(names, module.name, func.returns, owner)
            if cls is not None:
                names.returns[func.fullname] = cls
        elif func.returns_call:
            cls = _follow(names, module.name, owner, func.returns_call)
            if cls is not None:
                names.returns[func.fullname] = cls
            else:
                pending.append((func.fullname, module.name, owner, func.returns_call))
    return pending


def _follow_chains(names: Names, chains: list[_Chain]) -> bool:
    """Follow returned chains until no more resolve (one result may need another's)."""
    added = False
    for _ in range(_MAX_HOPS):
        progress = False
        for chain in list(chains):
            full, module, owner, text = chain
            cls = _follow(names, module, owner, text)
            if cls is not None:
                names.returns[full] = cls
                chains.remove(chain)
                progress = added = True
        if not progress:
            break
    return added


def _follow(names: Names, module: str, owner: str | None, chain: str) -> str | None:
    """The project class of the instance a chain (`self.connect().__enter__().query()`)
    written in `module` (inside class `owner`) gives, or None when any step is unknown."""
    value: tuple[str, str] | None  # ("instance", class) or ("object", full name)
    head, *parts = chain.split(".")
    name = head.replace("()", "")
    if name in {"self", "cls"}:
        value = None if owner is None else ("instance" if name == "self" else "object", owner)
    else:
        target = names.resolve_in(module, name, owner)
        value = _value_of(names, target) if target is not None else None
    value = _called_value(names, value, head.count("()"))
    for part in parts:
        if value is None:
            return None
        found = names.member(value[1], part.replace("()", ""))
        value = _value_of(names, found) if found is not None else None
        value = _called_value(names, value, part.count("()"))
    return value[1] if value is not None and value[0] == "instance" else None


def _value_of(names: Names, full: str) -> tuple[str, str] | None:
    """What a full name is as a value: the object itself, or an instance of a class."""
    kind = names.kinds.get(full)
    if kind in {"module", "class"} or kind in _CALLABLE:
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


def _add_bound_methods(names: Names, module: Module) -> None:
    """`encode = _jwt_global_obj.encode`: the module's `encode` is that instance's method, so a
    call of it is checked against the method's signature."""
    for const in module.constants:
        chain = value_chain(const.value or "")
        if chain is None or "." not in chain or chain.endswith("()"):
            continue  # also `signal = Namespace().signal`: a method of a fresh instance
        owner, _, attr = chain.rpartition(".")
        cls = _follow(names, module.name, None, owner)
        method = names.member(cls, attr) if cls else None
        if method is not None and names.kinds.get(method) in {"method", "classmethod"}:
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
            found = _class_named(names, module.name, text, cls.fullname)
            if found is not None and full not in names.types:
                names.types[full] = found


def _typed(names: Names, full: str, module: str, var: Variable, owner: str | None) -> None:
    texts = [var.annotation] if var.annotation else []
    chain = value_chain(var.value or "")
    if chain is not None and chain.endswith("()") and "()" not in chain[:-2]:
        texts.append(chain[:-2])  # `Console()`, `create_app()`: a call, nothing after it
    elif chain is None and (called := _CALLED.match(var.value or "")):
        texts.append(called.group(1))  # a long call the analysis kept only the start of
    for text in texts:
        cls = _class_named(names, module, text, owner)
        if cls is not None:
            names.types[full] = cls
            return


def _class_named(names: Names, module: str, text: str, owner: str | None) -> str | None:
    """The project class an annotation or a called name stands for, else None."""
    text = text.strip().strip("'\"")
    for wrapper in ("Optional[", "typing.Optional["):
        if text.startswith(wrapper) and text.endswith("]"):
            text = text[len(wrapper) : -1]
    choices = [t.strip().strip("'\"") for t in text.split("|") if t.strip() != "None"]
    if len(choices) != 1 or "[" in choices[0]:
        return None
    text = choices[0]
    if text in {"Self", "typing.Self", "typing_extensions.Self"}:
        return owner
    target = names.resolve_in(module, text, owner)
    if target is not None and names.kinds.get(target) in _CALLABLE:
        return names.returns.get(target)  # `app = create_app()`: what the factory returns
    return target if target is not None and names.kinds.get(target) == "class" else None


def _import_names(requirements: Iterable[str]) -> Iterable[str]:
    """Import names of required distributions: the known one and the distribution's own name,
    which many also install (attrs gives `attr` and `attrs`)."""
    for requirement in requirements:
        match = _REQUIREMENT.match(requirement)
        if match:
            name = match.group(1).lower()
            own = name.replace("-", "_").replace(".", "_")
            yield from dict.fromkeys((_IMPORT_NAMES.get(name, own), own))
