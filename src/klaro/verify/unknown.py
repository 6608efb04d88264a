"""Bare names the project lacks: which read as claims about its code, and which as words.

A page's `find_config` is a claim when it looks like code (called, snake_case, CamelCase) and a
close project name exists, or when the documented state had it; a name the sentence gives to
another library, a placeholder (`get_X`), a plural of a class's name, a naming style, the
reader's own module or another language's identifier is a word. Mixed into `Resolver`, whose
state (the project index, the documented state, the current page's sketches) it reads.
"""

from __future__ import annotations

import ast
import difflib
import functools
import re

from klaro.scan.names import Names
from klaro.scan.stdlib import everyday_names
from klaro.verify.cli import PYTHONS
from klaro.verify.env_claims import EnvClaims
from klaro.verify.former import Former
from klaro.verify.index import ProjectIndex
from klaro.verify.outcome import Outcome
from klaro.verify.refs import Document, Reference
from klaro.verify.sections import LIST_ITEM, heading_above, list_around
from klaro.verify.wording import (
    CASE_STYLE,
    CODE_SPAN,
    LOWER_CAMEL,
    PLACEHOLDER_NAMES,
    PLACEHOLDER_PART,
    READERS_OWN,
    given_to_another,
    python_methods,
    restyled,
    sentences_around,
    words_within,
)

_INDEXED = re.compile(r"^([A-Za-z]\w*?)_([A-Za-z]?\d+|[A-Za-z])$")  # `method_a1`, `attribute_c`
_LETTER_WORD = re.compile(r"(?:^|_)[A-Z](?:_|$)")  # `get_X`, `teardown_X`: one capital
_ITEM_HEAD = re.compile(r"`+([A-Za-z_][\w.]*(?:\(\))?)`+")  # the span an item starts with
_SNAKE_OR_CAMEL = re.compile(
    r"^_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$"
    r"|^[A-Z]{2,}[A-Z][a-z0-9]{2,}(?:[A-Z][a-z0-9]*)*$"  # `JSONSerializer`, not `URLs`
)


# the keywords of setuptools' `setup()`, which plugin guides name ("add an entry to
# ``entry_points``"): the packaging's, never the project's when it lacks them
_PACKAGING_WORDS = frozenset(
    {
        "entry_points", "install_requires", "extras_require", "setup_requires",
        "tests_require", "python_requires", "package_data", "package_dir", "data_files",
        "include_package_data", "zip_safe", "console_scripts", "gui_scripts", "find_packages",
        "find_namespace_packages", "namespace_packages", "py_modules", "ext_modules",
    }
)  # fmt: skip


# C's standard types, which a page on kernels or bindings names whatever files ship (reikna's
# ``size_t`` in the text of its `SIZE_T` macro, its kernels being `.mako` templates)
_C_STANDARD_TYPES = frozenset(
    {"size_t", "ssize_t", "ptrdiff_t", "intptr_t", "uintptr_t", "wchar_t", "off_t", "time_t"}
    | {f"{u}int{n}_t" for u in ("", "u") for n in (8, 16, 32, 64)}
)


class UnknownNames:
    """Judge names the project does not define; `Resolver` provides the state below."""

    index: ProjectIndex
    names: Names
    former: Former | None
    env: EnvClaims
    _placeholders: set[str]  # the parameter names the current page's call sketches write
    _foreign_words: set[str]  # names of the pages' other-language blocks
    _values: set[str] | None  # the strings the current page gives as values, once read

    def _unknown_name(self, ref: Reference, name: str, doc: Document, *, called: bool) -> Outcome:
        """A bare name the project lacks: report it only when it clearly reads as code.

        Not: dunders, `f(3)`-style placeholders, parameters (`key(item)` calls a callable one)
        and names the code attaches to objects at run time (`wrapper.cache_clear = ...`).
        """
        prefixed = name.startswith(self.index.attr_prefixes)
        if name.startswith("__") and (gone := self._once_named(ref, name, name)):
            return gone  # Genderize's ``__version__``, renamed `VERSION`
        if (
            name.startswith("__")
            or len(name) <= 2
            or (prefixed and not (self.former is not None and self.former.get(name)))
        ):
            # or a member named by convention (`convert_b`), unless the code had that name
            # and lost it (iexfinance's `get_historical_data`, beside `getattr(self, "get_...")`)
            return Outcome("ignored", ref)
        if not called and name in PYTHONS:
            # "after starting the ``python`` shell": the interpreter, though a module the code
            # moved was named so (prettyprinter's `extras/python.py`)
            return Outcome("ignored", ref)
        if name in PLACEHOLDER_NAMES or PLACEHOLDER_PART.search(name):
            return Outcome("ignored", ref)  # "calls `Class(**kwargs)`": some class
        if f"do_{name}" in self.names.by_last:
            return Outcome("ignored", ref)  # `run_pyscript`, a command `cmd.Cmd` style: `do_X`
        if (
            _LETTER_WORD.search(name)
            or self._numbered(name, doc)
            or self._filled_in(name, doc)
            or _part_of_a_span(ref, name, doc)
        ):
            # `teardown_X()`: a pattern, X to fill in; `method_a1` beside `method_b1`: made up;
            # "the `line_6` in the function name `session_00001_line_6`": a part of a name
            return Outcome("ignored", ref)
        if (
            called
            and self.former is not None
            and (old := self.former.callable_gone(name, self.names.by_last))
        ):
            # python-vagrant's "a `provision()` method", gone while `up(provision=...)` keeps
            # the word as a parameter: a call names a callable, which the code has no more
            return Outcome(
                "unresolved",
                ref,
                message=f"`{name}()` is no longer in the project (`{old[0]}` at {old[1]})",
                suggestions=tuple(difflib.get_close_matches(name, self._short_names(), n=3)),
            )
        if name in self.names.parameters or name in self.names.attached:
            return Outcome("ignored", ref)
        if name in self.names.served:
            return Outcome("ignored", ref)  # a deprecated alias a module's `__getattr__` gives
        if (alias := self.names.renamed_alias(name)) is not None:
            return Outcome("resolved", ref, alias)  # `AsyncEvent = Event` in caldav.aio
        if called and name in self.index.macros:
            return Outcome("ignored", ref)  # a macro of the project's Jinja templates
        if name in _PACKAGING_WORDS:
            return Outcome("ignored", ref)  # "add an entry to ``entry_points``": setuptools'
        if name in self.index.sql_functions:
            return Outcome("ignored", ref)  # `pg_notify()`: the database's, its queries call
        keys = self.index.key_literals
        if (self.index.is_key(name) and not called) or name in self.index.registered:
            return Outcome("ignored", ref)  # a setting's key, or a name a registry holds
        if name.startswith("_") and (name[1:] in keys or name[1:] in self.names.by_last):
            return Outcome("ignored", ref)  # copier's `_min_copier_version` setting
        if not called and self._member_word(name, doc):
            return Outcome("ignored", ref)  # ``ping`` on a page that says "execute ping"
        if not called and f"--{name}" in self.index.options:
            # cellpose's `pretrained_model_ortho`, its option `--pretrained_model_ortho` (one
            # spelt `--exclude-progress` is not: `exclude_progress` is the Python API's)
            return Outcome("ignored", ref)
        if gone := self._once_named(ref, name, f"{name}()" if called else name):
            return gone
        if not called and name in self.index.data_stems:
            return Outcome("ignored", ref)  # `htdemucs_ft`: a model the package ships as data
        if ref.context == "raised":
            # a traceback's exception may be any library's (`ZopeXMLConfigurationError`):
            # the project's only when it has or had the name
            return Outcome("ignored", ref)
        if name in self.names.expected:
            return Outcome("ignored", ref)  # "the mixin expects a ``get_object`` method"
        if name in doc.defined_terms or self._drawn(name, doc):
            # a term the page defines under its own heading (a file format's
            # `PowerGridModelRoot`), or a label of its own text diagram (`line_3`)
            return Outcome("ignored", ref)
        if not called and name in self._page_strings(doc):
            return Outcome("ignored", ref)  # ``field_2`` of `Layout('field_1', 'field_2')`
        singular = next((name[:-k] for k in (1, 2) if name[:-k] in self.names.by_last), None)
        if not called and singular and self._plural_of_value(name, singular):
            return Outcome("ignored", ref)  # ``ParserElements``: the plural of a class's name
        if not called and name.endswith("s") and name[:-1] in self.names.imported:
            return Outcome("ignored", ref)  # `GenericForeignKeys`: Django's, in the plural
        if READERS_OWN.match(name) or (not called and CASE_STYLE.match(name)):
            # `myfilter(42, 23)`, `my_task`: the reader's own; `snake_case`: a naming style
            return Outcome("ignored", ref)
        if not called and name in doc.bindings.free:
            return Outcome("ignored", ref)  # ``train_loader``, the examples' unbound loop source
        if not called and name in self._placeholders:
            return Outcome("ignored", ref)  # of a sketch: ``IndentedBlock(statement_expr)``
        if not (called or _SNAKE_OR_CAMEL.match(name)) or name in python_methods():
            return Outcome("ignored", ref)  # `close()`, `items()`: a method of Python's types
        if called and name in everyday_names(modules=False):
            return Outcome("ignored", ref)  # `Popen()`: subprocess', which snippets call bare
        if f"_{name}" in self.names.by_last:
            return Outcome("ignored", ref)  # a private helper named loosely
        if not called and any(n.startswith(f"{name}__") for n in self._short_names()):
            # rosbags' `rcl_interfaces` over `rcl_interfaces__msg__Log` and its kin: the
            # namespace the project's generated names start with
            return Outcome("ignored", ref)
        if called and LOWER_CAMEL.match(name) and not self._camel_functions:
            return Outcome("ignored", ref)  # `basicConfig()` in a snake_case project: logging's
        # also the names templates use: `env.globals["x"]`, and Jinja macros, which are called
        extra = self.index.registered | (self.index.macros if called else frozenset())
        known = [*self._short_names(), *sorted(extra)]
        near = difflib.get_close_matches(name, known, n=3, cutoff=0.8)
        if not called and any(words_within(name, c) for c in near):
            # ``AudioDriver`` beside `PulseAudioDriver` and `XAudio2Driver`: the role the
            # project's classes of that name share, not a typo of one of them (the other way
            # is no proof: ``BumpVersionConfig`` for `VersionConfig` is a name made up)
            near = []
        close = [
            c for c in near if called or not (self._plural_of_value(name, c) or restyled(name, c))
        ]
        if not close or self._given_to_another(ref, doc) or self._foreign_on_page(name, doc):
            return Outcome("ignored", ref)  # or another library's: "Python's built-in `x`"
        if name in self._foreign_words:
            return Outcome("ignored", ref)  # nginx's `uwsgi_pass`, shown in an ```nginx block
        if name in self._native_words:
            return Outcome("ignored", ref)  # `int8_t`, `ares_getaddrinfo()`: the C code's
        if _machine_written(doc):
            # hklpy's geometry tables, written by docs/make_geometry_tables.py from the C
            # library's axes (``omega_t``): a program makes no typos, so a near miss is
            # another vocabulary's name; a name the code had and lost was reported above
            return Outcome("ignored", ref)
        if not called and self._readers_module(name, doc):
            return Outcome("ignored", ref)  # a module of the layout the page sketches
        if self._listed_with_readers(ref, name, doc):
            return Outcome("ignored", ref)  # one of the tasks the page imagines in a queue
        if self._under_imported_class(ref, doc):
            return Outcome("ignored", ref)  # apptools' ``redo_name`` under "CommandStack"
        shown = f"{name}()" if called else name
        return Outcome(
            "unresolved",
            ref,
            message=f"`{shown}` is not defined in the project",
            suggestions=tuple(
                dict.fromkeys(close or difflib.get_close_matches(name, self._short_names(), n=3))
            ),
        )

    def _filled_in(self, name: str, doc: Document) -> bool:
        """Whether a name is a pattern the page declares a letter of: "(where `c` stands for
        the coordinate `x`, `y` or `z`)", then `position_c`; a name is made of it when one
        of the letter's values put in its place gives a name the code has (`position_x`)."""
        letters = _stood_for(tuple(doc.lines))
        parts = name.split("_")
        for at, part in enumerate(parts):
            for value in letters.get(part, ()):
                filled = "_".join([*parts[:at], value, *parts[at + 1 :]])
                if filled in self.names.by_last or self.index.is_key(filled):
                    return True
        return False

    @staticmethod
    def _drawn(name: str, doc: Document) -> bool:
        """Whether a drawing in the page's plain blocks (a ```txt diagram: edges `---`,
        `|`, box lines, labels set in columns) writes `name` as a word; a command line
        there (`python tools/gengl.py gl glext_abi`) draws nothing."""
        word = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w(])")
        return any(_DRAWING.search(line) and word.search(line) for line in doc.plain_lines)

    @staticmethod
    def _argument_on_page(name: str, doc: Document) -> bool:
        """Whether a command line of the page passes `name` as one of its words: a value
        given to a program (`honcho -f Procfile.dev start`), not a Python name."""
        return any(ref.kind == "command" and name in ref.text.split()[1:] for ref in doc.references)

    def _readers_module(self, name: str, doc: Document) -> bool:
        """Whether the page writes `name.py` as a file the repository has nowhere: the
        reader's module of a layout it sketches (``test_module_b`` beside a tree listing
        `test_module_b.py`), not one of the project's."""
        file = f"{name}.py"
        if not re.search(rf"(?<![\w.]){re.escape(file)}\b", "\n".join(doc.lines)):
            return False
        return not any(f == file or f.endswith(f"/{file}") for f in self.index.files)

    def _listed_with_readers(self, ref: Reference, name: str, doc: Document) -> bool:
        """Whether the name heads an item of a list whose other items head with the page's
        own names or with names the project lacks too (``process_payment`` beside
        ``check_spam``, ``make_thumbnail`` and the example's ``send_email``): the reader's
        things the page imagines, where a list of the project's names would name some."""
        lines = doc.lines
        heads = []
        for at in list_around(lines, ref.line - 1):
            item = LIST_ITEM.match(lines[at])
            head = _ITEM_HEAD.match(lines[at], item.end()) if item else None
            if head is not None:
                heads.append(head.group(1).removesuffix("()"))
        if name not in heads:
            return False
        others = {h for h in heads if h != name}
        own = doc.bindings.local | set(doc.bindings.origins)
        if others & own:
            return True
        return len(others) >= 2 and not any(o in self.names.by_last for o in others)

    def _foreign_on_page(self, name: str, doc: Document) -> bool:
        """Whether the page's examples take `name` from another package: prose's
        ``PrettyJSONSerializer`` above `pretty_json.PrettyJSONSerializer`, after
        `from betamax_serializers import pretty_json`; or on an object whose type the project's
        code does not give (``db_manager()`` of a Django manager, as the example calls it):
        the prose means what the example means, and the example's member is not judged."""
        names = self.names
        for ref in doc.references:
            if ref.kind not in {"python", "import"}:
                continue
            owner, _, last = ref.text.split("(")[0].rpartition(".")
            if last != name or not owner:
                continue
            root = owner.split(".")[0]
            if root not in names.packages and root not in names.by_last:
                return True  # `cassette.Cassette`: maybe the project's module
            if (
                ref.context.startswith("instance")
                and names.lookup(owner) is None  # not a project method whose result is untyped
                and names.result_of(owner) is None
            ):
                return True  # ``db_manager()`` over `poll.history.db_manager('other')`
        return False

    @functools.cached_property
    def _native_words(self) -> frozenset[str]:
        """The identifiers of the C, C++ and Cython declarations the tree ships (`.h`,
        `.hpp`, `.pxd`): the wrapped native code's functions and types, which pages about
        its internals name (pycares' `ares_getaddrinfo()`, a C++ core's `int8_t`). Read on
        the first near-miss only, a bounded amount per file."""
        words: set[str] = set()
        for path in sorted(self.index.files):
            if not path.lower().endswith(_NATIVE_HEADERS):
                continue
            try:
                with (self.index.root / path).open("rb") as handle:
                    text = handle.read(_HEADER_BYTES).decode("utf-8", "replace")
            except OSError:
                continue
            words.update(_C_IDENTIFIER.findall(text))
        # the object a C library's type and constructor are named after: aubio's
        # `aubio_source` of `aubio_source_t` and `new_aubio_source`
        stems = {w[:-2] for w in words if w.endswith("_t") and "_" in w[:-2]}
        stems |= {w[4:] for w in words if w.startswith(("new_", "del_")) and "_" in w[4:]}
        return frozenset(words | stems | _C_STANDARD_TYPES)

    @functools.cached_property
    def _foreign_bases(self) -> set[str]:
        """The last names of the classes from other packages the project's classes derive
        from (`Model` of `models.Model`): prose naming one means that package's class."""
        kinds = self.names.kinds
        return {
            base.rpartition(".")[2]
            for bases in self.names.bases.values()
            for base in bases
            if base not in kinds
        }

    @functools.cached_property
    def _camel_functions(self) -> bool:
        """Whether the project names any function in lowerCamelCase (`getLogger` style)."""
        return any(
            LOWER_CAMEL.match(n.rpartition(".")[2])
            for n, kind in self.names.kinds.items()
            if kind in {"function", "method"}
        )

    def _plural_of_value(self, name: str, other: str) -> bool:
        """`entry_points` beside an attribute `entry_point`, ``ParserElements`` beside the class
        `ParserElement`: the plural of a value's or a class's name is the concept ("the
        entry_points argument to setup"), not a renamed function."""
        if name not in {f"{other}s", f"{other}es"} and other not in {f"{name}s", f"{name}es"}:
            return False
        values = {"attribute", "constant", "property", "class"}  # also ``ParserElements``
        return all(
            self.names.kinds.get(full) in values for full in self.names.by_last.get(other, ())
        )

    def _once_named(
        self, ref: Reference, name: str, shown: str, *, used: bool = False
    ) -> Outcome | None:
        """A name the documented state of the code had and the current code lacks: stale.

        `used`: the page uses the name as an object (`SYSTEM_TIME.as_of(...)`), so a string
        of the same spelling the code still reads (`"SYSTEM_TIME"`) does not stand for it."""
        old = self.former.get(name) if self.former is not None else None
        if old is None or (name in self.index.key_literals and not used):
            return None  # or a value the code still reads by name (`DEFAULT_RULES:rm_root`)
        full, where = old
        advice = f"; {self.former.advice}" if self.former and self.former.advice else ""
        return Outcome(
            "unresolved",
            ref,
            message=f"`{shown}` is no longer in the project (`{full}` at {where}){advice}",
            suggestions=tuple(difflib.get_close_matches(name, self._short_names(), n=3)),
        )

    def _member_word(self, name: str, doc: Document) -> bool:
        """Whether a lower-case word that was a class's method once is one the page's
        sentences use as a word, without markup, twice or more ("Execute ping and parse the
        result", "ping statistics"): the span names that thing (the `ping` program), not the
        method `PingTransmitter.ping` the code renamed."""
        if not (name.isalpha() and name.islower() and self._former_method(name)):
            return False  # (a function's or a module's name is named as such)
        plain = re.compile(rf"(?<![`\w.-]){re.escape(name)}(?![`\w(-])")
        return sum(len(plain.findall(CODE_SPAN.sub(" ", line))) for line in doc.lines) >= 2

    def _page_strings(self, doc: Document) -> set[str]:
        """`page_strings` of the current page, read on its first unknown name."""
        if self._values is None:
            self._values = page_strings(doc)
        return self._values

    @staticmethod
    def _numbered(name: str, doc: Document) -> bool:
        """Whether a name is one of a numbered or lettered series the page makes up
        (`method_a1`, `method_b1`; `attribute_1`, `attribute_2`): its stem with another
        index is written on the page too, or the page defines it in other letter case."""
        series = _INDEXED.match(name)
        if series is None:
            return False
        stem, index = series.groups()
        sibling = re.compile(
            rf"\b{re.escape(stem)}_(?!{re.escape(index)}\b)(?:[A-Za-z]?\d+|[A-Za-z])\b"
        )
        return any(sibling.search(line) for line in doc.lines)

    def _stale_prose(self, doc: Document) -> list[Outcome]:
        """Identifiers the page's sentences write without markup ("the global CRON_COMMAND")
        that the documented state had and the code has no more: stale as a span would be.
        Other plain words are never claims, so without a documented state this says nothing;
        a name also written as a span or in an example is judged there."""
        if self.former is None or not doc.prose_names:
            return []
        # (not where a history section writes it: defusedxml's changelog "sax.make\_parser()"
        # says nothing of its API list's "make\_parser()")
        written = {
            part
            for ref in doc.references
            if ref.line not in doc.history
            for part in re.findall(r"\w+", ref.text)
        }
        found = []
        for name, line in doc.prose_names.items():
            if name.startswith("-"):
                continue  # a flag: the command-line claims' (see `Resolver._stale_flags`)
            # (a test's parameter, cherry-picker's `draft_pr` fixture, keeps no name alive)
            if name in written or name in self.names.by_last:
                continue
            if name in self.names.shipped_parameters():
                continue
            if name.isupper() and self.former.env(name) is not None:
                ref = Reference("env", name, doc.path, line, "prose-word")
                found.append(self.env.claim(ref, name))  # "set HTTPSTAT_DEBUG to true"
                continue
            ref = Reference("code", name, doc.path, line, "prose-word")
            if gone := self._once_named(ref, name, name):
                found.append(gone)
        return found

    def _unknown_owner(self, ref: Reference, name: str, doc: Document) -> Outcome:
        """`Old.attr` where `Old` is unknown but a similar project class has `attr`: a rename."""
        root, _, rest = name.partition(".")
        if gone := self._once_named(ref, root, name):
            return gone
        if root[:1].islower() and (gone := self._gone_method(ref, rest.split(".")[0], name)):
            return gone  # `tree.discardi(...)` once no class has a `discardi` it had
        if not root[:1].isupper() or READERS_OWN.match(root):
            return Outcome("ignored", ref)  # or the reader's own: `MyXXXFormatClass.export_set`
        if root in self._foreign_bases or root in everyday_names():
            # `Model.save`: Django's, the base of the models; `Popen.communicate()`: Python's
            return Outcome("ignored", ref)
        if root in self.index.docstring_words:
            return Outcome("ignored", ref)  # "members in UserModel": the code's word for it
        member = rest.split(".")[0]
        classes = [
            n
            for n in self.names.by_last.get(member, ())
            if self.names.kinds.get(n.rpartition(".")[0]) == "class"
        ]
        owners = {n.rpartition(".")[0].rsplit(".", 1)[-1] for n in classes}
        close = difflib.get_close_matches(root, sorted(owners), n=3, cutoff=0.6)
        if not close or self._given_to_another(ref, doc):
            return Outcome("ignored", ref)
        return Outcome(
            "unresolved",
            ref,
            message=f"`{root}` is not defined in the project",
            suggestions=tuple(f"{c}.{rest}" for c in close),
        )

    def _former_method(self, name: str) -> bool:
        """Whether the documented state had `name` as a member of a class (by its owner's
        capital: `pingparsing.PingTransmitter.ping`), a name the code no longer has."""
        old = self.former.get(name) if self.former is not None else None
        owner = old[0].rsplit(".", 2)[-2:-1] if old is not None else []
        return bool(owner) and owner[0][:1].isupper()

    def _gone_method(self, ref: Reference, member: str, shown: str) -> Outcome | None:
        """A method a class of the documented state had, which no class has now: stale on
        whatever object the page calls it (`tree.discardi(...)`, `tree` the reader's)."""
        if not member or not self._former_method(member):
            return None
        if any(
            self.names.kinds.get(n.rpartition(".")[0]) == "class"
            for n in self.names.by_last.get(member, ())
        ):
            return None
        return self._once_named(ref, member, shown, used=True)

    def _under_imported_class(self, ref: Reference, doc: Document) -> bool:
        """Whether the section holding the name is titled by a class the code imports from
        another package and defines not (apptools' "CommandStack", pyface's, which it
        re-exports): the name is that class's member, whose names the scan does not list."""
        heading = heading_above(doc.lines, ref.line, rst=doc.rst)
        return any(
            word in self.names.imported and word not in self.names.by_last
            for word in _CAMEL_WORD.findall(heading)
        )

    def _given_to_another(self, ref: Reference, doc: Document) -> bool:
        """Whether the span's sentence gives the name to another library (see `wording`)."""
        sentence = sentences_around(doc.lines, ref.line, ref.text)[0]
        return given_to_another(sentence, ref.text, self._ours, self.index.libraries)

    @functools.cached_property
    def _ours(self) -> set[str]:
        """The project's names in lower case: its packages, distribution, scripts and every
        name its code defines (a sentence naming one is about the project)."""
        index = self.index
        # a module named for another library (click-extra's `pygments.py`, a test's
        # `django`) leaves that library's name to it: "Pygments' own `SvgFormatter`"
        own = {
            short.lower()
            for short, fulls in self.names.by_last.items()
            if any(f not in self.names.in_tests for f in fulls)
        } - index.libraries
        names = {*index.packages, index.distribution, *index.scripts}
        return {n.lower() for n in names} | own

    def _short_names(self) -> list[str]:
        return self.names.short_names


# "where `c` stands for the coordinate `x`, `y` or `z`", "``h`` denotes the hull ``bb``,
# ``ch``": a letter a page's names are written with, and the values it stands for
_STANDS_FOR = re.compile(
    r"`+([A-Za-z]\w{0,3})`+\s+(?:stands\s+for|denotes|represents|is\s+one\s+of)\s+"
)
_VALUES = re.compile(
    r"(?:(?:the|a|an|any|each|one\s+of)\s+)*(?:[\w-]+\s+){0,2}?"
    r"((?:`+[\w.-]+`+(?:\s*,\s*|\s+(?:or|and)\s+|\s*,\s+(?:or|and)\s+)?)+)"
)


@functools.lru_cache(maxsize=64)
def _stood_for(lines: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The letters a page says stand for values, and those values, read over its lines
    joined (a sentence may wrap); a list of values ends where the next letter is given."""
    text = " ".join(line.strip() for line in lines)
    heads = list(_STANDS_FOR.finditer(text))
    found: dict[str, tuple[str, ...]] = {}
    for n, head in enumerate(heads):
        end = heads[n + 1].start() if n + 1 < len(heads) else len(text)
        if values := _VALUES.match(text, head.end(), min(end, head.end() + 200)):
            found[head.group(1)] = tuple(re.findall(r"`+([\w.-]+)`+", values.group(1)))
    return found


_CAMEL_WORD = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b")  # `CommandStack`
_DRAWING = re.compile(r"-{3,}|[|│─┌┐└┘├┤]|\S {4,}\S")  # a diagram's edges, boxes or columns
_NATIVE_HEADERS = (".h", ".hh", ".hpp", ".hxx", ".pxd")
_HEADER_BYTES = 1 << 20
# a page's own comment saying a program wrote it: `<!-- generated by mkdocs-gen -->`,
# `.. DO NOT EDIT`, `.. this page created by ./docs/x.py` (a script's path); not
# sphinx-quickstart's "master file, created by sphinx-quickstart", which people then write.
# reST's `..`, HTML's `<!--` and MyST's `%` comments only: Markdown's `#` is a heading
_MACHINE_MARK = re.compile(
    r"^\s*(?:\.\.|<!--|%)\s.*(?:\b(?:auto-?generated|(?:generated|written)"
    r"\s+(?:automatically\s+)?(?:by|with|from))\b|\bdo\s+not\s+edit\b"
    r"|\bcreated\s+by\s+\S*(?:/|\.py\b))",
    re.IGNORECASE,
)


def _machine_written(doc: Document) -> bool:
    """Whether the page says, in a comment among its first lines, that a program wrote it."""
    return any(_MACHINE_MARK.match(line) for line in doc.lines[:10])


_C_IDENTIFIER = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{2,}\b")


def page_strings(doc: Document) -> set[str]:
    """The identifier-like strings the page's examples and literal spans give as values
    (`Layout('field_1', 'field_2')`, ``["config_name", "name_a"]``): a bare name equal to
    one is that value, named again in the text, not a symbol of the code."""
    found = set(doc.bindings.strings)
    for ref in doc.references:
        if ref.kind == "code" and ref.text[:1] in "[(\"'{":
            try:
                tree = ast.parse(ref.text, mode="eval")
            except (SyntaxError, ValueError):
                continue
            found.update(
                node.value
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and all(part.isidentifier() for part in node.value.split("."))
            )
    return found


def _part_of_a_span(ref: Reference, name: str, doc: Document) -> bool:
    """Whether another span of the line holds `name` as its underscored part: phmdoctest's
    "The `line_6` in the function name `session_00001_line_6`" explains a generated name."""
    part = re.compile(rf"(?:^|_){re.escape(name)}(?:_|$)")
    return any(
        r.line == ref.line and r.text != name and part.search(r.text) is not None
        for r in doc.references
    )
