"""Dotted names and members: `pkg.mod.func`, `Class.attr`, `obj.method()` against the code.

The resolver's verdict names the first component its owner lacks; a class that may have
members nobody can list (a base from another package, a `__getattr__`, a `__setattr__` that
keeps any name, attributes set at run time) makes a missing member unknown, unless the
documented state had it. What is reported comes with the close names the owner has.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Sequence

from klaro.verify.calls import CallChecks
from klaro.verify.index import ProjectIndex
from klaro.verify.outcome import Outcome
from klaro.verify.pyblocks import Bindings
from klaro.verify.refs import Reference
from klaro.verify.wording import PLACEHOLDER_NAMES, READERS_OWN, capitals

# what every class has from `object` (`__init__`, `__repr__`, `__init_subclass__`)
# also what Python gives every class statement's class (`__weakref__`, `__dict__`)
_OBJECT_MEMBERS = frozenset(vars(object)) | frozenset(vars(type("_Made", (), {})))
# what a class object has (`mro()`, `__subclasses__()`), not what its instances may define
_TYPE_MEMBERS = frozenset(vars(type)) - {"__call__", "__or__", "__ror__"}
# "``FormHelper.attributes``": a class's members of a kind, not a member of that name
_KINDS_OF_MEMBER = frozenset(
    {"attributes", "methods", "properties", "members", "options", "fields", "settings"}
)


class MemberChecks(CallChecks):
    """Judge dotted names and members; `Resolver` provides the state below."""

    index: ProjectIndex
    _strings: set[str]  # string literals of the current document's examples
    _placeholders: set[str]  # the names the current page's call sketches pass
    _plugged: bool  # whether the current page's examples import a plugin of the package
    _registered: set[str]  # functions the current page's examples hand to a decorator
    _bindings: Bindings  # what the current page's examples bound

    def _dotted(
        self, ref: Reference, name: str, shown: str | None = None, *, called: bool = False
    ) -> Outcome:
        """Resolve a dotted name, reporting the first component its owner does not have."""
        verdict = self.names.verdict(name, called=called)
        if verdict.status == "resolved" and verdict.target:
            return Outcome("resolved", ref, verdict.target)
        if verdict.status == "unknown" and verdict.target:
            target = verdict.target
            cls = target if self.names.kind(target) == "class" else self.names.types.get(target)
            if cls is not None and verdict.missing:
                # a member another package's base may give, unless the class had it
                return self._gone_member(ref, cls, verdict.missing)
            if cls is not None:
                return Outcome("ignored", ref)  # a member another package's base may give
            if self.names.kind(target) == "module" and verdict.missing and self.former:
                # a module that makes names at run time (`globals()[name] = ...`) may have
                # any: stale only when the documented state defined it there
                where = self.former.had(f"{target}.{verdict.missing}")
                full = f"{target}.{verdict.missing}"
                old = self.former.get(verdict.missing)
                if where is None and old is not None and old[0].startswith(f"{target}."):
                    # defined in a submodule the package re-exported (natsort's `realsorted`
                    # of `natsort.natsort`), and gone from the code
                    full, where = old
                if where is not None:
                    return Outcome(
                        "unresolved",
                        ref,
                        message=f"`{verdict.missing}` is no longer in `{target}` "
                        f"(`{full}` at {where})",
                    )
            return Outcome("resolved", ref, verdict.target)  # attribute of a value: unchecked
        if verdict.status == "external" and verdict.target:
            return Outcome("resolved", ref, verdict.target)
        if verdict.status == "unresolved" and verdict.missing is not None:
            # dotted keys: a bare name is not a path
            if any(self._keyed(key) for key in (name, shown or "")):
                # a key the code spells (`scriv.create.add`), or a field under one (ivre's
                # `ike.transforms.Hash`, under the `ike.transforms` its queries build on)
                return Outcome("ignored", ref)
            owner = verdict.target or ""
            return self._missing(ref, owner, verdict.missing, shown or name, verdict.rest)
        return Outcome("ignored", ref)

    def _keyed(self, text: str) -> bool:
        """Whether a dotted text is a key the code spells, or, rooted outside our packages,
        starts with one of two parts or more that names nothing of the project."""
        parts = text.split(".")
        if "." in text and self.index.is_key(text):
            return True
        if parts[0] in self.names.packages:
            # `keystoneauth1.discovery.EndpointData`: a path of ours, though an entry-point
            # group or a logger is spelt `keystoneauth1.discovery`
            return False
        return any(
            self.index.is_key(prefix) and self.names.lookup(prefix) is None
            for n in range(len(parts) - 1, 1, -1)
            if (prefix := ".".join(parts[:n]))
        )

    def _gone_member(self, ref: Reference, cls: str, attr: str) -> Outcome:
        """A member of a class that may have members we cannot list (a base from another
        package, a `__getattr__`): stale only when the class had it at the documented
        state and has it no more (Flask subclass `Grip.default_asset_manager`)."""
        old = self._former_member(cls, attr)
        if old is None:
            return Outcome("ignored", ref)
        return Outcome(
            "unresolved",
            ref,
            message=f"`{attr}` is no longer a member of `{cls.rpartition('.')[2]}` "
            f"(`{old[0]}` at {old[1]})",
        )

    def _subclasses_define(self, owner: str, attr: str) -> bool:
        """Whether the project's subclasses of a class give it `attr`: an interface's
        optional attribute (kombu's `Transport.recoverable_channel_errors`), which the base
        leaves to the transports that have one."""
        names = self.names
        values = {"attribute", "constant", "property"}  # a method missing is a method missing
        return any(
            owner in bases and names.kinds.get(f"{cls}.{attr}") in values
            for cls, bases in names.bases.items()
        )

    def _mixed_in(self, owner: str, attr: str) -> bool:
        """Whether a project mixin of the class's family has `attr`: python-pkcs11's keys are
        `SecretKey`s to the annotations, built at run time with `type()` from it and the
        `EncryptMixin`, `SignMixin`... its capabilities give (all of them `HasKeyType`s)."""
        names = self.names
        family = set(names.lineage(owner)[1:])
        mixins = [
            cls
            for full in names.by_last.get(attr, ())
            if (cls := full.rpartition(".")[0]).endswith("Mixin") and names.kind(cls) == "class"
        ]
        return bool(family) and any(
            cls not in names.lineage(owner) and family & set(names.lineage(cls)[1:])
            for cls in mixins
        )

    def _typo_of_member(self, owner: str, attr: str) -> bool:
        """Whether `attr` is close to a member the class has (`scans` for `scan`); a public
        name is no typo of a private member (mpmath's `erfc` beside its hook `_erfc`)."""
        members = [
            m
            for m in self.names.member_names(owner)
            if m.isidentifier() and (attr.startswith("_") or not m.startswith("_"))
        ]
        return bool(difflib.get_close_matches(attr, members, n=1, cutoff=0.8))

    def _missing(
        self, ref: Reference, owner: str, attr: str, shown: str, tail: Sequence[str] = ()
    ) -> Outcome:
        """An unresolved member: suggest siblings with close names, then the same name elsewhere."""
        index = self.names
        if attr in PLACEHOLDER_NAMES or any(t in PLACEHOLDER_NAMES for t in tail):
            return Outcome("ignored", ref)
        if attr.isupper() and attr.lower() in PLACEHOLDER_NAMES:
            return Outcome("ignored", ref)  # eispac's "calls like `eispac.FUNCTION()`"
        if READERS_OWN.match(attr) and not (
            self.former is not None
            and (self.former.had(f"{owner}.{attr}") or self.former.get(attr) is not None)
        ):
            # `svcs.your_framework.svcs_from`: to fill in; but deep-translator's own
            # `MyMemoryTranslator`, renamed since the documented state, is stale
            return Outcome("ignored", ref)
        if f"{owner}.{attr}" in index.directives:
            return Outcome("ignored", ref)  # `.. py:class:: DeviceParameters` in its docstring
        called = ref.context.split("|")[0].endswith("call")
        if attr in _OBJECT_MEMBERS and not tail and (index.kind(owner) == "class" or called):
            return Outcome("ignored", ref)  # `super().__init__()`: every class has object's
        if (
            attr in _TYPE_MEMBERS
            and index.kind(owner) == "class"
            and not ref.context.startswith("instance")
        ):
            return Outcome("ignored", ref)  # `MigrationExecutor.__subclasses__()`: type's
        if (
            attr in _KINDS_OF_MEMBER
            and not (tail or called)
            and index.kind(owner) == "class"
            and self._former_member(owner, attr) is None
        ):
            return Outcome("ignored", ref)  # "adds new ``FormHelper.attributes``": its kind
        if (
            not (tail or called or ref.context.startswith("instance"))
            and index.kind(owner) == "class"
            and index.takes(owner, attr)
        ):
            # "`cache=` / `Loader.cache`": its constructor's, written on the class (an
            # instance's `post.content` is an attribute, which the class must have)
            return Outcome("ignored", ref)
        if attr.isupper() and attr in self._placeholders:
            # ``env.TYPE(...)`` beside the sketch ``env('NAME', type=TYPE)``: to fill in
            return Outcome("ignored", ref)
        parts = [attr, *tail]
        if any(capitals(a) and capitals(b) for a, b in itertools.pairwise(parts)):
            return Outcome("ignored", ref)  # `pkg.test.FILE.CLASS.METHOD`: words to fill in
        if attr.startswith(self.index.attr_prefixes) and not (
            self.former is not None
            and (self.former.had(f"{owner}.{attr}") or self._former_member(owner, attr))
        ):
            # `visit_Name`, reached by `getattr(self, ...)`; but iexfinance's
            # `aapl.get_price_target()`, a method the class had and lost, is gone whatever
            # `getattr(self, "get_%s" % endpoint)` reaches
            return Outcome("ignored", ref)
        if owner and attr in self._strings and index.dynamic(owner):
            return Outcome(
                "ignored", ref
            )  # registered by name in the examples, served by __getattr__
        if (
            owner
            and index.catch_all(owner, called=called)
            and self._former_member(owner, attr) is None
        ):
            return Outcome("ignored", ref)  # `__getattr__` answers any name (glom's `S.x`)
        if index.kind(owner) == "class" and index.class_serves(owner, attr):
            return Outcome("ignored", ref)  # a name of the table its `__getattr__` reads
        if index.kind(owner) == "class" and (
            attr in self._registered or (self._plugged and not self._typo_of_member(owner, attr))
        ):
            # a decorator the page hands its function to may add it (`@register_check_method`
            # on `def is_between`: `Check.is_between`), or a plugin the page imports
            # (`import agatesql`: `Table.from_sql`), though not a misspelling of a member
            return self._gone_member(ref, owner, attr)
        accessor = self.index.accessors.get(owner.rsplit(".", 1)[-1])
        if accessor and (served := index.member(accessor, attr)):
            # `.xsimlab.run`: `Dataset.xsimlab.run()`, the accessor named like the package
            return Outcome("resolved", ref, served)
        written = attr in self._bindings.defined  # by the page's own code
        if written and ref.kind == "python" and index.kind(owner) == "module":
            # antspyx's tutorial has the reader write `def rescale_image` and add it to the
            # package: `ants.rescale_image` in its code is the page's function, unless the
            # module lost it (an import of it from the module still fails, `from pkg.models
            # import HasAPIKey`; a link to the module's `Container` is no use of the page's)
            return self._gone_member(ref, owner, attr)
        if owner in index.stand_ins and attr.startswith("_"):
            return Outcome("ignored", ref)  # `current_app._get_current_object()`: the proxy's
        if index.kind(owner) == "class" and index.member(owner, "__await__") is not None:
            # an awaitable wrapper (aiomysql's `connect()` gives a `_ConnectionContextManager`):
            # `conn = await aiomysql.connect(...)` is what it wraps, a class we cannot name
            return self._gone_member(ref, owner, attr)
        twin = _snake_twin(attr) if index.kind(owner) == "class" else None
        if twin and index.any_attribute(owner):
            # a class that sets members named at run time and spells `addClass` as a member
            # `add_class`: the camelCase alias loop jQuery-like APIs run (pyquery's
            # `setattr(PyQuery, name, ...)`); it stands or falls with its snake twin
            if index.member(owner, twin) is not None:
                return Outcome("ignored", ref)
            if self._former_member(owner, twin) is not None:
                return self._gone_member(ref, owner, twin)
        held = index.held_class(owner) if index.kind(owner) in {"attribute", "constant"} else None
        if held is not None and index.member(held, "__setattr__") is not None:
            # `g.user`: flask's `g` is a namespace object, whose `__setattr__` keeps any name
            owner = held
        if (
            index.kind(owner) == "class"
            and (
                attr in index.attached
                or (
                    index.any_attribute(owner)
                    and not (called and self._typo_of_member(owner, attr))
                )
                or attr in self.index.key_literals
                or index.class_member(owner, attr) is not None
                or (not called and self._subclasses_define(owner, attr))
                or self._mixed_in(owner, attr)
            )
            and self._former_member(owner, attr) is None
        ):
            # set at run time (an extension's `self.md.toc = toc`, `self.__dict__.update(kw)`),
            # read by name (`resolve_attribute("_options_class", ...)`), the metaclass's, or
            # a mixin's of the class's family
            return Outcome("ignored", ref)
        if (
            index.kind(owner) == "module"
            and attr in index.attached
            and not (self.former is not None and self.former.had(f"{owner}.{attr}"))
        ):
            # zope.security's `checker.py` sets `proxy.ProxyFactory = ProxyFactory` on the
            # module it imports, at import time: a name the module has once imported
            return Outcome("ignored", ref)
        if (
            held is not None
            and index.any_attribute(held)
            and not (called and self._typo_of_member(held, attr))
            and self._former_member(held, attr) is None
        ):
            # an instance of a class given members at run time (mpmath's `mp.erfc`: its
            # SpecialFunctions base setattr's each special function on itself)
            return Outcome("ignored", ref)
        members = sorted(index.member_names(owner)) if owner else sorted(index.packages)
        family = _STAND_IN_MEMBER.match(attr)
        if family and any(m.startswith(family[1]) for m in members):
            # Gooey's `constants.FONTWEIGHT_XXX`: any of the module's `FONTWEIGHT_*` names
            return Outcome("ignored", ref)
        public = [m for m in members if not m.startswith("_") and m.isidentifier()]
        close = [m for m in public if len(attr) > 3 and attr.lower() in m.lower() and m != attr]
        close += difflib.get_close_matches(attr, public, 3)
        prefix = shown[: len(shown) - len(".".join([attr, *tail]))] if attr in shown else ""
        suggestions = [prefix + ".".join([c, *tail]) for c in dict.fromkeys(close)][:3]
        last = tail[-1] if tail else attr
        suggestions += [n for n in index.by_last.get(last, ()) if n not in suggestions][:3]
        where = f"`{owner}` has no `{attr}`" if owner else f"no module `{attr}`"
        if "|" in owner:  # what a function returns: one of several classes
            where = f"none of {', '.join(f'`{c}`' for c in owner.split('|'))} has `{attr}`"
        return Outcome(
            "unresolved",
            ref,
            message=f"`{shown}` does not exist: {where}",
            suggestions=tuple(dict.fromkeys(suggestions))[:5],
        )


_STAND_IN_MEMBER = re.compile(r"^([A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*)(?:X{3,}|N{3,}|\*)$")
_CAMEL_HUMP = re.compile(r"(?<=[a-z0-9])([A-Z])")


def _snake_twin(attr: str) -> str:
    """`add_class` for `addClass`; empty for a name with no lower-case camel hump."""
    if not attr[:1].islower() or "_" in attr or not _CAMEL_HUMP.search(attr):
        return ""
    return _CAMEL_HUMP.sub(lambda m: "_" + m.group(1).lower(), attr)
