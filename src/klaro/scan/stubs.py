"""What a `.pyi` stub says of the names its module makes at run time.

Stubs can lag the code they describe, so the analysis states what the code does and reads a
stub beside a module for one thing only: the names the code itself cannot show. A class whose
`__getattr__` serves its methods (pydash's `AllFuncs`, from which `Chain` gets `.without()`,
`.reject()`, `.value()`) gets the methods its stub declares, with their signatures and return
types, so an example's chain is checked step by step; a module that fills its namespace at
run time (`globals().update(...)`, a module `__getattr__`) gets the functions its stub
declares (its names stay open otherwise). Names the code defines are never replaced.
"""

from __future__ import annotations

from dataclasses import replace

from klaro.scan.model import GLOBALS, Class, Module

_SERVES = ("__getattr__", "__getattribute__")


def merge_stubs(modules: list[Module], stubs: dict[str, Module]) -> list[Module]:
    """The modules with their stubs' declarations of run-time names merged in."""
    if not stubs:
        return modules
    return [_merged(m, stubs[m.name]) if m.name in stubs else m for m in modules]


def _merged(module: Module, stub: Module) -> Module:
    declared = {c.name: c for c in stub.classes}
    classes = tuple(
        _served(c, declared[c.name]) if c.name in declared else c for c in module.classes
    )
    functions = module.functions
    opened = GLOBALS in module.opened or any(f.name in _SERVES for f in module.functions)
    if opened:  # its functions; a class it makes may be a base the package subclasses
        # under the same name elsewhere (pyzmq's backend `Socket`, its `zmq.Socket` sugar)
        have = {f.name for f in functions} | {c.name for c in classes}
        functions += tuple(f for f in stub.functions if f.name not in have)
    bound = {i.alias for i in module.imports}
    if module.stub_served:  # lazy_loader's `attach_stub`: the stub's imports are its names
        served = tuple(i for i in stub.imports if i.alias not in bound)
        return replace(
            module, classes=classes, functions=functions, imports=module.imports + served
        )
    if classes == module.classes and functions == module.functions:
        return module
    # the names the stub's annotations use (`-> "Chain[T]"`), imported for typing only
    imports = module.imports + tuple(i for i in stub.imports if i.alias not in bound)
    return replace(module, classes=classes, functions=functions, imports=imports)


def _served(cls: Class, stub: Class) -> Class:
    """A class whose `__getattr__` serves names gets the methods its stub declares."""
    if not any(m.name in _SERVES for m in cls.methods):
        return cls
    have = {m.name for m in cls.methods} | {a.name for a in cls.attributes}
    added = tuple(replace(m, lineno=cls.lineno, end_lineno=cls.lineno) for m in stub.methods)
    added = tuple(m for m in added if m.name not in have)
    return replace(cls, methods=cls.methods + added) if added else cls
