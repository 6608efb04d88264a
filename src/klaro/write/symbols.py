"""Find what a module exports and where each exported name is defined.

Packages often define their API in private modules and re-export it (`from ._core import
load` plus `__all__`), so a writer must follow imports to document a name where users import
it from, with the signature of its real definition.
"""

from __future__ import annotations

from dataclasses import dataclass

from klaro.scan.model import Analysis, Class, Function, Module, Parameter, render_signature
from klaro.scan.names_build import names_of


@dataclass(frozen=True)
class Export:
    """A name a module exports and the class or function it stands for."""

    name: str  # the name users import
    fullname: str  # where it is defined: `pkg._core.load`
    obj: Class | Function
    instance: bool = False  # the name is an object of class `obj` (`from loguru import logger`)


class SymbolIndex:
    """Export lookups for writers, answered by the project's one name resolver."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.names = names_of(analysis)

    def resolve(self, module: Module, name: str) -> Export | None:
        """Return the class or function `name` means in `module`, following re-exports.

        A module-level object (`logger = _Logger(...)`) stands for its class: it is the API a
        package hands out (`from loguru import logger`).
        """
        full = self.names.lookup(f"{module.name}.{name}")
        if full is None:
            return None
        obj = self.names.definition(full)
        if isinstance(obj, Class | Function):
            return Export(name, full, obj)
        made = self.names.types.get(full)
        cls = self.names.definition(made) if made else None
        if made is not None and isinstance(cls, Class):
            return Export(name, made, cls, instance=True)
        return None

    def exports(self, module: Module) -> list[Export]:
        """Return the module's public classes and functions, re-exports included, in order.

        `__all__` decides when declared; otherwise a package's `__init__` also exports what it
        imports from inside its own package under a public name.
        """
        if module.dunder_all is not None:
            names = list(module.dunder_all)
        else:
            names = [c.name for c in module.classes] + [f.name for f in module.functions]
            names = [n for n in names if not n.startswith("_")]
            if module.is_package:
                top = module.name.split(".")[0]
                names += [
                    i.alias
                    for i in module.imports
                    if i.name is not None
                    and not i.alias.startswith("_")
                    and (i.module == top or i.module.startswith(top + "."))
                ]
        found: list[Export] = []
        for name in dict.fromkeys(names):
            export = self.resolve(module, name)
            if export is not None:
                found.append(export)
        return found


def short_signature(obj: Class | Function, width: int = 90) -> str | None:
    """Return `call_signature`, without annotations when it would not fit on a line."""
    full = call_signature(obj)
    if full is None or len(full) <= width:
        return full
    params = _call_parameters(obj)
    bare = tuple(Parameter(p.name, p.kind, None, p.default) for p in params)
    short = f"{obj.name}{render_signature(bare, None)}"
    if len(short) <= width:
        return short
    # Still too long (a class with twenty keyword arguments): keep what must be passed and
    # the first few options; the API reference has the rest.
    kept: list[Parameter] = []
    for param in bare:
        needed = param.default is None and param.kind not in ("var_positional", "var_keyword")
        if not needed and len(render_signature((*kept, param), None)) + len(obj.name) > width - 6:
            break
        kept.append(param)
    shown = render_signature(tuple(kept), None)
    return f"{obj.name}{shown[:-1]}, ...)" if kept else f"{obj.name}(...)"


def _call_parameters(obj: Class | Function) -> tuple[Parameter, ...]:
    if isinstance(obj, Function):
        return obj.parameters
    init = next((m for m in obj.methods if m.name == "__init__"), None)
    if init is not None:
        return init.parameters[1:]
    return tuple(
        Parameter(a.name, "positional_or_keyword", a.annotation, a.value)
        for a in obj.attributes
        if a.annotation and not a.annotation.startswith("ClassVar")
    )


def call_signature(obj: Class | Function) -> str | None:
    """Return how to call it: `name(params) -> ret` for functions, `Name(params)` for classes.

    A class is called through its `__init__` (without `self`), or its annotated fields when it
    is a dataclass; None when neither tells.
    """
    if isinstance(obj, Function):
        return f"{obj.name}{obj.signature}"
    init = next((m for m in obj.methods if m.name == "__init__"), None)
    if init is not None:
        return f"{obj.name}{render_signature(init.parameters[1:], None)}"
    if any(d.split("(")[0].endswith("dataclass") for d in obj.decorators):
        params = tuple(
            Parameter(a.name, "positional_or_keyword", a.annotation, a.value)
            for a in obj.attributes
            if a.annotation and not a.annotation.startswith("ClassVar")
        )
        return f"{obj.name}{render_signature(params, None)}"
    return None
