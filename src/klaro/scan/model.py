"""Plain data produced by the scan and analysis stages.

Every later stage (graph, writers, verifier, knowledge base, agent) reads these frozen
dataclasses and nothing else, so they are the contract of the analysis. `Analysis.to_dict()`
is the documented JSON form printed by `klaro analyze --format json`; bump `SCHEMA_VERSION`
whenever a field changes meaning or disappears.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from klaro.scan.layout import is_vendored

SCHEMA_VERSION = 1
_SHIPPED = frozenset({"package", "script"})


@dataclass(frozen=True)
class SourceFile:
    """One file of the repository that passed the scan's filters."""

    path: str  # POSIX path relative to the repository root
    language: str
    size: int
    sha256: str


@dataclass(frozen=True)
class SkippedFile:
    """A file the scan left out on purpose, with the reason (secret, binary, too large, ...)."""

    path: str
    reason: str


@dataclass(frozen=True)
class Parameter:
    """One parameter of a function signature, as written in the source."""

    name: str
    kind: (
        str  # positional_only | positional_or_keyword | var_positional | keyword_only | var_keyword
    )
    annotation: str | None = None
    default: str | None = None


@dataclass(frozen=True)
class Function:
    """A function or method with its full signature."""

    name: str
    qualname: str  # dotted from the module: "Class.method" or "func"
    module: str
    parameters: tuple[Parameter, ...]
    returns: str | None
    decorators: tuple[str, ...]
    is_async: bool
    kind: str  # function | method | classmethod | staticmethod | property
    docstring: str | None
    lineno: int
    end_lineno: int
    is_public: bool
    calls: tuple[str, ...] = ()  # dotted call targets as written, in source order, unique
    # where its own `**kwargs` go (see scan.kwargs): call targets handed them
    # (`return _open(path, **kwargs)`), keywords read by name, or open (untraceable)
    forwards: tuple[str, ...] = ()
    # per forward target: leading positional arguments and keywords the call already fills
    forward_filled: tuple[tuple[str, int, tuple[str, ...]], ...] = ()
    # of `forwards`, the one that also gets `*args` whole (see scan.kwargs.KwargsFlow.whole)
    args_forwards: tuple[str, ...] = ()
    kwarg_keys: tuple[str, ...] = ()
    kwargs_open: bool = False
    kwargs_refused: bool = False  # extra keywords only raise or warn: none is accepted
    # without an annotation, the chain every `return` gives (`Logger()`, `self.connect().q()`)
    returns_call: str | None = None
    # a `@contextmanager` generator: the chain it yields, what `with f() as x` binds to `x`
    enters_call: str | None = None
    # where it hands its first parameter to be given attributes named at run time:
    # `setattr` itself (`setattr(cls, name, prop)`), or functions (as written) it calls with
    # that parameter first (`make_a_property(cls, file_type)`; see scan.returns.first_to)
    first_to: tuple[str, ...] = ()
    # a decorator whose wrapper returns the receiver of the method it wraps (pypika's
    # `builder`): the methods it decorates return their own class (see scan.returns)
    gives_receiver: bool = False
    # a decorator whose wrapper hands every argument on to the function it wraps: the
    # keyword-only parameters the wrapper adds (see scan.returns.passes_through)
    passes_through: tuple[str, ...] | None = None
    # a decorator factory whose decorator is such a one: what that decorator adds
    makes_through: tuple[str, ...] | None = None
    # `__getattr__`: serves only some names (raises AttributeError for others, or looks them
    # up in a mapping), not every name as a delegating object does
    refuses_names: bool = False
    # `__getattr__`: the chain it forwards every name to (`self.table()`), if that is all it does
    delegates_to: str | None = None
    # a refusing `__getattr__`: the names it may serve, "*" for any (see scan.node_facts)
    served: tuple[str, ...] = ()

    @property
    def signature(self) -> str:
        """Render the signature as it would read in the source: `(a, b: int = 1) -> str`."""
        return render_signature(self.parameters, self.returns)

    @property
    def fullname(self) -> str:
        return f"{self.module}.{self.qualname}" if self.module else self.qualname


@dataclass(frozen=True)
class Variable:
    """A module constant or a class attribute (annotated or assigned)."""

    name: str
    annotation: str | None
    value: str | None  # source text of the value, shortened
    lineno: int
    is_public: bool


# an instance attribute name that stands for any: the class sets attributes named at run
# time (`self.__dict__.update(kw)`)
ANY_ATTRIBUTE = "*"
# an instance attribute name that says the class probes itself for methods named at run time
# (misaka's `for name in python_callbacks: if hasattr(self, name)`): hooks its subclasses
# define, which the base lacks by design
PROBED_HOOKS = "?"
GLOBALS = "globals()"  # in `Module.opened`: the module itself makes names at run time


@dataclass(frozen=True)
class Class:
    """A class with its bases, methods and class-level attributes."""

    name: str
    qualname: str
    module: str
    bases: tuple[str, ...]
    decorators: tuple[str, ...]
    docstring: str | None
    methods: tuple[Function, ...]
    attributes: tuple[Variable, ...]
    lineno: int
    end_lineno: int
    is_public: bool
    classes: tuple[Class, ...] = ()  # nested classes
    # names its methods assign on the instance (`self.name = name`), class attributes aside
    instance_attributes: tuple[str, ...] = ()
    # (attribute, type text) for `self.x` always set from one annotation or one called name
    instance_types: tuple[tuple[str, str], ...] = ()
    # (attribute, chain of one element) for `self.x` lists filled with one kind of item
    # (`self.crons.append(CronItem(...))` gives `("crons", "CronItem()")`; see scan.elements)
    element_chains: tuple[tuple[str, str], ...] = ()
    # the chain of one element of an instance, iterated or indexed (`self.crons[]`)
    element_chain: str | None = None

    @property
    def fullname(self) -> str:
        return f"{self.module}.{self.qualname}" if self.module else self.qualname


@dataclass(frozen=True)
class Import:
    """`import a.b as c` or `from a.b import d as e`, with relative imports made absolute."""

    module: str  # absolute module imported from
    name: str | None  # imported name for `from` imports, None for `import x`
    alias: str  # the name bound in the importing module
    lineno: int

    @property
    def binds(self) -> str:
        """The dotted name the alias stands for: `import a.b` binds `a`, `from a import b` a.b."""
        if self.name:
            return f"{self.module}.{self.name}"
        return self.alias if self.module.startswith(self.alias + ".") else self.module


@dataclass(frozen=True)
class EnvVar:
    """An environment variable the code reads, where it reads it, and its default if literal."""

    name: str
    path: str
    lineno: int
    default: str | None = None
    # os.environ | os.getenv | click envvar | ... | another library's reader by its full name
    via: str = "os.environ"


@dataclass(frozen=True)
class CliOption:
    """An option or positional argument of a command-line command."""

    flags: tuple[str, ...]  # e.g. ("--count", "-c"); positional arguments have their name
    dest: str
    help: str | None = None
    default: str | None = None
    required: bool = False
    is_flag: bool = False
    positional: bool = False
    envvar: str | None = None
    hidden: bool = False  # help=argparse.SUPPRESS / hidden=True: valid, never documented
    # stands for options whose names we cannot read: another package's decorator adds them
    # (`@click_log.simple_verbosity_option(log)`), or the command passes unknown ones on
    # (`ignore_unknown_options`); such a command accepts flags we do not know
    unnamed: bool = False
    # the values it accepts (`choices=["get", "set", "del"]`, `click.Choice([...])`): a
    # first positional with choices is the program's verb, like a sub-command
    choices: tuple[str, ...] = ()
    # a positional taking the rest of the command line (argparse.REMAINDER): the words after
    # it are another program's (`tool run sh -c ...`), its flags not ours
    rest: bool = False
    # argparse's BooleanOptionalAction: the parser also makes `--no-X` of `--X`
    negatable: bool = False
    # the words a valued option takes (`nargs=2`: ntfy's `-o user_key t0k3n`); 0 for every
    # word up to the next flag (argparse's `nargs="*"` or `"+"` on a flag)
    values: int = 1


@dataclass(frozen=True)
class CliCommand:
    """A command (or sub-command) declared with argparse, click or typer."""

    name: str  # "" for the root parser of a program; sub-commands by their name
    framework: str  # argparse | click | typer
    path: str
    lineno: int
    function: str | None = None  # qualified name of the function implementing it
    help: str | None = None
    options: tuple[CliOption, ...] = ()
    parent: str | None = None  # name of the group or parser it belongs to, if known
    has_subcommands: bool = False  # argparse: the parser calls add_subparsers()
    # argparse takes any unambiguous prefix of a long option unless `allow_abbrev=False`;
    # click and typer never do
    abbreviations: bool = False
    # sub-commands also come from plugins at run time (a pluggy hook or entry points given
    # the group, `with_plugins`, `add_command` of a loaded object): others may exist
    plugins: bool = False
    # sub-commands named by values we cannot read (argparse's `add_parser(name)` in a loop
    # over a table the package ships): any word may be one
    computed: bool = False
    # click-default-group's `@click.group(cls=DefaultGroup, default="lock")`: the command
    # that takes a command line whose first word names none (`conda-lock -p linux-64`)
    default: str | None = None
    # click's `@click.group(chain=True)`: one line may run several of its commands in turn
    # (`geedim search ... composite ... download -dt ...`), each with its own flags
    chained: bool = False
    # click decorators naming options defined in another module (`@options.verbose`), as
    # (position among `options`, decorator as written); resolved across modules, then emptied
    option_refs: tuple[tuple[int, str], ...] = ()
    # argparse: helpers handed this parser's sub-parsers object (`register(subparsers)`), as
    # written; their `add_parser` calls are its sub-commands. Resolved across modules, then emptied
    subcommand_refs: tuple[str, ...] = ()
    # other names the command answers to (argparse's `add_parser("gen-schema", aliases=["gs"])`)
    aliases: tuple[str, ...] = ()
    # click: the group of `@cli.command()` when `cli` is imported from another module (toot's
    # commands, one module each, on the group of `toot/cli/__init__.py`), as written; linked
    # across modules, then emptied
    group_ref: str | None = None
    # click: `group.add_command(cmd)` of a command object imported from another module
    # (nipoppy's `cli.add_command(pipeline)`), as written: a placeholder whose `parent` the
    # object's own command takes across modules (it keeps its own name); then dropped
    adopts: str | None = None
    # typer: the sub-app a group is made of when another module makes it
    # (`app.add_typer(account_app, name="account")`, `account_app` imported), as written;
    # that module's commands go under the group across modules, then emptied
    mounts: str | None = None
    # argparse: its flags count anywhere on a command line, not only before a sub-command's
    # word: a parser only seen as a parameter (`populate_parser(parser)`, which command it
    # fills may be unknown), or one of a module that runs `parse_known_args` (borgmatic
    # takes its global flags from the whole line)
    anywhere: bool = False


@dataclass(frozen=True)
class Module:
    """Everything the analysis learnt about one Python file."""

    name: str  # dotted module name
    path: str
    docstring: str | None
    is_package: bool  # an __init__.py
    role: str  # package | test | example | script: only "package" modules are documented API
    is_public: bool
    dunder_all: tuple[str, ...] | None
    classes: tuple[Class, ...]
    functions: tuple[Function, ...]
    constants: tuple[Variable, ...]
    imports: tuple[Import, ...]
    env_vars: tuple[EnvVar, ...]
    cli: tuple[CliCommand, ...]
    lines: int
    # module-level reusable click options (`verbose = click.option("-v", ...)`) by variable
    shared_options: tuple[tuple[str, CliOption], ...] = ()
    # attribute names its code sets on objects other than `self` (`wrapper.cache_clear = f`)
    attached: tuple[str, ...] = ()
    # (function, attribute) its top level sets on one of its own functions
    # (`cheap_repr.suppression_threshold = 300`): settings people read and set there
    function_attributes: tuple[tuple[str, str], ...] = ()
    # its top level only defines (functions, classes, names, imports of other packages'):
    # run as a program (`python -m pkg`, a `__main__.py`), it does nothing
    inert: bool = False
    # the Django settings it reads (`settings.ACCOUNT_OPEN_SIGNUP`) or declares in an appconf
    # class, by their full upper-case names (see scan.django_settings)
    django_settings: tuple[str, ...] = ()
    # names (of classes or objects, as written here) its code gives attributes named at run
    # time: `setattr(Dataset, key, descriptor)` in a format registry; `GLOBALS` when it
    # writes its own names (`globals()[rank] = rank`)
    opened: tuple[str, ...] = ()
    # attributes its functions set on instances they make (`network = Network(...)`, then
    # `network.keys = ...`), as (class as written here, attribute); see
    # scan.instance_attrs.attached_to_made
    made_attributes: tuple[tuple[str, str], ...] = ()
    # modules its code makes at run time and installs as `sys.modules["cog"] = ...`
    installed_modules: tuple[str, ...] = ()
    # attributes its functions read off a parse result (`args, rest = parser.
    # parse_known_args()`, then `args.continue_path`): each a dest of some parser, which the
    # scan may not see when another library builds it (coqpit's `init_argparse()`)
    parsed_reads: tuple[str, ...] = ()
    # module functions reading the variable a parameter names, with that parameter's position;
    # `name*`: every variable whose name starts with the parameter (`envwrap("TQDM_")`)
    env_helpers: tuple[tuple[str, int], ...] = ()
    # calls of imported names with an env-shaped literal: (callee as written, position,
    # literal, line); analyze links them to another module's `env_helpers`
    env_calls: tuple[tuple[str, int, str, int], ...] = ()
    # reads of a variable whose name an imported constant holds (`environ.get(API_KEY_ENV)`
    # after `from .constants import API_KEY_ENV`): (name as written, line, default, via);
    # analyze looks the constant up in the module it comes from
    env_names: tuple[tuple[str, int, str | None, str], ...] = ()
    # option-shaped string literals (`"--bind-cookies"`): flags a table-driven parser, an
    # IPython magic or a hand-rolled `sys.argv` check accepts beside the frameworks we read
    flag_literals: tuple[str, ...] = ()
    # option names the code builds from a template, `*` for each hole: `'--{}set'.format(
    # prefix)` and `f'--{prefix}histogram'` give `--*set` and `--*histogram`
    flag_patterns: tuple[str, ...] = ()
    # upper-case string literals that end a prefix (`"KEYRING_PROPERTY_"`): the start of the
    # variables a loop over the environment picks (`key.partition(prefix)`)
    env_prefix_literals: tuple[str, ...] = ()
    # dotted or snake_case lower-case string literals (`"scriv.create.add"`, `"insert_marker"`):
    # keys of a configuration, a logger or an entry-point group, which documents name like
    # Python paths or names
    key_literals: tuple[str, ...] = ()
    # string literals that end a key's first part (`"pyramid."`, `"ALLAUTH_"`): the code may
    # join one to a key literal (`'pyramid.' + key`, `getattr(settings, self.prefix + name)`)
    key_prefixes: tuple[str, ...] = ()
    # snake_case keywords its calls pass (`signal.send(app, old_username=...)`): names of
    # arguments some callee, maybe another package's, receives, which documents name
    passed_keywords: tuple[str, ...] = ()
    # prefixes of attribute names the code builds at run time (`getattr(self, "convert_%s" %
    # tag)`): a visitor's `convert_b`, `visit_Name` exist by naming convention
    attr_prefixes: tuple[str, ...] = ()
    # names stored under a string key (`env.globals["pathjoin"] = _pathjoin`): a registry of
    # callables (template globals, commands, filters) that documents call by that name; and
    # functions defined in a function for a decorator to register (`@mcp.tool()`)
    registered: tuple[str, ...] = ()
    # class attributes whose values are registry keys: `REGISTRY[v.tag] = v` makes each
    # project class's `tag = "regex"` a registered name
    registered_by: tuple[str, ...] = ()
    # the database functions its SQL strings call (`"PERFORM pg_notify(...)"`): the docs name
    # them as the project's machinery, though no Python defines them
    sql_functions: tuple[str, ...] = ()
    # relative file paths and path globs its strings spell (`".config/ansible-lint.yml"`,
    # `"**/requirements.{yaml,yml}"`): files it looks for where it runs, not in this repository
    path_literals: tuple[str, ...] = ()
    # variable names kept as data: a constant table (`ENV_TO_ATTR = {"APP_RULES": "rules"}`)
    # or an `env_var="APP_X"` keyword of an option's declaration; and whether
    # the module reads a variable whose name it computes (`os.environ[env]`): together, the
    # project reads the table's variables in a loop
    env_table: tuple[EnvVar, ...] = ()
    env_dynamic: bool = False
    # goes through the environment keeping the names that start with a prefix it computes
    # (dynaconf's `DYNACONF_*`): the project's variables cannot all be listed
    env_scan: bool = False
    # names a helper serves through the module's `__getattr__`, handed the module's name and
    # the table: `deprecate_attributes(__name__, {"RaisesGroup": ...})`, `lazy.attach(
    # __name__, submod_attrs={"io": ["load"]})`
    served_names: tuple[str, ...] = ()
    # its `__getattr__` serves what the `.pyi` stub beside it imports: lazy_loader's
    # `__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)` (scikit-image, orix)
    stub_served: bool = False

    @property
    def is_test(self) -> bool:
        return self.role == "test"

    def public_names(self) -> tuple[str, ...]:
        """Names this module exports: `__all__` when declared, else those without `_`.

        A package `__init__` also exports what it imports with `from ... import` (the usual
        way a package lifts its API to the top), so `pkg.Thing` is public when `pkg` re-exports it.
        """
        if self.dunder_all is not None:
            return self.dunder_all
        names = [c.name for c in self.classes] + [f.name for f in self.functions]
        names += [v.name for v in self.constants]
        if self.is_package:
            names += [i.alias for i in self.imports if i.name is not None]
        return tuple(dict.fromkeys(n for n in names if not n.startswith("_") and n != "*"))


@dataclass(frozen=True)
class EntryPoint:
    """A console script or plugin entry point from packaging metadata."""

    group: str  # console_scripts | gui_scripts | any plugin group
    name: str
    target: str  # "package.module:function"


@dataclass(frozen=True)
class PackageMetadata:
    """Facts from pyproject.toml, setup.cfg or setup.py; empty fields when none say."""

    name: str | None = None
    version: str | None = None
    description: str | None = None
    requires_python: str | None = None
    dependencies: tuple[str, ...] = ()
    optional_dependencies: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # PEP 735 `[dependency-groups]` (`dev = ["pytest", {include-group = "lint"}]`): the
    # requirements of each group, not installed with the package but used by its tools and docs
    dependency_groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    license: str | None = None
    urls: tuple[tuple[str, str], ...] = ()
    entry_points: tuple[EntryPoint, ...] = ()
    # modules a build hook writes (`version-file = "pkg/_version.py"`): missing from a checkout
    version_files: tuple[str, ...] = ()
    # programs installed as they are (setup.py's `scripts=["bin/num2words"]`): their paths
    script_files: tuple[str, ...] = ()
    # modules compiled at build time (setup.py's `Extension("pkg._speedups", ...)`, pyproject's
    # `[[tool.setuptools.ext-modules]]`, meson's `py.extension_module`): dotted names
    extension_modules: tuple[str, ...] = ()
    source: str | None = None  # which file the facts came from

    @property
    def console_scripts(self) -> tuple[EntryPoint, ...]:
        return tuple(e for e in self.entry_points if e.group == "console_scripts")


@dataclass(frozen=True)
class AnalysisError:
    """A file the analysis could not read (syntax error, bad encoding); the run went on."""

    path: str
    message: str
    lineno: int | None = None


@dataclass(frozen=True)
class Analysis:
    """The whole analysis of a repository: the input of every later stage."""

    root: str
    metadata: PackageMetadata
    files: tuple[SourceFile, ...]
    modules: tuple[Module, ...]
    skipped: tuple[SkippedFile, ...] = ()
    errors: tuple[AnalysisError, ...] = ()
    _index: dict[str, Module] = field(default_factory=dict, repr=False, compare=False)

    def module(self, name: str) -> Module | None:
        """Return the module with this dotted name, if analysed."""
        if not self._index:
            self._index.update((m.name, m) for m in self.modules)
        return self._index.get(name)

    def iter_functions(self) -> Iterator[Function]:
        """Yield every function and method of every module, classes included."""
        for mod in self.modules:
            yield from mod.functions
            for cls in iter_classes(mod.classes):
                yield from cls.methods

    def iter_classes(self) -> Iterator[Class]:
        """Yield every class of every module, nested classes included."""
        for mod in self.modules:
            yield from iter_classes(mod.classes)

    @property
    def env_vars(self) -> tuple[EnvVar, ...]:
        """Environment variables the project reads (tests and examples left out)."""
        return tuple(e for m in self.modules if m.role in _SHIPPED for e in m.env_vars)

    @property
    def cli(self) -> tuple[CliCommand, ...]:
        """Command-line commands the project declares (tests and examples left out). Those of
        vendored code are another program's (pigar's `_vendor/pip` parsers: pip's `-f`),
        unless an entry point of the project runs them."""
        return tuple(
            c for m in self.modules if m.role in _SHIPPED and not self.foreign(m) for c in m.cli
        )

    def foreign(self, module: Module) -> bool:
        """Whether a module is another project's code copied in (`pkg/_vendor/pip/`) that
        no entry point of this one runs: its parsers and flags are not this program's."""
        if not is_vendored(module.path):
            return False
        return not any(
            e.target.partition(":")[0].strip() == module.name for e in self.metadata.entry_points
        )

    @property
    def lines(self) -> int:
        return sum(m.lines for m in self.modules)

    def to_dict(self) -> dict[str, Any]:
        """Return the documented, stable JSON form of the analysis."""
        return {
            "schema_version": SCHEMA_VERSION,
            "root": self.root,
            "metadata": _plain(self.metadata),
            "files": [_plain(f) for f in self.files],
            "skipped": [_plain(s) for s in self.skipped],
            "errors": [_plain(e) for e in self.errors],
            "modules": [_plain(m) for m in self.modules],
        }


def iter_classes(classes: tuple[Class, ...]) -> Iterator[Class]:
    """Yield classes and, depth first, the classes nested in them."""
    for cls in classes:
        yield cls
        yield from iter_classes(cls.classes)


def render_signature(parameters: tuple[Parameter, ...], returns: str | None) -> str:
    """Render parameters the way Python source writes them, `/` and `*` markers included."""
    parts: list[str] = []
    seen_kw_marker = False
    for i, p in enumerate(parameters):
        if p.kind == "keyword_only" and not seen_kw_marker:
            parts.append("*")
            seen_kw_marker = True
        if p.kind == "var_positional":
            seen_kw_marker = True
        text = {"var_positional": "*", "var_keyword": "**"}.get(p.kind, "") + p.name
        if p.annotation:
            text += f": {p.annotation}"
        if p.default is not None:
            text += f" = {p.default}" if p.annotation else f"={p.default}"
        parts.append(text)
        nxt = parameters[i + 1] if i + 1 < len(parameters) else None
        if p.kind == "positional_only" and (nxt is None or nxt.kind != "positional_only"):
            parts.append("/")
    rendered = f"({', '.join(parts)})"
    return f"{rendered} -> {returns}" if returns else rendered


def _plain(obj: Any) -> Any:
    """Convert dataclasses to JSON-ready dicts, adding derived fields readers rely on."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out = {
            f.name: _plain(getattr(obj, f.name))
            for f in dataclasses.fields(obj)
            if not f.name.startswith("_")
        }
        if isinstance(obj, Function):
            out["signature"] = obj.signature
        return out
    if isinstance(obj, tuple | list):
        return [_plain(x) for x in obj]
    return obj
