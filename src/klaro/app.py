"""Klaro's use cases: the one place that wires the stages together.

Each function takes a `Config` and the ports it needs (model, store, GitHub client) as
arguments, so the CLI, the Action and tests drive the same code with different edges.
"""

from __future__ import annotations

import os
import posixpath
import tempfile
from collections.abc import Sequence
from pathlib import Path

from klaro.config import Config
from klaro.errors import KlaroError
from klaro.scan.analyze import Progress, analyze_repository
from klaro.scan.graph import CodeGraph
from klaro.scan.model import Analysis
from klaro.write.api import REGION_PREFIX, api_sections
from klaro.write.model import DocChange
from klaro.write.offline import readme_sections
from klaro.write.project import collect_facts
from klaro.write.regions import update_document
from klaro.write.styleguides import guide_named, load_guides


def analyze(
    config: Config, *, cache_dir: Path | None = None, progress: Progress | None = None
) -> Analysis:
    """Scan and analyse the repository `config.root` names."""
    return analyze_repository(
        config.root,
        include=config.include,
        exclude=config.exclude,
        max_file_size=config.max_file_size,
        cache_dir=cache_dir,
        progress=progress,
    )


DOCS = ("readme", "api")  # what the offline writer can write; changelogs need history


def generate(
    config: Config,
    analysis: Analysis,
    graph: CodeGraph,
    *,
    docs: Sequence[str] | None = None,
) -> list[DocChange]:
    """Draft the README and API reference with the offline writer, keeping people's text.

    Each existing file keeps every byte outside Klaro's regions; malformed markers raise
    RegionError before anything is written. `docs` defaults to the configured documents.
    """
    wanted = [kind for kind in (docs if docs is not None else config.docs) if kind in DOCS]
    guides = load_guides(config)
    changes: list[DocChange] = []
    if "readme" in wanted:
        before = _read_doc(config.root, config.readme_path)
        api_link = None
        if "api" in config.docs or (config.root / config.api_path).is_file():
            readme_dir = posixpath.dirname(config.readme_path) or "."
            api_link = posixpath.relpath(config.api_path, readme_dir)
        guide = guide_named(guides, "readme")
        facts = collect_facts(config.root, analysis)
        sections = readme_sections(analysis, graph, facts, guide, api_link=api_link)
        keys = {s.key for s in guide.sections()}
        after = update_document(before, sections, file=config.readme_path, owns=keys.__contains__)
        changes.append(DocChange(config.readme_path, before, after, "README drafted offline"))
    if "api" in wanted:
        before = _read_doc(config.root, config.api_path)
        sections = api_sections(analysis, graph, guide_named(guides, "api-reference"))
        after = update_document(
            before,
            sections,
            file=config.api_path,
            owns=lambda name: name == "title" or name.startswith(REGION_PREFIX),
        )
        changes.append(DocChange(config.api_path, before, after, "API reference drafted offline"))
    return changes


def write_changes(config: Config, changes: Sequence[DocChange]) -> list[str]:
    """Write changed files in place (atomically, each through a temporary file); return paths."""
    written: list[str] = []
    for change in changes:
        if not change.changed:
            continue
        target = config.root / change.path
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
                handle.write(change.after)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        written.append(change.path)
    return written


def _read_doc(root: Path, path: str) -> str | None:
    """Read an existing document exactly (newlines kept as they are), or None if absent."""
    target = root / path
    if not target.is_file():
        return None
    try:
        with open(target, encoding="utf-8", newline="") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise KlaroError(f"{path}: not valid UTF-8 text; Klaro will not rewrite it") from None
