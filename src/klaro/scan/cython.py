"""What a Cython module (`.pyx`) gives Python, written as a Python stub the analysis can read.

rasterio's `crs.pyx` builds the module `rasterio.crs` with its class `CRS`; pyproj, lxml and
many scientific packages ship such modules, and their docs name them like any other. Cython is
no Python grammar (`cdef class`, C types on parameters, `cimport`), so the module is not parsed
but read for what Python code can see: its `def` and `cpdef` functions, `class` and `cdef
class` classes with their `def`/`cpdef` methods, `property` blocks, attributes assigned in
the class body and `cdef public` or `readonly` ones, the attributes its methods set on `self`,
and its top-level imports and simple assignments. Each lands on its own line, so line
numbers stay true; `cdef` functions and everything else (C declarations, bodies) are left
out. A parameter list whose C types cannot be taken apart reads as `(*args, **kwargs)`:
open, never a wrong signature. The `.pxi` files a module includes are appended to it by the
analysis (`scan.analyze`), as Cython pastes them in.
"""

from __future__ import annotations

import ast
import re

_DEF = re.compile(r"^(\s*)(?:async\s+)?(?:cp)?def\s+(?:[\w.\[\]]+[\s*]+)*?(\w+)\s*\(")
_CLASS = re.compile(
    r"^(\s*)(?:cdef\s+)?(?:(?:public|api|final)\s+)*class\s+(\w+)(?:\s*\[[^\]]*\])?\s*(\([^)]*\))?\s*:"
)
_PROPERTY = re.compile(r"^(\s*)property\s+(\w+)\s*:")  # the old Cython `property x:` block
_ATTRIBUTE = re.compile(r"^(\s*)cdef\s+(?:public|readonly)\s+(?:[\w.\[\], ]+?[\s*]+)?(\w+)\s*$")
_DECORATOR = re.compile(r"^(\s*)@(property|staticmethod|classmethod|[\w.]+\.setter)\s*$")
_JOINED = re.compile(r"^\s*(?:(?:async\s+)?(?:cp)?def|import|from)\s")
_IMPORT = re.compile(r"^(?:import|from)\s+[\w.]+")
_ASSIGN = re.compile(r"^([A-Za-z_]\w*)\s*=\s*(.+)$")
_SELF_STORE = re.compile(r"\bself\.([A-Za-z_]\w*)\s*=(?!=)")
_SUFFIXES = re.compile(r"\s+(?:not|or)\s+None\s*$")


def python_stub(source: str) -> str:
    """A Python module with the names a Cython module gives Python, line for line."""
    lines = source.splitlines()
    out = [""] * len(lines)
    classes: list[tuple[int, int, str, bool]] = []  # (indent, line, class header, has members)
    body: int | None = None  # indent of the members of the innermost class
    i = 0
    while i < len(lines):
        line = lines[i].split("#", 1)[0].rstrip() if "#" in lines[i] else lines[i].rstrip()
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            i += 1
            continue
        while classes and indent <= classes[-1][0]:
            _close(out, classes.pop())
            body = None
        if classes and body is None:
            body = indent
        in_class = bool(classes) and indent == body
        at_level = indent == 0 or in_class
        pad = " " * (4 * len(classes)) if in_class else ""
        # a header over several lines is joined only where a definition or an import starts
        header, end = _header(lines, i) if _JOINED.match(line) else (line, i)
        if at_level and (match := _CLASS.match(line)):
            bases = match.group(3) or ""
            text = f"class {match.group(2)}{bases}:"
            if not _parses(text + " ..."):
                text = f"class {match.group(2)}:"
            if classes:  # a class inside a class: a member of the outer one
                classes[-1] = (*classes[-1][:3], True)
            out[i] = pad + text
            classes.append((indent, i, pad + text, False))
            body = None
        elif at_level and (match := _DEF.match(header)):
            out[i] = pad + _function(match.group(2), header, in_class)
            _mark(classes, in_class)
            i = end
        elif in_class and (match := _PROPERTY.match(line)):
            out[i] = f"{pad}{match.group(2)} = property()"
            _mark(classes, in_class)
        elif in_class and (match := _ATTRIBUTE.match(line)):
            out[i] = f"{pad}{match.group(2)} = None"
            _mark(classes, in_class)
        elif in_class and (match := _DECORATOR.match(line)):
            out[i] = f"{pad}@{match.group(2)}"
        elif indent == 0 and _IMPORT.match(line) and "cimport" not in line:
            text = " ".join(s.strip() for s in lines[i : end + 1])
            out[i] = text if _parses(text) else ""
            i = end
        elif indent == 0 and (match := _ASSIGN.match(line)):
            value = match.group(2) if _parses(match.group(2), "eval") else "None"
            out[i] = f"{match.group(1)} = {value}"
        elif in_class and (match := _ASSIGN.match(line.strip())):
            # `N = property(_get_N)` in pyfftw's `cdef class FFTW`: a class attribute
            out[i] = f"{pad}{match.group(1)} = None"
            _mark(classes, in_class)
        elif classes and indent > (body or 0):
            for name in _SELF_STORE.findall(line):  # `self.name = name` in a method's body
                out[i] = f"{' ' * (4 * len(classes))}{name} = None"
                _mark(classes, True)
        i += 1
    while classes:
        _close(out, classes.pop())
    stub = "\n".join(out) + "\n"
    if not _parses(stub):  # a decorator kept over a `cdef` method it cannot stand on
        stub = "\n".join("" if _DECORATOR.match(t) else t for t in out) + "\n"
    return stub


def _header(lines: list[str], start: int) -> tuple[str, int]:
    """A definition's header, joined over the lines its parentheses span, and its last line."""
    depth, end, parts = 0, start, []
    while end < len(lines):
        text = lines[end].split("#", 1)[0]
        parts.append(text.strip())
        depth += text.count("(") + text.count("[") - text.count(")") - text.count("]")
        if depth <= 0:
            break
        end += 1
    return " ".join(parts), min(end, len(lines) - 1)


def _function(name: str, header: str, method: bool) -> str:
    """`def name(params): ...` with the C types taken off each parameter, or open."""
    opened = header.index("(", header.index(name) + len(name))
    closed = _matching(header, opened)
    params = [_parameter(p) for p in _split(header[opened + 1 : closed])] if closed > 0 else None
    if params is not None and all(p is not None for p in params):
        text = f"def {name}({', '.join(p for p in params if p)}): ..."
        if _parses(text):
            return text
    return f"def {name}({'self, ' if method else ''}*args, **kwargs): ..."


def _parameter(text: str) -> str | None:
    """`int x=1` -> `x=1`, `object obj not None` -> `obj`, `*args` as it is; None if unread."""
    declared, eq, default = text.partition("=")
    declared = _SUFFIXES.sub("", declared.strip())
    if not declared:
        return None
    star = "**" if declared.startswith("**") else "*" if declared.startswith("*") else ""
    words = re.findall(r"[A-Za-z_]\w*", declared[len(star) :])
    if not words:
        return star or None  # a bare `*` before keyword-only parameters
    if eq and not _parses(default.strip(), "eval"):
        default = "None"
    return f"{star}{words[-1]}" + (f"={default.strip()}" if eq else "")


def _split(params: str) -> list[str]:
    """Parameters at the top level of a list (commas inside brackets stay)."""
    parts, depth, current = [], 0, ""
    for char in params:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [p for p in (*parts, current) if p.strip()]


def _matching(text: str, opened: int) -> int:
    depth = 0
    for at in range(opened, len(text)):
        depth += text[at] == "("
        depth -= text[at] == ")"
        if depth == 0:
            return at
    return -1


def _mark(classes: list[tuple[int, int, str, bool]], in_class: bool) -> None:
    if in_class and classes:
        classes[-1] = (*classes[-1][:3], True)


def _close(out: list[str], cls: tuple[int, int, str, bool]) -> None:
    """A class with no member read gets `...`, so the stub still parses."""
    _, line, header, members = cls
    if not members:
        out[line] = header + " ..."


def _parses(text: str, mode: str = "exec") -> bool:
    try:
        ast.parse(text, mode=mode)
    except (SyntaxError, ValueError):
        return False
    return True
