"""The Action image cannot be built here (no Docker engine): check it copies what builds need."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent


def _copied() -> set[str]:
    sources: set[str] = set()
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        words = line.split()
        if words[:1] == ["COPY"]:
            sources.update(w.rstrip("/") for w in words[1:-1] if not w.startswith("--"))
    return sources


def test_image_copies_every_path_the_package_build_reads() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needed = {"pyproject.toml", project["project"]["readme"]}
    needed |= {path.split("/")[0] for path in project["tool"]["setuptools"]["package-dir"].values()}
    assert needed <= _copied()
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert not needed & ignored


def test_entrypoint_is_exec_form_and_absolute() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert 'ENTRYPOINT ["/usr/local/bin/klaro", "action"]' in text
    assert "\nUSER " not in text and "\nWORKDIR " not in text
