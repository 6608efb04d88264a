"""Deterministic analysis of one Python module from its AST.

No import, no execution: everything comes from `ast`, so analysing untrusted code is safe and
the same source always gives the same facts. Command-line surfaces are extracted by
`scan.cli`, environment variables here because they hide in any function body.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from klaro.scan import cli as cli_surface
from klaro.scan.cli_argparse import parsed_reads
from klaro.scan.cli_ast import chain, kw, positional_defaults
from klaro.scan.django_settings import django_settings
from klaro.scan.elements import element_chains
from klaro.scan.env_classes import ENV_READERS, EnvClass, env_classes, env_key
from klaro.scan.instance_attrs import (
    attached_to_made,
    instance_attributes,
    sets_any_attribute,
)
from klaro.scan.kwargs import kwargs_flow
from klaro.scan.layout import absolute_module
from klaro.scan.model import (
    GLOBALS,
    Class,
    EnvVar,
    Function,
    Import,
    Module,
    Parameter,
    Variable,
)
from klaro.scan.node_facts import (
    ATTR_GETTERS,
    ATTRIBUTE_HOOKS,
    ENV_KEYWORDS,
    ENV_MAPS,
    ENV_NAME,
    built_prefix,
    built_suffix,
    child_loggers,
    constant_start,
    env_table,
    flag_pattern,
    handed_functions,
    handed_tables,
    literal_env,
    names_all,
    namespace_keys,
    refuses_names,
    scans_environ,
    served_names,
    serves_its_stub,
)
from klaro.scan.returns import (
    delegate_chain,
    entered_chain,
    first_to,
    gives_receiver,
    makes_through,
    passes_through,
    returned_chain,
)
from klaro.scan.settings_env import settings_env
from klaro.scan.syntax import parse_module
from klaro.scan.traitlets_apps import traitlets_command, traitlets_subcommands

_VALUE_LIMIT = 80
_ENV_READERS = ENV_READERS
# A mapping handed in for testability (`env: Mapping[str, str] = os.environ`) is read like
# os.environ; only UPPER_CASE keys count there, so an ordinary dict called `env` stays quiet.
_ENV_PARAMS = {"env", "environ", "environment"}
_ENV_PARAM_READERS = {f"{m}.{op}" for m in _ENV_PARAMS for op in ("get", "pop", "setdefault")}
_ENV_PREFIX = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_\Z")  # `APP_`, `TLDR_COLOR_`
# the start of a name built at run time: a prefix, or a name of two parts at least that what
# is added completes (fluidsim's `"FLUIDSIM_TYPE_FFT" + dim` reads FLUIDSIM_TYPE_FFT2D)
_ENV_START = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_\Z|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\Z")
_FLAG = re.compile(r"--?[A-Za-z][\w-]*\Z")
# a mapping of variables for a child process: `env`, `env_vars`, `child_environ`
_ENV_MAPPING = re.compile(r"(?:\w+_)?env(?:iron(?:ment)?)?(?:_?vars?)?\Z", re.IGNORECASE)
_KEY_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[._][A-Za-z0-9]+)*[._]\Z")
# a dotted name before a slash: a Kubernetes API group and its version (`"kopf.dev/v1"`)
_SQL = re.compile(r"\b(?:SELECT|PERFORM|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE|CALL)\s", re.I)
_SQL_CALL = re.compile(r"\b([A-Za-z]\w*_\w+)\s*\(")  # `pg_notify(`, not `count(`
_GROUP_PATH = re.compile(r"([a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+)/[\w.-]+\Z")
# a relative path to a file, or a glob of such paths: `.config/tool.yml`, `**/req.{yaml,yml}`
_PATH = re.compile(r"(?:[\w.*{},-]+/)+[\w*{},-]*\.[\w*{},-]+\Z")
# a CamelCase word of two humps at least, lower-case letters in the first: `ComputeAPI`
# (one run after the second capital: nested repeats backtrack without end on a long
# capital-letter literal that does not match, as base64 data)
_CAMEL_WORD = re.compile(r"[A-Z][a-z]+[A-Z][A-Za-z0-9]*\Z")
# a configuration key, logger name or setting as the code spells it: `"scriv.create.add"`,
# `"insert_marker"`, `"_src_path"`
_KEY = re.compile(
    r"[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_-]*)+\Z|_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+\Z"
    r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\Z"  # a settings key: `settings.get("SENTRY_DSN")`
    r"|[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*\.[A-Z]+[0-9]+\Z"  # a check's id: `debug_toolbar.W001`
)
# a mapping's key spelt with hyphens (TOML's `commit-length`) or in lower camel case (a JSON
# schema's or an options dict's `idRef`)
_MAPPING_KEY = re.compile(
    r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+\Z|[a-z]+(?:[A-Z][a-z0-9]+)+\Z"
    r"|[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*\.[a-z]+(?:[A-Z][a-z0-9]+)+\Z"  # `wsgi.handleErrors`
)


def _mapping_keys(node: ast.AST) -> list[str]:
    """The hyphenated or camelCased keys a mapping is read or built with:
    `config["commit-length"]`, `config.get("tagged-metadata")`, `{"format-jinja": None}`,
    jsonmerge's `strategy.get("idRef")`, a WSGI environ's `extra_environ["wsgi.handleErrors"]`."""
    if isinstance(node, ast.Subscript):
        given = [node.slice]
    elif isinstance(node, ast.Dict):
        given = [k for k in node.keys if k is not None]
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"get", "pop", "setdefault"}
        and node.args
    ):
        given = [node.args[0]]
    else:
        return []
    return [
        k.value
        for k in given
        if isinstance(k, ast.Constant) and isinstance(k.value, str) and _MAPPING_KEY.match(k.value)
    ]


# an upper-case name written as bytes: borg's `MAGIC = b'BORG_SEG'`
_CAPS_KEY = re.compile(rb"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\Z")
_CLI_WORDS = (
    "argparse", "click", "typer", "add_argument", "add_parser", "addoption", "getopt", "docopt",
    "optparse", "add_option", ".command", "Argument(", "fire", "clize", "defopt", "argh",
    "plac", "add_subparsers",
)  # fmt: skip
_FIELDS: dict[type, tuple[str, ...]] = {}
_PROGRAM = re.compile(r"^[A-Za-z][\w.+-]*$")
# builtins that only read a namespace handed to them (`sorted(globals())`)
_READ_ONLY = frozenset(
    {"dict", "list", "sorted", "len", "set", "tuple", "iter", "print", "repr", "eval"}
    | {"run_docstring_examples", "testmod", "run_module"}  # doctest's `globs`: read
)
_LEAVES = frozenset({str, ast.Name, ast.Constant, ast.alias, ast.Pass, ast.Break, ast.Continue})
_SCALARS = (str, int, float, complex, bytes, bool, type(Ellipsis))


def analyze_source(
    source: str | bytes, path: str, module: str, *, is_package: bool, role: str = "package"
) -> Module:
    """Analyse one module's source; raises SyntaxError or ValueError for unparsable input."""
    tree = parse_module(source, path)
    text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
    lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    wants_cli = any(word in text for word in _CLI_WORDS)
    reads_env = "environ" in text or "getenv" in text
    visitor = _ModuleVisitor(path, module, is_package, wants_cli, role)
    visitor.reads_env = reads_env
    visitor.makes_loggers = "getChild" in text  # the logger walk only where it can find any
    visitor.parses = "parse_" in text and "_args(" in text  # `parser.parse_known_args(...)`
    visitor.has_tables = "aliases" in text or "flags" in text  # a traitlets application's
    visitor.has_subapps = "subcommands" in text  # a traitlets application's words
    return visitor.visit_module(tree, lines)


class _ModuleVisitor:
    """Collect a module's symbols in one pass over its top-level and class bodies."""

    def __init__(
        self, path: str, module: str, is_package: bool, wants_cli: bool, role: str
    ) -> None:
        self.path = path
        self.role = role
        self.reads_env = False
        self.makes_loggers = False
        self.parses = False
        self.has_tables = False
        self.has_subapps = False
        self.main_only: set[int] = set()
        self.wants_cli = wants_cli
        self.module = module
        self.is_package = is_package
        self.env: list[EnvVar] = []
        self.body: list[ast.stmt] = []  # the module's top-level statements
        self.constants: dict[str, str] = {}
        # functions that read the variable their parameter names: `env("APP_LEVEL", int)`
        self.env_helpers: dict[str, int] = {}
        # classes whose instances read the variable they are made with (`Env('{prefix}_X')`)
        self.env_classes: dict[str, EnvClass] = {}
        self.env_made: dict[str, bool] = {}  # such a class -> whether every making was literal
        self.env_held: dict[str, list[EnvVar | None]] = {}  # its template's pattern, held back
        self.attached: dict[str, None] = {}
        self.opened: dict[str, None] = {}  # names given attributes named at run time
        # `glob = globals()` then `glob[name] = value` (mido's backend functions): the names
        # bound to the module's namespace, and the names written to by key
        self.namespace_aliases: set[str] = set()
        # `THIS_LIB = sys.modules[__name__]`: a module fetched by the name of its key; the
        # module itself, written to by `setattr`, when the key is `__name__` or an alias of it
        self.module_handles: dict[str, str] = {}
        self.own_name_aliases: set[str] = {"__name__"}
        self.keyed_stores: set[str] = set()
        self.handed: set[str] = set()  # names handed to calls as arguments
        self.installed: dict[str, None] = {}  # modules it puts in `sys.modules` by name
        self.imported: frozenset[str] = frozenset()  # names the module's imports bind
        self.import_binds: dict[str, str] = {}  # what each of those names stands for
        self.env_calls: dict[tuple[str, int, str, int], None] = {}
        self.env_names: dict[tuple[str, int, str | None, str], None] = {}
        self.flags: dict[str, None] = {}  # option-shaped string literals, in order
        self.flag_patterns: dict[str, None] = {}  # `--*set`: options built from a template
        self.env_prefixes: dict[str, None] = {}  # `"KEYRING_PROPERTY_"`, in order
        self.keys: dict[str, None] = {}  # dotted keys (`"scriv.create.add"`), in order
        self.key_prefixes: dict[str, None] = {}  # `"pyramid."`, `"ALLAUTH_"`
        self.passed: dict[str, None] = {}  # snake_case keywords its calls pass
        self.attr_prefixes: dict[str, None] = {}  # `getattr(self, "visit_" + kind)`
        # names served by name: `env.globals["pathjoin"] = _pathjoin`, `@mcp.tool()` on a
        # nested function
        self.registered: dict[str, None] = {}
        self.sql_functions: dict[str, None] = {}  # its queries call: `"SELECT pg_notify($1)"`
        self.paths: dict[str, None] = {}  # `".config/tool.yml"`: paths it looks for
        self.registered_by: dict[str, None] = {}  # `registry[v.tag] = v`: `tag`
        self.env_table: list[EnvVar] = []  # variable names in a constant table
        self.env_dynamic = False  # reads a variable whose name is computed
        self.env_scan = False  # goes through the environment picking names by their start
        # string class attributes (`ROOT = "SHIV_ROOT"`), read as `self.ROOT` / `Env.ROOT`
        self.attribute_strings: dict[str, str] = {}
        # definitions inside the module's if/try blocks, read as the module's own: the
        # generic walk of those blocks leaves them to `_class` and `_function`
        self.nested_defs: set[int] = set()

    def visit_module(self, tree: ast.Module, lines: int) -> Module:
        body = self.body = tree.body
        self.main_only = {  # what runs only as a script: `if __name__ == "__main__":`
            id(n)
            for stmt in body
            if isinstance(stmt, ast.If) and _main_guard(stmt.test)
            for n in ast.walk(stmt)
        }
        imports = tuple(self._imports(body))
        self.imported = frozenset(i.alias for i in imports)
        self.import_binds = {i.alias: i.binds for i in imports}
        # names bound inside try/except or if blocks are module names too (`try: from pysqlite3
        # import dbapi2; OperationalError = dbapi2.OperationalError` / `except ImportError:`)
        # and those a function binds with `global` (Twiggy's `_populate_globals()` makes `log`)
        statements = [*_walk_statements(body, script=False), *_global_assignments(body)]
        constants = tuple(self._variables(statements, module_level=True))
        # a class or function defined at the top is the module's name even where a branch
        # rebinds it (zulip's `if LEGACY_...: Client = LegacyInterfaceClient`, a subclass)
        defined = {n.name for n in body if isinstance(n, _DEFS)}
        defined -= {
            t.id
            for n in body
            if isinstance(n, ast.Assign)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        constants = tuple(c for c in constants if c.name not in defined)
        self.constants = {
            v.name: v.value.strip("'\"") for v in constants if v.value and v.value[:1] in "'\""
        }
        if self.reads_env:
            self.env_helpers = _env_helpers(body)
            self.env_classes = env_classes(body, self.constants)
            self.env_helpers.update(  # `Env("APP_X")` in another module: linked as a helper
                (name, c.position) for name, c in self.env_classes.items() if c.plain
            )
            self.attribute_strings = _attribute_strings(body)
            for node in body:  # `def config(env=DEFAULT_ENV)`: the default is read too
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    position = self.env_helpers.get(node.name)
                    pairs = positional_defaults(node.args)
                    default = pairs[position][1] if position is not None else None
                    if default is not None:
                        self._env(default, default, "helper", None, upper_only=True)
        # a platform's or a fallback's definition (`if platform.system() == "Windows": def
        # os_sort_keygen(...)`, `except ImportError: class Speedups:`) is the module's too
        defs = [n for n in _walk_statements(body, script=False) if isinstance(n, _DEFS)]
        self.nested_defs = {id(n) for n in defs} - {id(n) for n in body}
        classes = tuple(
            _last_of_each(self._class(n, "") for n in defs if isinstance(n, ast.ClassDef))
        )
        functions = _effective(
            self._function(n, "", None)
            for n in defs
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        )
        self._walk([n for n in body if not isinstance(n, _DEFS)], None)
        if self.makes_loggers:
            self.keys.update(dict.fromkeys(child_loggers(tree, self.module)))
        for name, held in self.env_held.items():  # made elsewhere, or with a computed name:
            if not self.env_made.get(name, False):  # the class's reads stay a pattern
                self.env_dynamic |= None in held
                self.env += [e for e in held if e is not None]
        if self.env_dynamic:  # `'{0}_{1}'.format(self.environ_prefix, name)`, read from
            for prefix, line in _prefix_defaults(tree):  # `environ_prefix='DJANGO'`
                self.env.append(EnvVar(prefix.rstrip("_") + "_*", self.path, line, None, "prefix"))
        cli, shared = (
            cli_surface.extract(tree, self.path, self.module, self.constants)
            if self.wants_cli
            else ([], [])
        )
        application = traitlets_command(tree, self.path) if self.has_tables else None
        if application is not None:
            cli = [*cli, application]  # its `aliases` and `flags` tables
        if self.has_subapps:
            cli = [*cli, *traitlets_subcommands(tree, self.path)]
        reused = {id(option) for _, option in shared}  # recorded once, where defined
        for command in cli:  # `envvar=` settings of options are environment reads too
            for option in command.options:
                if option.envvar and option.envvar.isidentifier() and id(option) not in reused:
                    via = f"{command.framework} envvar"
                    self.env.append(
                        EnvVar(option.envvar, self.path, command.lineno, option.default, via)
                    )
        if any(option.envvar for _, option in shared):
            lines_of = {
                t.id: n.lineno
                for n in body
                if isinstance(n, ast.Assign)
                for t in n.targets
                if isinstance(t, ast.Name)
            }
            for name, option in shared:
                if option.envvar and option.envvar.isidentifier():
                    line = lines_of.get(name, 1)
                    self.env.append(
                        EnvVar(option.envvar, self.path, line, option.default, "click envvar")
                    )
        dunder_all = _dunder_all(body)
        private = any(p.startswith("_") for p in self.module.split("."))
        return Module(
            name=self.module,
            path=self.path,
            docstring=ast.get_docstring(tree),
            is_package=self.is_package,
            role=self.role,
            is_public=not private and self.role == "package",
            dunder_all=dunder_all,
            classes=classes,
            functions=functions,
            constants=constants,
            imports=imports,
            env_vars=tuple(_unique_env(self.env)),
            cli=tuple(cli),
            lines=lines,
            shared_options=tuple(shared),
            attached=tuple(self.attached),
            function_attributes=_function_attributes(body),
            inert=_inert(body, self.module.split(".")[0]),
            django_settings=django_settings(tree, self.module, imports),
            # (only a module that sets attributes on other objects may set them on its own)
            made_attributes=attached_to_made(tree) if self.attached else (),
            opened=tuple(self._opened()),
            installed_modules=tuple(self.installed),
            parsed_reads=parsed_reads(tree) if self.parses else (),
            env_helpers=tuple(self.env_helpers.items()),
            env_calls=tuple(self.env_calls),
            env_names=tuple(self.env_names),
            flag_literals=tuple(self.flags),
            flag_patterns=tuple(self.flag_patterns),
            env_prefix_literals=tuple(self.env_prefixes),
            key_literals=tuple(self.keys),
            key_prefixes=tuple(self.key_prefixes),
            passed_keywords=tuple(self.passed),
            attr_prefixes=tuple(self.attr_prefixes),
            registered=tuple(self.registered),
            registered_by=tuple(self.registered_by),
            sql_functions=tuple(self.sql_functions),
            path_literals=tuple(self.paths),
            env_table=tuple(self.env_table),
            env_dynamic=self.env_dynamic,
            env_scan=self.env_scan,
            served_names=handed_tables(body),
            stub_served=serves_its_stub(body),
        )

    def _opened(self) -> dict[str, None]:
        """What the module sets names on at run time: `opened`, with a module handle set so
        (`setattr(THIS_LIB, name, ...)` on `THIS_LIB = sys.modules[__name__]`) and
        `glob[name] = ...` on `glob = globals()` read as the module itself."""
        own = {h for h, key in self.module_handles.items() if key in self.own_name_aliases}
        opened = {GLOBALS if name in own else name: None for name in self.opened}
        if self.namespace_aliases & (self.keyed_stores | self.handed):
            opened[GLOBALS] = None
        return opened

    def _imports(self, body: Iterable[ast.stmt]) -> Iterable[Import]:
        bound: set[str] = set()
        for node in _walk_statements(body):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    name = alias.asname or alias.name.split(".")[0]
                    bound.add(name)
                    yield Import(alias.name, None, name, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                base = self._absolute(node.module, node.level)
                for alias in node.names:
                    bound.add(alias.asname or alias.name)
                    yield Import(base, alias.name, alias.asname or alias.name, node.lineno)
        yield from self._lazy_imports(body, bound)

    def _lazy_imports(self, body: Iterable[ast.stmt], bound: set[str]) -> Iterable[Import]:
        """What a module's `__getattr__` imports from the project on first use (PEP 562:
        termgraph's `if name == "Data": from .data import Data; return Data`): names of the
        module as much as an import at its top, unless the module binds them itself."""
        hook = next(
            (
                n
                for n in _walk_statements(body, script=False)
                if isinstance(n, ast.FunctionDef) and n.name == "__getattr__"
            ),
            None,
        )
        if hook is None:
            return
        defined = bound | {
            t.id
            for n in _walk_statements(body, script=False)
            for t in (
                n.targets if isinstance(n, ast.Assign) else [ast.Name(n.name)]
                if isinstance(n, _DEFS) else []
            )
            if isinstance(t, ast.Name)
        }  # fmt: skip
        top = self.module.split(".")[0]
        for node in ast.walk(hook):
            if not isinstance(node, ast.ImportFrom):
                continue
            base = self._absolute(node.module, node.level)
            if base.split(".")[0] != top:
                continue  # another package's, which the hook uses itself
            for alias in node.names:
                name = alias.asname or alias.name
                if alias.name != "*" and name not in defined:
                    defined.add(name)
                    yield Import(base, alias.name, name, node.lineno)

    def _absolute(self, module: str | None, level: int) -> str:
        return absolute_module(self.module, self.is_package, module, level)

    def _variables(self, body: Iterable[ast.stmt], *, module_level: bool) -> Iterable[Variable]:
        seen: set[str] = set()
        for node in body:
            targets: list[ast.expr] = []
            annotation: str | None = None
            value: ast.expr | None = None
            if isinstance(node, ast.Import | ast.ImportFrom) and not module_level:
                # `from icalendar.param import CN, ROLE` in a class body: class attributes
                targets = [
                    ast.Name(alias.asname or alias.name.split(".")[0], lineno=node.lineno)
                    for alias in node.names
                    if alias.name != "*"
                ]
            elif isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign):
                targets, value = [node.target], node.value
                annotation = ast.unparse(node.annotation)
                name = node.target.id if isinstance(node.target, ast.Name) else ""
                if module_level and value is None and name in self.imported:
                    # `Observer: ObserverFactory` above the platform's `from .inotify import
                    # InotifyObserver as Observer`: a declaration; the import binds the name
                    continue
            for target, held in _unpacked(targets, value):
                if not isinstance(target, ast.Name) or target.id in seen:
                    continue
                name = target.id
                if module_level and name == "__all__":
                    continue
                seen.add(name)
                yield Variable(
                    name=name,
                    annotation=annotation,
                    value=_shorten(ast.unparse(held)) if held is not None else None,
                    lineno=node.lineno,
                    is_public=not name.startswith("_"),
                )

    @functools.cached_property
    def _built_names(self) -> dict[str, ast.expr]:
        """Variables the module binds once, anywhere, to a string built from a constant start
        (`attribute = "_{}".format(key)`): what a `setattr(obj, attribute, ...)` names."""
        found: dict[str, ast.expr] = {}
        seen: set[str] = set()
        for sub in (n for stmt in self.body for n in ast.walk(stmt)):
            if isinstance(sub, ast.Assign) and len(sub.targets) == 1:
                target = sub.targets[0]
                if isinstance(target, ast.Name):
                    if target.id in seen:
                        found.pop(target.id, None)
                    elif constant_start(sub.value):
                        found[target.id] = sub.value
                    seen.add(target.id)
        return found

    @functools.cached_property
    def _classes(self) -> dict[str, ast.ClassDef]:
        """The module's top-level classes by name (the models a settings class nests)."""
        return {n.name: n for n in self.body if isinstance(n, ast.ClassDef)}

    @functools.cached_property
    def _attachers(self) -> frozenset[str]:
        """The module's functions that give the object they are handed attributes named at
        run time (flask-marshmallow's `_attach_fields(obj)`: `setattr(obj, attr, ...)` over
        a module's `__all__`): a class calling one on `self` takes any attribute."""
        return frozenset(
            f.name
            for f in self.body
            if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
            for p in f.args.args[:1]
            if any(sets_any_attribute(sub, p.arg) for sub in ast.walk(f))
        )

    def _class(self, node: ast.ClassDef, prefix: str) -> Class:
        qualname = f"{prefix}{node.name}"
        self.flags.update(dict.fromkeys(_field_options(node)))
        self.env += settings_env(node, self.path, self._classes)  # pydantic-settings'
        attributes, types = instance_attributes(node, self._attachers)
        held, element = element_chains(node)
        # a version's or a platform's method (`if sys.version_info >= (3, 12): def walk(...)`)
        # is the class's too, as at module level
        defs = [n for n in _walk_statements(node.body, script=False) if isinstance(n, _DEFS)]
        self.nested_defs.update(id(n) for n in defs if n not in node.body)
        methods = _effective(
            self._function(n, f"{qualname}.", node)
            for n in defs
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        )
        nested = tuple(self._class(n, f"{qualname}.") for n in defs if isinstance(n, ast.ClassDef))
        self._walk([n for n in node.body if not isinstance(n, _DEFS)], None)
        return Class(
            name=node.name,
            qualname=qualname,
            module=self.module,
            bases=tuple(ast.unparse(b) for b in node.bases)
            + tuple(
                f"{k.arg}={ast.unparse(k.value)}" for k in node.keywords if k.arg == "metaclass"
            ),
            decorators=tuple(ast.unparse(d) for d in node.decorator_list),
            docstring=ast.get_docstring(node),
            methods=methods,
            attributes=tuple(self._variables(node.body, module_level=False)),
            lineno=node.lineno,
            end_lineno=node.end_lineno or node.lineno,
            is_public=not node.name.startswith("_") and not prefix.startswith("_"),
            classes=nested,
            instance_attributes=attributes,
            instance_types=types,
            element_chains=held,
            element_chain=element,
        )

    def _function(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, prefix: str, owner: ast.ClassDef | None
    ) -> Function:
        decorators = tuple(ast.unparse(d) for d in node.decorator_list)
        self._walk(node.decorator_list, None)  # `@argument("-o")`, `@option(envvar=...)`
        kind = "function"
        if owner is not None:
            kind = "method"
            for deco in decorators:
                if deco in {"classmethod", "staticmethod"}:
                    kind = deco
                elif deco in {
                    "property",
                    "functools.cached_property",
                    "cached_property",
                } or deco.endswith((".setter", ".deleter")):
                    kind = "property"
        name = node.name
        public = not name.startswith("_") or (name.startswith("__") and name.endswith("__"))
        flow = kwargs_flow(node, owner)
        if owner is not None:  # a metaclass reading `attrs.pop("Params")`: declared by users
            self.keys.update(dict.fromkeys(namespace_keys(node)))
        # `for tool in (list_item_fields, ...): add(tool)`: functions it defines and registers
        self.registered.update(dict.fromkeys(handed_functions(node)))
        local = self._local_imports(node)  # read once, for its calls and its returned chain
        return Function(
            name=name,
            qualname=f"{prefix}{name}",
            module=self.module,
            parameters=_parameters(node.args),
            returns=ast.unparse(node.returns) if node.returns else None,
            decorators=decorators,
            is_async=isinstance(node, ast.AsyncFunctionDef),
            kind=kind,
            docstring=ast.get_docstring(node),
            lineno=node.lineno,
            end_lineno=node.end_lineno or node.lineno,
            is_public=public and not prefix.startswith("_"),
            calls=self._calls(node, local),
            forwards=flow.forwards,
            forward_filled=flow.filled,
            args_forwards=flow.whole,
            kwarg_keys=flow.keys,
            kwargs_open=flow.open,
            kwargs_refused=flow.refused,
            # annotated, only `self`: a fluent method typed by its base (schemdraw's
            # `def at(...) -> 'Element': return self`) gives the class it is called on
            returns_call=_rebound_chain(
                _self_only(returned_chain(node)) if node.returns else returned_chain(node), local
            ),
            enters_call=entered_chain(node, decorators),
            first_to=first_to(node),
            gives_receiver=owner is None and gives_receiver(node),
            passes_through=(
                passes_through(node) if owner is None or kind == "classmethod" else None
            ),
            makes_through=makes_through(node) if owner is None else None,
            refuses_names=name in ATTRIBUTE_HOOKS and refuses_names(node, owner),
            delegates_to=delegate_chain(node) if name == "__getattr__" else None,
            served=(
                served_names(node, self.body, self.module.split(".")[0], owner)
                if name == "__getattr__"
                else ()
            ),
        )

    def _local_imports(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
        """The names a function's own imports bind, each with the full name it stands for."""
        return {
            imp.alias: imp.binds
            for imp in self._imports(_walk_statements(node.body))
            if imp.name != "*"
        }

    def _calls(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, local: dict[str, str]
    ) -> tuple[str, ...]:
        """Return the dotted names a function calls, nested functions' calls included;
        `local`: the names its own imports bind."""
        calls: dict[str, None] = {}
        self._walk(node.body, calls)
        # defaults run once, where the function is defined: their reads are the module's
        # (`min=_cfg.get_value("cc_min", str, "A")`)
        self._walk([d for d in (*node.args.defaults, *node.args.kw_defaults) if d], None)
        # a name the function imports for itself (pyicloud's entry point runs
        # `from pyicloud.cli.app import main as cli_main` on call, to fail gently without
        # typer): its calls are the imported function's, written as its full name
        if local:
            calls = {_rebound(call, local): None for call in calls}
        return tuple(sorted(calls))

    def _walk(self, nodes: Sequence[ast.AST], calls: dict[str, None] | None) -> None:
        """Visit every node below `nodes` once: record calls and environment reads.

        Each node of a module is walked exactly once (module statements, class bodies and
        function bodies are disjoint), which keeps the analysis close to parsing speed.
        """
        stack: list[Any] = list(nodes)
        argv: set[int] = set()  # literals of another program's argv: `("figlet", "-f", font)`
        names: set[int] = set()  # the strings of `__all__`: names, not keys
        while stack:
            node = stack.pop()
            kind = type(node)
            templated = kind is ast.JoinedStr or (
                kind is ast.Constant
                and isinstance(node.value, str)
                and ("{" in node.value or node.value.startswith("--"))  # or `--include-TYPE`
            )
            if templated and (pattern := flag_pattern(node)):  # `f"--{x}histogram"`, `"--{}set"`
                self.flag_patterns[pattern] = None
            if kind is ast.Subscript or kind is ast.Dict or kind is ast.Call:
                # poetry-dynamic-versioning's `config["commit-length"]`: a setting's key
                # spelt with hyphens, as TOML tables spell theirs
                for spelt in _mapping_keys(node):
                    self.keys[spelt] = None
            if kind is ast.Constant:
                value = node.value
                if isinstance(value, bytes) and _CAPS_KEY.match(value):
                    # `MAGIC = b'BORG_SEG'`: a name the code writes, which pages may name
                    self.keys[value.decode("ascii")] = None
                    continue
                # also click's switch pair: `"--telemetry/--no-telemetry"`
                parts = value.split("/") if isinstance(value, str) and value[:1] == "-" else []
                flag = bool(parts) and all(_FLAG.match(p) for p in parts)
                if isinstance(value, str) and _KEY_PREFIX.match(value):
                    self.key_prefixes[value] = None
                if flag and id(node) not in argv:
                    self.flags.update(dict.fromkeys(parts))
                elif isinstance(value, str) and _ENV_PREFIX.match(value) and "_" in value[:-1]:
                    self.env_prefixes[value] = None  # two words at least: `"KEYRING_PROPERTY_"`
                elif (
                    isinstance(value, str)
                    and ("." in value or "_" in value)
                    and _KEY.match(value)
                    and id(node) not in names
                ):
                    self.keys[value] = None
                elif isinstance(value, str) and _CAMEL_WORD.match(value) and id(node) not in names:
                    # `FastAPI(title="AlchemiscaleComputeAPI")`: a name the code gives a
                    # service (a logger, a message type), which pages name as the code's
                    self.keys[value] = None
                elif isinstance(value, str) and (head := _GROUP_PATH.match(value)):
                    self.keys[head[1]] = None  # `"kopf.dev/v1"`: an API group, a value
                elif isinstance(value, str) and _PATH.match(value):
                    self.paths[value] = None
                elif isinstance(value, str) and "(" in value and _SQL.search(value):
                    # `"SELECT pg_notify($1, $2)"`: the database's functions the queries call,
                    # which the docs name as the project's machinery (`pg_notify()`)
                    self.sql_functions.update(dict.fromkeys(_SQL_CALL.findall(value)))
                continue
            if (kind is ast.Tuple or kind is ast.List) and _program_argv(node):
                argv.update(id(e) for e in node.elts)
            elif kind is ast.Call and _program_call(node):
                argv.update(id(e) for e in node.args)  # nox's `session.run("python", "-m", ...)`
            elif kind is ast.Call and _argv_growth(node):
                # pytest-watch's `pytest_args.extend(['--ignore', ignore])`: pytest's flags
                argv.update(id(e) for a in node.args for e in ast.walk(a))
            elif (kind is ast.Assign or kind is ast.AugAssign) and names_all(node):
                names.update(id(e) for e in ast.walk(node.value))
            if kind in _LEAVES or node is None:  # Global.names, Dict.keys with ** entries
                continue
            if kind in _DEFS and id(node) in self.nested_defs:
                continue  # walked as the definition it is
            if kind is ast.DictComp and (prefix := _filtered_environ(node)):
                # `{k[10:]: v for k, v in ... os.environ.items() if k.startswith('chameleon_')}`
                # then `.pop('eager')`: every CHAMELEON_* variable is read through the mapping
                self.env.append(EnvVar(prefix + "*", self.path, node.lineno, None, "prefix"))
            if (kind is ast.FunctionDef or kind is ast.AsyncFunctionDef) and _registering(node):
                # `@mcp.tool()` on a function defined inside `_register_tools`, `@app.route`
                # in an app factory: a name the decorator's registry serves
                self.registered[node.name] = None
            if kind is ast.Call:
                assert isinstance(node, ast.Call)
                name = chain(node.func)
                func = node.func
                if (
                    isinstance(func, ast.Attribute)
                    and func.attr == "update"
                    and node.args
                    and _is_globals(func.value)
                ):
                    # `globals().update(_ns)` (pyzmq's backend): names made at run time
                    self.opened[GLOBALS] = None
                elif (name or "").endswith("from_prefixed_env"):
                    # Flask's `app.config.from_prefixed_env("APP")` reads every APP_* variable
                    given = node.args[0] if node.args else kw(node, "prefix")
                    prefix = "FLASK" if given is None else getattr(given, "value", None)
                    if isinstance(prefix, str) and prefix:
                        self.env.append(
                            EnvVar(f"{prefix}_*", self.path, node.lineno, None, "prefix")
                        )
                elif (
                    (name or "").rsplit(".", 1)[-1] not in _READ_ONLY
                    and id(node) not in self.main_only
                    and any(_is_globals(a) for a in [*node.args, *(k.value for k in node.keywords)])
                ):
                    # the namespace handed to a helper that fills it: eventlet's
                    # `patcher.inject("urllib.request", globals())` copies a module's names
                    self.opened[GLOBALS] = None
                elif (name or "").rsplit(".", 1)[-1] not in _READ_ONLY:
                    # (or a name bound to it: protobuf's generated `_globals = globals()`,
                    # then `_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, ..., _globals)`)
                    self.handed.update(
                        a.id
                        for a in [*node.args, *(k.value for k in node.keywords)]
                        if isinstance(a, ast.Name)
                    )
                self.passed.update((k.arg, None) for k in node.keywords if k.arg and "_" in k.arg)
                # an option's `dest="status_bar"` names the parsed namespace's attribute, no key
                names.update(id(k.value) for k in node.keywords if k.arg == "dest")
                if name:
                    if calls is not None:
                        calls[name] = None
                    if name in ATTR_GETTERS and len(node.args) > 1:
                        prefix = built_prefix(node.args[1])
                        if prefix:
                            self.attr_prefixes[prefix] = None
                        given, named = node.args[0], node.args[1]
                        named_id = named.id if isinstance(named, ast.Name) else ""
                        if (  # `setattr(Dataset, key, ...)`: tablib's formats, made at run time
                            name == "setattr"
                            and isinstance(given, ast.Name)
                            and given.id not in {"self", "cls"}
                            and not isinstance(named, ast.Constant)
                            # `setattr(api, "_{}".format(key), v)` makes only `_` names (datadog)
                            and not constant_start(self._built_names.get(named_id, named))
                        ):
                            self.opened[given.id] = None
                    helper = self.env_helpers.get(name)
                    prefixed = self.env_helpers.get(name + "*")
                    if name in self.env_classes:
                        self._env_made(name, node)
                    elif helper is not None and len(node.args) > helper:
                        self._env(node.args[helper], node, "helper", None, upper_only=True)
                    elif prefixed is not None and len(node.args) > prefixed:
                        text = self._string(node.args[prefixed])
                        if text and _ENV_PREFIX.match(text):
                            self.env.append(
                                EnvVar(text + "*", self.path, node.lineno, None, "helper")
                            )
                    elif node.args and name.split(".", 1)[0] in self.imported:
                        self._env_call(name, node)
                    if node.args and (name in _ENV_READERS or name in _ENV_PARAM_READERS):
                        default = node.args[1] if len(node.args) > 1 else None
                        strict = name in _ENV_PARAM_READERS
                        self._env(node.args[0], node, name, default, upper_only=strict)
                if name and name.endswith(".format"):  # `template.format(version_tuple=...)`: the
                    # template's placeholders, which docs name as keys
                    self.keys.update(
                        (k.arg, None) for k in node.keywords if k.arg and _KEY.match(k.arg)
                    )
                if name == "dict" and node.args and chain(node.args[0]) in ENV_MAPS:
                    # `env=dict(os.environ, TOOL_NEW_VERSION=...)`: variables the code sets for
                    # the programs it runs (hooks), documented for them to read
                    self.env += [
                        EnvVar(k.arg, self.path, node.lineno, None, "sets")
                        for k in node.keywords
                        if k.arg and ENV_NAME.match(k.arg)
                    ]
                for keyword in node.keywords:
                    if keyword.arg == "auto_envvar_prefix":
                        self._auto_envvar_prefix(keyword.value, node)
                    elif keyword.arg in ENV_KEYWORDS and (text := literal_env(keyword.value)):
                        # nox's `Option(..., env_var="NOX_PARALLEL")`, read elsewhere as
                        # `os.environ.get(option.env_var)`: a table entry of its own
                        self.env_table.append(EnvVar(text, self.path, node.lineno, None, "table"))
            elif kind is ast.Dict:
                assert isinstance(node, ast.Dict)
                spreads = any(
                    k is None and chain(v) in ENV_MAPS
                    for k, v in zip(node.keys, node.values, strict=True)
                )
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "auto_envvar_prefix":
                        self._auto_envvar_prefix(value, node)
                    elif spreads and key is not None and (text := literal_env(key)):
                        # `{**os.environ, "TOOL_X": ...}`: a variable set for a child program
                        self.env.append(EnvVar(text, self.path, node.lineno, None, "sets"))
            elif kind is ast.Subscript:
                assert isinstance(node, ast.Subscript)
                owner = chain(node.value)
                if owner in ENV_MAPS or owner in _ENV_PARAMS:
                    # `os.environ["APP_HOME"] = path` sets the variable (for a child program,
                    # or a test's own setup): named by the code, no proof that it is read
                    via = "os.environ" if isinstance(node.ctx, ast.Load) else "sets"
                    self._env(node.slice, node, via, None, upper_only=owner in _ENV_PARAMS)
                elif (
                    isinstance(node.ctx, ast.Store)
                    and owner
                    and _ENV_MAPPING.match(owner.rpartition(".")[2])
                    and (text := literal_env(node.slice))
                ):
                    # `context.env_vars["HATCH_TEST_ARGS"] = args`: set for a child program
                    self.env.append(EnvVar(text, self.path, node.lineno, None, "sets"))
                elif isinstance(node.ctx, ast.Store) and isinstance(node.slice, ast.Constant):
                    held = node.slice.value  # `env.globals["pathjoin"] = f`: a name registered
                    if isinstance(held, str) and held.isidentifier():
                        self.registered[held] = None
                elif isinstance(node.ctx, ast.Store) and _is_globals(node.value):
                    # `globals()[rank] = rank` (bandit's HIGH, MEDIUM), bioio's
                    # `globals()[ep.name] = cls`: module names made at run time, which cannot
                    # be listed
                    self.opened[GLOBALS] = None
                elif (
                    isinstance(node.ctx, ast.Store)
                    and isinstance(node.slice, ast.Attribute)
                    and isinstance(node.slice.value, ast.Name)
                ):  # `DefaultValidators[v.tag] = v`: each class's `tag` is a registered name
                    self.registered_by[node.slice.attr] = None
                elif isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
                    self.keyed_stores.add(node.value.id)  # `glob[name] = ...`: see below
            elif kind is ast.Assign:
                assert isinstance(node, ast.Assign)
                if _is_globals(node.value):  # `glob = globals()`
                    self.namespace_aliases.update(
                        t.id for t in node.targets if isinstance(t, ast.Name)
                    )
                elif (indexed := _module_key_name(node.value)) is not None:
                    self.module_handles.update(
                        (t.id, indexed) for t in node.targets if isinstance(t, ast.Name)
                    )
                elif isinstance(node.value, ast.Name) and node.value.id == "__name__":
                    self.own_name_aliases.update(
                        t.id for t in node.targets if isinstance(t, ast.Name)
                    )  # `THIS_NAME = __name__`, then `sys.modules[THIS_NAME]`
                table = env_table(node.value)
                if table:  # `ENV_TO_ATTR = {"APP_RULES": "rules", ...}`: read if looped over
                    self.env_table += [
                        EnvVar(n, self.path, node.lineno, None, "table") for n in table
                    ]
                for target in node.targets:
                    # `wrapper.cache_clear = ...`, and an extension's `self.md.toc = toc`
                    # on the object it extends: names made at run time
                    if isinstance(target, ast.Attribute) and not (
                        isinstance(target.value, ast.Name) and target.value.id in {"self", "cls"}
                    ):
                        self.attached[target.attr] = None
                    elif (  # `sys.modules["cog"] = self.cogmodule`: a module made at run time
                        isinstance(target, ast.Subscript)
                        and chain(target.value) == "sys.modules"
                        and (installed := self._module_key(target.slice))
                    ):
                        self.installed[installed] = None
            elif kind is ast.BinOp or kind is ast.JoinedStr:
                self._env_prefix(node)
            elif kind is ast.comprehension or kind is ast.For:
                if not self.env_scan and scans_environ(node):
                    self.env_scan = True
            elif kind is ast.Compare:
                assert isinstance(node, ast.Compare)
                if (
                    len(node.ops) == 1
                    and type(node.ops[0]) in (ast.In, ast.NotIn)
                    and chain(node.comparators[0]) in ENV_MAPS
                ):
                    self._env(node.left, node, "os.environ", None)
            fields = _FIELDS.get(kind)
            if fields is None:
                fields = _FIELDS[kind] = tuple(f for f in kind._fields if f != "ctx")
            for field in fields:
                value = getattr(node, field, None)
                if type(value) is list:
                    stack.extend(value)
                elif value is not None and type(value) not in _SCALARS:
                    stack.append(value)

    def _env_prefix(self, node: ast.BinOp | ast.JoinedStr) -> None:
        """Record `"PREFIX_" + key` / `f"PREFIX_{key}"` / `"PREFIX_%s" % key`: names built at
        run time, as `PREFIX_*`.

        Only in modules that read the environment, so that an error-code prefix elsewhere is
        not taken for configuration.
        """
        if not self.reads_env:
            return
        text = constant_start(node)  # also `'TLDR_COLOR_%s' % key.upper()`
        if text and _ENV_START.match(text):
            pattern = EnvVar(text + "*", self.path, node.lineno, None, "prefix")
            helper = self._env_class_of(node, builds=True)
            if helper is not None:  # `self.key = "APP_" + key`: each making names it
                self.env_held.setdefault(helper, []).append(pattern)
            else:
                self.env.append(pattern)

    def _env_class_of(self, node: ast.expr, *, builds: bool) -> str | None:
        """The helper class whose name-building (`builds`) or reading expression `node` is."""
        for name, helper in self.env_classes.items():
            if id(node) in (helper.builds if builds else helper.reads):
                return name
        return None

    def _env_made(self, name: str, node: ast.Call) -> None:
        """`Env('{prefix}_DEBUG')`: a read of the variable the helper class names from the
        literal (`HTTPSTAT_DEBUG`); a making with a computed name leaves the class's reads
        to stand for any name (`scan.env_classes`)."""
        helper = self.env_classes[name]
        given = helper.argument(node)
        text = self._string(given) if given is not None else None
        filled = helper.name(text) if text is not None else None
        if filled and ENV_NAME.match(filled):
            self.env.append(EnvVar(filled, self.path, node.lineno, None, "helper"))
            self.env_made.setdefault(name, True)
        else:
            self.env_made[name] = False

    def _auto_envvar_prefix(self, value: ast.expr, node: ast.expr) -> None:
        """click's `auto_envvar_prefix="TOOL"`: every option is also read from `TOOL_...`."""
        prefix = self._string(value)
        if prefix and ENV_NAME.match(prefix):
            via = "click auto_envvar_prefix"
            self.env.append(EnvVar(f"{prefix}_*", self.path, node.lineno, None, via))

    def _env(
        self,
        key: ast.expr,
        node: ast.expr,
        via: str,
        default: ast.expr | None,
        *,
        upper_only: bool = False,
    ) -> None:
        name = self._string(key)
        if not name and (suffix := built_suffix(key)):
            self.env.append(EnvVar("*" + suffix, self.path, node.lineno, None, "suffix"))
            return  # `"{}_LOG_FRIENDLY".format(env_prefix)`: any prefix, that end
        if not name and (helper := self._env_class_of(key, builds=False)):
            self.env_held.setdefault(helper, []).append(None)  # `os.getenv(self.key)`
            return
        if not name and not isinstance(key, ast.Constant):
            self.env_dynamic = True  # `os.environ[env]`: a name the code computes
        literal = ast.unparse(default) if isinstance(default, ast.Constant) else None
        head, dot, rest = via.partition(".")
        source = self.import_binds.get(head, "")
        if source and source.split(".")[0] not in {"os", "posix", self.module.split(".")[0]}:
            # another library's `getenv` (bpyutils' adds the package's name before the key):
            # kept as that reader, whose variables may be spelt otherwise
            via = f"{source}{dot}{rest}"
        elif via not in {"helper", "sets"}:
            via = "os.getenv" if via.endswith("getenv") else "os.environ"
        written = chain(key) or ""
        if not name and written and written.split(".")[0] in self.imported:
            # a constant another module holds: looked up there once every module is read
            self.env_names[(written, node.lineno, literal, via)] = None
        if not name or (upper_only and not ENV_NAME.match(name)):
            return
        self.env.append(EnvVar(name, self.path, node.lineno, literal, via))

    def _env_call(self, name: str, node: ast.Call) -> None:
        """Keep `env("APP_LEVEL", ...)` of an imported `env`: another module may define it as a
        helper reading the variable (linked in `scan.analyze`)."""
        for position, arg in enumerate(node.args[:4]):
            value = self._string(arg)
            if value and "_" in value and ENV_NAME.match(value):
                self.env_calls[(name, position, value, node.lineno)] = None

    def _module_key(self, key: ast.expr) -> str | None:
        """The module name a `sys.modules[...]` key spells: a literal, or this module itself
        (`__name__`, `__name__ + ".fg"`: plumbum.colors puts an object in its own place)."""
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
        if isinstance(key, ast.Name) and key.id == "__name__":
            return self.module
        if (
            isinstance(key, ast.BinOp)
            and isinstance(key.op, ast.Add)
            and isinstance(key.left, ast.Name)
            and key.left.id == "__name__"
            and isinstance(key.right, ast.Constant)
            and isinstance(key.right.value, str)
        ):
            return self.module + key.right.value
        return None

    def _string(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return self.constants.get(node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return self.attribute_strings.get(node.attr)  # `os.environ.get(self.ROOT)`
        return None


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _last_of_each(classes: Iterable[Class]) -> list[Class]:
    """A class defined in two branches (`if WINDOWS: class Term` / `else: class Term`) is
    the module's once, by its last definition, as Python would bind it on the last branch."""
    return sorted({c.name: c for c in classes}.values(), key=lambda c: c.lineno)


def _effective(functions: Iterable[Function]) -> tuple[Function, ...]:
    """Keep the definitions in effect: no `@overload` stubs; a property by its getter.

    A name defined twice keeps its last definition (the one Python binds), except a property,
    whose setter and deleter reuse the getter's name and docstring-less body. A name with only
    `@overload` definitions (a `.pyi` stub of a compiled method: pyrodigal's `GeneFinder.train`)
    keeps its last one, whose signature the checker reads as open.
    """
    chosen: dict[str, Function] = {}
    overloads: dict[str, Function] = {}
    for func in functions:
        if any(d.rsplit(".", 1)[-1] == "overload" for d in func.decorators):
            overloads[func.name] = func
            continue
        previous = chosen.get(func.name)
        if previous is not None and previous.kind == "property":
            continue
        chosen.pop(func.name, None)
        chosen[func.name] = func
    for name, func in overloads.items():
        chosen.setdefault(name, func)
    return tuple(sorted(chosen.values(), key=lambda f: f.lineno))


_PREFIX_NAME = re.compile(r"(?:^|_)prefix$", re.IGNORECASE)


def _prefix_defaults(tree: ast.Module) -> Iterable[tuple[str, int]]:
    """The default prefixes of a module whose code reads variables by names it computes: a
    parameter or attribute called `*prefix` given an upper-case literal (`environ_prefix=
    'DJANGO'`, `ENV_PREFIX = "APP_"`), with which the names are most likely built."""
    for node in ast.walk(tree):
        pairs: list[tuple[str, ast.expr | None]] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            pairs += [(a.arg, d) for a, d in positional_defaults(args)]
            pairs += [(a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
            pairs.append((name, node.value))
        for name, default in pairs:
            if (
                _PREFIX_NAME.search(name)
                and isinstance(default, ast.Constant)
                and isinstance(default.value, str)
                and len(default.value.rstrip("_")) > 1
                and ENV_NAME.match(default.value)
            ):
                yield default.value, default.lineno


def _env_helpers(body: Iterable[ast.stmt]) -> dict[str, int]:
    """Module functions that read the environment variable a parameter names, by position.

    `def env(key, type_, default=None): ... environ[key]` makes every `env("APP_X", ...)` an
    environment read; so do `os.getenv(name)`, `os.environ.get(name)` and `name in environ`.
    """
    helpers: dict[str, int] = {}
    for node in body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
        for sub in ast.walk(node):
            key = env_key(sub)
            if isinstance(key, ast.Name) and key.id in params:
                helpers[node.name] = params.index(key.id)
                break
        else:
            prefix = _prefix_parameter(node, params)
            if prefix is not None:  # `envwrap("TQDM_")`: every variable starting so
                helpers[node.name + "*"] = prefix
    return helpers


def _environ_filters(node: ast.AST) -> list[ast.expr]:
    """What code filtering the environment's names by their start tests them with
    (`{k: v for k, v in os.environ.items() if k.startswith(prefix)}`): each `startswith`
    argument, when the code reads `os.environ` at all."""
    if not any(
        chain(n) in ENV_MAPS for n in ast.walk(node) if isinstance(n, ast.Attribute | ast.Name)
    ):
        return []
    return [
        sub.args[0]
        for sub in ast.walk(node)
        if isinstance(sub, ast.Call)
        and isinstance(sub.func, ast.Attribute)
        and sub.func.attr == "startswith"
        and len(sub.args) == 1
    ]


def _filtered_environ(node: ast.DictComp) -> str | None:
    """The prefix a mapping of the environment's variables keeps (`k.startswith("app_")`,
    matched in either case), upper-cased, when it is a variable's prefix."""
    for arg in _environ_filters(node):
        value = arg.value if isinstance(arg, ast.Constant) else None
        if isinstance(value, str) and _ENV_PREFIX.match(value.upper()):
            return value.upper()
    return None


def _prefix_parameter(
    node: ast.FunctionDef | ast.AsyncFunctionDef, params: list[str]
) -> int | None:
    """The position of the parameter a function filters the environment's names by
    (`{k: v for k, v in os.environ.items() if k.startswith(prefix)}`), else None."""
    for arg in _environ_filters(node):
        if isinstance(arg, ast.Name) and arg.id in params:
            return params.index(arg.id)
    return None


def _attribute_strings(body: list[ast.stmt]) -> dict[str, str]:
    """String constants the module's classes define, by attribute name; a name two classes
    give different values is left out (which class `self` is, the walk does not know)."""
    found: dict[str, str | None] = {}
    for cls in (n for n in body if isinstance(n, ast.ClassDef)):
        for stmt in cls.body:
            if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
                continue
            target, value = stmt.targets[0], stmt.value
            text = value.value if isinstance(value, ast.Constant) else None
            if isinstance(target, ast.Name) and isinstance(text, str):
                found[target.id] = text if found.get(target.id, text) == text else None
    return {name: text for name, text in found.items() if text is not None}


def _program_argv(node: ast.Tuple | ast.List) -> bool:
    """`["git", "-C", path]`: a command line for a program, whose flags are that program's."""
    return _runs_program(node.elts)


_RUNNERS = frozenset(
    {"run", "call", "check_call", "check_output", "Popen", "run_always", "spawn", "execute"}
)


def _program_call(node: ast.Call) -> bool:
    """`session.run("python", "-m", "coverage")`, `subprocess.call("git", ...)`: a call that
    runs a program with its arguments given one by one; its flags are that program's."""
    func = node.func
    verb = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return verb in _RUNNERS and _runs_program(node.args)


def _runs_program(words: list[ast.expr]) -> bool:
    """Whether words start with a program's name and go on (`"git", "-C", path`)."""
    first = words[0] if words else None
    return (
        isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and _PROGRAM.match(first.value) is not None
        and len(words) > 1
    )


_ARGV_NAME = re.compile(r"(?:^|_)(?:args|argv|cmd|command|cmdline|arguments)$", re.IGNORECASE)


def _argv_growth(node: ast.Call) -> bool:
    """`pytest_args.extend(['-c', path])`, `cmd.append('--pdb')`: words added to a command
    line the code builds for another program to parse."""
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr in {"append", "extend", "insert"}
        and isinstance(func.value, ast.Name)
        and _ARGV_NAME.search(func.value.id) is not None
    )


def _registering(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a decorator of a function registers it with an object (`@mcp.tool()`,
    `@app.route("/")`), not only wraps it (`@functools.wraps(f)`)."""
    return any(
        isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr != "wraps"
        for d in node.decorator_list
    )


def _global_assignments(body: Iterable[ast.stmt]) -> Iterable[ast.stmt]:
    """The assignments module-level functions make to names they declare `global`: names of
    the module once the function runs (an initialiser the module calls at import)."""
    for node in body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        declared = {n for sub in ast.walk(node) if isinstance(sub, ast.Global) for n in sub.names}
        if not declared:
            continue
        for sub in ast.walk(node):
            if not isinstance(sub, ast.Assign | ast.AnnAssign):
                continue
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            if all(isinstance(t, ast.Name) and t.id in declared for t in targets):
                yield sub


def _walk_statements(body: Iterable[ast.stmt], *, script: bool = True) -> Iterable[ast.stmt]:
    """Yield module-level statements, looking inside if/try blocks (guarded imports) and
    with blocks, whose body always runs (clize's `with _silence_warning(): def file(...)`).

    `script=False` leaves out the body of `if __name__ == "__main__":`, which runs only when
    the file is run as a script: what it assigns is not a name of the module.
    """
    for node in body:
        yield node
        if not script and isinstance(node, ast.If) and _main_guard(node.test):
            continue
        if isinstance(node, ast.If | ast.Try | ast.TryStar):
            yield from _walk_statements(node.body, script=script)
            yield from _walk_statements(node.orelse, script=script)
            if isinstance(node, ast.Try | ast.TryStar):
                for handler in node.handlers:
                    yield from _walk_statements(handler.body, script=script)
                yield from _walk_statements(node.finalbody, script=script)
        elif isinstance(node, ast.With | ast.AsyncWith):
            yield from _walk_statements(node.body, script=script)


def _main_guard(test: ast.expr) -> bool:
    """Whether an `if` test is `__name__ == "__main__"` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.comparators) == 1):
        return False
    sides = {ast.unparse(test.left), ast.unparse(test.comparators[0])}
    return isinstance(test.ops[0], ast.Eq) and sides in (
        {"__name__", "'__main__'"},
        {"__name__", '"__main__"'},
    )


def _parameters(args: ast.arguments) -> tuple[Parameter, ...]:
    out: list[Parameter] = []
    for i, (arg, default) in enumerate(positional_defaults(args)):
        kind = "positional_only" if i < len(args.posonlyargs) else "positional_or_keyword"
        out.append(_param(arg, kind, default))
    if args.vararg:
        out.append(_param(args.vararg, "var_positional", None))
    for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        out.append(_param(arg, "keyword_only", kw_default))
    if args.kwarg:
        out.append(_param(args.kwarg, "var_keyword", None))
    return tuple(out)


def _param(arg: ast.arg, kind: str, default: ast.expr | None) -> Parameter:
    return Parameter(
        name=arg.arg,
        kind=kind,
        annotation=ast.unparse(arg.annotation) if arg.annotation else None,
        default=_shorten(ast.unparse(default)) if default is not None else None,
    )


def _dunder_all(body: Iterable[ast.stmt]) -> tuple[str, ...] | None:
    """The names a literal `__all__` lists (`+=` and `+` of literals included); None when
    there is none, or when it is computed (`list(core.__all__) + list(utils.__all__)`),
    whose names the module's public ones stand for better than an empty list would."""
    body = list(body)
    top = {id(node) for node in body}
    for node in (sub for stmt in body for sub in ast.walk(stmt)):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "__all__"
        ) or (
            isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
            and id(node) not in top
            and any(
                isinstance(t, ast.Name) and t.id == "__all__"
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
            )
        ):
            return None  # `__all__.append(x)`, one set under an `if`: not all of it is read
    names: list[str] | None = None
    for node in body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            names = []
        elif not (
            isinstance(node, ast.AnnAssign | ast.AugAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "__all__"
            and node.value is not None
        ):
            continue
        elif isinstance(node, ast.AnnAssign) or names is None:
            names = []
        listed = _literal_names(node.value) if node.value is not None else None
        if listed is None:
            return None
        names.extend(listed)
    return tuple(dict.fromkeys(names)) if names is not None else None


def _literal_names(value: ast.expr) -> list[str] | None:
    """The strings of a list or tuple literal, or of a sum of them; None for anything else."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        left, right = _literal_names(value.left), _literal_names(value.right)
        return None if left is None or right is None else left + right
    if not isinstance(value, ast.List | ast.Tuple):
        return None
    return [e.value for e in value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def _unique_env(found: list[EnvVar]) -> Iterable[EnvVar]:
    seen: set[tuple[str, int]] = set()
    for env in sorted(found, key=lambda e: (e.lineno, e.name)):
        if (env.name, env.lineno) not in seen:
            seen.add((env.name, env.lineno))
            yield env


def _self_only(chain: str | None) -> str | None:
    """Of an annotated function's returns, only those giving the receiver or a new one of
    its class (`object.__new__(type(self))`): the annotation says the rest."""
    return chain if chain in {"self", "cls()"} else None


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _VALUE_LIMIT else text[: _VALUE_LIMIT - 3] + "..."


def _module_key_name(node: ast.expr) -> str | None:
    """The name `sys.modules[name]` is indexed by (`__name__`, `THIS_NAME`), None for any
    other value. Only a key naming the module itself is followed: a module fetched by any
    other may be any (an import hook's `setattr(parent, ...)` in Cheetah's ImportManager)."""
    if not (isinstance(node, ast.Subscript) and chain(node.value) == "sys.modules"):
        return None
    return node.slice.id if isinstance(node.slice, ast.Name) else None


def _is_globals(node: ast.expr) -> bool:
    """`globals()`: the module's namespace, written to by key."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "globals"
        and not node.args
    )


def _field_options(node: ast.ClassDef) -> list[str]:
    """Options a dataclass declares as fields (clickdc's `completions: str =
    clickdc.option(type=...)`): without a long flag of its own, the option is named after
    the field, `--completions`."""
    found = []
    for stmt in node.body:
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else None
        value = stmt.value if isinstance(stmt, ast.AnnAssign) else None
        if not (isinstance(target, ast.Name) and isinstance(value, ast.Call)):
            continue
        if (chain(value.func) or "").rsplit(".", 1)[-1] != "option":
            continue
        spelled = [a.value for a in value.args if isinstance(a, ast.Constant)]
        if not any(isinstance(f, str) and f.startswith("--") for f in spelled):
            found.append("--" + target.id.replace("_", "-"))
    return found


def _unpacked(
    targets: list[ast.expr], value: ast.expr | None
) -> Iterator[tuple[ast.expr, ast.expr | None]]:
    """Each assignment target with the value it gets; a tuple target gives each of its names
    (`MO, TU, WE = weekdays = tuple(...)` binds `MO`: dateutil's weekdays), with the matching
    element of a literal tuple, else no value we know."""
    for target in targets:
        if isinstance(target, ast.Tuple | ast.List):
            items = value.elts if isinstance(value, ast.Tuple | ast.List) else None
            same = items is not None and len(items) == len(target.elts)
            for n, element in enumerate(target.elts):
                if isinstance(element, ast.Name):
                    yield element, items[n] if same and items is not None else None
        else:
            yield target, value


def _rebound_chain(chain: str | None, local: dict[str, str]) -> str | None:
    """A returned chain whose head a function-local import binds, written from that import's
    full name: pywebcopy's `from .core import WebPage; return WebPage.from_config(self)`
    gives `pywebcopy.core.WebPage.from_config()`."""
    if not chain or not local:
        return chain
    return "|".join(_rebound(c, local) for c in chain.split("|"))


def _rebound(call: str, local: dict[str, str]) -> str:
    """A call written on a name a function-local import binds, as that import's full name."""
    head, dot, rest = call.partition(".")
    bound = local.get(head)
    return f"{bound}{dot}{rest}" if bound else call


_DEFINING = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Assign,
    ast.AnnAssign,
    ast.Pass,
)


def _inert(body: list[ast.stmt], package: str) -> bool:
    """Whether a module's top level only defines, so running it (`python -m pkg` on a
    `__main__.py`, `python -m mod`) does nothing: no call, no `if __name__ == "__main__":`
    guard. An import of the project's own modules may run one when imported, so it counts
    as doing something; so does any other statement (`sys.exit(main())`, `try:`, `for`)."""
    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # a docstring
        if isinstance(stmt, ast.Import):
            if any(a.name.split(".")[0] == package for a in stmt.names):
                return False
        elif isinstance(stmt, ast.ImportFrom):
            if stmt.level or (stmt.module or "").split(".")[0] == package:
                return False
        elif isinstance(stmt, ast.If | ast.Try):
            if "__name__" in ast.dump(stmt):
                return False
            inner = [*stmt.body, *stmt.orelse, *getattr(stmt, "finalbody", [])]
            for handler in getattr(stmt, "handlers", []):
                inner += handler.body
            if not _inert(inner, package):
                return False
        elif not isinstance(stmt, _DEFINING):
            return False
    return True


def _function_attributes(body: list[ast.stmt]) -> tuple[tuple[str, str], ...]:
    """`cheap_repr.suppression_threshold = 300` under `def cheap_repr`: the attributes a
    module's top level sets on its own functions, as (function, attribute)."""
    functions = {n.name for n in body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    found: dict[tuple[str, str], None] = {}
    shared: set[str] = set()  # functions given another object's attributes wholesale
    for stmt in body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else []
        if isinstance(stmt, ast.AnnAssign):
            targets = [stmt.target]
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id in functions
            ):
                if target.attr == "__dict__":
                    # schemathesis' `hook.__dict__ = GLOBAL_HOOK_DISPATCHER.hook.__dict__`
                    shared.add(target.value.id)
                elif not target.attr.startswith("__"):
                    found[(target.value.id, target.attr)] = None
    return tuple(pair for pair in found if pair[0] not in shared)
