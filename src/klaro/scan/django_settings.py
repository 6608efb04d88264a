"""The Django settings a module reads or declares, which docs name in capitals.

A Django app's docs list its settings (`ACCOUNT_LOGIN_URL`), upper-case names shaped like
environment variables and often starting with the app's own name, so they must not be taken
for variables the code fails to read. They are read as `settings.NAME` (or `getattr(settings,
"NAME", default)`) off `django.conf.settings`, and django-appconf declares them as the
attributes of an `AppConf` subclass, each named with the prefix of its `Meta.prefix` or, by
default, of the app the module lies in (`account/conf.py` gives `ACCOUNT_`).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from klaro.scan.model import Import

_SETTING = str.isupper


def django_settings(tree: ast.Module, module: str, imports: Sequence[Import]) -> tuple[str, ...]:
    """The upper-case setting names the module reads off Django's settings or declares in
    an appconf class, in order of appearance."""
    handles = {i.alias for i in imports if i.binds == "django.conf.settings"}
    appconfs = {i.alias for i in imports if i.binds == "appconf.AppConf"}
    appconf_modules = {i.alias for i in imports if i.binds == "appconf"}
    if not handles and not appconfs and not appconf_modules:
        return ()
    found: dict[str, None] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in handles
            and _SETTING(node.attr)
        ):
            found[node.attr] = None
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"getattr", "hasattr"}
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id in handles
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and _SETTING(node.args[1].value)
        ):
            found[node.args[1].value] = None
        elif isinstance(node, ast.ClassDef) and any(
            (isinstance(b, ast.Name) and b.id in appconfs)
            or (
                isinstance(b, ast.Attribute)
                and b.attr == "AppConf"
                and isinstance(b.value, ast.Name)
                and b.value.id in appconf_modules
            )
            for b in node.bases
        ):
            found.update(dict.fromkeys(_declared(node, module)))
    return tuple(found)


def _declared(node: ast.ClassDef, module: str) -> list[str]:
    """An appconf class's settings: its upper-case attributes, each under the prefix."""
    parts = module.split(".")
    prefix = parts[-2] if len(parts) > 1 else parts[0]
    names: list[str] = []
    for stmt in node.body:
        if isinstance(stmt, ast.ClassDef) and stmt.name == "Meta":
            for inner in stmt.body:
                if (
                    isinstance(inner, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "prefix" for t in inner.targets)
                    and isinstance(inner.value, ast.Constant)
                    and isinstance(inner.value.value, str)
                ):
                    prefix = inner.value.value
        targets = (
            stmt.targets
            if isinstance(stmt, ast.Assign)
            else [stmt.target]
            if isinstance(stmt, ast.AnnAssign)
            else []
        )
        names += [t.id for t in targets if isinstance(t, ast.Name) and _SETTING(t.id)]
    return [f"{prefix.upper()}_{name}" for name in names]
