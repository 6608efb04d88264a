"""The API reference: every public module, class, function and method, from the analysis.

One managed region per module (`api:<module>`), so text people write between modules stays.
Signatures are rendered from the analysed source, docstrings through griffe's parsers; a
symbol without a docstring gets its signature only.
"""

from __future__ import annotations

from klaro.scan.graph import CodeGraph
from klaro.scan.model import Analysis, Class, Function, Module
from klaro.verify import Resolver, project_index
from klaro.write.docstrings import render_docstring
from klaro.write.filters import is_private_name
from klaro.write.ground import ground
from klaro.write.regions import Section
from klaro.write.styleguides import StyleGuide
from klaro.write.symbols import Export, SymbolIndex, call_signature

REGION_PREFIX = "api:"


def top_packages(analysis: Analysis) -> list[Module]:
    """Return the shipped top-level packages (`pkg/__init__.py`), shallowest path first."""
    tops = [
        m
        for m in analysis.modules
        if m.role == "package" and m.is_package and m.is_public and "." not in m.name
    ]
    return sorted(tops, key=lambda m: (m.path.count("/"), m.path))


def documented_modules(analysis: Analysis) -> list[Module]:
    """Return the public shipped modules, in dotted-name order."""
    return sorted(
        (m for m in analysis.modules if m.role == "package" and m.is_public),
        key=lambda m: m.name,
    )


def api_sections(
    analysis: Analysis, graph: CodeGraph, guide: StyleGuide, *, path: str = "docs/api.md"
) -> list[Section]:
    """Return the title section and one section per public module with something to say.

    Docstrings are copied as written, except code spans and links the checker would reject
    from `path`: those become plain words (see `klaro.write.ground`).
    """
    del graph  # the reference lists everything, so it needs no ranking
    index = SymbolIndex(analysis)
    resolver = Resolver(project_index(analysis))
    title_spec = guide.section("title")
    heading = title_spec.heading if title_spec else "API reference"
    tops = top_packages(analysis)
    name = analysis.metadata.name or (tops[0].name if tops else "")
    version = f" {analysis.metadata.version}" if analysis.metadata.version else ""
    intro = f"Reference for `{name}`{version}, generated from its source." if name else ""
    title = f"# {heading}" + (f"\n\n{intro}" if intro else "")
    sections = [Section("title", heading, title, (), 1)]
    documented: set[str] = set()
    for module in documented_modules(analysis):
        exports = [e for e in index.exports(module) if not is_private_name(e.name)]
        body = _module(module, exports, documented)
        if body:
            body = ground(body, resolver, path)
            key = REGION_PREFIX + module.name
            sections.append(Section(key, f"`{module.name}`", body, (module.name,), 2))
    return sections


def _module(module: Module, exports: list[Export], documented: set[str]) -> str:
    """Render one module; names documented elsewhere are listed as re-exports."""
    parts: list[str] = []
    if module.docstring:
        parts.append(render_docstring(module.docstring))
    reexports: list[Export] = []
    classes = [e for e in exports if isinstance(e.obj, Class)]
    functions = [e for e in exports if isinstance(e.obj, Function)]
    for export in classes + functions:
        if export.fullname in documented:
            reexports.append(export)
            continue
        documented.add(export.fullname)
        if isinstance(export.obj, Class):
            parts.append(_class(export.name, export.obj, instance=export.instance))
        else:
            parts.append(_function(export.name, export.obj, level=3))
    if reexports:
        items = [f"- `{e.name}`: see `{e.fullname}`" for e in reexports]
        parts.append("Also exported here:\n\n" + "\n".join(items))
    if not parts:
        return ""
    return f"## `{module.name}`\n\n" + "\n\n".join(parts)


def _signature_block(lines: list[str]) -> str:
    return "```python\n" + "\n".join(lines) + "\n```"


def _function(name: str, func: Function, *, level: int, owner: str = "") -> str:
    label = f"{owner}.{name}" if owner else name
    decorators = [f"@{d}" for d in func.decorators]
    keyword = "async def" if func.is_async else "def"
    block = _signature_block([*decorators, f"{keyword} {func.name}{func.signature}"])
    out = [f"{'#' * level} `{label}`", "", block]
    doc = render_docstring(func.docstring)
    if doc:
        out += ["", doc]
    return "\n".join(out)


def _class(name: str, cls: Class, *, instance: bool = False) -> str:
    """A class with its methods; for an object the package hands out, the object's methods."""
    init = next((m for m in cls.methods if m.name == "__init__"), None)
    call = call_signature(cls) or cls.name
    decorators = [f"@{d}" for d in cls.decorators]
    out = [f"### `{name}`", "", _signature_block([*decorators, f"class {call}"])]
    if instance:
        out = [f"### `{name}`", "", f"An object of class `{cls.fullname}`, ready to use."]
    if cls.bases and not instance:
        out += ["", "Bases: " + ", ".join(f"`{b}`" for b in cls.bases)]
    doc = render_docstring(cls.docstring or (init.docstring if init else None))
    if doc:
        out += ["", doc]
    for method in cls.methods:
        dunder = method.name.startswith("__") and method.name.endswith("__")
        if method.name == "__init__" or not method.is_public:
            continue
        if dunder and not method.docstring:
            continue
        out += ["", _function(method.name, method, level=4, owner=name)]
    return "\n".join(out)
