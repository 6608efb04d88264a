"""Klaro's use cases: the one place that wires the stages together.

Each function takes a `Config` and the ports it needs (model, store, GitHub client) as
arguments, so the CLI, the Action and tests drive the same code with different edges.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from klaro import safeio
from klaro.config import Config
from klaro.errors import KlaroError
from klaro.redact import Redactor, env_secrets
from klaro.scan.analyze import Progress, analyze_repository
from klaro.scan.graph import CodeGraph
from klaro.scan.graph_cache import graph_of
from klaro.scan.model import Analysis
from klaro.write.model import DocChange

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from klaro.agent.trace import Trace
    from klaro.knowledge.base import KnowledgeBase
    from klaro.verify.model import Finding
    from klaro.write.regions import Section

# The writers (griffe, markdown-it) load inside the use cases that write: `klaro check` and
# `klaro analyze` go through `analyze` here and never need them.


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
    from klaro.write.api import REGION_PREFIX, api_sections
    from klaro.write.offline import readme_sections
    from klaro.write.project import collect_facts
    from klaro.write.regions import update_document
    from klaro.write.styleguides import guide_named, load_guides

    wanted = [kind for kind in (docs if docs is not None else config.docs) if kind in DOCS]
    api_exists = (config.root / config.api_path).is_file()
    # with nothing public to describe, no empty API reference is created, nor linked to
    api_wanted = api_exists or any(m.is_public for m in analysis.modules)
    if not api_wanted:
        wanted = [kind for kind in wanted if kind != "api"]
    guides = load_guides(config)
    changes: list[DocChange] = []
    if "readme" in wanted:
        before = _read_doc(config.root, config.readme_path)
        api_link = None
        if api_wanted and ("api" in config.docs or api_exists):
            readme_dir = posixpath.dirname(config.readme_path) or "."
            api_link = posixpath.relpath(config.api_path, readme_dir)
        guide = guide_named(guides, "readme")
        facts = collect_facts(config.root, analysis)
        sections = _masked(readme_sections(analysis, graph, facts, guide, api_link=api_link))
        keys = {s.key for s in guide.sections()}
        after = update_document(before, sections, file=config.readme_path, owns=keys.__contains__)
        changes.append(DocChange(config.readme_path, before, after, "README drafted offline"))
    if "api" in wanted:
        before = _read_doc(config.root, config.api_path)
        guide = guide_named(guides, "api-reference")
        sections = _masked(api_sections(analysis, graph, guide, path=config.api_path))
        after = update_document(
            before,
            sections,
            file=config.api_path,
            owns=lambda name: name == "title" or name.startswith(REGION_PREFIX),
        )
        changes.append(DocChange(config.api_path, before, after, "API reference drafted offline"))
    return changes


def _masked(sections: list[Section]) -> list[Section]:
    """Mask secret-looking strings the code holds (a token as a default value, say).

    Documentation is published in pull requests and comments; a credential written in the code
    by mistake must not be copied there. People's own text outside the sections is untouched.
    """
    redactor = Redactor()
    return [replace(s, body=redactor.redact(s.body)) for s in sections]


def write_changes(config: Config, changes: Sequence[DocChange]) -> list[str]:
    """Write changed files in place (atomically, proven inside the repository); return paths."""
    changed = [c for c in changes if c.changed]
    for change in changed:  # all or none: every target is checked before the first write
        safeio.check_target(config.root, config.root / change.path, what=change.path)
    for change in changed:
        safeio.write_text(config.root, config.root / change.path, change.after, what=change.path)
    return [c.path for c in changed]


def _read_doc(root: Path, path: str) -> str | None:
    """Read an existing document exactly (newlines kept as they are), or None if absent."""
    target = safeio.inside(root, root / path, what=path)  # a link out is neither read nor written
    if target.is_dir():
        raise KlaroError(f"{path}: is a folder, expected a document file")
    if not target.is_file():
        return None
    try:
        with open(target, encoding="utf-8", newline="") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise KlaroError(f"{path}: not valid UTF-8 text; Klaro will not rewrite it") from None


@dataclass(frozen=True)
class DocsRun:
    """What writing the docs produced: the changes, which writer, and what the model cost."""

    changes: list[DocChange]
    writer: str  # offline | agent
    statuses: dict[str, str] = field(default_factory=dict)  # path -> agent status
    findings: tuple[Finding, ...] = ()  # what the checker still reports on the result
    tokens: int = 0
    cost_usd: float = 0.0
    traces: tuple[Trace, ...] = ()


def write_docs(
    config: Config,
    analysis: Analysis,
    graph: CodeGraph,
    *,
    docs: Sequence[str] | None = None,
    offline: bool = False,
    model: BaseChatModel | None = None,
    knowledge: KnowledgeBase | None = None,
) -> DocsRun:
    """Draft offline, then let the agent improve the README when a model is configured.

    The API reference stays the offline writer's: every line of it is a fact from the
    analysis, so a model has nothing to add there. The agent starts from the offline README
    and may only change Klaro's own regions: text people wrote is put back as it was.
    """
    drafts = generate(config, analysis, graph, docs=docs)
    if offline or (model is None and not config.has_model):
        return DocsRun(drafts, "offline")
    from klaro.agent import run_agent
    from klaro.agent.model import price_table
    from klaro.agent.run import default_verifier

    check = default_verifier(config, analysis, graph)
    planned = {d.path for d in drafts}

    def verifier(path: str, text: str) -> list[Finding]:
        """The checker, knowing that files written in this same run will exist."""
        base = posixpath.dirname(path)
        return [
            f
            for f in check(path, text)
            if not (
                f.kind == "dead-link"
                and posixpath.normpath(posixpath.join(base, f.reference.split("#")[0])) in planned
            )
        ]

    changes: list[DocChange] = []
    statuses: dict[str, str] = {}
    findings: list[Finding] = []
    traces = []
    tokens, cost = 0, 0.0
    for draft in drafts:
        if draft.path != config.readme_path:
            changes.append(draft)
            continue
        result = run_agent(
            config, analysis, graph, draft, model=model, knowledge=knowledge, verifier=verifier
        )
        change = keep_human_text(draft, result.change)
        statuses[draft.path] = result.status if change is result.change else "rejected"
        changes.append(change)
        findings.extend(result.findings)
        traces.append(result.trace)
        tokens += result.usage.total_tokens
        cost += result.usage.cost(price_table(config)) or 0.0
    return DocsRun(changes, "agent", statuses, tuple(findings), tokens, cost, tuple(traces))


def keep_human_text(draft: DocChange, proposed: DocChange) -> DocChange:
    """Accept the agent's text only if every byte outside Klaro's regions is the draft's.

    The agent's edit tools already refuse such changes; this is the last check, for a draft
    the model wrote out as plain text. An agent that edited people's text (or broke the
    markers) is overruled and the offline draft is kept.
    """
    from klaro.write.regions import outside_regions

    if proposed.after == draft.after:
        return proposed
    try:
        if outside_regions(proposed.after, draft.path) == outside_regions(draft.after, draft.path):
            return proposed
    except KlaroError:
        pass  # malformed markers in the agent's text: fall back to the draft
    return draft


def run_redactor(config: Config) -> Redactor:
    """Mask token shapes and this run's own secrets: the API key, secret-named env vars."""
    return Redactor([config.api_key, *env_secrets(os.environ)])


def open_knowledge(config: Config) -> KnowledgeBase | None:
    """The repository's knowledge base if one was built (`klaro index`), else None."""
    if not config.chroma.url and not (config.root / config.chroma.path).is_dir():
        return None
    from klaro.knowledge.base import KnowledgeBase

    kb = KnowledgeBase.from_config(config)
    return kb if kb.code.collection() is not None else None


def docs_for(config: Config, *, offline: bool = False, cache_dir: Path | None = None) -> DocsRun:
    """Analyse the repository and write its docs: the Action's refresh step."""
    analysis = analyze(config, cache_dir=cache_dir)
    knowledge = None if offline or not config.has_model else open_knowledge(config)
    return write_docs(config, analysis, graph_of(analysis), offline=offline, knowledge=knowledge)


def drift(config: Config, *, cache_dir: Path | None = None) -> list[Finding]:
    """Findings that make the docs wrong (unresolved references, dead links); coverage aside."""
    from klaro.verify.check import check_repository

    report = check_repository(config, analyze(config, cache_dir=cache_dir))
    return [f for f in report.findings if f.kind != "undocumented"]


def answer(config: Config, question: str) -> str:
    """Answer a question about the repository from its knowledge base, with citations."""
    from klaro.agent.model import make_chat_model
    from klaro.knowledge.ask import ask

    kb = open_knowledge(config)
    if kb is None:
        raise KlaroError("no knowledge base for this repository: run `klaro index` first")
    model = make_chat_model(config) if config.has_model else None
    result = ask(kb, question, model, redactor=run_redactor(config))
    sources = ", ".join(result.citations)
    return result.text + (f"\n\nSources: {sources}" if result.used_model and sources else "")
