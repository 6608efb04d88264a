"""Signatures of Python's own callables, for `**kwargs` a project hands to them.

`open(path, **self._kwargs)` accepts exactly `open`'s keywords. Builtins and standard-library
modules are Python's, not the repository's, so asking `inspect` about them runs no project
code; anything else, or a callable without a readable signature, is unknown (None).
"""

from __future__ import annotations

import builtins
import collections
import functools
import importlib
import inspect
import sys


def python_object(dotted: str) -> object | None:
    """The builtin (`open`) or standard-library object (`logging.Formatter`) `dotted` names,
    else None. Importing Python's own modules runs no project code."""
    head, _, rest = dotted.partition(".")
    if not rest:
        return getattr(builtins, head, None)
    if head not in sys.stdlib_module_names or head in {"antigravity", "this"}:
        return None
    try:
        obj: object = importlib.import_module(head)
        for part in rest.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        return None
    return obj


@functools.lru_cache(maxsize=256)
def stdlib_parameters(dotted: str) -> frozenset[str] | None:
    """Keyword names `dotted` (a builtin, or `module.attr` of the standard library) accepts.

    None when it is not Python's own, has no signature, or takes `**kwargs` itself.
    """
    obj = python_object(dotted)
    if obj is None or not callable(obj):
        return None
    try:
        params = inspect.signature(obj).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return None
    return frozenset(p.name for p in params if p.kind is not inspect.Parameter.POSITIONAL_ONLY)


@functools.lru_cache(maxsize=256)
def stdlib_class(dotted: str) -> type | None:
    """The class `dotted` names when it is a builtin or standard-library class, else None.

    A project class built on one (`class JsonFormatter(logging.Formatter)`) inherits methods
    that can be listed, so a method missing from both is missing. Classes that make
    attributes up (`__getattr__`) count as unknown.
    """
    obj = _CLASS_MAKERS.get(dotted) or python_object(dotted)
    if not isinstance(obj, type) or hasattr(obj, "__getattr__"):
        return None
    return obj


# bases that are functions making a class: what their classes are at run time (a TypedDict
# is a plain dict: `body.setdefault(...)`; a NamedTuple has `_replace`, `_asdict`, `count`)
_MADE_TUPLE = collections.namedtuple("_MADE_TUPLE", ())
_CLASS_MAKERS: dict[str, type] = {
    f"{module}{name}": made
    for module in ("", "typing.", "typing_extensions.")
    for name, made in (("TypedDict", dict), ("NamedTuple", _MADE_TUPLE))
}


_EVERYDAY = (
    "datetime", "pathlib", "collections", "typing", "functools", "itertools", "dataclasses",
    "json", "os", "os.path", "re", "enum", "decimal", "fractions", "uuid", "copy", "time",
    "math", "logging", "shutil", "subprocess", "textwrap", "random", "io", "contextlib",
)  # fmt: skip


# standard modules with a function or class of their own name (`pprint(...)` after
# `from pprint import pprint`), besides those of `_EVERYDAY`
_NAMESAKES = frozenset(
    {"pprint", "glob", "socket", "array", "bisect", "select", "dis", "getpass", "fnmatch", "mmap"}
)


@functools.lru_cache(maxsize=2)
def everyday_names(*, modules: bool = True) -> frozenset[str]:
    """Public names of the standard modules snippets use without importing them
    (`datetime(...)`, `Path(...)`, `namedtuple(...)`): a bare call of one is Python's
    as likely as the project's. `modules=False` leaves out the modules' own names where no
    function or class of theirs is so named: python-string-utils' `uuid(as_hex=True)`
    cannot call the module `uuid`."""
    found: set[str] = set(sys.stdlib_module_names) if modules else set(_NAMESAKES)
    for name in _EVERYDAY:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        found.update(n for n in dir(module) if not n.startswith("_"))
    return frozenset(found)
