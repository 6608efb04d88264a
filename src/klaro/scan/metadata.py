"""Package metadata from pyproject.toml (PEP 621 or Poetry), setup.cfg and setup.py.

Read statically: setup.py is parsed, never run, so a hostile repository cannot execute code
here. The first source that names the package wins; later ones only fill gaps.
"""

from __future__ import annotations

import ast
import configparser
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from klaro.errors import ConfigError
from klaro.scan.model import EntryPoint, PackageMetadata


def read_metadata(root: Path, version_lookup: Callable[[str], str | None]) -> PackageMetadata:
    """Return what the packaging files of `root` say; `version_lookup` resolves attr versions.

    `version_lookup` maps a dotted attribute (`pkg.__version__`) to its literal value from the
    analysis, for projects that keep their version in code.
    """
    found: list[dict[str, Any]] = []
    readers: tuple[tuple[str, Callable[[str], dict[str, Any]]], ...] = (
        ("pyproject.toml", _from_pyproject),
        ("setup.cfg", _from_setup_cfg),
        ("setup.py", lambda text: _from_setup_py(text, root)),
        ("meson.build", _from_meson),
    )
    for name, reader in readers:
        path = root / name
        if path.is_file():
            try:
                data = reader(path.read_text(encoding="utf-8"))
            except ConfigError:
                raise  # pyproject.toml of the wrong shape: the user's mistake, named
            except (
                OSError,
                UnicodeDecodeError,
                ValueError,
                SyntaxError,
                RecursionError,
                configparser.Error,
            ):
                continue  # setup.py / setup.cfg are read as well as they can be
            if data:
                data["source"] = name
                found.append(data)
    merged: dict[str, Any] = {}
    for data in found:
        for key, value in data.items():
            if value and not merged.get(key):
                merged[key] = value
    version = merged.get("version")
    attr = merged.pop("version_attr", None)
    if not version and isinstance(attr, str):
        version = version_lookup(attr)
    return PackageMetadata(
        name=merged.get("name"),
        version=version,
        description=merged.get("description"),
        requires_python=merged.get("requires_python"),
        dependencies=tuple(merged.get("dependencies", ())),
        optional_dependencies=tuple(
            (k, tuple(v)) for k, v in sorted(merged.get("optional_dependencies", {}).items())
        ),
        dependency_groups=tuple(
            (k, tuple(v)) for k, v in sorted(merged.get("dependency_groups", {}).items())
        ),
        license=merged.get("license"),
        urls=tuple(sorted(merged.get("urls", {}).items())),
        entry_points=tuple(sorted(merged.get("entry_points", ()), key=lambda e: (e.group, e.name))),
        version_files=tuple(merged.get("version_files", ())),
        script_files=tuple(merged.get("script_files", ())),
        extension_modules=tuple(
            dict.fromkeys(n for data in found for n in data.get("extension_modules", ()))
        ),
        source=merged.get("source"),
    )


def source_roots(root: Path) -> dict[str, str]:
    """The folders the packaging files install modules from, each with the package it
    installs as: `package_dir={"": "lib"}` (setup.cfg's `package_dir = =lib`,
    `[tool.setuptools.package-dir]`) makes `lib/markdown2.py` the module `markdown2`;
    `package_dir={"gh_md_to_html": "src"}` makes `src/core_converter.py` the module
    `gh_md_to_html.core_converter`. `src` is a root of the first kind unless mapped.
    Unreadable files declare nothing."""
    found = {"src": ""}
    for name in ("pyproject.toml", "setup.cfg", "setup.py"):
        path = root / name
        try:
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
        except (OSError, UnicodeDecodeError):
            continue
        if "package_dir" not in text and "package-dir" not in text:
            continue
        try:
            pairs = _package_dirs(name, text)
        except (
            ValueError,
            SyntaxError,
            RecursionError,
            configparser.Error,
            tomllib.TOMLDecodeError,
        ):
            continue
        for key, value in pairs:
            if not (isinstance(key, str) and isinstance(value, str)):
                continue
            package, folder = key.strip(), value.strip().strip("/")
            if folder in {"", "."} or folder == package.replace(".", "/"):
                continue  # `{"pkg": "pkg"}`: the folder is the package already
            if not package or _DOTTED.fullmatch(package):
                found[folder] = package
    return found


_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def _package_dirs(name: str, text: str) -> list[tuple[object, object]]:
    """The (package, folder) pairs a packaging file's `package_dir` gives ("" for the root)."""
    if name == "pyproject.toml":
        table = tomllib.loads(text).get("tool", {}).get("setuptools", {}).get("package-dir", {})
        return list(table.items()) if isinstance(table, dict) else []
    if name == "setup.cfg":
        parser = configparser.ConfigParser()
        parser.read_string(text)
        lines = parser.get("options", "package_dir", fallback="").splitlines()
        return [(key.strip(), value) for key, _, value in (line.partition("=") for line in lines)]
    for node in ast.walk(ast.parse(text)):
        value: ast.expr | None = None
        if (
            isinstance(node, ast.keyword) and node.arg == "package_dir"
        ) or (  # urlwatch's `m['package_dir'] = {'': 'lib'}`, then `setup(**m)`
            isinstance(node, ast.Assign)
            and isinstance(target := node.targets[0], ast.Subscript)
            and isinstance(target.slice, ast.Constant)
            and target.slice.value == "package_dir"
        ):
            value = node.value
        if value is not None:
            dirs = _literal(value)
            return list(dirs.items()) if isinstance(dirs, dict) else []
    return []


def _from_pyproject(text: str) -> dict[str, Any]:
    """PEP 621 `[project]` or `[tool.poetry]`; a field of the wrong type is named, not guessed.

    pip refuses such a file too, so it is the user's mistake: one line, not a traceback.
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"pyproject.toml: invalid TOML: {exc}") from None
    tool = _table(doc, "tool", "tool")
    fields = _pyproject_fields(doc, tool)
    groups = doc.get("dependency-groups")
    if isinstance(groups, dict):  # a group also lists `{include-group = "..."}` tables
        fields["dependency_groups"] = {
            str(name): [r for r in reqs if isinstance(r, str)]
            for name, reqs in groups.items()
            if isinstance(reqs, list)
        }
    files = _version_files(tool)
    # `[tool.setuptools] script-files`: programs installed as they are, not entry points
    scripts = _loose(tool, "setuptools").get("script-files")
    if isinstance(scripts, list):
        fields["script_files"] = [s for s in scripts if isinstance(s, str)]
    # `[[tool.setuptools.ext-modules]] name = "munkres._lapc"`: compiled at build time
    extensions = _loose(tool, "setuptools").get("ext-modules")
    if isinstance(extensions, list):
        fields["extension_modules"] = [
            e["name"] for e in extensions if isinstance(e, dict) and isinstance(e.get("name"), str)
        ]
    return fields | {"version_files": files} if files else fields


def _pyproject_fields(doc: Mapping[str, Any], tool: Mapping[str, Any]) -> dict[str, Any]:
    """The project's metadata from `[project]` (PEP 621), else `[tool.poetry]`; Poetry 2
    reads both, `[tool.poetry]` filling what `[project]` leaves out (pdbr's `[project]`
    holds a name and a version, its scripts are `[tool.poetry.scripts]`)."""
    project = _table(doc, "project", "project")
    poetry = _table(tool, "poetry", "tool.poetry")
    fields = _project_fields(project, tool) if project else {}
    if poetry:
        older = _poetry_fields(poetry)
        fields |= {k: v for k, v in older.items() if v and not fields.get(k)}
    return fields


def _project_fields(project: Mapping[str, Any], tool: Mapping[str, Any]) -> dict[str, Any]:
    setuptools = _table(tool, "setuptools", "tool.setuptools")
    dynamic = _table(setuptools, "dynamic", "tool.setuptools.dynamic")
    eps = _entry_points_621(project)
    license_ = project.get("license")
    if isinstance(license_, Mapping):
        license_ = license_.get("text") or license_.get("file")
    version_attr = _table(dynamic, "version", "tool.setuptools.dynamic.version").get("attr")
    return {
        "name": _text(project, "name", "project.name"),
        "version": _text(project, "version", "project.version"),
        "version_attr": version_attr if isinstance(version_attr, str) else None,
        "description": _text(project, "description", "project.description"),
        "requires_python": _text(project, "requires-python", "project.requires-python"),
        "dependencies": _string_list(project, "dependencies", "project.dependencies"),
        "optional_dependencies": {
            str(k): _string_list({k: v}, k, f"project.optional-dependencies.{k}")
            for k, v in _table(
                project, "optional-dependencies", "project.optional-dependencies"
            ).items()
        },
        "license": license_ if isinstance(license_, str) else None,
        "urls": {str(k): str(v) for k, v in _table(project, "urls", "project.urls").items()},
        "entry_points": eps,
    }


def _poetry_fields(poetry: Mapping[str, Any]) -> dict[str, Any]:
    deps = dict(_table(poetry, "dependencies", "tool.poetry.dependencies"))
    python = deps.pop("python", None)
    urls = {
        k: v
        for k, v in (
            ("Homepage", _text(poetry, "homepage", "tool.poetry.homepage")),
            ("Repository", _text(poetry, "repository", "tool.poetry.repository")),
        )
        if v
    }
    return {
        "name": _text(poetry, "name", "tool.poetry.name"),
        "version": _text(poetry, "version", "tool.poetry.version"),
        "description": _text(poetry, "description", "tool.poetry.description"),
        "requires_python": python if isinstance(python, str) else None,
        "dependencies": [_poetry_requirement(str(k), v) for k, v in deps.items()],
        "license": _text(poetry, "license", "tool.poetry.license"),
        "urls": urls
        | {str(k): str(v) for k, v in _table(poetry, "urls", "tool.poetry.urls").items()},
        "entry_points": [
            EntryPoint(
                "console_scripts",
                str(k),
                v if isinstance(v, str) else str(v.get("reference", "")),
            )
            for k, v in _table(poetry, "scripts", "tool.poetry.scripts").items()
            if isinstance(v, str | Mapping)
        ],
    }


def _version_files(tool: Mapping[str, Any]) -> list[str]:
    """The modules a build hook writes the version into (hatch-vcs's `version-file`,
    setuptools-scm's `write_to`/`version_file`, pdm-backend's `write_to`): absent from a
    checkout (and ignored by git), yet the package's own modules once built. Settings of
    another tool are read as well as they can be, never an error of ours."""
    hatch = _loose(tool, "hatch", "build")
    places = [
        _loose(hatch, "hooks", "vcs", "version-file"),
        *(
            _loose(target, "hooks", "vcs", "version-file")
            for target in _loose(hatch, "targets").values()
        ),
        _loose(tool, "setuptools_scm", "write_to"),
        _loose(tool, "setuptools_scm", "version_file"),
        _loose(tool, "pdm", "version", "write_to"),
    ]
    return [p for p in places if isinstance(p, str) and p.endswith(".py")]


def _loose(table: Any, *keys: str) -> Any:
    """`table[k1][k2]...`, or {} when a step is missing or not a table."""
    for key in keys:
        table = table.get(key, {}) if isinstance(table, Mapping) else {}
    return table


def _wrong(where: str, expected: str, value: object) -> ConfigError:
    return ConfigError(
        f"pyproject.toml: key '{where}' must be {expected}, got {type(value).__name__} "
        f"{value!r:.60}"
    )


def _table(parent: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    """The sub-table `key` of `parent` ({} when absent); anything else is the user's mistake."""
    value = parent.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _wrong(where, "a table", value)
    return value


def _text(parent: Mapping[str, Any], key: str, where: str) -> str | None:
    value = parent.get(key)
    if value is None or isinstance(value, str):
        return value
    raise _wrong(where, "a string", value)


def _string_list(parent: Mapping[str, Any], key: str, where: str) -> list[str]:
    value = parent.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _wrong(where, "a list of strings", value)
    return list(value)


def _entry_points_621(project: Mapping[str, Any]) -> list[EntryPoint]:
    eps = [
        EntryPoint("console_scripts", str(k), str(v))
        for k, v in _table(project, "scripts", "project.scripts").items()
    ]
    eps += [
        EntryPoint("gui_scripts", str(k), str(v))
        for k, v in _table(project, "gui-scripts", "project.gui-scripts").items()
    ]
    groups = _table(project, "entry-points", "project.entry-points")
    for group in groups:
        table = _table(groups, group, f"project.entry-points.{group}")
        eps += [EntryPoint(str(group), str(k), str(v)) for k, v in table.items()]
    return eps


def _poetry_requirement(name: str, spec: Any) -> str:
    if isinstance(spec, str):
        return name if spec in {"*", ""} else f"{name} ({spec})"
    if isinstance(spec, Mapping) and isinstance(spec.get("version"), str):
        return f"{name} ({spec['version']})"
    return name


def _from_setup_cfg(text: str) -> dict[str, Any]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(text)
    meta = parser["metadata"] if parser.has_section("metadata") else {}
    options = parser["options"] if parser.has_section("options") else {}
    eps: list[EntryPoint] = []
    # setuptools' `[options.entry_points]`, and the `[entry_points]` of older and pbr
    # configurations (shyaml's `shyaml = shyaml:entrypoint`)
    for section in ("options.entry_points", "entry_points"):
        if parser.has_section(section):
            for group, body in parser[section].items():
                eps += _parse_entry_lines(group, body)
    extras = {}
    if parser.has_section("options.extras_require"):
        extras = {k: _lines(v) for k, v in parser["options.extras_require"].items()}
    version = meta.get("version")
    version_attr = None
    if version and version.startswith("attr:"):
        version_attr, version = version[5:].strip(), None
    return {
        "name": meta.get("name"),
        "version": version,
        "version_attr": version_attr,
        "description": meta.get("description"),
        "requires_python": options.get("python_requires"),
        "dependencies": _lines(options.get("install_requires", "")),
        "optional_dependencies": extras,
        "license": meta.get("license"),
        "urls": {"Homepage": meta["url"]} if meta.get("url") else {},
        "entry_points": eps,
        "script_files": _lines(options.get("scripts", "")),
    }


def _parse_entry_lines(group: str, body: str | list[str]) -> list[EntryPoint]:
    out = []
    for line in _lines(body) if isinstance(body, str) else body:
        if "=" in line:
            name, target = line.split("=", 1)
            out.append(EntryPoint(group, name.strip(), target.strip()))
    return out


def _from_setup_py(text: str, root: Path | None = None) -> dict[str, Any]:
    """Read literal keyword arguments of the `setup(...)` call; names it imports from the
    project's own modules (`from pkg._metadata import APP`) are read from those files."""
    tree = ast.parse(text)
    scope = _module_literals(tree, root)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup"
        ):
            kw: dict[str, Any] = {}
            for keyword in node.keywords:
                if keyword.arg is None and isinstance(keyword.value, ast.Name):
                    kw.update(_mapping(scope.get(keyword.value.id)))  # `setup(**m)`
                elif keyword.arg:
                    try:
                        kw[keyword.arg] = _literal(keyword.value, scope)
                    except (ValueError, TypeError, SyntaxError, RecursionError):
                        continue
            # setup.py is code, not a schema: a value of another type is left out, not guessed
            eps: list[EntryPoint] = []
            groups = kw.get("entry_points")
            if isinstance(groups, str):  # the ini form: "[console_scripts]\nname=mod:func"
                groups = _ini_groups(groups)
            for group, entries in _mapping(groups).items():
                eps += _parse_entry_lines(
                    str(group),
                    # (a tuple too: kconfiglib's `"console_scripts": ("menuconfig = ...", ...)`)
                    [str(e) for e in entries]
                    if isinstance(entries, list | tuple | set)
                    else str(entries),
                )
            url = _str(kw.get("url"))
            scm = _mapping(kw.get("use_scm_version"))
            written = [_str(scm.get(k)) for k in ("write_to", "version_file")]
            return {
                "version_files": [w for w in written if w and w.endswith(".py")],
                "name": _str(kw.get("name")),
                "version": _str(kw.get("version")),
                "description": _str(kw.get("description")),
                "requires_python": _str(kw.get("python_requires")),
                "dependencies": _strings(kw.get("install_requires")),
                "optional_dependencies": {
                    str(k): _strings(v) for k, v in _mapping(kw.get("extras_require")).items()
                },
                "license": _str(kw.get("license")),
                "urls": {"Homepage": url} if url else {},
                "entry_points": eps,
                "script_files": _strings(kw.get("scripts")),
                # (under `ext_package`: cvxopt's `Extension('blas', ...)` is `cvxopt.blas`)
                "extension_modules": [
                    f"{package}.{n}" if (package := _str(kw.get("ext_package"))) else n
                    for n in _extension_names(tree)
                ],
            }
    return {"extension_modules": _extension_names(tree)}


def _extension_names(tree: ast.Module) -> list[str]:
    """The modules setup.py compiles: `Extension("markupsafe._speedups", [...])`, and its
    kin (`Pybind11Extension`, `cythonize`'s `Extension(name=...)`), named with dots or a
    path's slashes."""
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if not isinstance(func, str) or not func.endswith("Extension"):
            continue
        named = [k.value for k in node.keywords if k.arg == "name"]
        first = node.args[0] if node.args else named[0] if named else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append(first.value)
    # (distutils also takes a path: systemd-python's `Extension('systemd/_journal', ...)`)
    dotted = [n.replace("/", ".") for n in found]
    return [n for n in dotted if _DOTTED_NAME.fullmatch(n)]


_DOTTED_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
# meson-python's `py.extension_module('_lapc', 'src/x.c', ..., subdir: 'munkres')`
_MESON_EXTENSION = re.compile(r"extension_module\(\s*'(\w+)'([^()]*(?:\([^()]*\)[^()]*)*)\)")
_MESON_SUBDIR = re.compile(r"\bsubdir\s*:\s*'([\w/]+)'")


def _from_meson(text: str) -> dict[str, Any]:
    """The extension modules a meson.build compiles, as dotted names."""
    names = []
    for call in _MESON_EXTENSION.finditer(text):
        subdir = _MESON_SUBDIR.search(call.group(2))
        package = subdir.group(1).strip("/").replace("/", ".") if subdir else ""
        names.append(f"{package}.{call.group(1)}" if package else call.group(1))
    return {"extension_modules": names} if names else {}


def _literal(node: ast.expr, scope: Mapping[str, Any] | None = None) -> Any:
    """A literal value, `dict(console_scripts=[...])` included (a common setup.py spelling),
    reading names the module bound to literals (`scope`) and what a list comprehension or an
    f-string makes of them (csvkit's `[f'{bin} = csvkit.utilities.{bin}:main' for bin in
    bins]`). Nothing is run: anything else raises ValueError, as `ast.literal_eval` does."""
    scope = scope or {}
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "dict"
        and not node.args
        and all(k.arg for k in node.keywords)
    ):
        return {str(k.arg): _literal(k.value, scope) for k in node.keywords}
    if isinstance(node, ast.Name) and node.id in scope:
        return scope[node.id]
    if isinstance(node, ast.List | ast.Tuple):
        items = [_literal(e, scope) for e in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {
            _literal(k, scope): _literal(v, scope)
            for k, v in zip(node.keys, node.values, strict=True)
            if k is not None
        }
    if isinstance(node, ast.ListComp) and len(node.generators) == 1:
        loop = node.generators[0]
        values = _literal(loop.iter, scope)
        if isinstance(loop.target, ast.Name) and not loop.ifs and isinstance(values, list | tuple):
            return [_literal(node.elt, {**scope, loop.target.id: v}) for v in values]
    if isinstance(node, ast.JoinedStr):
        parts = []
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                if part.conversion != -1 or part.format_spec is not None:
                    raise ValueError("formatted value")
                parts.append(str(_literal(part.value, scope)))
            else:
                parts.append(str(_literal(part, scope)))
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left, scope), _literal(node.right, scope)
        if isinstance(left, str) and isinstance(right, str):
            return left + right
        if isinstance(left, list) and isinstance(right, list):
            return left + right  # `[...] + extra_scripts`
        raise ValueError("not a sum of strings or lists")
    if isinstance(node, ast.IfExp):
        # powerline's `[...] + (['scripts/powerline'] if can_use_scripts else [])`: what
        # either branch lists may be installed (a list of one branch only, never a value)
        body, orelse = _literal(node.body, scope), _literal(node.orelse, scope)
        if isinstance(body, list) and isinstance(orelse, list):
            return body + [item for item in orelse if item not in body]
        raise ValueError("a choice of values")
    return ast.literal_eval(node)


def _module_literals(tree: ast.Module, root: Path | None = None) -> dict[str, Any]:
    """The names a setup.py binds at its top level to literal values (`bins = [...]`), and
    with `root`, those it imports from a module of the project that binds them so
    (git-delete-merged-branches' `f"{APP} = ..."` console script, `APP` from `_metadata.py`)."""
    scope: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and root is not None and node.module and not node.level:
            found = _imported_literals(root, node.module)
            for alias in node.names:
                if alias.name in found:
                    scope[alias.asname or alias.name] = found[alias.name]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                try:
                    scope[target.id] = _literal(node.value, scope)
                except (ValueError, TypeError, SyntaxError, RecursionError):
                    scope.pop(target.id, None)
            elif (  # urlwatch's `m['entry_points'] = {...}` on a dict given as `setup(**m)`
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and isinstance(scope.get(target.value.id), dict)
                and isinstance(target.slice, ast.Constant)
            ):
                try:
                    scope[target.value.id][target.slice.value] = _literal(node.value, scope)
                except (ValueError, TypeError, SyntaxError, RecursionError):
                    continue
    return scope


def _imported_literals(root: Path, module: str) -> dict[str, Any]:
    """The literal names a module of the project binds at its top level, {} when the module
    is not a file of the project (a dependency) or cannot be read. One step: that module's
    own imports are not followed."""
    parts = module.split(".")
    for base in (root, root / "src"):
        for path in (
            base.joinpath(*parts).with_suffix(".py"),
            base.joinpath(*parts, "__init__.py"),
        ):
            if path.is_file() and not path.is_symlink():
                try:
                    return _module_literals(ast.parse(path.read_text(encoding="utf-8")))
                except (OSError, UnicodeDecodeError, ValueError, SyntaxError, RecursionError):
                    return {}
    return {}


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _mapping(value: Any) -> Mapping[Any, Any]:
    return value if isinstance(value, Mapping) else {}


def _strings(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def _lines(text: str) -> list[str]:
    return [s.strip() for s in text.splitlines() if s.strip() and not s.strip().startswith("#")]


def _ini_groups(text: str) -> dict[str, list[str]]:
    """Entry points written as setuptools' ini text, grouped by their `[section]`."""
    groups: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            current = groups.setdefault(line[1:-1].strip(), [])
        elif line and not line.startswith(("#", ";")) and current is not None:
            current.append(line)
    return groups
