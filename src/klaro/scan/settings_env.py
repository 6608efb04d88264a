"""The environment variables a settings class reads: pydantic-settings' `BaseSettings`.

`class Settings(BaseSettings): model_config = SettingsConfigDict(env_prefix="MAGENTIC_");
openai_base_url: str | None = None` reads `MAGENTIC_OPENAI_BASE_URL`, with no `os.environ` in
sight: pydantic builds each name from the prefix and the field. Docs name these variables
(magentic, wild batch 30), so they are reads like any other. The names are matched without
regard to case by pydantic (unless `case_sensitive=True`); docs write them in capitals, as
they are given here. An alias (`Field(alias="X")`, `validation_alias="X"`, pydantic v1's
`Field(env="X")`) is the variable's whole name, without the prefix.
"""

from __future__ import annotations

import ast

from klaro.scan.cli_ast import kw
from klaro.scan.model import EnvVar

_SETTINGS_BASES = frozenset({"BaseSettings"})
_ALIASES = ("validation_alias", "alias", "env")


def settings_env(node: ast.ClassDef, path: str) -> list[EnvVar]:
    """The variables a `BaseSettings` subclass reads, one per field; none for other classes."""
    if not any(_last(base) in _SETTINGS_BASES for base in node.bases):
        return []
    prefix = _prefix(node)
    found: list[EnvVar] = []
    for stmt in node.body:
        if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
            continue
        field = stmt.target.id
        if (
            field.startswith("_")
            or field == "model_config"
            or "ClassVar" in ast.unparse(stmt.annotation)
        ):
            continue
        alias = _alias(stmt.value)
        name = alias if alias is not None else f"{prefix}{field}".upper()
        if name.replace("_", "").isalnum():
            found.append(EnvVar(name, path, stmt.lineno, None, "pydantic-settings"))
    return found


def _last(base: ast.expr) -> str:
    return ast.unparse(base).rsplit(".", 1)[-1]


def _prefix(node: ast.ClassDef) -> str:
    """`model_config = SettingsConfigDict(env_prefix="X_")` (or a dict), or pydantic v1's
    inner `class Config: env_prefix = "X_"`."""
    for stmt in node.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            named = [t.id for t in targets if isinstance(t, ast.Name)]
            if "model_config" in named and stmt.value is not None:
                found = _keyword_text(stmt.value, "env_prefix")
                if found is not None:
                    return found
        if isinstance(stmt, ast.ClassDef) and stmt.name == "Config":
            for inner in stmt.body:
                if (
                    isinstance(inner, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "env_prefix" for t in inner.targets)
                    and isinstance(inner.value, ast.Constant)
                    and isinstance(inner.value.value, str)
                ):
                    return inner.value.value
    return ""


def _keyword_text(value: ast.expr, key: str) -> str | None:
    """The string given for `key` in a call's keywords or a dict literal."""
    if isinstance(value, ast.Call):
        given = kw(value, key)
        return str(given.value) if isinstance(given, ast.Constant) else None
    if isinstance(value, ast.Dict):
        for k, v in zip(value.keys, value.values, strict=True):
            if isinstance(k, ast.Constant) and k.value == key and isinstance(v, ast.Constant):
                return str(v.value)
    return None


def _alias(value: ast.expr | None) -> str | None:
    """`Field(alias="APP_TOKEN")`: the variable's whole name."""
    if not isinstance(value, ast.Call) or _last(value.func) != "Field":
        return None
    for key in _ALIASES:
        found = _keyword_text(value, key)
        if found:
            return found
    return None
