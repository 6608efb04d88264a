"""An index of what a project has, built once per analysis, for resolving references fast.

It answers: does this dotted name exist (following re-exports and inherited methods), what are
the members of a module or class, which names are close to a missing one, which console
scripts, sub-commands, options and environment variables the project has.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from klaro.scan.model import Analysis, Class, Module, iter_classes

UNIVERSAL_OPTIONS = frozenset({"--help", "-h", "--version"})
_MAX_HOPS = 6
# Bases that add no attributes a document would name on the subclass.
_CLOSED_BASES = frozenset(
    {"object", "abc.ABC", "typing.Generic", "typing.Protocol", "typing.NamedTuple", "ABC"}
)
_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
# Distributions whose import name differs from their name (the common ones).
_IMPORT_NAMES = {
    "pyyaml": "yaml",
    "pillow": "PIL",
    "beautifulsoup4": "bs4",
    "scikit-learn": "sklearn",
    "python-dateutil": "dateutil",
    "attrs": "attr",
    "pygithub": "github",
    "opencv-python": "cv2",
    "markdown-it-py": "markdown_it",
    "protobuf": "google",
}


@dataclass
class ProjectIndex:
    """Names, members, CLI surface, environment variables and files of one analysed project."""

    root: Path
    kinds: dict[str, str] = field(default_factory=dict)  # full name -> module|class|function|...
    members: dict[str, set[str]] = field(default_factory=dict)  # module/class -> member names
    aliases: dict[str, dict[str, str]] = field(default_factory=dict)  # module -> alias -> target
    stars: dict[str, list[str]] = field(default_factory=dict)  # module -> star-imported modules
    bases: dict[str, list[str]] = field(default_factory=dict)  # class -> resolved bases, raw
    by_last: dict[str, list[str]] = field(default_factory=dict)  # last component -> full names
    public: set[str] = field(default_factory=set)
    packages: set[str] = field(default_factory=set)  # top-level import names of the project
    dependencies: set[str] = field(default_factory=set)  # import names of its dependencies
    scripts: set[str] = field(default_factory=set)  # console / gui scripts
    subcommands: set[str] = field(default_factory=set)
    options: set[str] = field(default_factory=set)
    # options declared elsewhere in the repository (a test suite's pytest options, a dev
    # script's flags): real, so naming them is not drift, but not the product's CLI
    other_options: set[str] = field(default_factory=set)
    valued: set[str] = field(default_factory=set)  # options that take a value
    env_vars: set[str] = field(default_factory=set)
    env_prefixes: set[str] = field(default_factory=set)
    env_patterns: set[str] = field(default_factory=set)  # prefixes of names built at run time
    files: set[str] = field(default_factory=set)
    dirs: set[str] = field(default_factory=set)
    code_dirs: set[str] = field(default_factory=set)  # top folders holding the project's code
    short_names: list[str] = field(default_factory=list)  # public last components, for hints
    # Parameter names of every function: docstrings name them (`task_id`) as code.
    parameters: set[str] = field(default_factory=set)
    # Class -> its `__init__` parameters: `self.name = name` makes `Command.name` real.
    init_params: dict[str, set[str]] = field(default_factory=dict)
    # Names the project imports from outside (`TextIO`, `Sequence`): not the project's own.
    imported: set[str] = field(default_factory=set)

    def lookup(self, dotted: str, hops: int = 0) -> str | None:
        """Return the full name `dotted` designates, following re-exports and base classes."""
        if dotted in self.kinds:
            return dotted
        if hops > _MAX_HOPS or "." not in dotted:
            return None
        head, _, attr = dotted.rpartition(".")
        owner = self.lookup(head, hops + 1)
        return None if owner is None else self.member(owner, attr, hops + 1)

    def member(self, owner: str, attr: str, hops: int = 0) -> str | None:
        """Return `owner.attr` as a full name: own member, re-export, star import or inherited."""
        if f"{owner}.{attr}" in self.kinds:
            return f"{owner}.{attr}"
        if attr in self.init_params.get(owner, ()):
            return f"{owner}.{attr}"  # an instance attribute, by the usual `self.x = x`
        if hops > _MAX_HOPS:
            return None
        target = self.aliases.get(owner, {}).get(attr)
        if target is not None:
            return self.lookup(target, hops + 1) or (target if self.external(target) else None)
        for star in self.stars.get(owner, ()):
            found = self.member(star, attr, hops + 1) if star in self.kinds else None
            if found:
                return found
        for base in self.bases.get(owner, ()):
            found = self.member(base, attr, hops + 1)
            if found:
                return found
        return None

    def external(self, dotted: str) -> bool:
        """Whether a dotted name lives outside the project (standard library, dependency)."""
        return dotted.split(".")[0] not in self.packages

    def open_class(self, name: str) -> bool:
        """Whether a class has bases we cannot see, so an unknown attribute may be inherited."""
        return any(
            base not in self.kinds and base not in _CLOSED_BASES
            for base in self.bases.get(name, ())
        )

    def member_names(self, owner: str, depth: int = 0) -> set[str]:
        """Every member name of a module or class, inherited and re-exported ones included."""
        names = set(self.members.get(owner, ())) | set(self.aliases.get(owner, {}))
        names |= self.init_params.get(owner, set())
        if depth < _MAX_HOPS:
            for base in [*self.bases.get(owner, ()), *self.stars.get(owner, ())]:
                names |= self.member_names(base, depth + 1)
        return names

    def exists(self, path: str) -> bool:
        """Whether a repository path exists (a file or a folder)."""
        path = path.strip("/")
        if path in self.files or path in self.dirs or not path:
            return True
        return (self.root / path).exists() if self.root.is_dir() else False


# First words of environment variables that belong to other programs or the system: a project
# reading XDG_CONFIG_HOME or PIP_TOOLS_CACHE does not make every XDG_* or PIP_* its own.
OTHER_NAMESPACES = frozenset(
    {
        "XDG", "PIP", "PYTHON", "GIT", "GITHUB", "RUNNER", "CI", "AWS", "AZURE", "GOOGLE",
        "GCP", "DOCKER", "NODE", "NPM", "CONDA", "VIRTUAL", "LC", "LANG", "TERM", "SSL",
        "REQUESTS", "HTTP", "HTTPS", "NO", "COMP", "PYTEST", "TOX", "UV", "POETRY",
    }
)  # fmt: skip


def build_index(analysis: Analysis) -> ProjectIndex:
    """Index every non-test module of an analysis."""
    index = ProjectIndex(root=Path(analysis.root))
    modules = [m for m in analysis.modules if m.role != "test"]
    for module in modules:
        _add_module(index, module)
    for module in modules:
        scope = {**index.aliases.get(module.name, {})}
        scope.update((c.name, c.fullname) for c in module.classes)
        for cls in iter_classes(module.classes):
            index.bases[cls.fullname] = [_resolve_base(index, scope, b) for b in cls.bases]
    for name in index.kinds:
        index.by_last.setdefault(name.rsplit(".", 1)[-1], []).append(name)
    index.short_names = sorted(n for n in index.by_last if not n.startswith("_"))
    index.packages = {m.name.split(".")[0] for m in modules if m.role == "package"}
    meta = analysis.metadata
    requirements = [
        *meta.dependencies,
        *(r for _, reqs in meta.optional_dependencies for r in reqs),
    ]
    index.dependencies = set(_import_names(requirements)) - index.packages
    index.imported = {
        i.alias
        for m in modules
        for i in m.imports
        if i.name != "*" and i.module.split(".")[0] not in index.packages
    }
    index.scripts = {e.name for e in meta.entry_points if e.group.endswith("_scripts")}
    index.other_options = {
        flag
        for m in analysis.modules
        for c in m.cli
        for o in c.options
        if not o.positional
        for flag in o.flags
    }
    for command in analysis.cli:
        if command.name:
            index.subcommands.add(command.name)
        for option in command.options:
            if not option.positional:
                index.options.update(option.flags)
                if not option.is_flag:
                    index.valued.update(option.flags)
            if option.envvar:
                index.env_vars.add(option.envvar)
    if not index.scripts and analysis.cli and meta.name:
        index.scripts.add(meta.name)
    for env in (e for m in modules for e in m.env_vars):
        if env.name.endswith("*"):  # a name the code builds at run time: `KLARO_` + key
            index.env_patterns.add(env.name[:-1])
        else:
            index.env_vars.add(env.name)
    names = [meta.name or "", *index.packages, *index.scripts]
    index.env_prefixes = {n.upper().replace("-", "_") + "_" for n in names if n}
    index.env_prefixes |= {
        v.split("_")[0] + "_"
        for v in index.env_vars
        if "_" in v[1:] and v.split("_")[0] not in OTHER_NAMESPACES
    }
    index.files = {f.path for f in analysis.files} | {s.path for s in analysis.skipped}
    shipped = [m for m in modules if m.role in {"package", "script"} and "/" in m.path]
    index.code_dirs = {m.path.split("/")[0] for m in shipped}
    index.dirs = {p.rsplit("/", i)[0] for p in index.files for i in range(1, p.count("/") + 1)}
    return index


def _add_module(index: ProjectIndex, module: Module) -> None:
    name = module.name
    index.kinds[name] = "module"
    parent, _, last = name.rpartition(".")
    if parent:
        index.members.setdefault(parent, set()).add(last)
    own = index.members.setdefault(name, set())
    public = module.role == "package" and module.is_public
    exported = set(module.public_names())
    for func in module.functions:
        _define(index, own, func.fullname, "function", public and func.name in exported)
        index.parameters.update(p.name for p in func.parameters)
    for const in module.constants:
        _define(index, own, f"{name}.{const.name}", "constant", public and const.is_public)
    for cls in module.classes:
        _add_class(index, own, cls, public and cls.name in exported)
    aliases = index.aliases.setdefault(name, {})
    for imp in module.imports:
        if imp.name == "*":
            index.stars.setdefault(name, []).append(imp.module)
        else:
            aliases[imp.alias] = f"{imp.module}.{imp.name}" if imp.name else imp.module


def _add_class(index: ProjectIndex, owner: set[str], cls: Class, public: bool) -> None:
    _define(index, owner, cls.fullname, "class", public)
    own = index.members.setdefault(cls.fullname, set())
    for meth in cls.methods:
        _define(index, own, meth.fullname, meth.kind, public and meth.is_public)
        params = {p.name for p in meth.parameters if p.name not in {"self", "cls"}}
        index.parameters |= params
        if meth.name == "__init__":
            index.init_params[cls.fullname] = params
    for attr in cls.attributes:
        _define(index, own, f"{cls.fullname}.{attr.name}", "attribute", public and attr.is_public)
    for nested in cls.classes:
        _add_class(index, own, nested, public and nested.is_public)


def _define(index: ProjectIndex, owner: set[str], full: str, kind: str, public: bool) -> None:
    index.kinds.setdefault(full, kind)
    owner.add(full.rsplit(".", 1)[-1])
    if public:
        index.public.add(full)


def _resolve_base(index: ProjectIndex, scope: dict[str, str], base: str) -> str:
    head, _, rest = base.split("[")[0].partition(".")
    target = scope.get(head, head)
    dotted = f"{target}.{rest}" if rest else target
    return index.lookup(dotted) or dotted


def _import_names(requirements: Iterable[str]) -> Iterable[str]:
    for requirement in requirements:
        match = _REQUIREMENT.match(requirement)
        if match:
            name = match.group(1).lower()
            yield _IMPORT_NAMES.get(name, name.replace("-", "_").replace(".", "_"))
