"""Shapes from the blind wild batch 30 (magentic, praw, gabbi), on small repos.

A pydantic-settings class reads one variable per field, named by its `env_prefix`; a
release's migration guide (`praw8_migration.rst`) names removed things on purpose; "add
``--disable-pytest-warnings`` parameter to the invocation of ``py.test``" gives the flag to
pytest.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository

SETTINGS = """\
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MAGENTIC_")

    backend: str = "openai"
    openai_base_url: str | None = None
    token: str = Field(default="", validation_alias="MAGENTIC_API_TOKEN")


class Legacy(BaseSettings):
    timeout: int = 10

    class Config:
        env_prefix = "OLD_"
"""

SETTINGS_README = """\
# magic

Set `MAGENTIC_OPENAI_BASE_URL`, `MAGENTIC_BACKEND`, `MAGENTIC_API_TOKEN` or `OLD_TIMEOUT`;
`MAGENTIC_OPENAI_BASE_URI` is a typo.
"""


def test_a_settings_class_reads_its_prefixed_fields(tmp_path: Path) -> None:
    _write(tmp_path, {"magic/__init__.py": SETTINGS, "README.md": SETTINGS_README})
    names = {e.name for m in analyze_repository(tmp_path).modules for e in m.env_vars}
    assert names == {
        "MAGENTIC_BACKEND",
        "MAGENTIC_OPENAI_BASE_URL",
        "MAGENTIC_API_TOKEN",
        "OLD_TIMEOUT",
    }
    assert _drift(tmp_path) == {("README.md", 4, "MAGENTIC_OPENAI_BASE_URI")}


CLIENT = """\
import argparse


def connect(token=None):
    return token


def main():
    parser = argparse.ArgumentParser(prog="client")
    parser.add_argument("--token")
    parser.parse_args()
"""

PYPROJECT = """\
[project]
name = "client"
version = "1.0"

[project.scripts]
client = "client:main"
"""


def test_release_migration_guides_and_invoked_programs(tmp_path: Path) -> None:
    files = {
        "client/__init__.py": CLIENT,
        "pyproject.toml": PYPROJECT,
        "docs/client8_migration.rst": "Migrating\n=========\n\n"
        "Use ``client.connect()`` for ``client.old_connect()``, ``--token`` for ``--key``.\n",
        "docs/testing.rst": "Testing\n=======\n\nAdd ``--disable-warnings`` parameter to the "
        "invocation of ``py.test``; ``client.connect(tokn=1)`` fails.\n",
    }
    _write(tmp_path, files)
    assert _drift(tmp_path) == {("docs/testing.rst", 4, "client.connect(tokn=1)")}
