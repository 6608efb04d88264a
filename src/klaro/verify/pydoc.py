"""Read a pasted `pydoc` page (`help(module)` output) as the API claims it makes.

Old READMEs document a module by pasting what `pydoc texttable` prints: a `NAME` section with
the module's name, `CLASSES` with each class's methods as signatures (` |  add_rows(self, rows,
header=True)`), `FUNCTIONS`, and `DATA` with module attributes (`__all__ = ['Texttable', ...]`).
pydoc wrote every signature from the code, so each parameter name is a claim that the code
takes that keyword, and each name a claim that the module has it: a renamed parameter, method
or export makes the page untrue. The references use the contexts of a Sphinx directive
(`directive` for a class or function, `directive-in` for a member), which `resolve` checks the
same way. Examples inside the page's docstrings are read by the caller, as any indented code.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

# pydoc's section headings, flush left in capitals
_SECTION = re.compile(
    r"^(NAME|DESCRIPTION|PACKAGE CONTENTS|SUBMODULES|CLASSES|FUNCTIONS|DATA"
    r"|VERSION|AUTHOR|CREDITS|FILE|DATE|MODULE REFERENCE)\s*$"
)
_NAME_LINE = re.compile(r"^\s+([A-Za-z_][\w.]*)(?:\s+-\s+.*)?$")
_CLASS = re.compile(r"^\s+class\s+([A-Za-z_]\w*)\b")
_BAR = re.compile(r"^\s+\|(.*)$")  # a line of a class's box: ` |  add_row(self, array)`
# `from_json(text) from builtins.type`: a class method, as pydoc marks one
_SIGNATURE = re.compile(r"^([A-Za-z_]\w*)\((.*)\)(?:\s*->\s*[^(]*)?(?:\s+from\s+[\w.]+)?$")
_ATTRIBUTE = re.compile(r"^([A-Za-z_]\w*)(?:\s*=\s*(.*))?$")
_INHERITED = re.compile(r"(?:inherited from|Method resolution order)", re.I)


def is_pydoc(lines: list[str]) -> bool:
    """Whether a block is a pydoc page: a `NAME` heading with the module under it and at least
    one other of pydoc's sections."""
    names = [i for i, x in enumerate(lines) if x.rstrip() == "NAME"]
    if not names or names[0] + 1 >= len(lines) or not _NAME_LINE.match(lines[names[0] + 1]):
        return False
    return sum(1 for x in lines if _SECTION.match(x)) >= 2


def pydoc_claims(lines: list[str]) -> Iterator[tuple[int, str, str]]:
    """Yield (line offset, reference text, context) for each name and signature the page
    gives: `texttable.Texttable`, `texttable.Texttable.add_rows(rows=..., header=True)`."""
    module = ""
    section = ""
    cls = ""
    inherited = False
    for offset, line in enumerate(lines):
        if heading := _SECTION.match(line):
            section, cls = heading.group(1), ""
            continue
        if section == "NAME" and not module and (named := _NAME_LINE.match(line)):
            module = named.group(1)
            yield offset, module, "directive"
        if not module or section not in {"CLASSES", "FUNCTIONS", "DATA"}:
            continue
        if section == "CLASSES" and (declared := _CLASS.match(line)):
            cls, inherited = declared.group(1), False
            yield offset, f"{module}.{cls}", "directive"
        elif section == "CLASSES" and cls and (box := _BAR.match(line)):
            entry = box.group(1)
            if _INHERITED.search(entry):
                inherited = True  # members a base class gives: named by the base's package
            elif entry.startswith("  ") and not entry.startswith("   ") and not inherited:
                claim = _member(entry.strip())
                if claim:
                    yield offset, f"{module}.{cls}.{claim}", "directive-in"
        elif section == "FUNCTIONS" and line.startswith("    ") and line[4:5] != " ":
            claim = _member(line.strip())
            if claim and "(" in claim:
                yield offset, f"{module}.{claim}", "directive-in"
        elif section == "DATA" and line.startswith("    ") and line[4:5] != " ":
            yield from ((offset, f"{module}.{n}", "directive-in") for n in _data(line.strip()))


def help_claims(lines: list[str]) -> Iterator[tuple[int, str, str]]:
    """The signature `help(pkg.func)` printed in a session (dpath's README: "Help on
    function values in module dpath:", then `values(obj, glob, separator='/', ...)`), as the
    call it documents: each parameter a keyword the code took when it was pasted."""
    for at, line in enumerate(lines):
        if not (header := _HELP_ON.match(line)):
            continue
        below = next((j for j in range(at + 1, len(lines)) if lines[j].strip()), None)
        if below is None:
            continue
        claim = _member(lines[below].strip())
        if claim and claim.startswith(f"{header.group(1)}("):
            yield below, f"{header.group(2)}.{claim}", "directive-in"


_HELP_ON = re.compile(r"^\s*Help on function ([A-Za-z_]\w*) in module ([A-Za-z_][\w.]*):\s*$")


def _member(entry: str) -> str | None:
    """`add_rows(self, rows, header=True)` as the call it documents, `add_rows(rows=...,
    header=True)`; `BORDER = 1` as `BORDER`; None for a dunder or a line of prose."""
    if signature := _SIGNATURE.match(entry):
        name, params = signature.groups()
        if name.startswith("__") and name != "__init__":
            return None
        arguments = _keywords(params)
        if name == "__init__":
            return f"__init__({arguments})" if arguments is not None else None
        return f"{name}({arguments})" if arguments is not None else name
    attribute = _ATTRIBUTE.match(entry)
    if attribute and attribute.group(2) is not None and not attribute.group(1).startswith("__"):
        return attribute.group(1)
    return None


def _keywords(params: str) -> str | None:
    """The parameters of a pydoc signature as keyword arguments, without `self` or `cls`:
    pydoc printed them from the code, so each name is one the code takes. None when the
    signature does not parse (a default printed as `<object object at 0x...>`)."""
    try:
        tree = ast.parse(f"def f({params}): pass")
    except SyntaxError:
        return None
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    if positional and positional[0].arg in {"self", "cls"}:
        positional = positional[1:]
    only = {a.arg for a in args.posonlyargs}
    parts = [a.arg if a.arg in only else f"{a.arg}=..." for a in positional]
    if args.vararg:
        parts.append(f"*{args.vararg.arg}")
    parts += [f"{a.arg}=..." for a in args.kwonlyargs]
    if args.kwarg:
        parts.append(f"**{args.kwarg.arg}")
    return ", ".join(parts)


def _data(entry: str) -> list[str]:
    """The module attributes a `DATA` line names: `VERSION = '1.0'` names `VERSION`, and
    `__all__ = ['Texttable', 'ArraySizeError']` names each export; other dunders none."""
    name, _, value = entry.partition(" = ")
    name = name.strip()
    if name == "__all__":
        try:
            exported = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            return []
        return [n for n in exported if isinstance(n, str) and n.isidentifier()]
    if not name.isidentifier() or name.startswith("__") or not value:
        return []
    return [name]
