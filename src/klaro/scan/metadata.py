"""Package metadata from pyproject.toml (PEP 621 or Poetry), setup.cfg and setup.py.

Read statically: setup.py is parsed, never run, so a hostile repository cannot execute code
here. The first source that names the package wins; later ones only fill gaps.
"""

from __future__ import annotations

import ast
import configparser
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from klaro.scan.model import EntryPoint, PackageMetadata


def read_metadata(root: Path, version_lookup: Callable[[str], str | None]) -> PackageMetadata:
    """Return what the packaging files of `root` say; `version_lookup` resolves attr versions.

    `version_lookup` maps a dotted attribute (`pkg.__version__`) to its literal value from the
    analysis, for projects that keep their version in code.
    """
    found: list[dict[str, Any]] = []
    for name, reader in (
        ("pyproject.toml", _from_pyproject),
        ("setup.cfg", _from_setup_cfg),
        ("setup.py", _from_setup_py),
    ):
        path = root / name
        if path.is_file():
            try:
                data = reader(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, ValueError, SyntaxError, tomllib.TOMLDecodeError):
                continue
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
        license=merged.get("license"),
        urls=tuple(sorted(merged.get("urls", {}).items())),
        entry_points=tuple(sorted(merged.get("entry_points", ()), key=lambda e: (e.group, e.name))),
        source=merged.get("source"),
    )


def _from_pyproject(text: str) -> dict[str, Any]:
    doc = tomllib.loads(text)
    project = doc.get("project") or {}
    poetry = (doc.get("tool") or {}).get("poetry") or {}
    dynamic = ((doc.get("tool") or {}).get("setuptools") or {}).get("dynamic") or {}
    if project:
        eps = _entry_points_621(project)
        license_ = project.get("license")
        if isinstance(license_, Mapping):
            license_ = license_.get("text") or license_.get("file")
        version_attr = (dynamic.get("version") or {}).get("attr")
        return {
            "name": project.get("name"),
            "version": project.get("version"),
            "version_attr": version_attr,
            "description": project.get("description"),
            "requires_python": project.get("requires-python"),
            "dependencies": _strings(project.get("dependencies")),
            "optional_dependencies": {
                k: _strings(v) for k, v in (project.get("optional-dependencies") or {}).items()
            },
            "license": license_ if isinstance(license_, str) else None,
            "urls": {str(k): str(v) for k, v in (project.get("urls") or {}).items()},
            "entry_points": eps,
        }
    if poetry:
        deps = dict(poetry.get("dependencies") or {})
        python = deps.pop("python", None)
        return {
            "name": poetry.get("name"),
            "version": poetry.get("version"),
            "description": poetry.get("description"),
            "requires_python": python if isinstance(python, str) else None,
            "dependencies": [_poetry_requirement(k, v) for k, v in deps.items()],
            "license": poetry.get("license"),
            "urls": {
                k: v
                for k, v in (
                    ("Homepage", poetry.get("homepage")),
                    ("Repository", poetry.get("repository")),
                )
                if v
            }
            | {str(k): str(v) for k, v in (poetry.get("urls") or {}).items()},
            "entry_points": [
                EntryPoint(
                    "console_scripts", k, v if isinstance(v, str) else str(v.get("reference", ""))
                )
                for k, v in (poetry.get("scripts") or {}).items()
            ],
        }
    return {}


def _entry_points_621(project: Mapping[str, Any]) -> list[EntryPoint]:
    eps = [
        EntryPoint("console_scripts", k, str(v)) for k, v in (project.get("scripts") or {}).items()
    ]
    eps += [
        EntryPoint("gui_scripts", k, str(v)) for k, v in (project.get("gui-scripts") or {}).items()
    ]
    for group, entries in (project.get("entry-points") or {}).items():
        eps += [EntryPoint(group, k, str(v)) for k, v in (entries or {}).items()]
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
    if parser.has_section("options.entry_points"):
        for group, body in parser["options.entry_points"].items():
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
    }


def _parse_entry_lines(group: str, body: str | list[str]) -> list[EntryPoint]:
    out = []
    for line in _lines(body) if isinstance(body, str) else body:
        if "=" in line:
            name, target = line.split("=", 1)
            out.append(EntryPoint(group, name.strip(), target.strip()))
    return out


def _from_setup_py(text: str) -> dict[str, Any]:
    """Read literal keyword arguments of the `setup(...)` call."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup"
        ):
            kw: dict[str, Any] = {}
            for keyword in node.keywords:
                if keyword.arg:
                    try:
                        kw[keyword.arg] = ast.literal_eval(keyword.value)
                    except ValueError:
                        continue
            eps: list[EntryPoint] = []
            groups = kw.get("entry_points") or {}
            if isinstance(groups, str):  # the ini form: "[console_scripts]\nname=mod:func"
                groups = _ini_groups(groups)
            for group, entries in groups.items():
                eps += _parse_entry_lines(
                    group, entries if isinstance(entries, list) else str(entries)
                )
            return {
                "name": kw.get("name"),
                "version": kw.get("version"),
                "description": kw.get("description"),
                "requires_python": kw.get("python_requires"),
                "dependencies": _strings(kw.get("install_requires")),
                "optional_dependencies": {
                    k: _strings(v) for k, v in (kw.get("extras_require") or {}).items()
                },
                "license": kw.get("license"),
                "urls": {"Homepage": kw["url"]} if kw.get("url") else {},
                "entry_points": eps,
            }
    return {}


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
