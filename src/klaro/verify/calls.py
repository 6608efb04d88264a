"""Calls in examples and what examples define: the checks of `verify.resolve` that need the
real signature, the documented state or the example's own classes.

A call is judged against the signature it runs (`Names.check_call`); a keyword the documented
state's function took is stale where its `**kwargs` go on somewhere unknown; a bare call an
example forgot to import is checked when one callable of the package has the name; a method
an example subclass overrides must exist, or have existed. Mixed into `Resolver`, whose
state (the resolver, the documented state, the current document's example classes) it reads.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import replace

from klaro.scan.model import Function
from klaro.scan.names import CALLABLE_KINDS, CallProblem, Names
from klaro.scan.stdlib import everyday_names
from klaro.verify.former import Former
from klaro.verify.outcome import Outcome
from klaro.verify.pyblocks import call_arguments, keyword_line
from klaro.verify.refs import Reference

# kinds of a class's members: a bare name of one of these is nobody's in particular
MEMBER_KINDS = frozenset({"method", "classmethod", "staticmethod", "property", "attribute"})


class CallChecks:
    """Checks of calls and example classes; `Resolver` provides the state below."""

    names: Names
    former: Former | None
    _added: set[str]  # members the current document's example subclasses define

    def _called(
        self,
        outcome: Outcome,
        shown: str,
        args: tuple[str, int | None, tuple[str, ...]] | None,
        *,
        complete: bool = False,
    ) -> Outcome:
        """Check a resolved call's keywords and positional count against the real signature.

        `complete`: a call a Python example writes out, so leaving out a required argument is
        wrong too; a span in prose may sketch a call (`unparse()` names the function).
        """
        target = outcome.target
        if args is None or outcome.status != "resolved" or not target:
            return outcome
        if target.rsplit(".", 1)[-1] != shown.rsplit(".", 1)[-1] and (
            self.names.lookup(shown) != target
        ):
            # an attribute of a value, resolved only up to its owner; not a name the package
            # gives another (`from .tracer import Tracer as snoop`: `snoop(depth=2)` is Tracer's)
            return outcome
        if target in self.names.in_tests and target not in self.names.library:
            # billiard's "`[func(1,2), func(3,4)]`" for `starmap(func, iterable)`: a word the
            # test suite happens to define (`def func(x)`), no signature the docs promise
            return outcome
        problem = self.names.check_call(target, args[2], args[1], complete=complete)
        problem = problem or self._keyword_gone(target, args[2])
        if problem is None or (
            problem.keyword and self.names.abstract_takes(target, problem.keyword)
        ):
            return outcome
        ref = outcome.reference
        below = keyword_line(ref.context, problem.keyword) if problem.keyword else 0
        if below:  # a call over several lines: point at the keyword's own line
            ref = replace(ref, line=ref.line + below)
        return Outcome("unresolved", ref, message=problem.message, suggestions=problem.suggestions)

    def _keyword_gone(self, target: str, keywords: Sequence[str]) -> CallProblem | None:
        """A keyword the function took at the documented state and no longer reads, where
        its `**kwargs` go on somewhere unknown (a base class of another package) so the
        signature alone cannot say: `ShortUUIDField(length=16)` after `length` became `size`."""
        function = self.names.callee(target)
        if self.former is None or function is None or not keywords:
            return None
        if not any(p.kind == "var_keyword" for p in function.parameters):
            return None  # a closed signature: `check_call` has judged it
        if self.names.forwarded(target) is not None and self.names.has_signature(target):
            # the keywords `**kwargs` go on to are known: `check_call` judged (not through a
            # decorator that gives the function another's signature, picobox's
            # `@_copy_signature(Stack.push, _instance)` over `push(*args, **kwargs)`)
            return None
        # the functions the keywords pass through (`progressbar()` -> `ProgressBar` -> the
        # mixin that took `redirect_stdout` by name): one of them named it, none does now
        chain = self.names.forward_chain(target)
        now = {p.name for f in chain for p in f.parameters} | {
            k for f in chain for k in f.kwarg_keys
        }
        for word in keywords:
            if word == "**" or word in now:
                continue
            for step in chain:
                old = self.former.keywords(step.fullname)
                if old is None or word not in old[0]:
                    continue
                shown = target.rsplit(".", 1)[-1]
                close = difflib.get_close_matches(word, sorted(now - old[0]), n=3, cutoff=0.3)
                by = "it" if step is function else f"`{step.qualname}` through it"
                return CallProblem(
                    f"`{shown}()` no longer takes `{word}` ({by} did at {old[1]})",
                    tuple(close),
                    word,
                )
        return None

    def _handed_call(self, ref: Reference) -> Outcome:
        """The keywords a maker hands on to the class given as its `cls=` (pyblocks'
        `_handed_to_class`): the maker may take some itself, so only a keyword the class took
        at the documented state and lost is reported; the class's own name is checked where
        the page imports it, so nothing else is claimed here."""
        args = call_arguments(ref.context)
        target = self.names.lookup(ref.text)
        if args is None or target is None or self.names.kind(target) != "class":
            return Outcome("ignored", ref)
        problem = self._keyword_gone(target, args[2])
        if problem is None or problem.keyword is None:
            return Outcome("ignored", ref)
        below = keyword_line(ref.context, problem.keyword)
        ref = replace(ref, line=ref.line + below) if below else ref
        return Outcome("unresolved", ref, message=problem.message, suggestions=problem.suggestions)

    def _free_call(self, ref: Reference) -> Outcome:
        """`decode(s, legacy=True)` in an example that left the import out: checked against
        the one function or class of the package with that name, if there is one."""
        target = self._free_target(ref.text, called=True)
        if target is None:
            return Outcome("ignored", ref)  # not the project's, or whose is not known
        args = call_arguments(ref.context)
        return self._called(Outcome("resolved", ref, target), ref.text, args, complete=True)

    def _free_target(self, name: str, *, called: bool = False) -> str | None:
        """The one function or class of the package a name the examples never bound calls.
        `called`: the name itself is called, so a module of that name is not meant."""
        names = self.names
        if name in everyday_names(modules=False):
            return None  # `datetime(...)`: Python's, most likely
        found = [
            f
            for f in names.by_last.get(name, ())
            # the package's own (not a test's `Blog`), public or not: two make it ambiguous;
            # a module is never called (contexttimer's `timeout` module holds `timeout`)
            if names.kind(f) not in MEMBER_KINDS
            and not (called and names.kind(f) == "module")
            and f in names.library
        ]
        callable_ = len(found) == 1 and (
            names.kind(found[0]) in {"function", "class"} or names.callee(found[0]) is not None
        )  # a constant bound to a method (`decode = _instance.decode`) is called like one
        return found[0] if callable_ else None

    def _signature_excerpt(self, ref: Reference) -> Outcome:
        """A signature a page copies (`def text(keywords, ..., backend="auto")` with only its
        docstring): the function itself, on its `def` line (context `signature||...`), and
        each parameter shown, stale when the project's function of that name takes it no
        longer. The function is one of the package's (not a test's) of that name whose
        parameters are, for the most part, the ones shown: a page's own hook named like a
        project function shares few of them."""
        _, param, listed = ref.context.split("|", 2)
        shown = [p for p in listed.split(",") if p]
        # a method of a class the page restates (`RetryOptionsBase.__init__`): that class's
        owner, _, short = ref.text.rpartition(".")
        candidates = [
            f
            for f in self.names.by_last.get(short, ())
            if self.names.kind(f) in CALLABLE_KINDS
            and f in self.names.library
            and self.names.has_signature(f)
            and (not owner or f.rpartition(".")[0].rpartition(".")[2] == owner)
        ]
        # (or took them at the documented state: func-timeout's `def stop(self, exception,
        # raiseEvery=2.0)` once `raiseEvery` is `interval`, one of two taken now)
        matching = [
            f
            for f in candidates
            if 2 * sum(self._takes(f, p) for p in shown) > len(shown)
            or 2 * sum(p in self._former_keywords(f) for p in shown) > len(shown)
        ]
        if not param:  # the function itself: the signature counts once
            return Outcome("resolved", ref, matching[0]) if matching else Outcome("ignored", ref)
        if not matching:
            return Outcome("ignored", ref)  # not the project's function, or not this one
        problems = [
            None if self._takes(f, param) else self.names.check_call(f, [param], 0)
            for f in matching
        ]
        if any(problem is None for problem in problems):
            return Outcome("ignored", ref)  # taken: the signature counted on its `def` line
        problem = problems[0]
        assert problem is not None
        return Outcome(
            "unresolved",
            replace(ref, text=f"{ref.text}({param}=...)"),
            message=problem.message,
            suggestions=problem.suggestions,
        )

    def _former_keywords(self, function: str) -> frozenset[str]:
        """The keywords `function` took at the documented state (none without history)."""
        old = self.former.keywords(function) if self.former is not None else None
        return frozenset(old[0]) if old is not None else frozenset()

    def _takes(self, function: str, param: str) -> bool:
        """Whether `function` has the parameter: one a call may pass by name, or the first
        of a method, which the instance fills whatever it is called (gunicorn's hooks,
        `def post_request(worker, req, environ, resp)` in a class body, made static after)."""
        if self.names.check_call(function, [param], 0) is None:
            return True
        found = self.names.definition(function)
        return (
            isinstance(found, Function)
            and found.kind in {"method", "classmethod"}
            and found.parameters[:1] != ()
            and found.parameters[0].name == param
        )

    def _override(self, ref: Reference) -> Outcome:
        """`def parse(self)` in an example's subclass of a project class: a method of the base
        it overrides, unless the subclass adds it. Only a method the base had at the documented
        state and has no more is sure to be stale: the override is never called."""
        names = self.names
        found = names.lookup(ref.text)
        if found is not None:
            return Outcome("resolved", ref, found)
        owner_name, _, method = ref.text.rpartition(".")
        owner = names.lookup(owner_name)
        old = self._former_member(owner, method) if owner is not None else None
        if owner is None or old is None:
            return Outcome("ignored", ref)  # a method the subclass adds
        return Outcome(
            "unresolved",
            ref,
            message=f"`{method}` overrides nothing: `{owner.rpartition('.')[2]}` no longer has "
            f"it (`{old[0]}` at {old[1]})",
            suggestions=tuple(
                difflib.get_close_matches(method, sorted(names.member_names(owner)), n=3)
            ),
        )

    def _former_member(self, cls: str, attr: str) -> tuple[str, str] | None:
        """`(old full name, where)` when the class (or a project base) had `attr` at the
        documented state and the project has no `attr` any more, else None."""
        if self.former is None or self.names.kind(cls) != "class":
            return None
        classes = self.names.lineage(cls)
        if any(f"{owner}.{attr}" in self.names.kinds for owner in classes):
            # a project base still defines it (rfc3986's `URIMixin.copy_with`), though a base
            # of another package before it in the MRO leaves the lookup unknown
            return None
        for owner in classes:  # the class itself had it, by its full name
            where = self.former.had(f"{owner}.{attr}")
            if where is not None:
                return f"{owner}.{attr}", where
        old = self.former.get(attr)
        if old is None:
            return None
        old_owner = old[0].rpartition(".")[0].rpartition(".")[2]
        lineage = {c.rpartition(".")[2] for c in self.names.lineage(cls)}
        return old if old_owner in lineage else None
