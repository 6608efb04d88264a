"""Analyse a whole repository: scan, per-module AST analysis, package metadata, with a cache.

The cache maps (path, content hash) to a module's analysis, so a re-run only parses what
changed. It lives in the user's cache directory, never inside the analysed repository:
a repository is untrusted, and a cache file planted there must never be loaded.
"""

from __future__ import annotations

import ast
import gc
import hashlib
import os
import pickle
import posixpath
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from klaro import __version__, safeio
from klaro.errors import KlaroError
from klaro.redact import redact_source
from klaro.scan.cli_links import link_commands, root_typer_apps
from klaro.scan.cython import python_stub
from klaro.scan.files import is_python_module, scan_repository
from klaro.scan.graph_cache import remember_source
from klaro.scan.layout import is_test_path, module_name_for, module_role
from klaro.scan.metadata import read_metadata, source_roots
from klaro.scan.model import Analysis, AnalysisError, EnvVar, Module
from klaro.scan.node_facts import ENV_NAME
from klaro.scan.python import analyze_source
from klaro.scan.startup import startup_source
from klaro.scan.stubs import merge_stubs

# Bump when the analysis of a module can change for the same source (new fields, fixes).
# 6: click helper decorators, option help; 7: env helpers; 8: hidden options;
# 9: where **kwargs go (kwarg_keys, kwargs_open); 10: env helpers imported from another module;
# 11: names bound in module-level try/if blocks; 12: click option factories, plugin groups,
# argparse abbreviations, flag literals; 13: types of self.x attributes (Class.instance_types);
# 14: imports under `if __name__ == "__main__"` count again (only its assignments are not
# module names); 15: **kwargs only raised or warned about are refused (kwargs_refused);
# 16: docopt programs; 126: docopt commands written as a required choice of words;
# 127: pydantic-settings nested variables (`env_nested_delimiter`); 128: options taking `nargs=2`;
# 129: `self.__setattr__(name, ...)` opens a class; 130: click groups with their own
# `get_command`, options composed by a call; 131: annotated methods returning `self`;
# 132: a compiled module read through its `.pyi` stub; 133: `parse_known_args` leftovers kept;
# 134: typer sub-apps (`add_typer`), `self` positional-only; 135: `__getattr__` over a class;
# 136: only `parse_known_args` leftovers handed on open a program; 137: `@overload`-only
# stub methods; 138-139: bytes names, lazy `__getattr__` imports, `--include-TYPE` families,
# click-default-group's `default=`; 140-141: `m['package_dir']`, top-level compiled stubs;
# 142: a top-level class a branch rebinds stays the class; 143: parsers made inside a
# helper's call; 144-145: `__getattr__` over instance tables tried and reverted; 146:
# click groups added from another module, lazy_loader stubs; 147-148: traitlets applications;
# 149: `globals()` handed to a helper; 150: `from_prefixed_env`; 151: sub-parsers named by a
# parameter's default; 152: console scripts' modules in example-looking folders are shipped;
# 153: commands registered by calling the decorator; 154: `globals()` read by doctest; 155:
# parsers of a project subclass; 156: IPython's base application tables; 157: traitlets'
# `subcommands`; 158: click options named at run time, commands a factory function makes,
# variables named by a two-part start and what is added; 159: Cython's included `.pxi`
# files, class attributes assigned in a `cdef class`, options in cloup option groups; 160:
# `parse_known_args` leftovers kept on an object; 161: sub-parsers a helper or a decorator
# names after the function it is handed (`add_parser(function.__name__)`), closures' parsers;
# 162: a typer app the module runs is the program, `Typer(callback=f)`, setup.cfg's
# `[entry_points]`; 163: `**kwargs` handed to `super().__init__` keeps the method's name;
# 164: extension modules the build compiles (setup.py, pyproject, meson.build); 165: env
# reads through a constant imported from another module; 166: argparse choices that splice
# lists bound before (`['all', *topics]`); 167: argparse through bound adders (`addarg =
# group.add_argument`), parser classes adding to `self`, tables of flags spread by a loop,
# commands picked from `globals()` by name, and `parse_known_args` scoped to its function;
# 168: `nargs="*"`/`"+"` flags take every word up to the next flag (values 0), and returns of
# `object.__new__(type(self))` or `copy.copy(self)` give the receiver's class; 169: the
# attributes functions set on instances they make (`Module.made_attributes`); 170: mapping
# keys spelt with hyphens (`config["commit-length"]`) among the key literals; 171: a Typer
# app a console script runs is the program whatever its `name=` (`root_typer_apps`); 172:
# the callee a function hands its `*args` to whole (`Function.args_forwards`); 173: mapping
# keys in lower camel case (`strategy.get("idRef")`) among the key literals; 174: argparse
# choices kept under `type=str`, and a package's `_test.py` module is not a test; 175: typer
# options declared through a module's `Annotated` aliases (`Verbose = Annotated[...]`); 176:
# typer apps another module mounts (`Function.calls` through function-local imports too);
# 177: argparse parsers kept in a dict, a decorator giving back the function it is handed;
# 178: `self.__dict__[key] = value` sets attributes named at run time; 179: a folder
# `package_dir` installs as a package of another name (`{"gh_md_to_html": "src"}`); 180: a key
# set in `**kwargs` (`kwargs[KEY] = v`) leaves them followed; 181: a metaclass `__call__`
# giving the objects it makes attributes named at run time; 182: a returned chain through a
# function-local import, written in full; 183: extension modules under setup.py's `ext_package`;
# 184: setup.py's names imported from the project's own modules (`f"{APP} = ..."`); 185: an
# `__all__` changed by a call or under a block is not read as a list; 186: the programs
# setup.py's `scripts=` installs are shipped code, not examples; 188: `setattr` on a handle of
# `sys.modules[__name__]` opens the module; 189: only a `scripts=` program with a parser of
# its own is shipped code; 190: a file with a private key's header but no key body is read;
# 191: a dataclass reading the environment with a field names a variable at each making;
# 192: folders without `__init__.py` at any depth inside a package are namespace subpackages;
# 193: the attributes functions read off a parse result (`Module.parsed_reads`); 194: a
# classmethod decorator handing every argument on keeps the signature (`passes_through`);
# 195: `**kwargs` handed to a parameter whose default is a class go to that class; 196:
# click groups made with `chain=True` (`CliCommand.chained`); 197: a name bound to
# `globals()` handed to a call opens the module (protobuf's generated `_globals`); 198:
# argopt's parsers of a docopt text, shtab's `--print-completion`; 199: `next(...)` of a
# generator over a container, or of `iter(X)`, returns one element; 200: a `__getattr__`
# matching changed table entries serves any name; a parser handed by keyword (`Serve(parser=
# p)`) or to a class built on another package's takes options we cannot name; 201: helpers
# a function imports itself (`module:name` refs); tables of `dict(args=[...], kwargs=...)`
# entries spread by `add_argument(*a, **k)`; 202: a returned local name bound twice by plain
# assignments (`seq = self; seq = Sequence(seq)`) returns either binding's chain; 203: dotted
# camelCase mapping keys (`extra_environ["wsgi.handleErrors"]`); 204: extension modules named
# by a path (`Extension('systemd/_journal')`), module names a function binds with `global`;
# 205: a decorator's wrapper with defaults of its own passes nothing through; 206: literal
# tables a class sets on the instance served by its `__getattr__`; 207: `[tool.poetry]` fills
# what `[project]` leaves out (its scripts); 208: classes probing themselves for hooks; 209:
# a parser a function named like a parser class makes and returns keeps its flags; 210: the
# attributes a module's top level sets on its own functions; 211: not those given another's
# `__dict__`; 212: a `__getattr__` answering a family of names by their start (`get_*`); 213:
# whether a module's top level only defines (`Module.inert`); 214: Django settings read or
# declared in an appconf class; 215: CamelCase string literals are key literals; 216: argparse
# options added in a loop over a literal table of rows (`for opt, args in options:
# add_argument('--' + opt, ...)`), and flags built of strings (`'--' + NAME`, f-strings, `%`);
# 217: a `get_` family whose branch raises for some names is no family
ANALYZER_VERSION = 217

Progress = Callable[[int, int, str], None]


def default_cache_dir() -> Path:
    """Return Klaro's cache folder: $KLARO_CACHE_DIR, else the XDG cache home."""
    explicit = os.environ.get("KLARO_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "klaro"


def analyze_repository(
    root: Path | str,
    *,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    max_file_size: int = 1_000_000,
    cache_dir: Path | None = None,
    progress: Progress | None = None,
    workers: int | None = None,
    cache_of: Path | None = None,
) -> Analysis:
    """Analyse every Python file of the repository at `root`; syntax errors are reported.

    `cache_of` reads (never writes) the cache of another checkout of the same repository:
    an older tree of it (the documented state) shares most files, so only changed ones parse.
    """
    # The analysis allocates millions of small acyclic objects (AST nodes, dataclasses); the
    # cyclic collector would rescan that growing heap again and again for nothing. They live
    # as long as the run, so they are frozen out of its reach (measured: the first collection
    # after a cached stdlib analysis took over a second; reference counting still frees them).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _analyze(
            root, include, exclude, max_file_size, cache_dir, progress, workers, cache_of
        )
    finally:
        gc.freeze()
        if gc_was_enabled:
            gc.enable()


def _analyze(
    root: Path | str,
    include: Sequence[str],
    exclude: Sequence[str],
    max_file_size: int,
    cache_dir: Path | None,
    progress: Progress | None,
    workers: int | None,
    cache_of: Path | None = None,
) -> Analysis:
    scan = scan_repository(
        root, include=include, exclude=exclude, max_file_size=max_file_size, keep_content=True
    )
    cache = _Cache(cache_dir, cache_of or scan.root) if cache_dir is not None else None
    python_files = [f for f in scan.files if is_python_module(f)]
    # a `.pyx` beside a `.py` of the same module is its compiled twin: the Python is read
    plain = {f.path for f in python_files if f.path.endswith(".py")}
    python_files = [f for f in python_files if _cython_module(f.path) not in plain]
    # `.pyi` stubs can lag the code they describe: the analysis states what the code does,
    # and reads a stub beside a module only for the names it makes at run time (scan.stubs)
    stub_files = [f for f in scan.files if f.path.endswith(".pyi") and f.path[:-1] in plain]
    stubbed = {f.path for f in stub_files}
    package_dirs = frozenset(
        f.path.rsplit("/", 1)[0] for f in python_files if f.path.endswith("/__init__.py")
    )
    # a compiled module's stub (mpi4py's `MPI.pyi` beside the `MPI.pyx` that only includes
    # other files, or a C extension's) is all the analysis can read of it: read as the module
    compiled = {_cython_module(f.path) for f in python_files if _cython(f.path)}
    # (also a Rust or C extension's own stub at the top, maturin's `tibs.pyi`)
    roots = source_roots(Path(scan.root))
    tops = {"", *roots}
    compiled_stubs = [
        f
        for f in scan.files
        if f.path.endswith(".pyi")
        and f.path[:-1] not in plain
        and (
            f.path[:-1] in compiled
            or f.path.rpartition("/")[0] in package_dirs
            or (f.path.rpartition("/")[0] in tops and f.path[:-4] not in package_dirs)
        )
        and not is_test_path(f.path)
    ]
    replaced = {f.path[:-1] for f in compiled_stubs}
    python_files = [
        f for f in python_files if not (_cython(f.path) and _cython_module(f.path) in replaced)
    ]
    python_files += compiled_stubs
    # `.pth` files run their `import` lines at start-up: read as scripts of their own
    startup = [f for f in scan.files if f.path.endswith(".pth") and not is_test_path(f.path)]
    hashes = {f.path: f.sha256 for f in [*python_files, *startup, *stub_files]}
    results: dict[str, Module | AnalysisError] = {}
    jobs: list[_Job] = []
    for source_file in [*python_files, *startup, *stub_files]:
        source = scan.contents[source_file.path]
        if _cython(source_file.path):  # its included files are part of what it builds
            source = _with_includes(source_file.path, source, scan.contents)
            hashes[source_file.path] = hashlib.sha256(source).hexdigest()
        key = (source_file.path, hashes[source_file.path])
        if source_file.path.endswith(".pth"):
            stem = re.sub(r"\W", "_", source_file.path.rsplit("/", 1)[-1][: -len(".pth")])
            jobs.append(
                (source_file.path, startup_source(scan.contents[source_file.path]),
                 f"_pth_{stem}", "script")
            )  # fmt: skip
            continue
        path = _cython_module(source_file.path) if _cython(source_file.path) else ""
        path = source_file.path[:-1] if source_file.path.endswith(".pyi") else path
        name = module_name_for(path or source_file.path, package_dirs, roots)
        if not (path or source_file.path).endswith(".py"):  # `bin/num2words`: run, not imported
            name = "_script_" + re.sub(r"\W", "_", source_file.path.rsplit("/", 1)[-1])
        role = module_role(path or source_file.path, package_dirs, roots)
        cached = cache.get(key) if cache else None
        if cached is not None and (
            not isinstance(cached, Module) or (cached.name, cached.role) == (name, role)
        ):
            results[source_file.path] = cached  # a file moved into a package is read anew
            continue
        jobs.append((source_file.path, source, name, role))
    done = sum(p not in stubbed for p in results)  # a stub is no file of its own
    for path, result in _run(jobs, workers):
        if progress is not None and path not in stubbed:
            done += 1
            progress(done, len(hashes) - len(stub_files), path)
        results[path] = result
        if cache:
            cache.put((path, hashes[path]), result)
    stubs = {r.name: r for p, r in results.items() if p in stubbed and isinstance(r, Module)}
    found = [r for p, r in results.items() if isinstance(r, Module) and p not in stubbed]
    modules = link_commands(merge_stubs(found, stubs))
    modules = _link_env_imports(modules)
    modules = _read_env_tables(modules)
    errors = [r for p, r in results.items() if isinstance(r, AnalysisError) and p not in stubbed]
    errors.sort(key=lambda e: e.path)
    if cache and cache_of is None:
        cache.save()
    modules.sort(key=lambda m: m.path)
    by_name = {m.name: m for m in modules}
    metadata = read_metadata(scan.root, lambda attr: _lookup_constant(by_name, attr))
    # a console script's module is shipped code wherever it lives: ipwhois' `ipwhois/scripts/`
    # (a package of setup.cfg's list, with no `__init__.py`) is no folder of examples
    runs = {e.target.partition(":")[0] for e in metadata.entry_points}
    # and so is a program setup.py's `scripts=` installs that parses its own command line
    # (ascii-graph's `scripts/asciigraph`; not a launcher calling the package's, as
    # gimme-aws-creds' `bin/gimme-aws-creds` is)
    installed = {p.removeprefix("./") for p in metadata.script_files}
    modules = root_typer_apps(modules, metadata.entry_points)
    modules = [
        replace(m, role="package")
        if m.role == "example" and (m.name in runs or (m.path in installed and m.cli))
        else m
        for m in modules
    ]
    analysis = Analysis(
        root=str(scan.root),
        metadata=metadata,
        files=scan.files,
        modules=tuple(modules),
        skipped=scan.skipped,
        errors=tuple(errors),
    )
    if cache_dir is not None and cache_of is None:  # its code graph may be cached beside it
        remember_source(analysis, cache_dir, code_fingerprint())
    return analysis


_Job = tuple[str, bytes, str, str]  # path, source, module name, role
_PARALLEL_THRESHOLD = 200  # below this many files a process pool costs more than it saves


def _analyze_one(job: _Job) -> tuple[str, Module | AnalysisError]:
    """Analyse one file; a file that does not parse becomes an AnalysisError, not a crash."""
    path, source, name, role = job
    is_package = path.endswith(("__init__.py", "__init__.pyi"))
    # The analysis boundary: no later stage (cache, JSON, index, docs) ever holds a credential.
    text = source.decode("utf-8", "surrogateescape")
    clean = redact_source(text)
    if _cython(path):  # what Python sees of a compiled module, as a stub of the same lines
        clean = python_stub(clean)
    if clean != text:
        source = clean.encode("utf-8", "surrogateescape")
    try:
        return path, analyze_source(source, path, name, is_package=is_package, role=role)
    except SyntaxError as exc:
        return path, AnalysisError(path, f"syntax error: {exc.msg}", exc.lineno)
    except (ValueError, UnicodeDecodeError) as exc:
        return path, AnalysisError(path, f"cannot parse: {exc}")
    except (RecursionError, MemoryError):
        return path, AnalysisError(path, "cannot parse: nested too deeply for Python's parser")


def _cython(path: str) -> bool:
    return path.endswith(".pyx")


_INCLUDE = re.compile(rb"""^include\s+['"]([\w./-]+\.pxi)['"]\s*$""", re.M)


def _with_includes(path: str, source: bytes, contents: Mapping[str, bytes]) -> bytes:
    """A `.pyx` module's source with the `.pxi` files it includes (pyfftw's `include
    'utils.pxi'`, its `byte_align` and `empty_aligned`) appended at its end: Cython pastes
    them in, so their functions are the module's. Only files the scan read, beside it."""
    folder = path.rpartition("/")[0]
    added = [
        contents[included]
        for name in _INCLUDE.findall(source)
        if (included := posixpath.normpath(posixpath.join(folder, name.decode()))) in contents
    ]
    return b"\n".join([source, *added]) if added else source


def _cython_module(path: str) -> str:
    """The Python path of the module a `.pyx` builds: h5py's tempita template `h5t.templ.pyx`
    becomes `h5t.pyx` at build time, the module `h5py.h5t`."""
    return path.removesuffix(".pyx").removesuffix(".templ") + ".py"


def _run(jobs: list[_Job], workers: int | None) -> Iterator[tuple[str, Module | AnalysisError]]:
    """Analyse jobs in this process, or across processes for large trees (AST work is CPU-bound)."""
    count = workers if workers is not None else min(os.cpu_count() or 1, 8)
    if count <= 1 or len(jobs) < _PARALLEL_THRESHOLD:
        yield from map(_analyze_one, jobs)
        return
    with ProcessPoolExecutor(max_workers=count, initializer=gc.disable) as pool:
        yield from pool.map(_analyze_one, jobs, chunksize=16)


def _link_env_imports(modules: list[Module]) -> list[Module]:
    """Environment reads through names another module defines: `env("APP_LEVEL")` where
    `env` is imported from a module that defines it as a helper reading the variable its
    parameter names, and `environ.get(API_KEY_ENV_VAR)` after `from .constants import
    API_KEY_ENV_VAR` (zyte-api), the variable the other module's constant names."""
    helpers = {f"{m.name}.{name}": position for m in modules for name, position in m.env_helpers}
    named = any(m.env_names for m in modules)
    constants = {
        f"{m.name}.{v.name}": value
        for m in modules
        if named
        for v in m.constants
        if (value := _string_value(v.value)) is not None and ENV_NAME.match(value)
    }
    if not helpers and not constants:
        return modules
    out = []
    for module in modules:
        bound = {i.alias: i.binds for i in module.imports}
        found = []
        for callee, position, value, line in module.env_calls:
            if helpers.get(_imported(bound, callee)) == position:
                found.append(EnvVar(value, module.path, line, None, "helper"))
            elif helpers.get(_imported(bound, callee) + "*") == position:  # `envwrap("TQDM_")`
                found.append(EnvVar(value + "*", module.path, line, None, "helper"))
        for written, line, default, via in module.env_names:
            if (held := constants.get(_imported(bound, written))) is not None:
                found.append(EnvVar(held, module.path, line, default, via))
        seen = {(e.name, e.lineno) for e in module.env_vars}
        found = [e for e in found if (e.name, e.lineno) not in seen]
        out.append(replace(module, env_vars=module.env_vars + tuple(found)) if found else module)
    return out


def _imported(bound: Mapping[str, str], written: str) -> str:
    """The full name a dotted name written in a module stands for through its imports."""
    head, _, rest = written.partition(".")
    return bound.get(head, "") + (f".{rest}" if rest else "")


def _string_value(source: str | None) -> str | None:
    """The text of a string literal as a constant's value keeps it (`'"ZYTE_API_KEY"'`)."""
    if not source or source[:1] not in {"'", '"'}:
        return None
    try:
        value = ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def _read_env_tables(modules: list[Module]) -> list[Module]:
    """thefuck's `ENV_TO_ATTR = {"THEFUCK_RULES": "rules", ...}`, looped over by a function
    reading `os.environ[env]`: when the shipped code reads a variable whose name it computes,
    its constant tables of variable names are the variables it reads."""
    shipped = [m for m in modules if m.role != "test"]
    if not any(m.env_dynamic for m in shipped):
        return modules
    return [
        replace(m, env_vars=m.env_vars + m.env_table) if m.env_table and m.role != "test" else m
        for m in modules
    ]


def _lookup_constant(modules: dict[str, Module], dotted: str) -> str | None:
    """Resolve `pkg.__version__` to the literal string the module assigns."""
    module_name, _, attr = dotted.rpartition(".")
    module = modules.get(module_name)
    if module is None:
        return None
    for const in module.constants:
        if const.name == attr and const.value and const.value[:1] in "'\"":
            return const.value.strip("'\"")
    return None


def code_fingerprint() -> str:
    """Identify the analyser's code, so an upgraded or edited Klaro never reads stale entries."""
    here = Path(__file__).parent
    stats = [(p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(here.glob("*.py"))]
    return f"{__version__}:{stats}"


class _Cache:
    """Per-file analysis results keyed by (path, sha256), versioned by ANALYZER_VERSION."""

    def __init__(self, cache_dir: Path, root: Path) -> None:
        digest = hashlib.sha256(f"{root}\0{code_fingerprint()}".encode()).hexdigest()[:16]
        self.path = cache_dir / f"analysis-v{ANALYZER_VERSION}-{digest}.pickle"
        self.old: dict[tuple[str, str], Module | AnalysisError] = self._load()
        self.new: dict[tuple[str, str], Module | AnalysisError] = {}

    def _load(self) -> dict[tuple[str, str], Module | AnalysisError]:
        try:
            with self.path.open("rb") as fh:
                data = pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, key: tuple[str, str]) -> Module | AnalysisError | None:
        found = self.old.get(key)
        if found is not None:
            self.new[key] = found
        return found

    def put(self, key: tuple[str, str], module: Module | AnalysisError) -> None:
        self.new[key] = module

    def save(self) -> None:
        """Write atomically, keeping only entries of files still present."""
        if self.new == self.old:
            return
        data = pickle.dumps(self.new, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            safeio.write_bytes(self.path.parent, self.path, data)
        except KlaroError:
            return  # a cache that cannot be written only costs time on the next run
