"""The one name resolver of Klaro: what a dotted name means in an analysed project.

The code graph, the checker, the offline writer and the agent's tools all ask it, so they
cannot disagree about a name. It is built once per analysis (`scan.names_build.names_of`
caches it by the analysis object) from the analysis alone: nothing of the repository is
imported or run. This module holds the lookups; `scan.names_build` the indexing.

Public API
----------
`names_of(analysis) -> Names` (in `scan.names_build`)
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
import io
import re
import types
from collections.abc import Iterable
from dataclasses import dataclass, field

from klaro.scan.model import (
    ANY_ATTRIBUTE,
    PROBED_HOOKS,
    Class,
    Function,
    Module,
    Parameter,
    Variable,
)
from klaro.scan.node_facts import ANY_NAME, ITEMS, TABLE_CLASS
from klaro.scan.returns import MANAGER_MAKERS
from klaro.scan.stdlib import stdlib_class, stdlib_parameters

MAX_HOPS = 8
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")  # `Language.find`
# how the examples' checker writes one element of an instance: `cron.__next__` (a loop over
# it) or `cron.__getitem__` (an index), each of what the class holds (`Names.element_of`)
ITERATED = "__next__"
ELEMENT_STEPS = frozenset({ITERATED, "__getitem__"})
# what a `__getattr__` annotated with one of these gives is a value, never a method
_PLAIN_VALUES = frozenset({"int", "float", "bool", "str", "bytes", "None"})


# Bases that add no attributes a document would name on the subclass.
def _common_member(attr: str) -> bool:
    """Whether Python's everyday objects have a member so named (`keys`, `read`, `__call__`):
    on an object that may be one we cannot name, it need not be our class's."""
    kinds = (dict, list, str, bytes, set, tuple, type, io.IOBase)
    return any(hasattr(kind, attr) for kind in kinds)


# an alternative of a function's results that is no class we know (a tuple's field beside a
# `URL`): a base of their union that keeps it open, as a base from another package would
UNKNOWN_ALTERNATIVE = "?"
_CLOSED_BASES = frozenset(
    {
        "object", "abc.ABC", "ABC", "typing.Generic", "Generic", "typing.Protocol", "Protocol",
        "typing.NamedTuple", "NamedTuple", "enum.Enum", "Enum", "enum.IntEnum", "IntEnum",
        "Exception", "ValueError", "RuntimeError", "TypeError", "KeyError", "LookupError",
        "dict", "list", "str", "int", "tuple", "typing.TypedDict", "TypedDict",
    }
)  # fmt: skip
_MODULE_ATTRIBUTES = frozenset(
    {"__file__", "__name__", "__doc__", "__spec__", "__loader__", "__package__", "__path__",
     "__dict__", "__cached__"}
)  # fmt: skip
CALLABLE_KINDS = frozenset({"function", "method", "classmethod", "staticmethod"})
Definition = Module | Class | Function | Variable


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
    # module -> its literal `__all__`: all that a star import of it binds
    exports: dict[str, tuple[str, ...]] = field(default_factory=dict)
    bases: dict[str, list[str]] = field(default_factory=dict)  # class -> bases, full or dotted
    types: dict[str, str] = field(default_factory=dict)  # instance -> its project class
    returns: dict[str, str] = field(default_factory=dict)  # factory -> class it returns
    # methods that return an instance of the class they are called on (`return cls(...)`,
    # `return self`): `Sub.from_code()` gives a `Sub`, though the base defines it
    receiver_returns: set[str] = field(default_factory=set)
    # functions whose result is the class their annotation or docstring declares: an
    # instance of it or of any subclass (pyvisa's `open_resource() -> "Resource"` gives the
    # `MessageBasedResource` the resource name picks), unlike `return Resource(...)`
    declared: set[str] = field(default_factory=set)
    # attribute -> the class it holds, not an instance of it (arrow's `self.type = type`,
    # `type: Type[Arrow] = Arrow`): calling it builds one
    held: dict[str, str] = field(default_factory=dict)
    # class -> the class its `__getattr__` forwards every other name to (tinydb's `TinyDB`
    # to its default `Table`)
    delegates: dict[str, str] = field(default_factory=dict)
    _orders: dict[str, list[str]] = field(default_factory=dict, repr=False)  # C3, memoised
    # module names bound to a method of an instance (`encode = _jwt_global_obj.encode`)
    bound: dict[str, str] = field(default_factory=dict)
    by_last: dict[str, list[str]] = field(default_factory=dict)
    public: set[str] = field(default_factory=set)
    packages: set[str] = field(default_factory=set)
    dependencies: set[str] = field(default_factory=set)
    imported: set[str] = field(default_factory=set)
    # the top-level modules of other packages the code imports (`twisted` for eliot's
    # `from twisted.internet.defer import inlineCallbacks`)
    imported_modules: set[str] = field(default_factory=set)
    parameters: set[str] = field(default_factory=set)
    short_names: list[str] = field(default_factory=list)
    module_of: dict[str, str] = field(default_factory=dict)  # full name -> defining module
    library: set[str] = field(default_factory=set)  # full names of the package's own code
    in_tests: set[str] = field(default_factory=set)  # full names its test modules define
    _shipped_parameters: set[str] | None = field(default=None, repr=False)
    # attribute names the code sets on other objects (`wrapper.cache_clear = ...`)
    attached: set[str] = field(default_factory=set)
    # methods the code calls on `self` (`self.get_object()`, which a mixin expects of the
    # class it is mixed into): names of the code wherever they are defined, if anywhere
    expected: set[str] = field(default_factory=set)
    # names the modules' own `__getattr__` (PEP 562) serve: deprecated aliases, lazy imports
    served: set[str] = field(default_factory=set)
    handed: dict[str, set[str]] = field(default_factory=dict)  # module -> names a helper serves
    # objects annotated as a project class but made by another package (flask's `current_app:
    # Flask = LocalProxy(...)`): the proxy's own members (`_get_current_object`, private
    # so as not to hide the object's) are the other package's
    stand_ins: set[str] = field(default_factory=set)
    # modules the code installs in `sys.modules` at run time (cogapp's `cog`): not ours to list
    installed: set[str] = field(default_factory=set)
    # names a module's docstring declares with Sphinx directives at its top level (reikna's
    # `cluda/api.py`: `.. py:class:: DeviceParameters(device)`, an interface the backends
    # implement): documented there, whatever the code defines
    directives: set[str] = field(default_factory=set)
    # a class, or a list attribute (`pkg.CronTab.crons`) -> the one class of its elements
    # (see scan.elements): `for job in cron`, `cron[0]`, `self.slices[1]`
    elements: dict[str, str] = field(default_factory=dict)
    # class -> its project metaclass (`metaclass=FactoryMetaClass`): what the class itself has
    metaclass: dict[str, str] = field(default_factory=dict)
    # folders without `__init__.py` other distributions share (`zope` of `src/zope/component`)
    namespaces: set[str] = field(default_factory=set)
    # functions their module gives attributes (`cheap_repr.suppression_threshold = 300`):
    # the settings a function has are those, and a function object's own
    configured: set[str] = field(default_factory=set)
    # generative decorators (pypika's `builder`, see scan.returns.gives_receiver): the methods
    # they wrap keep their signature and return the class they are called on
    generative: set[str] = field(default_factory=set)
    _scopes: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)
    _renamed: dict[str, str] | None = field(default=None, repr=False)  # see renamed_alias

    # -- lookups ---------------------------------------------------------------------------

    def kind(self, full: str) -> str | None:
        return self.kinds.get(full)

    def definition(self, full: str) -> Definition | None:
        return self.defs.get(full)

    def lookup(self, dotted: str, hops: int = 0, *, imported: bool = False) -> str | None:
        """Return the full name `dotted` designates, or None.

        `imported`: `dotted` is what an import statement names (`from .wcwidth import
        list_versions` in `wcwidth/__init__.py`), whose modules are found as modules even
        where the package binds their name to something else. The name imported itself
        is the package's attribute, as Python gives it: `from plumbum.machines import local`
        is the instance `plumbum/machines/__init__.py` binds, not the submodule `local`.
        """
        return self._lookup(dotted, hops, path=False, imported=imported)

    def _lookup(self, dotted: str, hops: int, *, path: bool, imported: bool) -> str | None:
        """`lookup`; `path`: `dotted` is the module path of an import (modules as modules)."""
        if dotted.endswith(".__init__") and self.kinds.get(dotted[:-9]) == "module":
            dotted = dotted[:-9]  # `wireup.__init__`: the package's own module
        if dotted in self.kinds:
            if self.kinds[dotted] == "module" and "." in dotted and hops <= MAX_HOPS:
                return (None if path else self._shadowed(dotted, hops)) or dotted
            return dotted
        if hops > MAX_HOPS or "." not in dotted:
            return None
        head, _, attr = dotted.rpartition(".")
        owner = self._lookup(head, hops + 1, path=imported, imported=imported)
        found = None if owner is None else self.member(owner, attr, hops + 1)
        if found is None and owner != head and self.kinds.get(head) == "module":
            # `uplink.retry.RetryBackoff` where `uplink/__init__.py` binds `retry` to the
            # decorator: as an import path (mkdocstrings' `::: uplink.retry.RetryBackoff`,
            # `from uplink.retry import RetryBackoff`) it names the submodule's class
            found = self.member(head, attr, hops + 1)
        return found

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
            found = f"{star}.{attr}"
            binds = star in self.kinds and found in self.kinds and found != module
            if binds and self._star_binds(star, attr, own=target == module):
                if self.kinds[found] == "module" and hops <= MAX_HOPS:
                    # antspyx: `ants/__init__.py` star-imports the subpackage `registration`,
                    # whose own `registration` is the function it imports over its module
                    return self._shadowed(found, hops + 1) or found
                return found
        return None

    def _star_binds(self, star: str, attr: str, *, own: bool) -> bool:
        """Whether `from star import *` rebinds `attr` over a package's submodule.

        A star import binds only the names of the source's `__all__` where it declares one
        (mongoengine's `from mongoengine.queryset import *` does not bind the submodule
        `queryset.queryset`); without one, the package's own binding of the name to its
        submodule (`from mongoengine import queryset`) is taken to stand, as it is where
        `__all__` is computed and we cannot read it.
        """
        exported = self.exports.get(star)
        return attr in exported if exported is not None else not own

    def member(self, owner: str, attr: str, hops: int = 0) -> str | None:
        """Return `owner.attr` as a full name: own, re-exported, star-imported, inherited."""
        full = f"{owner}.{attr}"
        if UNKNOWN_ALTERNATIVE in self.bases.get(owner, ()) and _common_member(attr):
            # uproot's `open()`, a directory or whatever a path inside names: its `keys()`
            # may be any object's, not the directory's
            return None
        if full in self.kinds:
            if self.kinds[full] == "module" and hops <= MAX_HOPS:
                # `from .table_normalize import table_normalize` in the package: its class
                return self._shadowed(full, hops) or full
            return full
        if attr == "__all__" and owner in self.exports:
            return full  # `print(zfit.pdf.__all__)`: the list the module writes out
        if attr in _MODULE_ATTRIBUTES and self.kinds.get(owner) == "module":
            # what the import system sets on every module: `from pkg.tests import __file__`
            package = getattr(self.defs.get(owner), "path", "__init__.py")
            return full if attr != "__path__" or package.endswith("__init__.py") else None
        if hops > MAX_HOPS:
            return None
        target = self.aliases.get(owner, {}).get(attr)
        if target is not None:  # a re-export; of another package's name, that name itself
            found = self.lookup(target, hops + 1, imported=True)
            source = target.rpartition(".")[0]
            # also a name of a module whose names we cannot list (the version file a build
            # hook writes: `from zarr._version import version as __version__`)
            opened = self.kinds.get(source) == "module" and self.open_module(source)
            return found or (target if self.external(target) or opened else None)
        for star in self.stars.get(owner, ()):
            # `from .zipfile import *` binds only what the source's `__all__` lists (pyzipper
            # dropping `ZIP_LZMA` from it), and without one no private name; a submodule is
            # left to stand (python-snap7's `s7` aliases each of `snap7`'s in `sys.modules`)
            exported = self.exports.get(star)
            unlisted = attr not in exported if exported is not None else attr.startswith("_")
            if unlisted and self.kinds.get(f"{star}.{attr}") != "module":
                continue
            found = self.member(star, attr, hops + 1) if star in self.kinds else None
            if found:
                return found
        if len(self.bases.get(owner, ())) > 1:
            # several bases: Python looks in C3 order, so a diamond's later branch comes
            # before the common base (`AsyncSoftFileLock(SoftFileLock, BaseAsyncFileLock)`
            # gets `__init__` from BaseAsyncFileLock, not BaseFileLock)
            for klass in self.method_order(owner)[1:]:
                if f"{klass}.{attr}" in self.kinds:
                    if self._foreign_before(owner, klass, attr):
                        return None  # `SQ(Q, SearchNode)`: Django's `Q.__init__` runs first
                    return f"{klass}.{attr}"
        for base in self.bases.get(owner, ()):
            if base not in self.kinds:  # `logging.Formatter`: Python's own methods are known
                python = stdlib_class(base)  # what it defines, not what every object has
                if python is None:
                    continue
                own = [k for k in python.__mro__ if k is not object]
                if not attr.startswith("__"):
                    # and its metaclass's methods: crowsetta's `@SeqLike.register` of an
                    # `abc.ABC` (not its hooks, `ABCMeta.__new__` makes the class itself)
                    meta: type = type(python)
                    own += [k for k in meta.__mro__ if k not in {type, object}]
                if any(attr in vars(k) for k in own):
                    return f"{base}.{attr}"
                continue
            found = self.member(base, attr, hops + 1)
            if found:
                return found
        cls = self.types.get(owner)  # an instance, or a factory: its class's members
        if cls is not None and cls != owner:
            return self.member(cls, attr, hops + 1)
        if owner in self.delegates:  # what `__getattr__` forwards to
            return self.member(self.delegates[owner], attr, hops + 1)
        return None

    def _foreign_before(self, owner: str, klass: str, attr: str) -> bool:
        """Whether a base of `owner` from another package comes before the base that leads
        to `klass` and may define `attr` itself (a standard-library class is looked into)."""
        for base in self.bases.get(owner, ()):
            if base in self.kinds:
                if klass in self.method_order(base):
                    return False
                continue
            python = stdlib_class(base)
            if python is None or any(attr in vars(k) for k in python.__mro__ if k is not object):
                return True
        return False

    def type_of(self, full: str) -> str | None:
        """The project class an instance is of, or a factory function returns."""
        return self.types.get(full) or self.returns.get(full)

    def element_of(self, cls: str) -> str | None:
        """The project class of one element of an instance of `cls` (iterated, or indexed
        when the class has no `__getitem__` of its own), by its class or a base."""
        return next((self.elements[c] for c in self.lineage(cls) if c in self.elements), None)

    def result_of(self, dotted: str, hops: int = 0) -> str | None:
        """The project class of what calling `dotted` gives, as examples chain calls.

        A class gives an instance of itself; a function or method what it returns; another
        instance its own class. `pkg.create_app.run` is the method `run` of what
        `create_app()` returns: a name not found is looked up on the result of its owner.
        """
        return self._result(dotted, hops)[0]

    def held_class(self, dotted: str) -> str | None:
        """The project class of the object a name holds: a callable instance's own class
        (pyfunctional's `seq = Stream()`, whose `seq.jsonl` is Stream's), not what calling
        it gives (`seq(...)` is a `Sequence`); an alias of a class, that class."""
        called, instance = self._result(dotted, 0)
        return instance or called

    def chain_step(self, owner: str, attr: str) -> tuple[str | None, str | None]:
        """The class an example's chain `owner.attr` takes `attr` from, and that member:
        `result_of(owner)`'s, unless `owner` names a callable instance whose own class has
        `attr` (`dbg.address.from_string`, the service's method, not its product's)."""
        called, instance = self._result(owner, 0)
        found = self.member(instance, attr) if instance is not None else None
        if found is not None:
            return instance, found
        return called, (self.member(called, attr) if called is not None else None)

    def _result(self, dotted: str, hops: int) -> tuple[str | None, str | None]:
        """`result_of`, and the class of the instance `dotted` names when calling it gives
        another class (its `__call__`): a chain does not say whether a step was called, and a
        member of that instance's own class is the likelier one (lauterbach's service
        objects, `dbg.address.from_string(...)`, each also callable)."""
        full = self.lookup(dotted)
        owner: str | None = None  # the class of a chain's receiver (`Frag().on().select`)
        # (an element step another library's class gives, `list.__getitem__`, is the project's
        # class's element: looked up on the owner)
        step = full not in self.kinds and dotted.rpartition(".")[2] in ELEMENT_STEPS
        if (full is None or step) and "." in dotted and hops < MAX_HOPS:
            head, _, attr = dotted.rpartition(".")
            owner, instance = self._result(head, hops + 1)
            full = self.member(instance, attr) if instance is not None else None
            if full is not None:
                owner = instance
            elif owner is not None:
                full = self.member(owner, attr)
            if owner is not None and attr in ELEMENT_STEPS and full not in self.kinds:
                # `for job in cron`: one of its elements; also through another library's
                # `__getitem__` it inherits (unidiff's `PatchSet(list)` of `PatchedFile`)
                element = self.element_of(owner)
                if full is None or element is not None:
                    return element, None
            if full is None and owner is not None:
                # tinydb's `Query.__getattr__` makes any name a new `Query` (`User.age`)
                hook = self.member(owner, "__getattr__")
                return (self.returns.get(hook) if hook is not None else None), None
        if full not in self.kinds and "." in dotted and hops < MAX_HOPS:
            # fiscalyear's `FiscalDate.today()`, `datetime.date`'s: an instance of the class
            head, _, attr = dotted.rpartition(".")
            receiver = owner or self._result(head, hops + 1)[0]
            if receiver is not None and self._inherited_constructor(receiver, attr):
                return receiver, None
        if full is None:
            return None, None
        if full in self.bound:  # `signal = Namespace().signal`: what the method returns
            return self.returns.get(self.bound[full]), None
        if full in self.receiver_returns and "." in dotted:
            receiver = owner or self.lookup(dotted.rpartition(".")[0])
            if receiver is not None and self.returns[full] in self.lineage(receiver):
                return receiver, None
        if self.kinds.get(full) == "class":
            if not self._factory_class(full):
                return full, None
            # a factory's `__new__` decides: bestconfig's `Config()` gives the `ConfigProvider`
            # it returns (nothing, when what it gives is not known)
            return self.returns.get(f"{full}.__new__"), None
        if full in self.held:
            return self.held[full], None  # fake-useragent's `UserAgent = FakeUserAgent`, called
        found = self.type_of(full)
        if found is not None and full in self.types:
            # an instance called: what its class's `__call__` gives (watchdog's `Observer:
            # BaseObserverSubclassCallable`, a protocol whose `__call__` returns an observer)
            call = self.member(found, "__call__")
            given = self.returns.get(call) if call is not None else None
            return (given or found), (found if given and given != found else None)
        return found, None

    def _inherited_constructor(self, cls: str, attr: str) -> bool:
        """Whether `attr` is an alternate constructor `cls` inherits from a standard-library
        base (`date.today`, `datetime.now`, `dict.fromkeys`, `Path.cwd`): a classmethod,
        which makes an instance of the class it is called on."""
        if attr.startswith("__"):
            return False  # `__init_subclass__`, `__class_getitem__`: no instances
        for klass in self.lineage(cls):
            for base in self.bases.get(klass, ()):
                python = None if base in self.kinds else stdlib_class(base)
                if python is None:
                    continue
                found = next((vars(k)[attr] for k in python.__mro__ if attr in vars(k)), None)
                if type(found).__name__ in {"classmethod", "classmethod_descriptor"}:
                    return True
        return False

    def external(self, dotted: str) -> bool:
        """Whether a dotted name lives outside the project (standard library, dependency).

        Inside a shared namespace package (`zope`), a name is ours only under a module we
        have: `zope.interface.named`, re-exported by our `zope.component`, is another's.
        """
        parts = dotted.split(".")
        if parts[0] not in self.packages:
            return True
        prefix = parts[0]
        for part in parts[1:]:
            if prefix not in self.namespaces:
                return False
            prefix = f"{prefix}.{part}"
            if prefix not in self.kinds and prefix not in self.namespaces:
                return True
        return False

    def open_class(self, cls: str, depth: int = 0, *, methods: bool = False) -> bool:
        """Whether a class has bases we cannot see, so an unknown attribute may be inherited.

        With `methods`, for a method: a standard-library base (`logging.Formatter`) is seen,
        since its methods are on the class (its instance attributes are set at run time).
        """
        for base in self.bases.get(cls, ()):
            if base in self.kinds and self.kinds[base] != "class" and self._made_elsewhere(base):
                return True  # `Base = declarative_base()`, `class Model(Base)`
            if base in self.kinds:
                if depth < MAX_HOPS and self.open_class(base, depth + 1, methods=methods):
                    return True
            elif base not in _CLOSED_BASES and not (methods and stdlib_class(base)):
                return True
        return False

    def protocol(self, cls: str) -> bool:
        """Whether a class is a protocol (`class Converter(Protocol)`): a value typed by it
        may be any class that has its members, and more (cattrs' `register_structure_hook`)."""
        return any(b.rsplit(".", 1)[-1] == "Protocol" for b in self.bases.get(cls, ()))

    def _made_elsewhere(self, name: str) -> bool:
        """Whether a module constant holds what another package's call makes
        (`Base = declarative_base()`): a class nobody here can list. One the project's
        own function makes (tinydb's `with_typehint(Table)`) is as closed as before."""
        value = getattr(self.defs.get(name), "value", None) or ""
        called = re.match(r"([A-Za-z_][\w.]*)\(", value)
        if called is None:
            return False
        module = self.module_of.get(name, "")
        head, _, rest = called.group(1).partition(".")
        target = self.aliases.get(module, {}).get(head)
        return target is not None and self.external(f"{target}.{rest}" if rest else target)

    def open_module(self, module: str, depth: int = 0) -> bool:
        """Whether a module star-imports another package (`from marshmallow.fields import *`,
        webargs.fields), directly or through a project module, or puts an object in its own
        place (`sys.modules[__name__] = ansicolors`): its names cannot be listed."""
        if module in self.installed or f"{module}.{ANY_ATTRIBUTE}" in self.kinds:
            return True  # also `globals()[rank] = rank`: names the module makes at run time
        for star in self.stars.get(module, ()):
            if star not in self.kinds:
                return True
            if depth < MAX_HOPS and self.open_module(star, depth + 1):
                return True
        return False

    def dynamic(self, owner: str) -> bool:
        """Whether a class (or an instance's class) makes attributes up in `__getattr__`."""
        cls = self.types.get(owner, owner)
        return any(self.member(cls, name) for name in ("__getattr__", "__getattribute__"))

    def class_member(self, cls: str, attr: str) -> str | None:
        """A member the class object has through its metaclass (`Factory.__call__` is
        `FactoryMetaClass.__call__`), for any class of its lineage."""
        for current in self.lineage(cls):
            meta = self.metaclass.get(current)
            found = self.member(meta, attr) if meta else None
            if found is not None:
                return found
        return None

    def _configured(self, function: str, attr: str) -> bool:
        """Whether `attr` is sure to be missing from a function whose module gives it
        attributes: none of those, nor a function object's own (`__name__`), nor one the
        code sets on any object, and no decorator that may give it more (a plain one keeps
        the function)."""
        obj = self.defs.get(function)
        if function not in self.configured or not isinstance(obj, Function):
            return False
        plain = all(_plain_decorator(d) for d in obj.decorators)
        # (an attribute the code sets on some object elsewhere may be this one's)
        return plain and attr not in _FUNCTION_ATTRIBUTES and attr not in self.attached

    def probes_hooks(self, cls: str) -> bool:
        """Whether the class (or a project base) looks itself up for methods named at run
        time (`hasattr(self, name)` over a table of callbacks): hooks a subclass defines."""
        return any(f"{c}.{PROBED_HOOKS}" in self.kinds for c in self.lineage(cls))

    def any_attribute(self, cls: str) -> bool:
        """Whether the class (or a project base) sets attributes named at run time, or its
        metaclass gives them to the instances it makes (python-bcb's `EndpointMeta`)."""
        return any(
            f"{c}.{ANY_ATTRIBUTE}" in self.kinds
            or f"{self.metaclass.get(c)}.{ANY_ATTRIBUTE}" in self.kinds
            for c in self.lineage(cls)
        )

    def method_order(self, cls: str, depth: int = 0) -> list[str]:
        """The project classes of `cls`'s method resolution order (C3, as Python computes
        it), `cls` first; bases from other packages end their branch. Depth-first when
        the bases admit no C3 order, or nest past the hop limit."""
        if cls in self._orders:
            return self._orders[cls]
        bases = [b for b in self.bases.get(cls, ()) if self.kinds.get(b) == "class"]
        if depth > MAX_HOPS:
            return [cls, *bases]
        sequences = [list(self.method_order(b, depth + 1)) for b in bases] + [list(bases)]
        order = [cls]
        while any(sequences):
            heads = [s[0] for s in sequences if s]
            head = next((h for h in heads if not any(h in s[1:] for s in sequences if s)), None)
            if head is None:  # no consistent order: fall back to depth-first
                order = self.lineage(cls)
                break
            order.append(head)
            sequences = [s[1:] if s and s[0] == head else s for s in sequences]
        self._orders[cls] = order
        return order

    def subclass_has(self, cls: str, attr: str) -> bool:
        """Whether a project subclass of `cls` (at any depth) defines `attr` itself."""
        return any(
            f"{sub}.{attr}" in self.kinds and cls in self.method_order(sub)[1:]
            for sub in self.bases
            if self.kinds.get(sub) == "class"
        )

    def lineage(self, cls: str) -> list[str]:
        """The class and its project bases, nearest first (each once)."""
        found: list[str] = []
        todo = [cls]
        while todo and len(found) <= MAX_HOPS:
            current = todo.pop(0)
            if current in self.kinds and current not in found:
                found.append(current)
                todo.extend(self.bases.get(current, ()))
        return found

    def catch_all(self, owner: str, *, called: bool = False) -> bool:
        """Whether the class's `__getattr__` answers any name (delegating, or making a logger
        method up) rather than a registry's names, which it refuses with AttributeError.
        With `called`, whether what it answers may be called: arrow's `__getattr__ -> int`
        gives `week`, never a method `ceil()`."""
        cls = self.types.get(owner, owner)
        for name in ("__getattr__", "__getattribute__"):
            found = self.member(cls, name)
            hook = self.defs.get(found) if found else None
            if (
                found is not None
                and self.kinds.get(cls) == "class"
                and self.kinds.get(found) in {"attribute", "constant"}
            ):
                return True  # `__getattr__ = _ProxyLookup(getattr)`: an object answers
            forwards = found is not None and found.rpartition(".")[0] in self.delegates
            answers = isinstance(hook, Function) and (
                not hook.refuses_names or ANY_NAME in hook.served  # a table of another package
            )
            if isinstance(hook, Function) and answers and not forwards:
                if called and (hook.returns or "").strip("'\"") in _PLAIN_VALUES:
                    continue
                if called and ITEMS in hook.served and not self._items_callable(cls):
                    continue  # `cfg.database` is a key of the data; `m.update()` a method
                return True  # one forwarding to a project class answers that class's names
        return False

    def _items_callable(self, cls: str) -> bool:
        """Whether the class's `__getitem__` gives an instance of a project class that can be
        called: tronpy's `ContractFunctions[name]` is a `ContractMethod` with `__call__`, so
        `functions.symbol()` calls an item its `__getattr__` serves."""
        found = self.member(cls, "__getitem__")
        getitem = self.defs.get(found) if found else None
        if not isinstance(getitem, Function):
            return False
        chain = getitem.returns_call
        if not chain or not chain.endswith("()") or "." in chain.rstrip("()"):
            return False
        target = self.resolve_in(getitem.module, chain[:-2], cls)
        return (
            target is not None
            and self.kinds.get(target) == "class"
            and bool(self.member(target, "__call__"))
        )

    def union(self, classes: list[str]) -> str:
        """The name of "one of these classes", a function's result when its returns give
        different ones: a class whose bases are the alternatives, so a member of any of them
        is found and one of none is missing (`parse.Match|parse.Result`)."""
        name = "|".join(classes)
        if name not in self.kinds:
            self.kinds[name] = "class"
            self.bases[name] = list(classes)
        return name

    def manager(self, func: str, entered: str, is_async: bool) -> str:
        """The class of what a `@contextmanager` function returns: contextlib's manager, whose
        `__enter__` gives the class the generator yields (`with alive_bar() as bar` makes
        `bar` a handle), named for the call (`pkg.opened()`) as it is one per function."""
        name = f"{func}()"
        hook = "__aenter__" if is_async else "__enter__"
        self.kinds[name] = "class"
        self.bases[name] = [MANAGER_MAKERS["asynccontextmanager" if is_async else "contextmanager"]]
        self.kinds[f"{name}.{hook}"] = "method"
        self.returns[f"{name}.{hook}"] = entered
        return name

    def module_serves(self, module: str, attr: str) -> bool:
        """Whether a module's `__getattr__` may give `attr`: the names it binds, spells or
        looks up (duty's deprecated `tools.lazy`, a lazy-import table), or a helper's."""
        if attr in self.handed.get(module, ()):
            return True  # `deprecate_attributes(__name__, {"RaisesGroup": ...})`
        hook = self.defs.get(f"{module}.__getattr__")
        if isinstance(hook, Variable) and _DOTTED.fullmatch(hook.value or ""):
            # `__getattr__ = CF.getattr` (sdmx): another function's lookup, whose names we do
            # not list; one a call makes (attrs' `_make_getattr(__name__)`) stays unknown
            return True
        return self._serves(f"{module}.__getattr__", attr, ANY_NAME)

    def class_serves(self, cls: str, attr: str) -> bool:
        """Whether a class's refusing `__getattr__` gives `attr` all the same: a name of the
        table it looks names up in (`_COLOURS = {"red": ...}`; `return _COLOURS[name]`).
        (One that serves any name is a catch-all: see `catch_all`.)"""
        return self._serves(self.member(cls, "__getattr__"), attr)

    def _serves(self, hook_name: str | None, attr: str, *also: str) -> bool:
        """Whether the `__getattr__` of that full name lists `attr` (or one of `also`), or
        looks names up in a class that has it (`Resource[name]`: an Enum's members)."""
        hook = self.defs.get(hook_name) if hook_name else None
        if not isinstance(hook, Function):
            return False
        if {attr, *also} & set(hook.served):
            return True
        for entry in hook.served:
            if len(entry) > 1 and entry.endswith(ANY_NAME) and attr.startswith(entry[:-1]):
                return True  # `get_*`: a family the hook answers by the name's start
            if entry.startswith(TABLE_CLASS):
                table = self.resolve_in(hook.module, entry[len(TABLE_CLASS) :])
                if table is not None and self.kind(table) == "class" and self.member(table, attr):
                    return True
        return False

    def member_names(self, owner: str, depth: int = 0) -> set[str]:
        """Every member name of a module, class or instance, inherited ones included."""
        names = set(self.members.get(owner, ())) | set(self.aliases.get(owner, {}))
        if depth < MAX_HOPS:
            linked = [*self.bases.get(owner, ()), *self.stars.get(owner, ())]
            if owner in self.types:
                linked.append(self.types[owner])
            for other in linked:
                names |= self.member_names(other, depth + 1)
        return names

    def verdict(self, dotted: str, *, called: bool = False) -> Verdict:
        """Say whether the project has `dotted`, lacks it, or cannot tell.

        `called`: the name is called, so a missing last part would be a method, which a
        standard-library base (`ast.NodeVisitor`) lists, unlike its instance attributes.
        """
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
            if kind != "class" and f"{owner}.{ANY_ATTRIBUTE}" in self.kinds:
                # an object (or a module, `globals()[name] = ...`) given members at run time
                missing = (parts[i], tuple(parts[i + 1 :])) if kind == "module" else (None, ())
                return Verdict("unknown", owner, *missing)
            if kind == "function" and self._configured(owner, parts[i]):
                # `cheap_repr.max_repr_length` once the settings its module gives the
                # function are `suppression_threshold` and others
                return Verdict("unresolved", owner, parts[i], tuple(parts[i + 1 :]))
            if kind != "module" and cls is None:
                return Verdict("unknown", owner)  # an attribute of a plain value
            method = called and i == len(parts) - 1
            if cls is not None and self.open_class(cls, methods=method):
                # may come from another package's base (what it lacks kept: history may know)
                return Verdict("unknown", owner, parts[i], tuple(parts[i + 1 :]))
            if kind == "module" and self.open_module(owner):
                # `from marshmallow.fields import *`: what it lacks kept, as history may know
                return Verdict("unknown", owner, parts[i], tuple(parts[i + 1 :]))
            if kind == "module" and self.module_serves(owner, parts[i]):
                return Verdict("unknown", owner)  # a deprecated or lazy name (PEP 562)
            return Verdict("unresolved", owner, parts[i], tuple(parts[i + 1 :]))
        if parts[0] in self.packages and parts[0] in self.kinds:
            return Verdict("unresolved", "", parts[0], tuple(parts[1:]))
        # `zope.component` beside this project's `zope.event`: a namespace package (no
        # `zope/__init__.py`) is shared with other distributions
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

    def renamed_alias(self, name: str) -> str | None:
        """The project definition a package module binds under another name, by an import
        (`from .client import get_davclient as get_async_davclient`) or an assignment
        (`AsyncEvent = Event`): a public name a bare mention may mean, else None."""
        if self._renamed is None:
            self._renamed = {}
            for module, table in self.aliases.items():
                if module.split(".")[0] not in self.packages or module in self.in_tests:
                    continue  # a test's `import _Gone as Gone` keeps no public name alive
                for alias, target in table.items():
                    if alias.startswith("_") or alias == target.rpartition(".")[2]:
                        continue
                    found = self.lookup(f"{module}.{alias}")
                    if found is not None and found in self.kinds:
                        self._renamed.setdefault(alias, found)
        return self._renamed.get(name)

    # -- names inside the code -------------------------------------------------------------

    def scope(self, module: str) -> dict[str, str]:
        """Map names bound at a module's top level to the dotted names they stand for."""
        scope = self._scopes.get(module)
        if scope is None:
            scope = dict(self.aliases.get(module, {}))
            scope.update((m, f"{module}.{m}") for m in self.members.get(module, ()))
            self._scopes[module] = scope
        return scope

    def _through(self, module: str, decorator: str) -> tuple[str, ...] | None:
        """The keywords a project decorator that hands every argument on adds, else None;
        also one a project decorator factory makes (`@deprecated_param("1.0", "max_width")`)."""
        called, paren, _ = decorator.partition("(")
        found = self.defs.get(self.resolve_in(module, called.strip()) or "")
        if not isinstance(found, Function):
            return None
        return found.makes_through if paren else found.passes_through

    def generated(self, function: Function) -> bool:
        """Whether a generative decorator wraps the function, and no other that is not plain."""
        if not self.generative:
            return False
        decorators = function.decorators
        found = [self.resolve_in(function.module, d) in self.generative for d in decorators]
        return any(found) and all(
            hit or _plain_decorator(d) for hit, d in zip(found, decorators, strict=True)
        )

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
        obj = self.defs.get(full)
        if complete and positional is not None and isinstance(obj, Function):
            value = self._property_value(obj)
            if value is not None:  # `eth.blob_base_fee()` once it became a property
                name = full.rsplit(".", 1)[-1]
                return CallProblem(f"`{name}` is a property (a `{value}`), not a method to call")
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
                if (forwarded is None and not self._doubled(full, keyword)) or (
                    forwarded is not None and keyword in forwarded
                ):
                    continue
                accepted = accepted | (forwarded or set())
            close = difflib.get_close_matches(keyword, sorted(accepted), n=3, cutoff=0.6)
            return CallProblem(f"`{shown}()` has no parameter `{keyword}`", tuple(close), keyword)
        limit = None
        if positional is not None and not any(p.kind == "var_positional" for p in params):
            limit = sum(p.kind in {"positional_only", "positional_or_keyword"} for p in params)
        elif positional is not None:
            limit = self._passed_positional(full, params)
        if positional is not None and limit is not None and positional > limit:
            return CallProblem(
                f"`{shown}()` takes {limit} positional argument"
                f"{'' if limit == 1 else 's'}, not {positional}"
            )
        filled = [p for p in params if p.kind in {"positional_only", "positional_or_keyword"}]
        for slot, param in enumerate(filled[: positional or 0], start=1):
            if param.kind == "positional_or_keyword" and param.name in keywords:
                # `dual((0, 128, 0), (128, 0, 0), ctype=...)` once `dual(pixels, ctype, ...)`:
                # the second argument lands in `ctype`, which the keyword gives again
                return CallProblem(
                    f"`{shown}()` gets `{param.name}` twice: as positional argument {slot} "
                    "and by keyword"
                )
        if complete and positional is not None and "**" not in keywords:
            return _missing_required(shown, params, positional, keywords)
        return None

    def _passed_positional(self, full: str, params: tuple[Parameter, ...]) -> int | None:
        """How many positional arguments a function taking `*args` accepts when it hands
        them all to one callee (mailchimp3's `__init__(self, *args, **kwargs)` calling
        `super().__init__(*args, **kwargs)`): its own before `*args`, and the callee's not
        filled already; None when that cannot be told."""
        obj = self.callee(full)
        if obj is None or len(obj.args_forwards) != 1:
            return None
        callee = obj.args_forwards[0]
        owner = obj.fullname.rsplit(".", 1)[0] if obj.kind != "function" else None
        if owner is not None and callee.startswith("super()."):
            target = self._own_callee(owner, callee)
        else:
            target = self.resolve_in(obj.module, callee, owner)
        found = self._signature(target) if target and target in self.defs else None
        if found is None or any(p.kind == "var_positional" for p in found[1]):
            return None
        own = sum(p.kind in {"positional_only", "positional_or_keyword"} for p in params)
        theirs = sum(p.kind in {"positional_only", "positional_or_keyword"} for p in found[1])
        given = next((n for t, n, _ in obj.forward_filled if t == callee), 0)
        return own + max(theirs - given, 0)

    def _factory_class(self, cls: str) -> bool:
        """Whether a class is a factory: its one public method is a `__new__` that gives
        instances of other classes (kliff's `Loss(calculator)`, a `LossNeuralNetworkModel` or a
        `LossPhysicsMotivatedModel` by the calculator's kind); or a metaclass of its family
        defines `__call__`, which decides what calling it gives (factory_boy's
        `FactoryMetaClass`: `UserFactory(...)` makes a `User`, no factory)."""
        for family in self.lineage(cls):
            meta = self.metaclass.get(family)
            call = self.member(meta, "__call__") if meta is not None else None
            if call is not None and call in self.defs:  # the project's, not `type.__call__`
                return True
        methods = [
            m for m in self.members.get(cls, ()) if self.kinds.get(f"{cls}.{m}") in CALLABLE_KINDS
        ]
        # (besides private helpers of its own: gfapy's `Alignment` builds a CIGAR or a Trace
        # through `_from_string` and `_from_list`)
        helpers = all(m == "__new__" or (m[:1] == "_" and m[:2] != "__") for m in methods)
        return "__new__" in methods and helpers and self.returns.get(f"{cls}.__new__") != cls

    def _property_value(self, obj: Function) -> str | None:
        """What a property gives, when its annotation says it is no callable (`-> Wei`,
        `-> int`, a project class without `__call__`): calling it raises TypeError."""
        if obj.kind != "property" or not obj.returns or _MAY_CALL.search(obj.returns):
            return None
        cls = self.resolve_in(obj.module, obj.returns)
        if cls is not None and self.kind(cls) == "class" and self.member(cls, "__call__"):
            return None
        return obj.returns

    def shipped_parameters(self) -> set[str]:
        """The parameter names of the package's public functions (not its tests', nor a
        private helper's): the ones a page may call an argument of its API."""
        if self._shipped_parameters is None:
            self._shipped_parameters = {
                p.name
                for full, obj in self.defs.items()
                if isinstance(obj, Function)
                and full not in self.in_tests
                and not private_name(full)
                for p in obj.parameters
            }
        return self._shipped_parameters

    def has_signature(self, full: str) -> bool:
        """Whether the parameters a call of `full` binds are known (not those of a function a
        decorator wraps in a signature of its own, as click's commands)."""
        return self._signature(full) is not None

    def _signature(self, full: str, depth: int = 0) -> tuple[str, tuple[Parameter, ...]] | None:
        """The parameters a call of `full` binds (self/cls left out), when certain."""
        obj = self.defs.get(full)
        shown = full.rsplit(".", 1)[-1]
        if isinstance(obj, Variable) and (call := self._call_method(full)) is not None:
            found = self._signature(call)  # `config("DEBUG", cast=bool)`: the class's __call__
            return (shown, found[1]) if found else None
        if isinstance(obj, Variable) and _DOTTED.fullmatch(obj.value or ""):
            # `find = Language.find`: a module name for a class's function
            target = self.resolve_in(self.module_of.get(full, ""), obj.value or "")
            if target is not None and target != full and depth < MAX_HOPS:
                found = self._signature(target, depth + 1)
                return (shown, found[1]) if found else None
        if isinstance(obj, Function):
            if obj.kind == "property" or any("overload" in d for d in obj.decorators):
                return None
            params = obj.parameters
            if obj.kind in {"method", "classmethod"} and params:
                params = params[1:]
            added: list[Parameter] = []
            for decorator in obj.decorators:
                if _plain_decorator(decorator):
                    continue
                through = self._through(obj.module, decorator)
                if through is None:
                    if self.generated(obj):
                        continue
                    return None  # a decorator may change the signature
                added += [Parameter(k, "keyword_only", default="...") for k in through]
            if added:  # `seed=` of randomname's run_with_set_random_seed, before **kwargs
                rest = [p for p in params if p.kind != "var_keyword"]
                params = (*rest, *added, *(p for p in params if p.kind == "var_keyword"))
            return shown, params
        if isinstance(obj, Class):
            bases = self.bases.get(full, ())
            if (
                bases
                and all(b.rsplit(".", 1)[-1] == "NamedTuple" for b in bases)
                and f"{full}.__new__" not in self.kinds
            ):
                # yagmail's `class DKIM(NamedTuple)`: its annotated fields, in order (the
                # `__new__` typing writes for it)
                return shown, _dataclass_parameters(obj, "")
            # (translationstring's `TranslationString(str)` takes its arguments in `__new__`)
            init = self.member(full, "__init__") or self.member(full, "__new__")
            if init is not None:
                found = self._signature(init)
                return (shown, found[1]) if found else None
            made = next((d for d in obj.decorators if d.split("(")[0].endswith("dataclass")), None)
            if made is not None and all(_no_init(b) for b in bases):
                # `@dataclass class Timer(ContextDecorator)`: a base of Python's with no
                # `__init__` of its own leaves the fields the whole signature
                return shown, _dataclass_parameters(obj, made)
            if self.open_class(full) or any(b in self.kinds for b in self.bases.get(full, ())):
                return None  # `__init__` from another package, or fields from bases
            if made is not None:
                return shown, _dataclass_parameters(obj, made)
        return None

    def takes(self, full: str, keyword: str) -> bool:
        """Whether a call of `full` surely accepts `keyword`: its signature is known and
        names it (or the callees its `**kwargs` go to do); `**kwargs` that go anywhere say
        nothing."""
        found = self._signature(full)
        if found is None:
            return False
        if any(p.name == keyword and p.kind != "positional_only" for p in found[1]):
            return True
        forwarded = self.forwarded(full) if any(p.kind == "var_keyword" for p in found[1]) else None
        return forwarded is not None and keyword in forwarded  # open `**kwargs` name nothing

    def abstract_takes(self, cls: str, keyword: str) -> bool:
        """Whether `cls` is an abstract base (`class Source(abc.ABC)`) that a shipped
        subclass's constructor takes `keyword` for, or has as a field: the base, which nobody
        instantiates, stands for its concrete classes (dature's `Source(nested_resolve=...)`)."""
        bases = self.bases.get(cls, ())
        if not any(b.rsplit(".", 1)[-1] in {"ABC", "ABCMeta", "Protocol"} for b in bases):
            return False
        return any(
            cls in found
            and sub not in self.in_tests
            and (self.takes(sub, keyword) or self.kinds.get(f"{sub}.{keyword}") == "attribute")
            for sub, found in self.bases.items()
        )

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
        (`encode = _jwt_global_obj.encode`), the `__init__` of a class it holds, or its
        class's `__call__`."""
        if full in self.bound:
            return self.bound[full]
        if full in self.held:
            return self.member(self.held[full], "__init__")
        cls = self.types.get(full)
        return self.member(cls, "__call__") if cls else None

    def forward_chain(self, full: str, depth: int = 0) -> list[Function]:
        """The project functions a call of `full` hands its `**kwargs` to: its callee, then
        theirs, three steps at most (`progressbar()` -> `ProgressBar.__init__` -> its
        mixins' `__init__`). What they name is what history can compare."""
        obj = self.callee(full)
        if obj is None or depth > 3:
            return []
        found = [obj]
        owner = obj.fullname.rsplit(".", 1)[0] if obj.kind != "function" else None
        for callee in obj.forwards:
            target = self.resolve_in(obj.module, callee, owner)
            if target is not None and target in self.defs:
                found += [f for f in self.forward_chain(target, depth + 1) if f not in found]
        return found

    def _doubled(self, full: str, keyword: str) -> bool:
        """Whether every call `full` hands its `**kwargs` to fills `keyword` already, so
        passing it is a TypeError however open the keywords are further on (segno's
        `QRCode.save(out, fmt=None, **kw)` -> `writers.save(..., out, fmt, **kw)`: no `kind=`)."""
        obj = self.callee(full)
        if obj is None or obj.kwargs_open or not obj.forwards or keyword in obj.kwarg_keys:
            return False
        owner = obj.fullname.rsplit(".", 1)[0] if obj.kind != "function" else None
        for callee in obj.forwards:
            target = self.resolve_in(obj.module, callee, owner)
            found = self._signature(target) if target in self.defs else None
            if found is None or keyword not in _filled_by(obj, callee, found[1]):
                return False
        return True

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
            if owner is not None and (callee == "self" or callee.startswith("super().")):
                target = self._own_callee(owner, callee)
                if target is None:
                    return None
            elif (target := self.resolve_in(obj.module, callee, owner)) is None:
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
            taken = _filled_by(obj, callee, found[1])
            names |= {
                p.name
                for p in found[1]
                if p.kind not in {"positional_only", "var_keyword"} and p.name not in taken
            }
            if any(p.kind == "var_keyword" for p in found[1]):
                further = self.forwarded(str(target), depth + 1)
                if further is None:
                    return None  # forwarding on to something unknown
                names |= further
        return names

    def _own_callee(self, owner: str, callee: str) -> str | None:
        """What a method's `self(**kwargs)` runs, its class's `__call__` (uiautomator2's
        `exists`), or its `super().__init__(**kwargs)`: the method of the first base that
        has it (xmljson's `BadgerFish` over `XMLData.__init__`). None when another
        package's base comes first, or none has it."""
        if callee == "self":
            return self.member(owner, "__call__")
        attr = callee.removeprefix("super().")
        for base in self.bases.get(owner, ()):
            if base not in self.kinds:
                return None  # another package's class: its signature is not ours to read
            if (found := self.member(base, attr)) is not None:
                return found
        return None


def private_name(full: str) -> bool:
    """Whether a full name goes through a private part (`pkg._impl.helper`, `Cls._hook`); a
    dunder (`__init__`) is public."""
    return any(part.startswith("_") and not part.startswith("__") for part in full.split("."))


def _filled_by(caller: Function, callee: str, params: tuple[Parameter, ...]) -> set[str]:
    """The parameters of `callee` the call handing it `caller`'s `**kwargs` fills already:
    a keyword for one of them in the kwargs is a second value, a TypeError."""
    for target, count, keywords in caller.forward_filled:
        if target == callee:
            ordered = [p for p in params if p.kind in {"positional_only", "positional_or_keyword"}]
            return {p.name for p in ordered[:count]} | set(keywords)
    return set()


# a property's annotation that may name something callable (`Callable[..., T]`, `Any`,
# `type[Model]`, `Handler`, a TypeVar `T`)
_MAY_CALL = re.compile(
    r"(?i)call|func|any|type|protocol|object|hook|handler|factory|partial"
    r"|method|class|^[A-Z]$|\bT\b"
)


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


# what every function object has (`__name__`, `__doc__`), and the `__wrapped__` that
# `functools.wraps` leaves on one
_FUNCTION_ATTRIBUTES = frozenset(dir(types.FunctionType)) | {"__wrapped__"}


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


def _no_init(base: str) -> bool:
    """Whether a base is one of Python's classes that defines no `__init__` (`object`,
    `contextlib.ContextDecorator`, `abc.ABC`): a dataclass over it keeps its fields' init."""
    python = stdlib_class(base)
    return python is not None and not any(
        "__init__" in vars(k) for k in python.__mro__ if k is not object
    )


def _dataclass_parameters(cls: Class, decorator: str) -> tuple[Parameter, ...]:
    """The `__init__` a dataclass decorator writes: its annotated fields in order, without
    class variables and `field(init=False)`; keyword-only after `kw_only=True` (on the
    decorator or the field) or a `_: KW_ONLY` marker."""
    keyword_only = "kw_only=True" in decorator.replace(" ", "")
    params = []
    for a in cls.attributes:
        annotation = a.annotation or ""
        if not annotation or annotation.startswith(("ClassVar", "typing.ClassVar")):
            continue
        if annotation in {"KW_ONLY", "dataclasses.KW_ONLY"}:
            keyword_only = True
            continue
        value = (a.value or "").replace(" ", "")
        field = value.startswith(("field(", "dataclasses.field("))
        if field and "init=False" in value:
            continue
        own = keyword_only or (field and "kw_only=True" in value)
        kind = "keyword_only" if own else "positional_or_keyword"
        params.append(Parameter(a.name, kind, a.annotation, a.value))
    return tuple(params)
