"""Find what a module exports and where each exported name is defined.

Packages often define their API in private modules and re-export it (`from ._core import
load` plus `__all__`), so a writer must follow imports to document a name where users import
it from, with the signature of its real definition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from klaro.scan.model import Analysis, Class, Function, Module, Parameter, render_signature

_MAX_HOPS = 5
_CONSTRUCTOR = re.compile(r"^([A-Za-z_]\w*)\(")  # `_Logger(core=...)`: a call of a plain name


@dataclass(frozen=True)
class Export:
    """A name a module exports and the class or function it stands for."""

    name: str  # the name users import
    fullname: str  # where it is defined: `pkg._core.load`
    obj: Class | Function
    instance: bool = False  # the name is an object of class `obj` (`from loguru import logger`)


class SymbolIndex:
    """Module-level classes and functions by full name, and export lookups over imports."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self._defs: dict[str, Class | Function] = {}
        for module in analysis.modules:
            for cls in module.classes:
                self._defs[cls.fullname] = cls
            for func in module.functions:
                self._defs[func.fullname] = func

    def resolve(self, module: Module, name: str, hops: int = 0) -> Export | None:
        """Return the definition `name` means in `module`, following `from x import y`."""
        obj = self._defs.get(f"{module.name}.{name}")
        if obj is not None:
            return Export(name, f"{module.name}.{name}", obj)
        if hops >= _MAX_HOPS:
            return None
        made = self._instance_of(module, name, hops)
        if made is not None:
            return made
        for imp in module.imports:
            if imp.alias != name or imp.name is None:
                continue
            source = self.analysis.module(imp.module)
            if source is None:
                return None
            found = self.resolve(source, imp.name, hops + 1)
            return Export(name, found.fullname, found.obj) if found else None
        return None

    def _instance_of(self, module: Module, name: str, hops: int) -> Export | None:
        """`logger = _Logger(...)` at module level: the object a package hands out as its API."""
        constant = next((c for c in module.constants if c.name == name), None)
        if constant is None or not constant.value:
            return None
        match = _CONSTRUCTOR.match(constant.value)
        if match is None:
            return None
        made = self.resolve(module, match.group(1), hops + 1)
        if made is None or not isinstance(made.obj, Class):
            return None
        return Export(name, made.fullname, made.obj, instance=True)

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
