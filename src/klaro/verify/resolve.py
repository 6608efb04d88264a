"""Decide, for each reference, whether it is a claim about this project and whether it holds.

A reference is `resolved` (the project has it), `ignored` (not a claim about the project: a
plain word, the standard library, a dependency, a URL, another tool's command, a name the
document's own example defines), `unresolved` (the project does not have it: stale or
invented) or `dead-link` (a repository path or heading anchor that does not exist). Unknown
bare words are only reported when they look like code (`name()`, snake_case, CamelCase) and,
without call parentheses, only when a close project name exists: a noisy checker gets ignored.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import fnmatch
import keyword
import re
import sys
from collections.abc import Sequence, Set
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from klaro.scan.model import Function
from klaro.scan.names import CALLABLE_KINDS, private_name
from klaro.verify.calls import MEMBER_KINDS
from klaro.verify.cli import PYTHONS, CliClaims
from klaro.verify.env_claims import (
    UPPER_NAME,
    EnvClaims,
    speaks_of_environment,
    templated_suffixes,
)
from klaro.verify.former import Former
from klaro.verify.gone_files import gone_files
from klaro.verify.index import ProjectIndex
from klaro.verify.links import LinkResolver
from klaro.verify.members import MemberChecks
from klaro.verify.mentions import TEMPLATE_TAGS, heading_name
from klaro.verify.outcome import Outcome
from klaro.verify.pyblocks import (
    Bindings,
    call_arguments,
    call_context,
    python_references,
)
from klaro.verify.refs import LOAD_EXTENSION, Document, Reference, dotted_value
from klaro.verify.release_lines import of_older_line
from klaro.verify.sections import (
    LIST_ITEM,
    heading_above,
    heading_between,
    list_around,
    section_above,
    section_class,
    section_of,
)
from klaro.verify.unknown import UnknownNames
from klaro.verify.wording import (
    CODE_SPAN,
    MAN_SECTION,
    SKETCH,
    after_span,
    alternatives,
    before_span,
    capitals,
    foretold,
    parse_call,
    sentence_after,
    sentences_around,
    sketch_names,
    supposes,
)

_METHODS = frozenset({"method", "classmethod", "staticmethod"})
_LEADING_DOT = re.compile(r"^\.([A-Za-z_]\w*)(?:\(.*\))?$")  # ``.maximum(*sequences)``
_DOCS_ONLY = re.compile(
    r"\bexists?\s+(?:only\s+)?for\s+documentation(?:\s+purposes)?\b|\bfor\s+documentation\s+only\b"
    r"|\b(?:function|callable|class|object)\s+you\s+(?:can|may|must|should)\s+"
    r"(?:implement|define|write|provide)\b",
    re.I,
)
# a family of variables: `APP_PROP_{NAME}`, `APP_PROP_<name>`, `APP_*`
_ENV_FAMILY = re.compile(r"^\$?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_)(?:\{[^}]+\}|<[^>]+>|\*|\[[^]]+\])$")
_ASSIGNED = re.compile(r"^[a-z_]\w*\s*=\s*([A-Za-z_][\w.]*\(.*\))$")  # `html = markdown(text)`
_KEYWORD = re.compile(r"^[a-z_]\w*=[^=\s]")  # `allow_network=False`, no spaces
_BARE_KEYWORD = re.compile(r"^([a-z_]\w*)=$")  # "passing `sort_field=` to `Note()`"
_SETTING = re.compile(r"^([A-Za-z_]\w*)\s*[=:]\s*\S[^=]*$")  # `parallel_extract = False`
# the start of a family of variables written alone (``RQ_REDIS_``): two words at least
_FILES_AFTER = re.compile(r"^[`*_]*\s+(?:files?|folders?|directories|paths?)\b", re.I)
_ENV_START = re.compile(r"^\$?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_)$")
# also quoted inside the span: ``'VECLIB_MAXIMUM_THREADS'``
# `APP_DEBUG`, `${APP_DEBUG}`, `APP_DEBUG=1`; `APP_SSL__CA_BUNDLE`: a nested setting's
_ENV = re.compile(r"^['\"]?\$?\{?([A-Z][A-Z0-9]*(?:__?[A-Z0-9]+)+)\}?(?:=.*)?['\"]?$")
# a path built on a variable's value: ``$KCONFIG_CONFIG.old``, ``${XDG_DATA_HOME}/tool``
_ENV_PATH = re.compile(r"^\$\{?([A-Z][A-Z0-9]*(?:__?[A-Z0-9]+)+)\}?[./\\][\w./\\-]*$")
# words docs write for "your program" in a command line: `command -- --interactive`
_PLACEHOLDER_PROGRAMS = frozenset(
    {"command", "cmd", "program", "prog", "your_program", "your-program", "<command>", "<cmd>"}
)
_SELF_FIRST = re.compile(r"\(\s*(?:self|cls)\s*[,)]")
_CAPITAL_WORD = re.compile(r"[A-Z][A-Z0-9]{3,}\Z")
_GIVEN_WORD = re.compile(r"(?:export\s+)?([A-Z][A-Z0-9]+)=\S*\Z")  # `TERM=dumb`, `CI=1`
_OPTION = re.compile(r"^(--?[A-Za-z][\w-]*)(?:[= ].*)?$")
# the spellings of one option, short and long: `-i, --idle-time-limit=<sec>`, `-l/--list`
_SPELLINGS_SPAN = re.compile(r"^(--?[A-Za-z][\w-]*)(?:,\s*|/)(--?[A-Za-z][\w-]*)(?:[= ].*)?$")
_SYMBOL = re.compile(r"^@?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?::[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)?)")
_CALL = re.compile(r"^\(.*\)$")
_METASYNTACTIC = frozenset({"foo", "bar", "baz", "qux", "xyz", "xxx", "spam", "eggs"})
_BUILD_SCRIPT = re.compile(
    r"`(?:\./)?configure`|\bconfigure\s+(?:options?|flags?|scripts?)\b|\bbuild\s+script\b"
    r"|\bcompil(?:e[ds]?|ing|ers?|ation)\s+(?:with\b|flags?\b|options?\b)",  # `-Ofast`
    re.I,
)
# "use the ``-m`` option to the interpreter": a flag of Python itself
_INTERPRETER = re.compile(r"\binterpreter\b|\bpython3?\b(?!\s+(?:package|module|code|api)\b)", re.I)
_PYTHON_FLAGS = frozenset({"-m", "-c", "-O", "-OO", "-B", "-u", "-W", "-X", "-E", "-I", "-i"})
_USED_AFTER = re.compile(r"(?:\.[A-Za-z_]\w*(?:\([^()]*\))?)+")  # `.session_id`, `.run()`
# a synopsis line: a command word, then its arguments, one at least in brackets
_SYNOPSIS = re.compile(r"^\s*[a-z][\w.-]*(?:\s+\S+)*?\s+[<\[][a-z]")
_BRACKETED = re.compile(r"(?<![\w<\[])[<\[]([a-z][a-z0-9_]*)[>\]](?!\w)")

_IMPORTED_AS = re.compile(r"[A-Za-z_][\w.]* as [A-Za-z_]\w*")
_IMPORT_BEFORE = re.compile(r"\bimport\s*`*$")

_PATHLIKE = re.compile(
    r"^[\w.~-]*(?:/[\w.@-]+)+/?$"
    r"|^[\w.-]+\.(?:py|md|rst|txt|toml|cfg|ini|ya?ml|json|lock|csv|html|xml|sh|in)$"
)
# `([text|text_color|spinner])`, `(path[, mode])`: optional parameters in brackets
_BRACKETS = re.compile(r"^\((\s*\[?\s*\w+(?:\s*(?:\||,|\[|\]|\[,)\s*\w*)*\s*\]?\s*)\)$")
# "the `spec` argument", "the ``timeout`` keyword": a parameter named as one
_ARGUMENT_WORD = re.compile(
    r"[`*_]*\s+(?:keyword\s+)?(?:argument|arg|parameter|param|kwarg|(option))s?\b", re.I
)  # also zipapps' "the `compressed` arg of `zipapps.create_app`"; ijson's "option"
_OF_CALLABLE = re.compile(r"\s+(?:of|to|for)\s+(?:the\s+)?(?::[\w:]+:)?`[^`]+`+")
# the callables a sentence names: roles (:func:`~pkg.f`) and call spans (`f()`)
_CALLABLE_NAMED = re.compile(
    r":(?:py:)?(?:func|meth|class):`(?:[^`<]*<)?([~.\w]+)>?`|`{1,2}([\w.]+\(\))`{1,2}"
)
# a function a section names: `histogram`, `histogram()`, ``f(x)``, :func:`f`
_SECTION_CALLABLE = re.compile(
    r":(?:py:)?(?:func|meth):`(?:[^`<]*<)?~?(?:[\w]+\.)*(\w+)(?:\(\))?>?`"
    r"|`{1,2}(?:[\w]+\.)*(\w+)(?:\([^`]*\))?`{1,2}"
)
# "Optional parameter `num_nodes`", "the keyword argument ``x``": the span named as one
_ARGUMENT_BEFORE = re.compile(
    r"\b(?:keyword\s+)?(?:parameter|argument|kwarg|param)\s+[`*_]*$", re.I
)  # "the parameter ``log_group_tags``"
_SPAN_CLOSE = re.compile(r"[`*_]*()")  # (its empty group: no "option" said)
_PARAMETER_BEFORE = re.compile(r"\b(?:parameter|argument|keyword|kwarg|option)s?\W*$", re.I)
_VERSION_WORD = re.compile(r"v\d+")  # `v4`: a protocol's or an API's version
_SECTION_CALL = re.compile(r"(?<![\w`])(?:\w+\.)*(\w+)\(")  # a call of an example
# built-in functions a class supports through a dunder, which Sphinx pages document as
# `.. method:: len(d)`
_OPERATIONS = frozenset(
    {"len", "iter", "reversed", "str", "repr", "hash", "bool", "abs", "next", "bytes", "round"}
)
_GROUP_WORDS = re.compile(r"\bgroups?\b|\bentry[- ]?points?\b", re.I)
_FILE_NAME = re.compile(r"^[\w.-]+\.[A-Za-z0-9]{1,10}$")
# parts of a web host's name: `pkg.readthedocs.io`, `semver.org` in a sentence
_WEB_PARTS = frozenset(
    {"org", "com", "net", "io", "dev", "edu", "gov", "info", "app", "page", "site", "cloud"}
    | {"readthedocs", "github", "gitlab", "pypi", "herokuapp", "netlify", "helpmanual", "www"}
)
# a host name: a dotted name ending in a generic top-level domain no module is named like
_HOST = re.compile(r"(?:[a-z0-9-]+\.)+(?:com|org|net|gov|edu)")
# "on the domain `ivre.rocks`", "the website `pkg.dev`": a host the words call one
_HOST_WORDS = re.compile(
    r"\b(?:domain|website|web\s+site|site|host(?:name)?|url|server|address)\s*[`*_]*$", re.I
)
# a program's name with hyphens (`pyppeteer-install`, `restructuredtext-lint`)
_HYPHENATED = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)+")
# Extensions no Python attribute is named like: `pkg.pot` is a file, `pkg.load` is not.
_FILE_EXTENSIONS = frozenset(
    {
        # (hats-import's ``collection.properties``; media files an example reads)
        "properties",
        "pickle",
        "jsonld",
        "geojson",
        "mp3",
        "mp4",
        "avi",
        "mkv",
        "tif",
        "tiff",
        "bmp",
        "pot",
        "po",
        "mo",
        "cfg",
        "conf",  # hendrix's `hendrix.conf`, unless a module (or a gone one) has the name
        "ini",
        "toml",
        "lock",
        "txt",
        "md",
        "markdown",
        "rst",
        "adoc",
        "json",
        "jsonl",
        "ndjson",
        "yaml",
        "yml",
        "xml",
        "csv",
        "tsv",
        "html",
        "htm",
        "css",
        "scss",
        "js",
        "mjs",
        "ts",
        "tsx",
        "jsx",
        "png",
        "jpg",
        "jpeg",
        "gif",
        "svg",
        "ico",
        "webp",
        "pdf",
        "db",
        "sqlite",
        "sqlite3",
        "sh",
        "bash",
        "zsh",
        "bat",
        "ps1",
        "pem",
        "crt",
        "py",
        "pyi",
        "pyc",
        "pyx",
        "pxd",
        "pyd",
        "so",
        "dll",
        "dylib",
        "lib",  # a Windows import library (liblsl's `lsl.lib`)
        "sock",  # a unix socket (terracotta's `terracotta.sock`)
        "whl",
        "gz",
        "tgz",
        "bz2",
        "xz",
        "zst",
        "zip",
        "tar",
        "jar",
        "exe",
        "msi",
        "dmg",
        "deb",
        "rpm",
        "ipynb",
        "parquet",
        "pkl",
        "npy",
        "npz",
        "h5",
        "hdf5",
        "wasm",
        "cpp",
        "hpp",
        "j2",
    }
)
# systemd's unit files (benchexec's `benchexec.slice`), written in lower case: the class
# `nameko.timers.Timer` is no `.timer` unit
_UNIT_SUFFIXES = frozenset({"service", "socket", "slice", "timer", "mount"})
# words that put the name after them in the past: "the old", "formerly", "replaces the
# deprecated", "renamed from"
_OLD_WORDS = re.compile(
    r"\b(?:old|older|former|formerly|deprecated|previously|legacy|obsolete"
    r"|renamed\s+from|replaces|was\s+called|used\s+to\s+be(?:\s+called)?"
    r"|no\s+longer\s+(?:supports?|accepts?|provides?|has)"  # "no longer supports the `--x`"
    r"|there\s+(?:is|are)\s+no(?:\s+(?:separate|such|longer\s+an?|other))?)"  # "there is no `x`"
    r"(?:\s+(?:the|a|an))?\s*$",
    re.IGNORECASE,
)
# "`goget`, not `go_get`": a name the page disowns ("use `a` instead of `b`" does not: it
# tells the reader both exist)
_DISOWNED = re.compile(r"`\s*,\s*not\s*$", re.I)
# "is renamed `old` to `new`": the name between is the old one (not after "renamed to")
_RENAMED_BEFORE = re.compile(r"\b(?:is|was|were|been|are)\s+renamed$", re.IGNORECASE)
_TO_AFTER = re.compile(r"^[`*_~]*(?:\(\))?[`*_~]*\s+to\b")
_GONE_AFTER = re.compile(
    # the rest of a list a verb of removal speaks of: "`-m`/`--models`/`--model` which are
    # deprecated" (not "``sweeps_0`` and ``root`` are extracted from the file")
    r"^[`*_~]*(?:\s*(?:/|,|,?\s*\b(?:or|and)\b)\s*`+[^`]+`+)+\s+(?:(?:which|that)\s+)?"
    r"(?:was|were|has\s+been|have\s+been|is|are)\s+(?:\w+ly\s+)?"
    r"(?:removed|dropped|deleted|deprecated|retired|eliminated|superseded)\b"
    r"|^[`*_~]*(?:\(\))?[`*_~]*\s+(?:(?:class|method|function|module|exception|attribute)s?\s+)?"
    r"(?:etc\.?\s+)?"  # "minimalmodbus.BAUDRATE etc were removed in version 1.0"
    r"(?:(?:which|that)\s+)?"  # "``models.Cellpose`` class which has been removed in 4"
    r"(?:was|were|has\s+been|have\s+been|is|are)\s+(?:\w+ly\s+)?"
    r"(?:removed|extracted|dropped|deleted|integrated|moved|merged|renamed|replaced|retired"
    r"|eliminated|deprecated|superseded)\b"
    r"|^[`*_~]*(?:\(\))?[`*_~]*\s+(?:is|are)\s+(?:gone|no\s+longer\s+(?:available|supported"
    r"|accepted|valid|recogni[sz]ed))"
    r"|^[`*_~]*(?:\(\))?[`*_~]*\s+no\s+longer\s+(?:exists?|works?|breaks?)\b"
    # "the ``get_view`` function doesn't really exist": a name for an idea, said so
    r"|^[`*_~]*(?:\(\))?[`*_~]*\s+(?:\w+\s+)?(?:do(?:es)?n['\u2019]t|do(?:es)?\s+not)"
    r"\s+(?:really\s+|actually\s+)?exist\b",
    re.IGNORECASE,
)
# what markup ends the words before a span with: "**The module is renamed** ``", ":class:`~"
_MARKUP_END = re.compile(r"[\s`*_~@]*(?::[\w:-]+:[`*_~@]*)?\s*$")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")
_BUILTIN_NAMES = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | {"self", "cls"}


# a call inside the syntax around it: awaited, entered, or shown with its return annotation
_WRAPPED_CALL = re.compile(
    r"(?:await|(?:async )?with) ([\w.]+\(.*\))(?: as \w+)?:?"
    r"|([\w.]+\(.*\)) -> [\w.\[\], |]+"
)
_RELEASE_SERIES = re.compile(r"^v?\d+(?:\.(?:\d+|x|\*))*\.(?:x|\*)$")
# what follows a name to make it a release: `1.0.0`, `v2.1`, `2.0a1`, `>= 1.4`
_VERSION_WORDS = re.compile(r"(?:[<>=!~]=?\s*)?v?\d+(?:\.\d+)+[\w.+-]*|v\d+")


# "`Protocol.instruction` methods": the span names a kind, the plural after it the members
_FAMILY_AFTER = re.compile(r"^[`*_]*\s+(?:methods|functions|helpers|classes|instructions)\b")
# "``A.plot_swath()`` and ``A.plot_map()`` functions": the last span of a list, whose plural
# counts the spans
_LISTED_BEFORE = re.compile(r"(?:,|\band|\bor)\s*[`*_]*$")


class Resolver(MemberChecks, UnknownNames):
    """Resolve references against one project index; reusable across documents and drafts."""

    def __init__(
        self, index: ProjectIndex, ignore: Sequence[str] = (), former: Former | None = None
    ) -> None:
        self.index = index
        self.former = former  # names the code once had: a bare old name is stale, not a word
        self.names = index.names
        self._strings: set[str] = set()  # string literals of the current document's examples
        self._added: set[str] = set()  # members its examples' subclasses define
        self._registered: set[str] = set()  # functions its examples hand to a decorator
        self._stars: list[str] = []  # modules its examples import with `*`
        self._bindings = Bindings()  # what the current document's examples bound
        self._failed: list[str] = []  # names its imports failed to find, so far
        self._placeholders: set[str] = set()  # the parameter names its call sketches write
        self._plugged = False  # whether its examples import a plugin of the package
        self._lines: list[str] = []  # its text
        self._guessed_root = False  # while a name the page never bound is taken for ours
        self._values: set[str] | None = None  # the current page's strings given as values
        self.ignore = tuple(ignore)
        # the patterns as one expression, compiled once rather than per reference and tail
        self._ignore_re = (
            re.compile("|".join(fnmatch.translate(p) for p in self.ignore)) if ignore else None
        )
        self.links = LinkResolver(index, ignore, self._dotted)
        self.cli = CliClaims(index, self._dotted, former)
        self.env = EnvClaims(index, former)
        self._quiet_of = ("", False)  # (page, whether it never speaks of the environment)
        # the instances the examples of the project's pages bind, each name to the classes
        # it is made from (`term = Terminal()` on every page that binds `term`; `huey =
        # RedisHuey()` here, `SqliteHuey()` there), None once one imports it from the project
        self._conventions: dict[str, list[str] | None] = {}
        # the names the pages' own Python directives declare: a role naming one is answered
        # by the directive, whose line carries the finding if the code lacks the name
        self._declared: set[str] = set()
        self._exports: dict[str, set[str | None]] = {}  # see `_exported`
        self._foreign_words: set[str] = set()  # names of the pages' other-language blocks
        # per page, the top-level names of the Python files it shows with `literalinclude`:
        # the page's own example code, which its later lines call (`await main()`)
        self._included: dict[str, set[str]] = {}
        # per page, the functions and classes its examples define anywhere on it: a call
        # written before the definition (python-irodsclient's `get_collection(...)` above its
        # `def`) is of the page's own
        self._page_defined: dict[str, set[str]] = {}

    def remember(self, doc: Document, text: str) -> None:
        """Learn what a page gives the others: its anchors and includes (for links), and the
        instances its examples bind, which a page that uses `term` without binding it means."""
        self.links.remember(doc, text)
        self._foreign_words |= doc.foreign_words
        for ref in doc.references:
            if ref.context == "literalinclude" and ref.text.strip().endswith(".py"):
                shown = self._included.setdefault(doc.path, set())
                shown |= self.index.top_level_names(doc.path, ref.text.strip())
        self._page_defined[doc.path] = set(doc.bindings.defined)
        for ref in doc.references:  # `.. class:: FactoryOptions` under `.. module:: factory`
            if ref.context.startswith("directive"):
                self._declared.add(ref.text.partition("(")[0])
        for name, (origin, instance) in doc.bindings.origins.items():
            seen = self._conventions.setdefault(name, [])
            if seen is None or self._readers(origin, instance):
                continue  # `from tasks import huey`: the reader's, of a class unsaid
            if instance:
                if origin not in seen:
                    seen.append(origin)  # `huey = RedisHuey()`
            elif name not in self.names.packages:
                # `from flask import session`: a project object whose class the page does not
                # say; the package's own name stays the instance the other pages make
                self._conventions[name] = None

    def _readers(self, origin: str, instance: bool) -> bool:
        """Whether an example's binding says nothing of the project's classes: imported from
        a module that is not the project's (the reader's `from tasks import huey`)."""
        return not instance and self.names.lookup(origin) is None

    def _exported_one(self, name: str) -> str | None:
        """The one object the project's packages export as `name`, or its one callable."""
        exported = self._exported(name) - {None}
        return exported.pop() if len(exported) == 1 else self._free_target(name)

    def _declared_by_docs(self, ref: Reference) -> bool:
        """Whether a role names what a page's directive declares (``:attr:`factory.
        FactoryOptions.model``` under `.. class:: FactoryOptions`), exactly or as its end."""
        name = ref.text
        return name in self._declared or any(d.endswith(f".{name}") for d in self._declared)

    def _conventional(self, ref: Reference, doc: Document) -> Reference | None:
        """`term.inkey(timeout=3)` on a page that never binds `term`: the instance the pages
        that bind it bind (`term = Terminal()`), when that is the project's class.

        Bound to several classes (`huey = RedisHuey()`, `huey = SqliteHuey()`), the name is
        the one whose class has the member. A name spelled like the package (`huey.signal`)
        is the instance only where the package has no such member: the import was left out.
        """
        root, dot, rest = ref.text.partition(".")
        context = ref.context.split("|")[0]
        if not dot or context not in {"call", "attr", "value", "store"}:
            return None
        if root in doc.bindings.local:
            return None
        names = self.names
        package = root in names.packages
        if not package and any(
            origin.startswith(f"{root}.") and not instance
            for origin, instance in doc.bindings.origins.values()
        ):
            return None  # flexx's `from foo import func1`: a module the page imports from
        if package and (names.lookup(ref.text) is not None or names.external(ref.text)):
            return None
        origins = self._conventions.get(root) or []
        if (bound := doc.bindings.origins.get(root)) and not self._readers(*bound):
            # the page binds it, in a later block than this use: its own binding says
            origins = [bound[0]] if bound[1] else []
        # `huey = RedisHuey()` with the import left out: the `RedisHuey` the package exports
        found = [o if names.lookup(o) is not None else self._exported_one(o) for o in origins]
        origins = [o for o in found if o is not None and not names.external(o)]
        member = rest.split(".")[0]
        having = [o for o in origins if names.chain_step(o, member)[1] is not None]
        if having or (origins and (package or len(origins) == 1)):
            origin = (having or origins)[0]
            return replace(ref, text=f"{origin}.{rest}", context=f"instance-{ref.context}")
        return None

    def resolve_document(self, doc: Document) -> list[Outcome]:
        """Resolve every reference of a parsed document, in order.

        An import that fails is reported once: the uses of the name it binds are then not
        checked (`ShortUUIDField(...)` after `from pkg.gone import ShortUUIDField`).
        """
        self._failed = failed = []
        self._values = None
        self._lines = doc.lines
        # `import agatesql` (a package named for ours, not ours): a plugin, which may add
        # members to the project's classes (`agate.Table.from_sql`) on this page
        self._plugged = any(
            root != package and root.startswith(package) and root not in self.names.packages
            for root in {o.split(".")[0] for o, _ in doc.bindings.origins.values()}
            for package in self.names.packages
        )
        # the names the page's call sketches take (``srange(range_spec)``): its placeholders
        self._placeholders = {
            name
            for ref in doc.references
            if ref.kind == "code" and (call := SKETCH.match(ref.text.strip()))
            for name in sketch_names(call.group(1))
        }
        # and the words a plain block's synopsis brackets (amitools' `pack <volume_dir>
        # [blkdev_size]`): the arguments a command line gives, named so in the prose
        self._placeholders |= {
            name
            for line in doc.plain_lines
            if _SYNOPSIS.match(line)
            for name in _BRACKETED.findall(line)
        }
        outcomes = []
        for ref in [*doc.references, *self._own_plain_commands(doc)]:
            if ref.kind == "python" and self._from_failed(ref.text):
                # yake's `from yake.highlight import TextHighlighter` where the class lives
                # in `yake.core.highlight`: the import is the finding, and the uses are
                # still checked against the one class of that name
                found = self._failed_stands_for(ref.text)
                if found is None:
                    outcomes.append(Outcome("ignored", ref))
                    continue
                outcome = self.resolve(replace(ref, text=found), doc)
                at = outcome.reference.line  # (a keyword's own line, below the call's)
                outcomes.append(replace(outcome, reference=replace(ref, line=at)))
                continue
            meant = self._conventional(ref, doc) if ref.kind == "python" else None
            outcome = self.resolve(meant or ref, doc)
            if (
                outcome.status == "unresolved"
                and ref.context.startswith("role:")
                and self._declared_by_docs(ref)
            ):
                outcome = Outcome("ignored", ref)  # the directive that declares it says it
            if meant is not None:  # said as written, on the line the finding points at
                outcome = replace(outcome, reference=replace(ref, line=outcome.reference.line))
            if ref.kind == "import" and outcome.status == "unresolved":
                failed.append(ref.text)
            outcomes.append(outcome)
        outcomes += [o for o in self._stale_prose(doc) if not self._ignored(o.reference.text)]
        outcomes += self._stale_flags(doc)
        moved = gone_files(doc, outcomes, self.former, self.index.exists, self._file_name)
        outcomes += [o for o in moved if not self._kept_as_past(doc, o.reference)]
        return [
            self._table_path(self._hypothetical(self._key_namespace(o, doc), doc), doc)
            for o in outcomes
        ]

    def _table_path(self, outcome: Outcome, doc: Document) -> Outcome:
        """`tool.coverage.xml.output` under "configuration in `pyproject.toml`": the path of
        a TOML table's key, not a Python name (unless `tool` is one of the project's)."""
        ref = outcome.reference
        if outcome.status != "unresolved" or not ref.text.startswith("tool."):
            return outcome
        if "tool" in self.names.packages or ref.kind != "code":
            return outcome
        near = " ".join(doc.lines[max(ref.line - 8, 0) : ref.line])
        return Outcome("ignored", ref) if "pyproject" in near.lower() else outcome

    def _hypothetical(self, outcome: Outcome, doc: Document) -> Outcome:
        """A span a sentence supposes ("if we had `src/pkg/_a.py` and were splitting it into
        `pkg/_a/b.py`"): a name the reader imagines, not one the project claims to have. Or
        a dotted name the sentence gives another program ("git's `core.autocrlf` setting")
        that does not start at one of our packages."""
        ref = outcome.reference
        if outcome.status != "unresolved" or ref.kind not in {"code", "link"}:
            return outcome
        sentence = sentences_around(doc.lines, ref.line, ref.text)[0]
        at = sentence.find(ref.text)
        if supposes(sentence[: max(at, 0)]):
            return Outcome("ignored", ref)
        line = doc.lines[ref.line - 1] if 0 < ref.line <= len(doc.lines) else ""
        after = line[line.find(ref.text) + len(ref.text) :] if ref.text in line else ""
        if foretold(sentence[: max(at, 0)], after):
            return Outcome("ignored", ref)  # "`galois.GR` (future)": named before it exists
        if (
            "." in ref.text
            and not ref.text.endswith(")")  # a call names one function (tropycal)
            and _FAMILY_AFTER.match(after)
            and not _LISTED_BEFORE.search(line[: line.find(ref.text)])
            and "no longer" not in (outcome.message or "")
            and self._a_class(ref.text.rpartition(".")[0])
        ):
            # autoprotocol's "acting on them with `Protocol.instruction` methods": a kind of
            # method the class has many of, no member of that name (while hvac's "`hvac.api.
            # auth.Gcp` methods" names a class by a module path that does not exist)
            return Outcome("ignored", ref)
        root = ref.text.split(".")[0]
        if "." in ref.text and root not in self.names.packages and ref.kind == "code":
            return Outcome("ignored", ref) if self._given_to_another(ref, doc) else outcome
        return outcome

    def _a_class(self, written: str) -> bool:
        """Whether a name as a page writes it is a class of the project: a full path that
        resolves to one, or a short name (`Protocol`) one of its classes has."""
        names = self.names
        if "." in written:
            return names.kind(names.lookup(written) or "") == "class"
        return any(names.kind(full) == "class" for full in names.by_last.get(written, ()))

    def _anothers_flag(self, ref: Reference, text: str, doc: Document) -> bool:
        """Whether a flag the project's parsers lack is another program's, as its sentence
        tells: "nox's `--no-error-on-missing-...` option", "the ``-m`` option to the
        interpreter" (Python's), "adds `--with-ucx` to the list of `configure` options" (the
        build scripts a project drives, a compiler's "special options like `-Ofast`"), or a
        flag the project's shell functions test for (virtualenvwrapper's "option ``-d``")."""
        flag = text.split("=")[0].split()[0]
        sentences = sentences_around(doc.lines, ref.line, text)
        return (
            self._given_to_another(ref, doc)
            or (flag in _PYTHON_FLAGS and _INTERPRETER.search(sentences[0]) is not None)
            or flag in self.index.shell_flags
            or any(_BUILD_SCRIPT.search(s) for s in sentences)
        )

    def _stale_flags(self, doc: Document) -> list[Outcome]:
        """Long flags a page's sentences write without markup ("line wrapping via --wrap")
        that a command of the project took at the documented state and none takes now: stale
        as a span would be. Without a documented state, or while the code takes the flag (or
        a span or example of the page writes it, judged there), a plain word says nothing."""
        if self.former is None:
            return []
        written = {w for ref in doc.references for w in ref.text.replace("=", " ").split()}
        found = []
        for name, line in doc.prose_names.items():
            if not name.startswith("--") or name in written or not self.cli.former_took(name):
                continue
            outcome = self.cli.option(
                Reference("code", name, doc.path, line, "prose-flag"), name, doc
            )
            if outcome.status == "unresolved":
                found.append(outcome)
        return found

    def _own_plain_commands(self, doc: Document) -> list[Reference]:
        """The command lines of the page's plain blocks that run one of the project's
        programs (`nbstripout --dry-run FILE` in an untagged block) or the host it plugs
        into (`pytest --session-timeout=600`): claims as a prompted line would be; other
        programs' lines there are theirs."""
        own = []
        for ref in doc.plain_commands:
            words = ref.text.split()
            if words[0] in PYTHONS and words[1:2] == ["-m"] and len(words) > 2:
                if words[2].split(".")[0] in self.index.packages:
                    own.append(ref)
            elif words[0].rsplit("/", 1)[-1] in self.index.scripts | self.index.hosts:
                own.append(ref)  # or the host it plugs into: `pytest --session-timeout=600`
            elif self.former is not None and self.former.script(words[0].rsplit("/", 1)[-1]):
                own.append(ref)  # a program the project installed and no longer does
        return own

    def _key_namespace(self, outcome: Outcome, doc: Document) -> Outcome:
        """`.. module:: flask_sqlalchemy.config` over `.. data:: SQLALCHEMY_ECHO` entries:
        a module the docs make up to hold the settings' keys the code reads, when every
        entry declared in it is one."""
        ref = outcome.reference
        if outcome.status != "unresolved" or ref.context != "directive":
            return outcome
        keys = [
            r.text.partition("(")[0][len(ref.text) + 1 :]
            for r in doc.references
            if r.context == "directive-in" and r.text.startswith(f"{ref.text}.")
        ]
        if keys and all(k in self.index.key_literals for k in keys):
            return Outcome("ignored", ref)
        return outcome

    def _from_failed(self, dotted: str) -> bool:
        """Whether `dotted` is (or is under) a name an import of this document failed to
        find: that import line is the finding, not every later use of the name."""
        return any(dotted == f or dotted.startswith(f + ".") for f in self._failed)

    def _failed_stands_for(self, dotted: str) -> str | None:
        """`dotted` under a failed import, rewritten from the one public class or function
        of the project that has the imported name; None when none or several have it."""
        failed = next(f for f in self._failed if dotted == f or dotted.startswith(f + "."))
        last = failed.rsplit(".", 1)[-1]
        found = [
            n
            for n in self.names.by_last.get(last, ())
            if self.names.kind(n) in {"class", "function"}
            and n not in self.names.in_tests
            and not private_name(n)
        ]
        return found[0] + dotted[len(failed) :] if len(found) == 1 else None

    def _import_fails(self, dotted: str) -> bool:
        """Whether an example's import of the project's `dotted` finds nothing."""
        return self.names.lookup(dotted) is None and not self.names.external(dotted)

    def resolve(self, ref: Reference, doc: Document) -> Outcome:
        """Resolve one reference in the context of the document it comes from."""
        self._strings = doc.bindings.strings
        self._added = doc.bindings.added
        self._registered = doc.bindings.registered
        self.env.page_reads = doc.script_reads
        if self._quiet_of[0] != doc.path:
            self._quiet_of = (doc.path, not speaks_of_environment(doc.lines))
            self.env.page_suffixes = templated_suffixes(doc.lines)
            self.env.page_names = frozenset(
                m for line in doc.lines for m in UPPER_NAME.findall(line)
            )
        self.env.quiet = self._quiet_of[1]
        self._stars = doc.bindings.star
        self._bindings = doc.bindings
        if self._ignored(ref.text):
            return Outcome("ignored", ref)
        if ref.kind == "link":
            return self.links.link(ref, doc)
        if ref.kind in {"import", "python"}:
            return self._python(ref)
        if ref.kind == "signature":
            outcome = self._signature_excerpt(ref)
            if outcome.status == "ignored" and ref.context.startswith("signature||"):
                # `def get_odoo_args(self, ctx)` copied from a function the code renamed
                return self._once_named(ref, ref.text, f"{ref.text}()") or outcome
            return outcome
        if ref.kind == "command":
            outcome = self.cli.command(ref, ref.text, doc)
            if outcome.status == "unresolved" and of_older_line(doc, ref, self.index.version):
                return Outcome("ignored", ref)  # under "# v0.5.x CI": the older line's flags
            return outcome
        if ref.kind == "setting":
            return self._setting(ref)
        if ref.kind == "env":
            outcome = self.env.claim(ref, ref.text)
            if outcome.status == "unresolved" and self._kept_as_past(doc, ref):
                return Outcome("ignored", ref)  # "`GEOS_LIBRARY_PATH` is no longer supported"
            return outcome
        if ref.context == "heading" and (_PATHLIKE.match(ref.text) or self._file_name(ref.text)):
            return Outcome("ignored", ref)  # a section about a file (`setup.py`), no claim
        if ref.context == "prose":
            outcome = self._prose(ref, doc)
        elif ref.context == "option-list":
            outcome = self._listed_option(ref, doc)
        else:
            outcome = self._code(ref, doc)
        if outcome.status == "ignored" and ref.context != "prose":
            # "the `--repeat-scope` option with one of the next values: `session`, ..."
            outcome = self.cli.listed_choice(ref, doc) or outcome
        if outcome.status == "unresolved" and self._kept_as_past(doc, ref):
            return Outcome("ignored", ref)  # "the old ``trio.MultiError`` type"
        if outcome.status == "unresolved" and _git_config_key(doc, ref):
            return Outcome("ignored", ref)  # git-cola's `cola.color.text`: git's setting
        if outcome.status == "unresolved" and _HOST.fullmatch(ref.text):
            return Outcome("ignored", ref)  # ``api.water.usgs.gov``: a host, no Python name
        if outcome.status == "unresolved" and _hosted(doc, ref):
            return Outcome("ignored", ref)  # "on the domain `ivre.rocks`"
        return outcome

    def _listed_option(self, ref: Reference, doc: Document) -> Outcome:
        """A flag of a reST option list (`--purge, -p   Purge files ...`): a row of the help
        of the project's program the page runs above it, checked as a pasted `--help`'s
        option row is; a flag named alone where the page runs none. Under another program's
        line (stdeb's `python setup.py ... bdist_deb`) the list is that program's: only a
        long flag a command of the project took at the documented state is checked, as a
        sentence's (`_stale_flags`)."""
        program = self.cli.page_program(doc, ref.line)
        if program is None:
            return self._code(ref, doc) if _OPTION.match(ref.text) else Outcome("ignored", ref)
        if not program:
            if ref.text.startswith("--") and self.cli.former_took(ref.text):
                return self.cli.option(ref, ref.text, doc)
            return Outcome("ignored", ref)
        row = replace(ref, kind="command", text=f"{program} {ref.text}", context="help-option")
        return replace(self.resolve(row, doc), reference=ref)

    def _kept_as_past(self, doc: Document, ref: Reference) -> bool:
        """Whether the text keeps the name as one of the past: the words around it say so,
        or it is written for a release line older than the project's ("## v0.5.x")."""
        return _said_old(doc, ref) or of_older_line(doc, ref, self.index.version)

    def _setting(self, ref: Reference) -> Outcome:
        """A key of a `[tool.X]` table a TOML example gives (pytest-watcher's `runner_args`):
        when X is the project, stale if its code had the name at the documented state and has
        it no more. The code may read keys any way (a dataclass' fields, a loop over a
        table), so a key it never named proves nothing."""
        tool = ref.context.lower().replace("_", "-")
        ours = {n.lower().replace("_", "-") for n in (*self.index.packages, *self.index.scripts)}
        if tool not in ours | {self.index.distribution.lower().replace("_", "-")}:
            return Outcome("ignored", ref)
        name = ref.text.replace("-", "_")
        if name in self.names.by_last or name in self.names.parameters or self.index.is_key(name):
            return Outcome("resolved", ref, name)
        if self.index.is_key(ref.text):
            return Outcome("resolved", ref, ref.text)
        # (a key the code spelt as written: `config.get("black-line-length")`)
        gone = self._once_named(ref, name, ref.text) or self._once_named(ref, ref.text, ref.text)
        return gone or Outcome("ignored", ref)

    def _chained_span(self, ref: Reference, text: str) -> Outcome | None:
        """The first member a span's chain (`Client().feedback('x')`) uses that the object it
        made lacks, read as an example that left the import out would be; None when all
        hold or the span is no Python."""
        for kind, name, _, context in python_references(text, Bindings()):
            if "." not in name or not context.startswith("instance"):
                continue
            # the member only: a span names a method with its parentheses (`NLP().analyze()`)
            # without writing the call out, so its arguments are not counted
            context = context.partition("|")[0]
            outcome = self._python(Reference(kind, name, ref.file, ref.line, context))
            if outcome.status == "unresolved":
                return replace(outcome, reference=ref)
        return None

    def _prose(self, ref: Reference, doc: Document) -> Outcome:
        """A dotted name a sentence writes without markup (`pyrsistent.typing`): a claim
        when it starts with the project's package, unless it reads as a web host
        (`pkg.readthedocs.io`, `semver.org`) or a file (`markdown.pl`, `scriv.d`)."""
        parts = ref.text.split(".")
        if parts[0] not in self.index.packages:
            return self._prose_member(ref, parts)
        outcome = self._code(ref, doc)
        tail = parts[-1]
        if outcome.status == "unresolved" and (
            _WEB_PARTS.intersection(parts[1:])
            or (len(tail) <= 3 and tail.islower())
            or self._linked_file(ref, doc)
        ):
            return Outcome("ignored", ref)
        return outcome

    def _prose_member(self, ref: Reference, parts: list[str]) -> Outcome:
        """`Page.J()` in a sentence or a table cell, without markup: a claim only where the
        documented state had that member on the project class of that name and the class
        has it no more (plain words are no claims; see `Former`)."""
        if len(parts) != 2 or not parts[0][:1].isupper():
            return Outcome("ignored", ref)
        head, member = parts
        member = member.partition("(")[0]
        for cls in self.names.by_last.get(head, ()):
            if self.names.kind(cls) != "class" or self.names.member(cls, member) is not None:
                continue
            gone = self._gone_member(ref, cls, member)
            if gone.status == "unresolved":
                return gone
        return Outcome("ignored", ref)

    @staticmethod
    def _linked_file(ref: Reference, doc: Document) -> bool:
        """Whether the line links a file by the very name (`Download [gita.fish](https://
        .../fish/gita.fish)`): the words then name the file."""
        line = doc.lines[ref.line - 1] if 0 < ref.line <= len(doc.lines) else ""
        return re.search(rf"/{re.escape(ref.text)}(?:[)>\s#?`]|$)", line) is not None

    def _ignored(self, text: str) -> bool:
        """Match ignore patterns on the text and its dotted tails (`Cls.meth` in `pkg.Cls.meth`)."""
        if self._ignore_re is None:
            return False
        parts = text.split(".")
        tails = [".".join(parts[i:]) for i in range(len(parts))] if " " not in text else [text]
        return any(self._ignore_re.match(t) for t in tails)

    # -- inline code -------------------------------------------------------------------------

    def _code(self, ref: Reference, doc: Document) -> Outcome:
        # [`model_construct()`](https://docs.pydantic.dev/...): another site's name; a
        # variable or an option stays the project's to read ([`FORCE_COLOR`](https://...))
        elsewhere = ref.context.startswith("href ") and not self.index.own_page(ref.context[5:])
        ref = replace(ref, context="") if ref.context.startswith("href ") else ref
        text = ref.text.strip().rstrip(";,")
        if "://" in text and text.partition(" ")[0] in self.index.scripts and " -" in text:
            # pywhat's `what --rarity 0.2:0.8 https://skerritt.blog`: a command line, whose
            # argument is an address
            return self.cli.command(ref, text, doc)
        if not text or "://" in text or text.startswith("www."):
            return Outcome("ignored", ref)
        if extension := LOAD_EXTENSION.match(text):
            # "`%load_ext pdbr`": IPython imports the module and calls its hook
            hook = f"{extension.group(1)}.load_ipython_extension"
            loaded = self._python(Reference("import", hook, ref.file, ref.line))
            return replace(loaded, reference=ref)
        if inner := _WRAPPED_CALL.fullmatch(text):
            # aiocsv's `await AsyncDictReader.get_fieldnames()`, pyrallis' `with
            # pyrallis.config_type('json'):`, yachalk's `chalk.get_color_mode() -> ColorMode`:
            # the call that is awaited, entered or shown with what it returns
            call = inner.group(1) or inner.group(2)
            called = self._code(replace(ref, text=call.strip()), doc)
            return replace(called, reference=ref)
        if _RELEASE_SERIES.match(text):
            return Outcome("ignored", ref)  # ``v0.x``, ``2.*``: a release series
        if text.startswith("$ "):
            return self.cli.command(ref, text[2:], doc)
        if (readings := alternatives(text)) is not None:
            # `pkg.DEFAULT_GENERATED_LINE|NAME_PATTERNS_TEXT`, `overwrite_(value|factory)()`:
            # names in one; a reading whose every name holds is what the span means
            judged = [[self._code(replace(ref, text=n), doc) for n in names] for names in readings]
            wrong = [[o for o in found if o.status == "unresolved"] for found in judged]
            best = min(range(len(judged)), key=lambda n: len(wrong[n]))
            chosen = wrong[best][0] if wrong[best] else judged[best][0]
            return replace(chosen, reference=ref)
        if (member := _LEADING_DOT.match(text)) and not self._any_member(member.group(1)):
            # ``.maximum(*sequences)``: a method of the objects the page is about, once the
            # project had it and no class has it now
            return self._once_named(ref, member.group(1), text, used=True) or Outcome(
                "ignored", ref
            )
        if member and "(" in text and (owner := self._one_member(member.group(1), _METHODS)):
            # ``.make_sentence(tries=100)``: the one method so named, called with keywords
            called = self._code(replace(ref, text=owner + text[len(member.group(1)) + 1 :]), doc)
            return replace(called, reference=ref)
        if member:
            return Outcome("ignored", ref)
        if _IMPORTED_AS.fullmatch(text) and _IMPORT_BEFORE.search(
            before_span(doc.lines, ref.line, ref.text) or ""
        ):
            text = f"import {text}"  # tidy3d's "import `tidy3d as td`"
        if text.startswith(("import ", "from ")):
            found = [
                self._python(Reference(kind, name, ref.file, ref.line, context))
                for kind, name, _, context in python_references(text, Bindings())
            ]
            bad = [o for o in found if o.status == "unresolved"]
            return bad[0] if bad else (found[0] if found else Outcome("ignored", ref))
        if family := _ENV_FAMILY.match(text):
            after = after_span(doc.lines, ref.line, ref.text) or ""
            if _FILES_AFTER.match(after):
                return Outcome("ignored", ref)  # pyprocar's "the ``PROCAR_*`` files": a glob
            return self.env.family(ref, family.group(1))  # `KEYRING_PROPERTY_{NAME}`
        if start := _ENV_START.match(text):
            # rq-scheduler's "variables prefixed with ``RQ_REDIS_``"
            return self.env.family(ref, start.group(1), alone=True)
        if env := _ENV.match(text.removeprefix("export ").removeprefix("set ").strip()):
            # also ``export TQDM_MININTERVAL=5``
            outcome = self.env.claim(ref, env.group(1), bare=text == env.group(1))
            if outcome.status == "ignored" and text == env.group(1):
                # ``ATX_CLOSED``: no variable the code reads, but a constant it had and lost
                outcome = self._once_named(ref, text, text) or outcome
            value = dotted_value(text) if outcome.status != "unresolved" else None
            return self._code(replace(ref, text=value), doc) if value else outcome
        if env := _ENV_PATH.match(text):
            return self.env.claim(ref, env.group(1))  # kconfiglib's ``$KCONFIG_CONFIG.old``
        if _CAPITAL_WORD.match(text) and self.env.read(text):
            return self.env.claim(ref, text)  # `RADONFILESENCODING`: no underscore
        if (given := _GIVEN_WORD.match(text)) and self.env.read(given.group(1)):
            return self.env.claim(ref, given.group(1))  # `TERM=dumb`, a variable it reads
        if spelled := _SPELLINGS_SPAN.match(text):  # `-i, --idle-time-limit=<sec>`
            found = [self.cli.option(ref, f, doc) for f in spelled.group(1, 2)]
            return next((o for o in found if o.status == "unresolved"), found[-1])
        if _OPTION.match(text):
            if _METASYNTACTIC & set(re.split(r"[-=_/]+", text.lower())):
                return Outcome("ignored", ref)  # `--enable-foo`: the shape of a family
            flag = self.cli.option(ref, text, doc)
            if flag.status == "unresolved" and self._anothers_flag(ref, text, doc):
                return Outcome("ignored", ref)
            return flag
        if text in self.index.scripts:
            return Outcome("resolved", ref, text)  # "the `markdown_py` script"
        named = text.isidentifier() or _HYPHENATED.fullmatch(text) is not None
        if named and not elsewhere and (gone := self.cli.former_program(ref, text, doc)):
            return gone  # (a span linking to another's file names its program: git-extras')
        if "-" in text and named and (gone := self._once_named(ref, text, text)):
            return gone  # `commit-length`, a setting's key the code read and reads no more
        symbol = _SYMBOL.match(text)
        call = text[symbol.end() :] if symbol else ""
        spaced_call = (
            symbol is not None
            and bool(_CALL.match(call) or _made_then_used(call))
            and " " not in symbol[0]
        )
        if (
            symbol is None
            and text[:1] in "{[("
            and text[-1:] in "}])"
            and not TEMPLATE_TAGS.search(text)
        ):
            return self._literal_calls(ref, text, doc)
        if " " in text and not spaced_call and (assigned := _ASSIGNED.match(text)):
            return self._assigned(ref, assigned.group(1), doc)
        if (bare := _BARE_KEYWORD.match(text)) and (
            gone := self._gone_keyword(ref, bare.group(1), doc)
        ):
            return gone
        if (" " in text or _KEYWORD.match(text)) and (setting := _SETTING.match(text)):
            # ``parallel_extract = False`` in a config file: a setting the code once had;
            # ``allow_network=False``: a keyword a function of the documented state took
            gone = (
                self._once_named(ref, setting[1], setting[1])
                or self._gone_setting(ref, setting[1])
                or self._gone_keyword(ref, setting[1], doc)
                or self._gone_titled_member(ref, setting[1], doc)
            )
            if gone is not None:
                return gone
        if " " in text and not spaced_call:
            first, _, rest = text.partition(" ")
            if _VERSION_WORDS.fullmatch(rest.strip()):
                return Outcome("ignored", ref)  # "From `dateparser 1.0.0` on": a release
            if (
                first in self.index.scripts
                or first.removesuffix(".py") in self.index.scripts  # the file it runs
                or first in PYTHONS
                or self.cli.was_script(first)
                or self.cli.git_command(text) is not None
            ):
                return self.cli.command(ref, text, doc)
            if first in _PLACEHOLDER_PROGRAMS:
                return self._placeholder_command(ref, text, doc)
            return Outcome("ignored", ref)
        if elsewhere:
            return Outcome("ignored", ref)
        if (
            (_PATHLIKE.match(text) or self._file_name(text))
            and ("/" in text or self.names.lookup(text) is None)
            # (contexttimer's `contexttimer.timer`, a function renamed, is no systemd unit)
            and not ("/" not in text and self.former is not None and self.former.had(text))
        ):
            return self.links.path(ref, text, doc)  # `config.json`, unless a module has that name
        if symbol is None:
            return Outcome("ignored", ref)
        rest = call
        made = _made_then_used(rest) if rest else None
        if made is not None:
            # ``Authentication(username, password).session_id``: the call is checked, and
            # then what the chain uses of what it made (yagmail's `Client().feedback('x')`,
            # which `_CALL` alone would read as one call)
            the_call = self._code(replace(ref, text=symbol[0] + made), doc)
            if the_call.status == "unresolved":
                return replace(the_call, reference=ref)
            return self._chained_span(ref, text) or replace(the_call, reference=ref)
        if rest and not _CALL.match(rest):
            return Outcome("ignored", ref)
        name = symbol.group(1)
        owner, dot, last = name.rpartition(".")
        if (
            ref.context.startswith("directive")
            and dot
            and last in _OPERATIONS
            and self.names.lookup(name) is None
        ):
            # `.. method:: len(d)` under `.. class:: MultiDict`: the operation the class's
            # `__len__` gives, which it must have (unless it has a method so named: `next`)
            name, rest = f"{owner}.__{last}__", ""
        # a table's heading names the project's callable, never a name the examples rebind
        scope = Document(doc.path) if ref.context == "argument-table" else doc
        outcome = self._symbol(ref, name, scope, called=bool(rest))
        if (
            outcome.status == "ignored"
            and text.startswith("@")
            and not rest
            and (gone := self._function_gone(ref, name))
        ):
            return gone  # ``@timer``, a decorator the documented state defined, renamed
        if outcome.status == "unresolved" and rest in {"(s)", "(es)"}:
            return Outcome("ignored", ref)  # `doc(s)`, `file(s)`: a word and its plural
        if outcome.status == "unresolved" and not rest and self._argument_on_page(name, doc):
            return Outcome("ignored", ref)  # `Procfile.dev`, given as `-f Procfile.dev`: a file
        if outcome.status == "unresolved" and MAN_SECTION.match(rest):
            return Outcome("ignored", ref)  # `kqueue(2)`: a manual page, not a call
        if outcome.status == "unresolved" and (namesake := self._namesake_member(name)):
            return Outcome("resolved", ref, namesake)
        if ref.context == "argument-table" and outcome.status != "resolved":
            return Outcome("ignored", ref)  # the heading names the callable: its finding
        if ref.context.startswith("directive") and outcome.status == "unresolved":
            body = " ".join(doc.lines[ref.line : ref.line + 6])
            if _DOCS_ONLY.search(body) and not self._once_named(ref, name, name):
                # mutagen's `.. class:: fspath()`: "This type only exists for documentation
                # purposes"; `.. function:: PaddingFunction(info)`: "A function you can
                # implement": a name the docs make up to describe what the reader gives
                return Outcome("ignored", ref)
            if "." not in name and not self._once_named(ref, name, name):
                return Outcome("ignored", ref)  # `.. function:: my_stop(retry_state)`: a shape
            owner = self.names.lookup(name.rpartition(".")[0])
            if (
                ref.context == "directive-in"
                and owner is not None
                and self.names.kind(owner) == "class"
                and self.names.probes_hooks(owner)
                and not self._once_named(ref, name.rpartition(".")[2], name)
            ):
                # misaka's `.. py:method:: blockcode(text, lang='')` under `BaseRenderer`,
                # which calls the ones a subclass defines: a hook, no method of the base
                return Outcome("ignored", ref)
            if (
                ref.context == "directive-in"
                and self._symbol(ref, name.rpartition(".")[0], scope, called=False).status
                != "resolved"
            ):
                # the `.. module::` line says the module is gone; a class named bare where
                # the page sets no module (`.. class:: Benchmark`) is the project's class
                return Outcome("ignored", ref)
        method = self._one_member(name) if ref.context == "directive-member" else None
        if method is not None:
            # `.. py:method:: best_prefix([system=None])`: the method, not a function so named
            outcome = Outcome("resolved", ref, method)
        if not rest or _SELF_FIRST.match(rest):
            return outcome  # `strikethrough(self, text)` is a method's signature, not a call
        written = self._bracket_sketch(outcome, rest) or _span_arguments(rest)
        if method is None and self._ambiguous(name):
            # `load(path, strict=True)` when two classes have a `load`: whose? Only when no
            # class owns them (blessed's `Terminal` and its Windows twin) is it a problem that
            # the call fits none of them
            alike = self.names.by_last.get(name, [])
            if outcome.status != "resolved" or any(
                self.names.kind(f) in MEMBER_KINDS for f in alike
            ):
                return outcome
            checked = [self._sketched(Outcome("resolved", ref, f), name, written) for f in alike]
            return checked[0] if all(o.status == "unresolved" for o in checked) else outcome
        target = outcome.target or ""
        if (
            "." not in name
            and self.names.library
            and target not in self.names.library
            and self.names.kind(target) in MEMBER_KINDS
        ):
            # apptools' `undo(sequence_nr=0)` (pyface's, which it re-exports): a bare
            # method name that only an example's or a test's class defines is no claim on
            # that method's parameters
            return outcome
        return self._sketched(outcome, name, written)

    def _literal_calls(self, ref: Reference, text: str, doc: Document) -> Outcome:
        """A literal the span writes (``{'01:23': NetworkInterface('01:23')}``, ``[Rule(1)]``):
        the calls of project names in it are claims, each checked as a span of its own (a
        template's ``{{ secret('slug') }}``, which parses as a set, is none)."""
        try:
            tree = ast.parse(text, mode="eval")
        except (SyntaxError, ValueError):
            return Outcome("ignored", ref)
        if not isinstance(tree.body, ast.Dict | ast.List | ast.Tuple | ast.Set):
            return Outcome("ignored", ref)
        outcomes = [
            self._code(replace(ref, text=segment), doc)
            for node in ast.walk(tree.body)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and (segment := ast.get_source_segment(text, node))
        ]
        wrong = [o for o in outcomes if o.status == "unresolved"]
        chosen = wrong[0] if wrong else next((o for o in outcomes if o.status == "resolved"), None)
        return replace(chosen, reference=ref) if chosen else Outcome("ignored", ref)

    def _namesake_member(self, name: str) -> str | None:
        """`tockloader.open()` in tockloader's docs: the package's name written for an
        instance of its class so named (`TockLoader`), whose method it is; climlab's
        `process.state`, the module `climlab.process` named for a `Process`. None when no
        class of that name has the member."""
        head, _, attr = name.partition(".")
        if not attr or "." in attr:
            return None
        if head not in self.index.packages and not any(
            self.names.kind(f) == "module" for f in self.names.find(head)
        ):
            return None
        for last, fulls in self.names.by_last.items():
            if last.lower() != head.lower():
                continue
            for full in fulls:
                member = self.names.member(full, attr) if self.names.kind(full) == "class" else None
                if member is not None:
                    return member
        return None

    def _sketched(
        self,
        outcome: Outcome,
        name: str,
        written: tuple[tuple[str, int | None, tuple[str, ...]] | None, tuple[str, ...]] | None,
    ) -> Outcome:
        """Check a span's call against the callable `outcome` found."""
        args = written[0] if written else None
        if written and args and self._keyword_sketch(outcome.target, written[1]):
            args = (args[0], None, args[2])
        if written and (renamed := self._sketched_parameter(outcome, name, written[1])):
            return renamed
        return self._called(outcome, name, args)

    def _sketched_parameter(
        self, outcome: Outcome, name: str, sketched: tuple[str, ...]
    ) -> Outcome | None:
        """simplefix's ``get(tag, nth)``: a sketch whose names were all the callable's
        parameters at the documented state names them; one it takes no more is stale."""
        target = outcome.target
        old = self._former_keywords(target) if outcome.status == "resolved" and target else None
        if not old or not sketched or not set(sketched) <= old:
            return None
        gone = [p for p in sketched if not self._takes(target, p)]
        if not gone:
            return None
        now = self.names.callee(target)
        params = [p.name for p in now.parameters] if now is not None else []
        return Outcome(
            "unresolved",
            outcome.reference,
            message=f"`{name}({', '.join(sketched)})`: `{gone[0]}` is no longer a parameter "
            f"of `{name}()`",
            suggestions=tuple(difflib.get_close_matches(gone[0], params, n=3)),
        )

    def _bracket_sketch(
        self, outcome: Outcome, rest: str
    ) -> tuple[tuple[str, int | None, tuple[str, ...]], tuple[str, ...]] | None:
        """`Halo([text|text_color|spinner|placement])`: a signature sketched with optional
        parts in brackets, each name a parameter the callable takes. Only when one of them
        is, so `run([options])` (a placeholder) claims nothing."""
        match = _BRACKETS.match(rest)
        if match and not ("|" in rest or "[," in rest.replace(" ", "") or rest.startswith("([")):
            match = None  # `(items[0])`, `(data[key])`: a subscript, not optional parts
        function = self.names.callee(outcome.target) if match and outcome.target else None
        if function is None or match is None:
            return None
        names = tuple(dict.fromkeys(re.findall(r"[A-Za-z_]\w*", match[1])))
        params = {p.name for p in function.parameters}
        if len(names) < 2 or not params & set(names):
            return None
        return ("call", None, names), ()

    def _keyword_sketch(self, target: str, sketched: tuple[str, ...]) -> bool:
        """`load(in_data, many)` for `load(data, *, many=None)`: a sketch that lists a
        keyword-only parameter among the positional names says nothing about arity."""
        definition = self.names.definition(target) if sketched else None
        params = definition.parameters if isinstance(definition, Function) else ()
        keyword_only = {p.name for p in params if p.kind in {"keyword_only", "var_keyword"}}
        return bool(keyword_only & set(sketched))

    def _assigned(self, ref: Reference, value: str, doc: Document) -> Outcome:
        """`html = markdown_path(PATH)`: the call is the claim when it names the project's
        code (a name it has or had); `console = Console()` in prose may sketch any library."""
        root = value.split("(")[0].split(".")[0]
        names = self.names
        if root in names.packages or root in names.by_last:
            return self._code(replace(ref, text=value), doc)
        gone = self._once_named(ref, root, value)
        return gone or Outcome("ignored", ref)

    def _gone_setting(self, ref: Reference, name: str) -> Outcome | None:
        """A setting the documented state kept as a class attribute (`Config.parallel_extract`,
        which a config file's keys set) that the class has no more: stale, though the code
        may still spell the word elsewhere (an option's `dest="parallel_extract"`)."""
        old = self.former.get(name) if self.former is not None else None
        owner = old[0].rpartition(".")[0] if old else ""
        if old is None or self.names.kind(owner) != "class":
            return None
        if self.names.member(owner, name) is not None:
            return None
        return Outcome(
            "unresolved",
            ref,
            message=f"`{name}` is no longer a setting of `{owner.rpartition('.')[2]}` "
            f"(`{old[0]}` at {old[1]})",
            suggestions=tuple(difflib.get_close_matches(name, self.names.member_names(owner))),
        )

    def _gone_titled_member(self, ref: Reference, name: str, doc: Document) -> Outcome | None:
        """ec2-metadata's ``private_hostname : str`` title under the ``EC2Metadata(...)``
        title: an attribute of the class the enclosing section documents, which the class had
        at the documented state and has no more (another class may keep the name)."""
        if self.former is None or not doc.rst:
            return None
        owner = section_class(doc.lines, ref.line)
        found = self.names.find(owner) if owner else []
        cls = found[0] if len(found) == 1 and self.names.kind(found[0]) == "class" else None
        if cls is None or self.names.member(cls, name) is not None:
            return None
        where = self.former.had(f"{cls}.{name}")
        if where is None:
            return None
        return Outcome(
            "unresolved",
            ref,
            message=f"`{name}` is no longer a member of `{owner}` (`{cls}.{name}` at {where})",
            suggestions=tuple(difflib.get_close_matches(name, self.names.member_names(cls))),
        )

    def _gone_keyword(self, ref: Reference, name: str, doc: Document) -> Outcome | None:
        """A keyword the one project callable the sentence names that took it at the
        documented state takes no more: "Pass `show_search_hint=True` to the `TerminalMenu`
        constructor", "passing `sort_field=` to `Note()`" beside other names (another
        function may still take a keyword so named, so the word alone proves nothing)."""
        former = self.former
        if former is None:
            return None
        sentence, _ = sentences_around(doc.lines, ref.line, ref.text)
        named = {
            found[0]
            for span in CODE_SPAN.findall(sentence)
            if span.strip() not in {ref.text.strip(), name}  # (the attribute it sets)
            and len(found := self.names.find(span.strip().removesuffix("()"))) == 1
            and (function := self.names.callee(found[0])) is not None
            and (old := former.keywords(function.fullname)) is not None
            and name in old[0]
        }
        if not named and not self._shipped_parameter(name):
            # async-lru's "``typed=True`` ..." in a sentence naming no callable: the one public
            # function that lost the keyword, when no function takes it now and the page
            # names that function somewhere
            lost = self._refusing(name)
            short = lost[0].rsplit(".", 1)[-1] if len(lost) == 1 else ""
            if short and any(short in line for line in doc.lines):
                named = {lost[0]}
        if len(named) != 1:
            return None
        target = named.pop()
        problem = self.names.check_call(target, (name,)) or self._keyword_gone(target, (name,))
        if problem is None:
            return None
        return Outcome("unresolved", ref, message=problem.message, suggestions=problem.suggestions)

    def _placeholder_command(self, ref: Reference, text: str, doc: Document) -> Outcome:
        """`command -- --interactive`: a library's docs run "your program" built with it, so
        the flags are the library's own (python-fire's), checked as flags in prose are."""
        flags = [w for w in text.split()[1:] if w.startswith("-") and w.strip("-")]
        outcomes = [self.cli.option(ref, flag, doc) for flag in flags]
        bad = next((o for o in outcomes if o.status == "unresolved"), None)
        if bad is not None:
            return bad
        return next((o for o in outcomes if o.status == "resolved"), Outcome("ignored", ref))

    def _ambiguous(self, name: str) -> bool:
        """A bare name several project objects have and none of them a module's own (two
        classes' `load`): which signature is meant is not known."""
        if "." in name:
            return False
        found = self.names.by_last.get(name, ())
        top = [f for f in found if self.names.kind(f) not in MEMBER_KINDS]
        return len(found) > 1 and len(top) != 1

    def _any_member(self, name: str) -> bool:
        """Whether some project class (or module) still has a member of this name."""
        return bool(self.names.by_last.get(name))

    def _one_member(self, name: str, kinds: Set[str] = MEMBER_KINDS) -> str | None:
        """The one method (or attribute) of a project class with this name, if only one;
        `kinds` narrows what counts (methods only, for a call)."""
        found = [f for f in self.names.by_last.get(name, ()) if self.names.kind(f) in kinds]
        return found[0] if len(found) == 1 else None

    def _function_gone(self, ref: Reference, name: str) -> Outcome | None:
        """A function the page calls that the documented state defined, once only members
        (or nothing) go by its name: colorclass' ``set_light_background()`` beside a class's
        method of that name; contexttimer's `@timer(...)` beside `Timer(timer=...)`'s
        parameter and attribute."""
        index = self.names
        if self.former is None or any(
            index.kinds[n] not in MEMBER_KINDS for n in index.by_last.get(name, ())
        ):
            return None
        gone = self.former.function_gone(name, index.kinds)
        if gone is None:
            return None
        return Outcome(
            "unresolved",
            ref,
            message=f"`{name}()` is no longer a function of the project (`{gone[0]}` at "
            f"{gone[1]}){'; only a member is so named now' if index.by_last.get(name) else ''}",
            suggestions=tuple(difflib.get_close_matches(name, self.names.short_names, n=3)),
        )

    def _file_name(self, text: str) -> bool:
        """`messages.pot`, `setup.cfg`, `app.log`: a file's name, not a module's attribute."""
        stem, dot, ext = text.rpartition(".")
        if not dot or not stem or not _FILE_NAME.match(text):
            return False
        # also a shipped file written with dots: `Cheetah.Templates.SkeletonPage.tmpl`
        as_path = text.replace(".", "/", text.count(".") - 1)
        return (
            ext.lower() in _FILE_EXTENSIONS
            or ext in _UNIT_SUFFIXES
            or text in self.index.basenames
            or as_path in self.index.files
        )

    def _symbol(self, ref: Reference, shown: str, doc: Document, *, called: bool) -> Outcome:
        outcome = self._symbol_path(ref, shown, doc, called=called)
        if (
            ref.context in {"role:meth", "role:attr"}
            and outcome.status == "resolved"
            and "." not in shown
            and self.names.kind(outcome.target) == "module"
        ):
            # ``:meth:`bench_time_func``` names a method, never the example script of that
            # name (`doc/examples/bench_time_func.py`): the one member so named, or none
            member = self._one_member(shown)
            if member is not None:
                return Outcome("resolved", ref, member)
            return self._once_named(ref, shown, shown, used=True) or Outcome(
                "unresolved", ref, message=f"`{shown}` is not a method or attribute of the project"
            )
        if outcome.status == "unresolved" and ":" in shown:
            if self._names_each(shown):
                # `sudo:no_command`: a list of the project's modules (thefuck's rules), not
                # `module:attribute`
                return Outcome("ignored", ref)
            if self._directive_comment(shown):
                return Outcome("ignored", ref)
        if outcome.status == "unresolved" and self._entry_group(ref, shown, doc):
            return Outcome("ignored", ref)
        if (
            outcome.status == "unresolved"
            and "." in shown
            and shown.split(".")[0] not in self.names.packages
            and shown in self._page_strings(doc)
        ):
            # ``samp.app.echo`` beside `get_subscribed_clients("samp.app.echo")`: a message
            # type the examples pass as a value, not a path from a subpackage (`pyvo.samp`)
            return Outcome("ignored", ref)
        return outcome

    def _entry_group(self, ref: Reference, shown: str, doc: Document) -> bool:
        """An entry-point group the project fills, or, where the text speaks of groups, a
        placeholder for one of a family ("the entry point group is ``versioningit.STEP``"
        beside `versioningit.vcs` and `versioningit.tag2version`; `pkg.MODE` elsewhere is
        a constant claimed)."""
        groups = self.index.entry_groups
        if shown in groups:
            return True
        head, dot, last = shown.rpartition(".")
        if not (dot and capitals(last) and sum(g.startswith(f"{head}.") for g in groups) > 1):
            return False
        near = " ".join(doc.lines[max(ref.line - 2, 0) : ref.line])
        return bool(_GROUP_WORDS.search(near))

    def _directive_comment(self, shown: str) -> bool:
        """`isort:skip`, `isort:skip_file`: the text of a comment the tool obeys, named after
        it, not `module:attribute`: the project's module has nothing near the word, and the
        documented state had nothing so named."""
        module, _, word = shown.partition(":")
        if "." in module or module not in self.names.packages or not word.isidentifier():
            return False
        if self.former is not None and self.former.get(word) is not None:
            return False
        # a private module (`_traceback`) is no public name `eliot:traceback` could mean
        members = sorted(m for m in self.names.member_names(module) if not m.startswith("_"))
        return not difflib.get_close_matches(word, members, n=1, cutoff=0.8)

    def _names_each(self, shown: str) -> bool:
        """Whether every colon-separated part names one of the project's modules."""
        names = self.names
        return all(
            part in names.packages
            or any(names.kinds[n] == "module" for n in names.by_last.get(part.split(".")[-1], ()))
            for part in shown.split(":")
        )

    def _symbol_path(self, ref: Reference, shown: str, doc: Document, *, called: bool) -> Outcome:
        index = self.names
        name = shown.replace(":", ".")
        root, _, rest = name.partition(".")
        if ":" in shown and root not in index.packages and root not in doc.bindings.origins:
            # `module:attr` starts at a top-level package: `python:render` (a Sphinx domain's
            # directive), `rpcinterface:x` (an ini section) name no Python path
            return Outcome("ignored", ref)
        if ref.context.startswith("role:") and root in doc.bindings.origins:
            # Sphinx resolves ``:class:`unittest.TestCase``` by its own rules, never by the
            # page's examples (`from betamax.fixtures import unittest` below it)
            doc = replace(doc, bindings=Bindings())
        if root == "__main__" and rest:
            return Outcome("ignored", ref)  # `__main__.parent`: the running script's name
        if (
            (
                not rest
                or (ref.context.startswith("role:") and "." not in rest and root in index.packages)
            )
            and name.rsplit(".", 1)[-1] in self._included.get(ref.file, ())
            and self.names.lookup(name) is None
        ):
            # deap's :class:`FitnessMax` and :func:`mate` (in `deap`, the page's current
            # module): what the page's included example makes or registers by name
            return Outcome("ignored", ref)
        origin, bound_at = doc.bindings.origin_at(root, ref.line)
        if origin is not None and self._from_failed(origin[0]):
            return Outcome("ignored", ref)  # `wcswidth()` after `from wcwidth import wcswidth`
        if origin is not None and not origin[1] and self._import_fails(origin[0]):
            # `from blessed import Terminal` (which fails) further down the page: the prose
            # may name what it names on its own (``:meth:`~.Terminal.length```, still the
            # class's method), be a plain word (`color`: the import line is the finding), or
            # name the function the import misses (`greet()`)
            alone = self._symbol_path(ref, shown, Document(doc.path), called=called)
            if alone.status == "resolved":
                return alone
            if not (rest or called):
                return Outcome("ignored", ref)
        if origin is not None and not origin[1] and index.external(origin[0]):
            # `from tasks import send_email` (the reader's module, or an example folder's):
            # the import is not checked, and prose may name the project's own `send_email`
            alone = self._symbol_path(ref, shown, Document(doc.path), called=called)
            if alone.status == "resolved":
                return alone
            if not index.by_last.get(origin[0].split(".")[0]):
                return Outcome("ignored", ref)  # imported from elsewhere: the import tells
        if origin is not None:
            if origin[1]:  # an instance from the examples: check its first attribute only
                member = rest.split(".")[0]
                if not member:
                    return Outcome("ignored", ref)
                context = "instance-call" if called and "." not in rest else "instance-attr"
                found = self._python(
                    Reference("python", f"{origin[0]}.{member}", ref.file, ref.line, context)
                )
                if found.status != "unresolved":
                    return found
                rst = doc.rst
                if (
                    bound_at > ref.line
                    and heading_between(doc.lines, ref.line, bound_at, rst=rst)
                    and self._kind_has(root, member)
                ):
                    # bound only by an example of a later section (`field = StringField()`
                    # under "datalist"), while the word names a kind of which another class
                    # has the member: this sentence is about SelectField's `field.choices`
                    return Outcome("ignored", ref)
                # prose far from the example may mean a project name (`console.X` the module),
                # when that has the member itself: `spinner.frame()` after `spinner = Halo()`
                # is not `Halo.spinner` (an attribute that may hold anything) plus `frame`
                other = self._symbol_path(ref, shown, Document(doc.path), called=called)
                whole = other.target.split(".")[-1] == rest.split(".")[-1]
                return other if other.status == "resolved" and whole else found
            written = name
            name = f"{origin[0]}.{rest}" if rest else origin[0]
            root = name.split(".")[0]
            if rest and written.split(".")[0] in index.packages:
                # `from tqdm import tqdm` in an example, then ``tqdm.contrib`` in prose: the
                # package's name as much as the class's
                found = self._dotted(ref, name, shown)
                return found if found.status != "unresolved" else self._dotted(ref, written)
        elif (root in doc.bindings.local and root not in index.packages) or (
            not rest and root in doc.bindings.methods
        ):
            # the examples' own name, or their class's method; a pytest fixture named like
            # the package (`def test(requests_mock)`) leaves the package's name to prose
            if not rest and (gone := self._once_named(ref, root, shown)) is not None:
                # transliterate's ``reversed_specific_mapping``, set by the page's example
                # (lines of a language pack's class body): the attribute the project lost
                return gone
            return Outcome("ignored", ref)
        if root in index.packages:
            found = self._dotted(ref, name, shown, called=called)
            if rest and found.status == "unresolved":
                return self._package_twin(ref, name, found, shown, called=called)
            return found
        # `console.X` may mean the module `pkg.console` as well as an instance named console
        owners = [n for n in index.by_last.get(root, ()) if rest or index.kinds[n] != "module"]
        # a test module's own names (a fake `system` RPC namespace) never make a member of
        # theirs missing
        tests_only = bool(owners) and all(n in index.in_tests for n in owners)
        if tests_only and rest and all(index.kinds[n] in CALLABLE_KINDS for n in owners):
            # `tree.at(point)` is no member of a test's `def tree()`: the page's object
            owners = []
        if not rest and not called and root.isalpha() and root.islower():
            # a plain word (`style`, `name`) that is also some object's attribute is a word
            owners = [n for n in owners if index.kinds[n] != "attribute"]
        # (first: "the ``profile`` argument" is no stdlib module, once `Client` took it)
        if not rest and not called and (lost := self._former_parameter(ref, root, doc)):
            return Outcome(
                "unresolved",
                ref,
                message=f"`{root}` is no longer a parameter of `{_shown_callable(lost)}()`",
                suggestions=self._parameters_like(root, [lost]),
            )
        if root in _BUILTIN_NAMES or root in sys.stdlib_module_names or root in index.dependencies:
            if (
                called
                and not rest
                and root in sys.stdlib_module_names
                and (gone := self._function_gone(ref, root))
            ):
                return gone  # semchunk's `chunk()`, its own function, not the stdlib's module
            return Outcome("ignored", ref)
        if rest and root in index.imported_modules:
            return Outcome("ignored", ref)  # `twisted.logger`: a library the code imports
        if root in index.installed:
            return Outcome("ignored", ref)  # `cog.outl()`: a module the code makes at run time
        if owners and called and not rest and (gone := self._function_gone(ref, root)):
            return gone
        if owners:
            found = self._member_of_any(ref, owners, rest, shown, called=called)
            if (
                found.status == "unresolved"
                and all(index.kinds[n] == "module" for n in owners)
                and (
                    root in index.imported
                    or any(index.aliases.get(n, {}).get(root) == root for n in owners)
                )
            ):
                # `cache.get()`: Django's `cache`, which the code imports, more likely than
                # the submodule `debug_toolbar.panels.cache` named by its last part; and
                # `pytest.mark.x`: pytest's, which `constance/test/pytest.py` plugs into
                return Outcome("ignored", ref)
            if tests_only and found.status == "unresolved":
                return Outcome("ignored", ref)  # `system.listMethods`: not the tests' fake
            if (
                found.status == "unresolved"
                and all(index.kinds[n] == "module" for n in owners)
                and root in self.names.shipped_parameters()
                and not (
                    self.former is not None and any(self.former.had(f"{n}.{rest}") for n in owners)
                )
            ):
                # demucs' "`wav.device` is assumed": the tensor its functions take as `wav`,
                # not the submodule `demucs.wav` named by its last part (whose member, once
                # there, is still reported gone)
                return Outcome("ignored", ref)
            if (
                found.status == "unresolved"
                and _VERSION_WORD.fullmatch(root)
                and all(index.kinds[n] == "module" for n in owners)
            ):
                # `v4.public`: a version's kind (PASETO's purposes), not pyseto's module
                # `versions.v4` named by its last part
                return Outcome("ignored", ref)
            if (
                found.status == "unresolved"
                and rest
                and all(index.kinds[n] == "module" for n in owners)
                and self._module_class_has(owners, rest.split(".")[0])
                and not (
                    self.former is not None and any(self.former.had(f"{n}.{rest}") for n in owners)
                )
            ):
                # napari-plugin-engine's `manager.discover(...)`: an instance of the
                # `PluginManager` the submodule `manager` defines, not the module itself
                return Outcome("ignored", ref)
            return found
        modules = index.by_last.get(root, ()) if not rest and not called else ()
        module = next((n for n in modules if index.kinds[n] == "module"), None)
        if module is not None:
            return Outcome("resolved", ref, module)  # a submodule (`fileaware_mapping`)
        if not rest and not called and (takers := self._argument_of(ref, root, doc)):
            return Outcome(
                "unresolved",
                ref,
                message=f"`{root}` is not a parameter of "
                + ", ".join(f"`{t.rsplit('.', 1)[-1]}()`" for t in takers),
                suggestions=self._parameters_like(root, takers),
            )
        if not rest and not called and (lost := self._lost_keyword(ref, root, doc)):
            return Outcome(
                "unresolved",
                ref,
                message=f"`{root}` is no longer a parameter of `{_shown_callable(lost)}()`",
                suggestions=self._parameters_like(root, [lost]),
            )
        if (not rest and not called and root in index.parameters) or root in index.imported:
            # A parameter, as docstrings name them (which function's, a span cannot say), or
            # a name the project imports from another package (`TextIO`): not a claim to check.
            return Outcome("ignored", ref)
        if not rest:
            return self._unknown_name(ref, root, doc, called=called)
        return self._unknown_owner(ref, name, doc)

    def _former_parameter(self, ref: Reference, name: str, doc: Document) -> str | None:
        """The public function that took `name` at the documented state, when the sentence
        calls the span a parameter ("configured with the ``fallback_method`` parameter") and
        no function takes it now, though an attribute may keep the name
        (`self.fallback_method = ...`)."""
        if self.former is None:
            return None
        if _argument_word(ref, doc, option=True) is None:
            return None
        if self._shipped_parameter(name):
            return None  # a function of the package takes it now (its tests' may)
        takers = [
            f
            for f in self.former.keyword_takers(name)
            if not private_name(f) and self.names.callee(f) is not None
        ]
        refusing = self._refusing(name)
        return refusing[0] if refusing and set(takers) <= set(refusing) else None

    def _refusing(self, name: str) -> list[str]:
        """The public functions that took the keyword `name` at the documented state and,
        still there, take it no more: by their signature, or, where they take `**kwargs`
        now, because the callees those go on to take no such keyword either (graypy's
        `GELFUDPHandler(gelf_chunker=...)`, uniplot's `histogram(bins=...)`)."""
        if self.former is None:
            return []
        lost = [f for f in self.former.lost_keyword(name) if not private_name(f)]
        return lost + [
            f
            for f in self.former.keyword_takers(name)
            if f not in lost
            and not private_name(f)
            and self.names.callee(f) is not None
            and (self.names.check_call(f, (name,)) or self._keyword_gone(f, (name,)))
        ]

    def _shipped_parameter(self, name: str) -> bool:
        """Whether a public function outside the tests has a parameter `name` (a test's
        pytest parameter, `def test_chunking(gelf_chunker)`, says nothing of the package,
        nor does a private helper's: python-pushover's `_get_config(profile=...)` once
        `Client` takes `section`)."""
        return name in self.names.shipped_parameters()

    def _lost_keyword(self, ref: Reference, name: str, doc: Document) -> str | None:
        """The public function that took the keyword `name` at the documented state, takes
        it no more, and is named in the span's section ("a `histogram` function ...", then
        "* `bins` - Number of bins"), when no function that section names takes it now."""
        if self.former is None or name not in self.names.parameters:
            return None
        lost = self._refusing(name)
        if not lost:
            return None
        section = section_above(doc.lines, ref.line, rst=doc.rst)
        named = {m[1] or m[2] for m in _SECTION_CALLABLE.finditer(section)}
        # and the function the section is titled by (filesplit's "bysize (size: int, ...)")
        titled = heading_name(heading_above(doc.lines, ref.line, rst=doc.rst))
        if titled:
            named.add(titled.removesuffix("()").rsplit(".", 1)[-1])
        if any(
            name in {p.name for p in f.parameters}
            for target in named
            if (full := self._one_callable(target)) and (f := self.names.callee(full))
        ):
            return None
        before = before_span(doc.lines, ref.line, ref.text, ref.text) or ""
        if _argument_word(ref, doc, option=True) is not None or _PARAMETER_BEFORE.search(before):
            # and the calls its examples make, for a span its sentence calls a parameter
            # (stockfish's `get_top_moves(1, ...)` in a fence, then "Optional parameter
            # `num_nodes` ..."; not num2words' list of the values `to=` takes)
            named |= set(_SECTION_CALL.findall(section))
        return next((f for f in lost if f.rsplit(".", 1)[-1] in named), None)

    def _argument_of(self, ref: Reference, name: str, doc: Document) -> tuple[str, ...]:
        """The callables a sentence says take the argument `name` ("`name_to_hex()` ...
        provided the `spec` argument is CSS3") when none of them does; () when one does,
        or when the sentence names no callable of the project."""
        called = _argument_word(ref, doc)
        if called is None:
            return ()
        sentence, at, word = called
        # the callables named before it, or right after it ("the `x` argument of `f()`");
        # "if the field has a `multiple` parameter, pass a list of `Upload`" names none
        after = _OF_CALLABLE.match(sentence, word.end())
        named = sentence[:at] + (after[0] if after else "")
        takers = []
        for match in _CALLABLE_NAMED.finditer(named):
            target = (match[1] or match[2]).lstrip("~.").removesuffix("()")
            found = self.names.lookup(target) or self._one_callable(target)
            function = self.names.callee(found) if found else None
            if function is None:
                continue
            params = {p.name for p in function.parameters}
            if name in params or any(p.kind == "var_keyword" for p in function.parameters):
                return ()
            takers.append(found)
        return tuple(dict.fromkeys(t for t in takers if t))

    def _one_callable(self, name: str) -> str | None:
        """The one function or class of the project with this last name."""
        found = self.names.by_last.get(name.rsplit(".", 1)[-1], ())
        return found[0] if len(found) == 1 else None

    def _parameters_like(self, name: str, takers: Sequence[str]) -> tuple[str, ...]:
        params = {
            p.name
            for t in takers
            if (f := self.names.callee(t)) is not None
            for p in f.parameters
            if p.name not in {"self", "cls"}
        }
        return tuple(difflib.get_close_matches(name, sorted(params), n=3, cutoff=0.3))

    def _package_twin(
        self, ref: Reference, name: str, found: Outcome, shown: str = "", *, called: bool
    ) -> Outcome:
        """`injector.get(SomeType)`, `web3.eth.get_block(...)`: an instance of the package's
        `Injector` or `Web3`, named as the convention names it, when the package has no
        such member and the class has (`found`, the package's verdict, otherwise)."""
        root, _, rest = name.partition(".")
        twin = self._named_like_package(root)
        if twin is None:
            return found
        alike = self._dotted(ref, f"{twin}.{rest}", shown, called=called)
        return alike if alike.status == "resolved" else found

    def _named_like_package(self, package: str) -> str | None:
        """The class a package exports under its own name (`injector.Injector`,
        `tinydb.TinyDB`)."""
        for member in self.names.member_names(package):
            if member.lower() == package.lower() and member != package:
                found = self.names.lookup(f"{package}.{member}")
                if found is not None and self.names.kind(found) == "class":
                    return found
        return None

    def _module_class_has(self, modules: list[str], member: str) -> bool:
        """Whether a class the `modules` define has `member`: a lower-case word naming a
        module by its last part may name an object of its class."""
        return any(
            self.names.kinds.get(full := f"{module}.{name}") == "class"
            and self.names.member(full, member) is not None
            for module in modules
            for name in self.names.members.get(module, ())
        )

    def _member_of_any(
        self, ref: Reference, owners: list[str], rest: str, shown: str, *, called: bool = False
    ) -> Outcome:
        """`Name.attr` where `Name` is a project symbol: the attribute must exist on one of them.
        What a package exports at its top (`jsons.dump`, from a private module) comes first:
        a bare `dump(obj, cls=x)` means it, not a class's method of the same name."""
        exported = self._exported(shown.split(".")[0].split("(")[0])
        owners.sort(key=lambda n: (n not in exported, n not in self.names.public, len(n)))
        if not rest:
            return Outcome("resolved", ref, owners[0])
        outcomes = [self._dotted(ref, f"{owner}.{rest}", shown, called=called) for owner in owners]
        best = next((o for o in outcomes if o.status != "unresolved"), outcomes[0])
        return best

    def _exported(self, name: str) -> set[str | None]:
        """What the project's packages export at their top under `name` (cached: a page
        names the same few objects many times)."""
        if name not in self._exports:
            self._exports[name] = {self.names.lookup(f"{p}.{name}") for p in self.names.packages}
        return self._exports[name]

    # -- dotted names and Python examples ----------------------------------------------------

    def _python(self, ref: Reference) -> Outcome:
        names = self.names
        root = ref.text.split(".")[0]
        if ref.context == "string":  # `"pkg.middleware.Middleware"`: a path only when ours
            ours = root in names.packages
            return self._dotted(ref, ref.text) if ours else Outcome("ignored", ref)
        free = (
            "." in ref.text
            and root not in names.packages
            and names.lookup(root) is None
            # (`datetime.datetime(...)`, `uuid.uuid4()`: a standard module's or a library's,
            # though the project's `Timestamp.datetime` is gone)
            and root not in sys.stdlib_module_names
            and root not in names.dependencies
        )
        instance = ref.context.startswith("instance")
        if free and (instance or ref.context.startswith(("call", "attr", "value", "store"))):
            if not instance and (module := self._star_source(root)) is not None:
                # `from beautiful_date import *`, then `3*days.until(15/Mar/2023)`: the
                # module's `days`, an instance whose class's members are checked
                return self._python(replace(ref, text=f"{module}.{ref.text}"))
            # `where(...).matches(regex)` with the import left out: the package's `where`;
            # `Grip.default_renderer()` in a reference page that imports nothing: its class
            target = self._free_target(root)
            # (written by the page itself, not reached through a variable it bound on an
            # earlier line, whose own line says the name is gone)
            stale = None if instance else self._once_named(ref, root, root, used=True)
            if target is None and stale is not None:
                return stale  # `SYSTEM_TIME.as_of(...)` once the package's `SYSTEM_TIME` is gone
            if target is not None and (instance or names.kind(target) == "class"):
                self._guessed_root = True  # the page never bound the name: our guess
                try:
                    meant = self._python(replace(ref, text=target + ref.text[len(root) :]))
                finally:
                    self._guessed_root = False
                # said as written, on the line the finding points at (a keyword's own)
                return replace(meant, reference=replace(ref, line=meant.reference.line))
        if ref.context.startswith("free") and (
            root in self._included.get(ref.file, ()) or root in self._page_defined.get(ref.file, ())
        ):
            return Outcome("ignored", ref)  # `await main()`: the included example's `main`
        if ref.context.startswith("free") and (
            root not in names.packages or ref.context.startswith("free-call")
        ):
            # a package is not called: `parse(...)` after `from parse import *` is its function
            module = self._star_source(root)
            if module is not None:  # `from parse import *`, then `search(...)`: parse's
                context = ref.context.removeprefix("free-")
                return self._python(replace(ref, text=f"{module}.{ref.text}", context=context))
            if root in names.packages:
                pass  # `pkg.attr` with the import left out: checked below as a path
            elif ref.context.startswith("free-call") and "." not in ref.text:
                outcome = self._free_call(ref)  # or a function the package had: `where(...)`
                gone = outcome.status == "ignored" and (
                    self._once_named(ref, ref.text, ref.text) or self._function_gone(ref, ref.text)
                )
                return gone or outcome
            else:  # a name the snippet never bound: not ours, unless the code had it
                return self._once_named(ref, root, root) or Outcome("ignored", ref)
        if names.external(ref.text):
            return self._moved_package(ref) if ref.kind == "import" else Outcome("ignored", ref)
        if ref.context == "override":
            return self._override(ref)
        if ref.context.startswith("handed-call|"):
            return self._handed_call(ref)
        args = call_arguments(ref.context)
        context = args[0] if args else ref.context
        if not context.startswith("instance"):
            owner = names.lookup(ref.text.rpartition(".")[0]) or ""
            if context == "store" and names.kind(owner) == "class":
                # `agate.Table.new_method = fn`: an example patching a class gives it the
                # member; stale only when the class had it and lost it
                attr = ref.text.rpartition(".")[2]
                if names.member(owner, attr) is None:
                    return self._gone_member(ref, owner, attr)
            outcome = self._dotted(ref, ref.text, called=bool(args))
            imported = self._bindings.origin_at(root, ref.line)[0] == (root, False)
            if (
                outcome.status == "unresolved"
                and root in names.packages
                and "." in ref.text
                and not imported  # `import magic` then `magic.from_buffer`: the module's
            ):
                outcome = self._package_twin(ref, ref.text, outcome, called=bool(args))
            if args and names.kind(outcome.target) == "method" and names.kind(owner) == "class":
                # `Filter.__iter__(self)`: through the class, the instance is passed by hand
                base, positional, keywords = args
                if not positional:
                    return outcome
                args = (base, positional - 1, keywords)
            if (args or context == "value") and "." in ref.text and context[:4] != "free":
                # (a bare name, `glom(...)` or `@serde(...)`, may be bound to the function
                # by an import the snippet left out or wrote on another page)
                misused = self._module_for_function(outcome, called=bool(args))
                if misused is not None:
                    return misused
            return self._called(outcome, ref.text, args, complete=True)
        owner_name, _, attr = ref.text.rpartition(".")
        if names.kind(names.lookup(owner_name) or "") == "module":
            # `r = parse(...)` after `from parse import *`: a module is not called, so the
            # example called the function the star import gave
            module = self._star_source(owner_name)
            owner_name = f"{module}.{owner_name}" if module is not None else owner_name
        cls, found = names.chain_step(owner_name, attr)
        if cls is None and context == "instance-with":
            return Outcome("ignored", ref)  # a manager we cannot type: no claim
        if cls is None:
            broken = self._broken_chain(owner_name)
            if broken is None or not self._written_break(ref, broken):
                return Outcome("ignored", ref)
            # `every(10).seconds.do(job)` once `Job.seconds` is gone: the chain breaks there
            outcome = self._python(replace(ref, text=broken, context="instance-attr"))
            return replace(outcome, reference=ref)
        if found is not None:
            return self._called(Outcome("resolved", ref, found), attr, args, complete=True)
        if context == "instance-with":
            # a manager's hooks may come from a base of another package or a decorator
            # (`contextlib`'s): stale only when the class had them and lost them
            return self._gone_member(ref, cls, attr)
        if context == "instance-store" and not self._typo_of_member(cls, attr):
            # Python lets an example give an instance any attribute (the project may read it
            # back through `__dict__` or a template): stale only when the class had it
            return self._gone_member(ref, cls, attr)
        called = context in {"instance-call", "instance-super-call", "instance-own-call"}
        if context.startswith("instance-own"):
            # an example's subclass: its metaclass, decorators or `__call__` may give members
            # we cannot list, so only a member the base had and lost is stale
            return self._gone_member(ref, cls, attr)
        # a `__getattr__` that answers any name makes every member possible; one serving a
        # registry (refusing others with AttributeError) needs the name registered in the
        # examples (`_missing` knows)
        if (
            names.open_class(cls, methods=called)
            or names.catch_all(cls, called=called)
            or names.protocol(cls)
        ):
            # may be inherited, or `__getattr__`'s, or the members a protocol leaves open
            return self._gone_member(ref, cls, attr)
        if attr in self._added and "super" not in context:
            return Outcome("ignored", ref)  # the example's own subclass may be what this is
        if names.lookup(owner_name) in names.declared and names.subclass_has(cls, attr):
            # `rm.open_resource(name) -> Resource` gives the subclass the name picks, whose
            # `query` the base lacks: stale only when the class had the member and lost it
            return self._gone_member(ref, cls, attr)
        return self._missing(ref, cls, attr, f"{owner_name.rsplit('.', 1)[-1]}().{attr}")

    def _written_break(self, ref: Reference, broken: str) -> bool:
        """Whether the line writes the broken step right after the one before it
        (`every(10).seconds`), on a chain the page starts from the project's package: a
        break an earlier line wrote (`v = Cls.gone()`) is reported there, and a name the
        page never bound (`moment.create(...)`, which prose calls the instance) is no chain
        of ours to follow."""
        if ref.text.split(".")[0] not in self.names.packages or self._guessed_root:
            return False
        before, step = broken.rsplit(".", 1)
        prev = re.escape(before.rpartition(".")[2])
        if self.names.kind(self.names.lookup(before) or "") == "class":
            # mailchimp3's `client.search_members.get()` after `client = MailChimp(...)`: the
            # instance, by whatever name the page gave it
            prev = rf"(?:{prev}|[A-Za-z_]\w*)"
        line = self._lines[ref.line - 1] if 0 < ref.line <= len(self._lines) else ""
        called = r"(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?"  # `every(10)`, `f(g(x))`
        written = rf"\b{prev}\s*{called}\s*\.\s*{re.escape(step)}\b"
        return re.search(written, line) is not None

    def _broken_chain(self, dotted: str) -> str | None:
        """The first step of an example's chain that its project class lacks
        (`pkg.every.seconds` of `pkg.every.seconds.do` when `every()` gives a `Job` with no
        `seconds`), None when the chain only leaves what the project's names can follow."""
        names = self.names
        parts = dotted.split(".")
        for i in range(len(parts) - 1, 0, -1):
            cls, member = names.chain_step(".".join(parts[:i]), parts[i])
            if cls is not None:
                # a step Python takes for the example (`for m in MidiFile(...)`: `__next__`;
                # `Cls.__subclasses__()`) is no member the class must define
                step = parts[i]
                missing = member is None and not step.startswith("__")
                return ".".join(parts[: i + 1]) if missing else None
        return None

    def _module_for_function(self, outcome: Outcome, *, called: bool) -> Outcome | None:
        """A Python example calling a module (`gdown.cached_download(url)` once the package
        stopped binding the function over its submodule), or handing one on where the
        module's own function of that name is meant (`postprocess=gdown.extractall`): the
        line fails, or does something else. A module that puts an object in its own place
        (`sys.modules[__name__] = ...`) may be callable: not judged."""
        names = self.names
        target = outcome.target
        if outcome.status != "resolved" or names.kind(target) != "module":
            return None
        package, _, last = target.rpartition(".")
        if last != outcome.reference.text.rpartition(".")[2]:
            return None  # resolved up to its module only (`duty.tools.lazy`, a PEP 562 name)
        if names.open_module(target):
            return None
        own = names.kind(f"{target}.{last}")
        if not called and own not in CALLABLE_KINDS | {"class"}:
            return None  # a module handed on as a module (`importlib.reload(pkg.mod)`)
        if own is not None:
            said = f"`{target}` is the module: `{package}` does not export its `{last}`"
            suggestions: tuple[str, ...] = (f"{target}.{last}",)
        else:
            said = f"`{target}` is a module, which cannot be called"
            members = sorted(
                m
                for m in names.member_names(target)
                if not m.startswith("_") and names.kind(f"{target}.{m}") in CALLABLE_KINDS
            )
            suggestions = tuple(difflib.get_close_matches(last, members, n=3, cutoff=0.5))
        return Outcome("unresolved", outcome.reference, message=said, suggestions=suggestions)

    def _kind_has(self, word: str, member: str) -> bool:
        """Whether a project class named for `word` (`SelectField` for `field`) has `member`."""
        word = word.lower()
        return any(
            self.names.kind(owner := full.rpartition(".")[0]) == "class"
            and owner.rpartition(".")[2].lower().endswith(word)
            for full in self.names.by_last.get(member, ())
        )

    def _star_source(self, name: str) -> str | None:
        """The project module a document's `from pkg import *` gives `name` from: one that
        has it, or had it at the documented state (then the name is stale)."""
        names = self.names
        ours = [m for m in self._stars if m.split(".")[0] in names.packages]
        found = next((m for m in ours if names.member(m, name) is not None), None)
        if found is None and self.former is not None:  # removed since the documented state
            found = next((m for m in ours if self.former.had(f"{m}.{name}")), None)
        return found

    def _moved_package(self, ref: Reference) -> Outcome:
        """`import decouple` when the project's module is now `decoupler`: a renamed package.

        Only a name that is no dependency, no standard module and close to one of the
        project's own top-level names counts; other imports are other libraries.
        """
        root = ref.text.split(".")[0]
        names = self.names
        if root in names.dependencies or root in sys.stdlib_module_names or root in PYTHONS:
            return Outcome("ignored", ref)
        if root in names.imported_modules:
            # xee's `import ee`: a library the project's own code imports (earthengine-api's
            # module, named unlike its distribution), whatever our package is called
            return Outcome("ignored", ref)
        if names.kinds.get(root) == "module" or root in names.namespaces:
            # an example's own package (flask's `flaskr`), or another distribution's part
            # of a namespace package we share (`zope.interface` beside our `zope.component`)
            return Outcome("ignored", ref)
        close = difflib.get_close_matches(root, sorted(names.packages), n=2, cutoff=0.8)
        former = self.former  # (only an import asks history)
        own = former is not None and ref.kind == "import" and root.isidentifier()
        where = former.had(root) if own and former is not None else None
        if where is not None:
            # `from xlsx2csv import Xlsx2csv` once the module is `xlsx_to_csv`: the project's
            # own module at the documented state, however its new name is spelt
            return Outcome(
                "unresolved", ref, message=f"`{root}` is no longer a module of the project "
                f"(it was at {where})",
                suggestions=tuple(ref.text.replace(root, c, 1) for c in close),
            )  # fmt: skip
        if not close:
            return Outcome("ignored", ref)
        return Outcome(
            "unresolved", ref, message=f"`{root}` is not a module of the project",
            suggestions=tuple(ref.text.replace(root, c, 1) for c in close),
        )  # fmt: skip

    # -- CLI, environment, paths ---------------------------------------------------------------


def _argument_word(
    ref: Reference, doc: Document, *, option: bool = False
) -> tuple[str, int, re.Match[str]] | None:
    """The span's sentence, where the span starts in it and the word after it that calls it
    an argument ("the `spec` argument", "the ``compressed`` arg"), or None. With `option`,
    "the `buf_size` option" too: a word that names a keyword the code once took, though
    not one to hold against any callable the sentence names ("the `backoff` options of the
    handler")."""
    sentence = sentences_around(doc.lines, ref.line, ref.text)[0]
    # the span as marked up first: imgkit's "all wkhtmltoimage options by type
    # `wkhtmltoimage` command" names the program before the span, in plain words
    at = next(
        (
            sentence.find(f"{m}{ref.text}{m}") + len(m)
            for m in ("``", "`")
            if f"{m}{ref.text}{m}" in sentence
        ),
        -1,
    )
    at = at if at >= 0 else sentence.find(ref.text)
    word = _ARGUMENT_WORD.match(sentence, at + len(ref.text)) if at >= 0 else None
    if word is None and at > 0 and _ARGUMENT_BEFORE.search(sentence[:at]):
        # watchtower's "adding the parameter ``log_group_tags`` to the ...": the word
        # before it; what follows the span is read from its closing marks on
        word = _SPAN_CLOSE.match(sentence, at + len(ref.text))
    if word is not None and word.group(1) and not option:
        return None
    return (sentence, at, word) if word is not None else None


def _made_then_used(rest: str) -> str | None:
    """The call of a span that goes on to use what it made (`(user, pw).session_id`, `(x)
    .run()`): its balanced `(...)`, when an attribute follows, else None."""
    depth = 0
    for at, char in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            tail = rest[at + 1 :]
            return rest[: at + 1] if at and _USED_AFTER.fullmatch(tail) else None
    return None


def _shown_callable(full: str) -> str:
    """How a message names a callable: `CurrencyConverter` for its `__init__`."""
    parts = full.split(".")
    return parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]


def _said_old(doc: Document, ref: Reference) -> bool:
    """Whether the words just before a span call it a thing of the past ("the old
    ``trio.MultiError``", "replaces the deprecated `@case_tags`", "formerly `x`"), or those
    just after it do ("``wtforms.ext.csrf`` was integrated into WTForms core"): a name kept
    on purpose, as a changelog keeps it."""
    before = before_span(doc.lines, ref.line, ref.text, ref.text.rpartition(".")[2])
    # "the old :class:`~" is "the old"
    if before is not None and _OLD_WORDS.search(_MARKUP_END.sub("", before)):
        return True
    if before is not None and _DISOWNED.search(_MARKUP_END.sub("", before)):
        return True  # abxpkg's "The provider name is `goget`, not `go_get`."
    sentence = sentences_around(doc.lines, ref.line, ref.text)[0]
    at = sentence.find(f"{ref.text}`")
    head = _MARKUP_END.sub("", sentence[:at]) if at > 0 else ""  # the sentence before it
    if _NO_LIST.search(head):
        return True  # mercury's "There is no `on_change=`, no `on_click=`, no `@app.callback`"
    if _OLD_WORDS.search(head):
        return True  # "so there is no\n`array_api_compat.mparray` wrapper": the line above
    if _denied_list(doc, ref):
        return True  # under "Do not write any of these — they do not exist in the API:"
    if at > 0 and _RETIRED_HEAD.match(sentence[:at]):
        return True  # cellrank's "Deprecation of high level `cellrank.tl` functions, ..."
    after = after_span(doc.lines, ref.line, ref.text)  # "``wtforms.ext.csrf`` was integrated"
    if (
        before is not None
        and after is not None
        and _RENAMED_BEFORE.search(_MARKUP_END.sub("", before))
        and _TO_AFTER.match(after)
    ):
        return True  # "the module is renamed ``pkg.config`` to ``pkg.configuration``"
    if after is not None and _GONE_AFTER.match(after):
        return True
    # "including ``geos-config`` and ``GEOS_LIBRARY_PATH``. These methods are no longer
    # supported": the next sentence says the names listed are gone
    if _THESE_GONE.match(sentence_after(doc.lines, ref.line, ref.text)):
        return True
    # "Older versions would invoke pip and required the variable ``SKIP_PIP_INSTALL``"
    if _PAST_VERSIONS.match(sentence):
        return True
    return _noted_gone_in_section(doc, ref)


# a sentence (a list item) that starts by naming a retirement: "Deprecation of high level
# `x` functions, including `y`", "Removal of the `x`" (up to the colon that explains it)
_RETIRED_HEAD = re.compile(
    r"^\W*(?:deprecation|removal|retirement|dropping|drop)\s+of\b[^:;]*$", re.IGNORECASE
)
# "There is no `a`, no `b`, no": the later names of a list the sentence denies
_NO_LIST = re.compile(r"\bthere\s+(?:is|are)\s+no\b.*,\s*(?:and\s+|or\s+)?no$", re.I)
# the line a list follows: "they do not exist in the API:", "None of these exist:"
_DENYING_INTRO = re.compile(
    r"\b(?:do(?:es)?\s+not|don['\u2019]t|doesn['\u2019]t|no\s+longer|none\s+of\s+(?:these|them))"
    r"\s+exists?\b[^:]*:\s*$",
    re.I,
)


def _denied_list(doc: Document, ref: Reference) -> bool:
    """Whether the span is in a list whose lead-in line says its items do not exist."""
    items = list_around(doc.lines, ref.line - 1)
    if not items:
        return False
    above = items[0] - 1
    while above >= 0 and not doc.lines[above].strip():
        above -= 1
    lead = doc.lines[above] if above >= 0 else ""
    return not LIST_ITEM.match(lead) and bool(_DENYING_INTRO.search(lead))


def _hosted(doc: Document, ref: Reference) -> bool:
    """Whether a dotted lower-case span is a host the words before it call one ("on the
    domain `ivre.rocks`", "the website ``tool.dev``")."""
    if not re.fullmatch(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+", ref.text):
        return False
    sentence, _ = sentences_around(doc.lines, ref.line, ref.text)
    at = sentence.find(ref.text)
    return at > 0 and bool(_HOST_WORDS.search(sentence[:at].rstrip("`*_ ")))


def _git_config_key(doc: Document, ref: Reference) -> bool:
    """Whether a dotted span is a git configuration key: the page sets it with `git config`
    (`git config cola.color.text 0a0a0a`), or the words after it say so ("the
    `cola.pythonlocation` git configuration variable")."""
    if "." not in ref.text or " " in ref.text:
        return False
    after = after_span(doc.lines, ref.line, ref.text)
    if after is not None and _GIT_KEY_AFTER.match(after):
        return True
    return ref.text.lower() in _git_keys(tuple(doc.lines))


_GIT_KEY_AFTER = re.compile(
    r"^[`*_]*\s+git\s+config(?:uration)?\s+(?:variable|setting|option|key|value)", re.I
)
_GIT_CONFIG = re.compile(r"\bgit\s+config(?:\s+--?[\w-]+)*\s+([A-Za-z][\w-]*(?:\.[\w.-]+)+)")


@lru_cache(maxsize=8)
def _git_keys(lines: tuple[str, ...]) -> frozenset[str]:
    """The keys a page sets or reads with `git config` (lower case: git folds them)."""
    return frozenset(m.lower() for line in lines for m in _GIT_CONFIG.findall(line))


# a sentence about what earlier releases did: "Older versions ...", "In previous releases"
_PAST_VERSIONS = re.compile(
    r"^\W*(?:in\s+)?(?:older|earlier|previous|prior|unpatched|affected|vulnerable)"
    r"\s+(?:versions?|releases?)\b"  # "Unpatched versions using the `--token` option"
    # "Prior to the 4.0 release, this library supported `--oauth-config`"
    r"|^\W*(?:prior\s+to|before)\s+(?:the\s+)?(?:v(?:ersion)?\s*)?\d[\w.]*(?:\s+(?:release|version))?,",
    re.I,
)


# "These methods are no longer supported", "They were removed in 2.0": the sentence before
# named the things it speaks of
_THESE_GONE = re.compile(
    r"\s*(?:these|those|they|both|all\s+of\s+(?:these|them|those))\b[^.;:]{0,60}?\b"
    r"(?:are|were|have\s+been|has\s+been)\s+(?:\w+ly\s+)?"
    r"(?:no\s+longer\s+(?:supported|available|used|read|needed|exist)|removed|dropped|deleted"
    r"|deprecated|gone|retired)\b",
    re.IGNORECASE,
)


def _noted_gone_in_section(doc: Document, ref: Reference) -> bool:
    """Whether the span's section says elsewhere that this very name is gone (gspread's
    "### Replace method `Worksheet.get_records`" above "The method `Worksheet.get_records()`
    has been removed"): each mention there is of the thing the guide retires."""
    first, last = section_of(doc.lines, ref.line, rst=doc.rst)
    for number in range(first, last + 1):
        line = doc.lines[number - 1]
        at = line.find(ref.text)
        while at >= 0:
            if number != ref.line and _GONE_AFTER.match(line[at + len(ref.text) :]):
                return True
            at = line.find(ref.text, at + 1)
    return False


# a signature's bare `*` or `/` between its parameters
_BARE_MARKER = re.compile(r"(?:,\s*[*/]\s*(?=[,)])|(?<=\()\s*[*/]\s*,)")


def _span_arguments(
    rest: str,
) -> tuple[tuple[str, int | None, tuple[str, ...]] | None, tuple[str, ...]] | None:
    """The arguments of a call written in a code span (`load(path, strict=True)`), and the
    names it passes positionally when it passes only names (`get_credential(service,
    username)`: a sketch of the signature as much as a call).

    A signature's bare `*` or `/` (frozendict's `register(to_convert, converter, *,
    inverse = False)`) marks where keywords begin: the names around it are the same claims.
    `(...)` and spans that do not parse (placeholders like `<path>`) check nothing.
    """
    node = parse_call(rest) or _marked_signature(rest)
    if node is None or any(isinstance(a, ast.Constant) and a.value is Ellipsis for a in node.args):
        return None
    names = [a.id for a in node.args if isinstance(a, ast.Name)]
    sketched = tuple(names) if node.args and len(names) == len(node.args) else ()
    return call_arguments(call_context("call", node)), sketched


def _marked_signature(rest: str) -> ast.Call | None:
    """A signature span with a bare `*` as the call it describes: the names after the `*`
    are passed by keyword (`(default, *, transform)` is `(default, transform=transform)`);
    a `/` only ends the positional-only ones, which are passed as they are."""
    marker = _BARE_MARKER.search(rest)
    node = parse_call(_BARE_MARKER.sub("", rest))
    if node is None or marker is None or "*" not in marker.group():
        return node
    before = parse_call(rest[: marker.start()] + ")") if marker.start() > 1 else None
    first = len(before.args) if before is not None else 0
    named = [a for a in node.args[first:] if isinstance(a, ast.Name)]
    if len(named) != len(node.args[first:]):
        return node
    node.args = node.args[:first]
    keywords = [ast.copy_location(ast.keyword(arg=a.id, value=a), a) for a in named]
    node.keywords = [*keywords, *node.keywords]
    return node


def ignored_path(path: str | Path, patterns: Sequence[str]) -> bool:
    """Whether a document path matches one of the ignore patterns."""
    return any(fnmatch.fnmatchcase(str(path), p) for p in patterns)
