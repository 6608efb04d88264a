"""Where a Python file sits in a repository: its module name and its role.

A file's dotted name comes from its package chain (`src/` layouts drop `src`); its role says
whether it is part of an installable package (documented API), a test, an example or a script.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from types import MappingProxyType

_NON_PACKAGE_DIRS = {"examples", "example", "docs", "doc", "benchmarks", "scripts", "tools"}
_TEST_FILES = {"conftest.py", "tests.py", "test.py"}
# top-level files that are no module of the API (`__init__.py` there is a vendoring aid)
_ROOT_SCRIPTS = {
    "setup.py", "conftest.py", "noxfile.py", "fabfile.py", "manage.py", "tasks.py", "__init__.py"
}  # fmt: skip


# the folders modules are installed from, each with the package it installs as ("" for a
# root whose folders are the packages, as `src/` is)
_SOURCE_ROOTS: Mapping[str, str] = MappingProxyType({"src": ""})


def absolute_module(current: str, is_package: bool, module: str | None, level: int) -> str:
    """The module an import in `current` names: `from ..x import y` (`level` 2) in
    `pkg.sub.mod` is `pkg.x`; in a package's `__init__` the package itself is level 1."""
    if not level:
        return module or ""
    package = current.split(".") if is_package else current.split(".")[:-1]
    if level > 1:
        package = package[: len(package) - (level - 1)] if level - 1 <= len(package) else []
    return ".".join([*package, *([module] if module else [])])


def module_name_for(
    path: str, package_dirs: frozenset[str], roots: Mapping[str, str] = _SOURCE_ROOTS
) -> str:
    """Derive the dotted module name of a repo-relative path.

    `package_dirs` holds every directory that has an `__init__.py`; a module's name starts at
    the highest directory of its unbroken package chain, and a source root (`src/`, or the
    `lib/` of `package_dir={"": "lib"}`) is dropped; a root installed as a package
    (gh-md-to-html's `package_dir={"gh_md_to_html": "src"}`) gives its name instead.
    """
    for source in sorted(roots, key=len, reverse=True):
        package = roots[source]
        if (source != "src" or package) and path.startswith(source + "/"):
            inner = frozenset(
                d[len(source) + 1 :] for d in package_dirs if d.startswith(source + "/")
            )
            name = module_name_for(path[len(source) + 1 :], inner, {})
            if not package:
                return name
            return package if name == "__init__" else f"{package}.{name}"
    parts = path[:-3].split("/") if path.endswith(".py") else path.split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
        dirs = parts
    else:
        dirs = parts[:-1]
    start = len(dirs)
    # a folder without `__init__.py` inside a package is a namespace subpackage of it, at
    # any depth (weasyprint's `text/`: `from .text.fonts import FontConfiguration`; coqui-tts'
    # `TTS/demos/xtts_ft_demo/xtts_demo.py` is `TTS.demos.xtts_ft_demo.xtts_demo`)
    while start > 0 and (
        "/".join(dirs[:start]) in package_dirs
        or any("/".join(dirs[:k]) in package_dirs for k in range(1, start))
    ):
        start -= 1
    if dirs and dirs[0] == "src":
        start = 1  # src layout: namespace packages under src/ keep their full name
    # a bare `__init__.py` at the top (polib ships one for vendoring): no package name
    return ".".join(parts[start:]) or (parts[-1] if parts else "__init__")


def is_test_path(path: str) -> bool:
    """Tell whether a file belongs to a test suite rather than to the documented code."""
    parts = path.split("/")
    name = parts[-1]
    if any(p in {"tests", "test", "testing"} for p in parts[:-1]):
        return True
    # rotate-backups keeps its suite in `rotate_backups/tests.py`; cram's `cram/_test.py` is
    # its private module `_test`, the code that runs a test, not a test (`x_test.py` is)
    return (
        name.startswith("test_")
        or (name.endswith("_test.py") and name != "_test.py")
        or name in _TEST_FILES
    )


def module_role(
    path: str, package_dirs: frozenset[str], roots: Mapping[str, str] = _SOURCE_ROOTS
) -> str:
    """Classify a file: part of an installable package, a test, an example/doc, or a script.

    Only "package" modules make up the public API that documentation describes; examples,
    docs configuration and helper scripts are analysed but not documented as API.
    """
    if is_test_path(path):
        return "test"
    parts = path.split("/")
    # `examples/` is not API, but a `scripts/` package inside a package is shipped code:
    # pip-tools keeps its commands in `piptools/scripts/`.
    if any(
        p in _NON_PACKAGE_DIRS
        and not (i and {"/".join(parts[:i]), "/".join(parts[: i + 1])} <= package_dirs)
        for i, p in enumerate(parts[:-1])
    ):
        return "example"
    if (parts[0] in roots and len(parts) > 1) or any(path.startswith(r + "/") for r in roots):
        return "package"
    if len(parts) == 1:
        return "script" if parts[0] in _ROOT_SCRIPTS else "package"
    return "package" if parts[0] in package_dirs else "script"


_VENDOR_DIRS = {"_vendor", "vendor", "vendored", "_vendored", "third_party", "thirdparty", "extern"}
_GENERATED = ("_pb2.py", "_pb2_grpc.py", "_pb2.pyi")


def is_vendored(path: str, patterns: tuple[str, ...] = ()) -> bool:
    """Tell whether a file is someone else's code copied in, or generated, rather than written.

    Vendored folders (`pip/_vendor/`, `third_party/`) and generated modules (protobuf's
    `_pb2.py`) are shipped but are not the project's API: documentation leaves them out.
    `patterns` are the repository's own globs (the `vendored` setting) on top of these rules.
    """
    parts = path.split("/")
    if any(p.lower() in _VENDOR_DIRS for p in parts[:-1]) or parts[-1].endswith(_GENERATED):
        return True
    return any(
        fnmatch.fnmatchcase(path, p) or fnmatch.fnmatchcase(path, p.rstrip("/") + "/*")
        for p in patterns
    )
