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
from collections.abc import Mapping

from klaro.scan.cli_ast import kw
from klaro.scan.model import EnvVar

_SETTINGS_BASES = frozenset({"BaseSettings"})
_ALIASES = ("validation_alias", "alias", "env")


def settings_env(
    node: ast.ClassDef, path: str, classes: Mapping[str, ast.ClassDef] | None = None
) -> list[EnvVar]:
    """The variables a `BaseSettings` subclass reads, one per field; none for other classes.
    With `env_nested_delimiter="__"`, a field typed by a model of the module (`classes`)
    is also read a sub-field at a time (`POSTING_HEADING__VISIBLE`)."""
    if not any(_last(base) in _SETTINGS_BASES for base in node.bases):
        return []
    prefix = _config_text(node, "env_prefix") or ""
    delimiter = _config_text(node, "env_nested_delimiter")
    found: list[EnvVar] = []
    for field, stmt in _fields(node):
        alias = _alias(stmt.value)
        name = alias if alias is not None else f"{prefix}{field}".upper()
        names = [name]
        if delimiter and classes:
            names += _nested(name, stmt.annotation, delimiter, classes, depth=0)
        found += [
            EnvVar(n, path, stmt.lineno, None, "pydantic-settings")
            for n in names
            if n.replace("_", "").isalnum()
        ]
    return found


def _fields(node: ast.ClassDef) -> list[tuple[str, ast.AnnAssign]]:
    """A model's fields, by name: its annotated names, not private ones, class variables or
    its configuration."""
    return [
        (stmt.target.id, stmt)
        for stmt in node.body
        if isinstance(stmt, ast.AnnAssign)
        and isinstance(stmt.target, ast.Name)
        and not stmt.target.id.startswith("_")
        and stmt.target.id != "model_config"
        and "ClassVar" not in ast.unparse(stmt.annotation)
    ]


def _nested(
    name: str,
    annotation: ast.expr,
    delimiter: str,
    classes: Mapping[str, ast.ClassDef],
    depth: int,
) -> list[str]:
    """`HEADING__VISIBLE` for the fields of the model a field is typed by (`HeadingSettings`
    or `HeadingSettings | None`), and theirs in turn."""
    typed = [n.id for n in ast.walk(annotation) if isinstance(n, ast.Name) and n.id in classes]
    if len(typed) != 1 or depth > 3:
        return []
    found: list[str] = []
    for field, stmt in _fields(classes[typed[0]]):
        inner = f"{name}{delimiter}{field.upper()}"
        found += [inner, *_nested(inner, stmt.annotation, delimiter, classes, depth + 1)]
    return found


def _last(base: ast.expr) -> str:
    return ast.unparse(base).rsplit(".", 1)[-1]


def _config_text(node: ast.ClassDef, key: str) -> str | None:
    """A setting's text: `model_config = SettingsConfigDict(env_prefix="X_")` (or a dict),
    or pydantic v1's inner `class Config: env_prefix = "X_"`."""
    for stmt in node.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            named = [t.id for t in targets if isinstance(t, ast.Name)]
            if "model_config" in named and stmt.value is not None:
                found = _keyword_text(stmt.value, key)
                if found is not None:
                    return found
        if isinstance(stmt, ast.ClassDef) and stmt.name == "Config":
            for inner in stmt.body:
                if (
                    isinstance(inner, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == key for t in inner.targets)
                    and isinstance(inner.value, ast.Constant)
                    and isinstance(inner.value.value, str)
                ):
                    return inner.value.value
    return None


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
