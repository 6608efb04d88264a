"""Klaro's use cases: the one place that wires the stages together.

Each function takes a `Config` and the ports it needs (model, store, GitHub client) as
arguments, so the CLI, the Action and tests drive the same code with different edges.
"""

from __future__ import annotations

import os
import posixpath
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
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
from klaro.write.model import DocChange, DocsRun

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from klaro.knowledge.ask import Answer
    from klaro.knowledge.base import IndexStats, KnowledgeBase
    from klaro.scan.state import State
    from klaro.verify.fix import FixReport
    from klaro.verify.model import Finding
    from klaro.write.memory import Memory
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
    memory: Memory | None = None,
) -> list[DocChange]:
    """Draft the README and API reference with the offline writer, keeping people's text.

    Each existing file keeps every byte outside Klaro's regions; malformed markers raise
    RegionError before anything is written. `docs` defaults to the configured documents.
    `memory` (default: the repository's `.klaro/memory.json`) holds what maintainers decided:
    text they pinned in a region stays, text they rejected is not proposed again.
    """
    from klaro.write.api import REGION_PREFIX, api_sections
    from klaro.write.filters import own_code
    from klaro.write.memory import load_memory
    from klaro.write.offline import readme_sections
    from klaro.write.project import collect_facts
    from klaro.write.regions import update_document
    from klaro.write.styleguides import guide_named, load_guides

    memory = load_memory(config.root) if memory is None else memory
    wanted = [kind for kind in (docs if docs is not None else config.docs) if kind in DOCS]
    analysis = own_code(analysis, config.vendored)  # vendored code is nobody's API here
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
        if api_exists or (api_wanted and "api" in wanted):  # linked only if it will exist
            readme_dir = posixpath.dirname(config.readme_path) or "."
            api_link = posixpath.relpath(config.api_path, readme_dir)
        guide = guide_named(guides, "readme")
        facts = collect_facts(config.root, analysis)
        sections = _masked(readme_sections(analysis, graph, facts, guide, api_link=api_link))
        sections = memory.apply(config.readme_path, sections, before)
        keys = {s.key for s in guide.sections()}
        after = update_document(before, sections, file=config.readme_path, owns=keys.__contains__)
        if sections or before is not None:  # every section rejected: no new file either
            changes.append(DocChange(config.readme_path, before, after, "README drafted offline"))
    if "api" in wanted:
        before = _read_doc(config.root, config.api_path)
        guide = guide_named(guides, "api-reference")
        sections = _masked(api_sections(analysis, graph, guide, path=config.api_path))
        sections = memory.apply(config.api_path, sections, before)
        after = update_document(
            before,
            sections,
            file=config.api_path,
            owns=lambda name: name == "title" or name.startswith(REGION_PREFIX),
        )
        if sections or before is not None:
            changes.append(
                DocChange(config.api_path, before, after, "API reference drafted offline")
            )
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
    from klaro.write.memory import load_memory

    memory = load_memory(config.root)
    drafts = generate(config, analysis, graph, docs=docs, memory=memory)
    if offline or (model is None and not config.has_model):
        return DocsRun(drafts, "offline")
    from klaro.agent import run_agent
    from klaro.agent.model import price_table
    from klaro.agent.run import default_verifier

    check = default_verifier(config, analysis, graph)
    planned = {d.path for d in drafts}

    def verifier(path: str, text: str) -> list[Finding]:
        """The checker, knowing that files written in this same run will exist."""
        return [f for f in check(path, text) if not _links_planned(f, path, planned)]

    changes: list[DocChange] = []
    statuses: dict[str, str] = {}
    findings: list[Finding] = []
    traces = []
    tokens, cost = 0, 0.0
    priced = True
    for draft in drafts:
        if draft.path != config.readme_path:
            changes.append(draft)
            continue
        result = run_agent(
            config,
            analysis,
            graph,
            draft,
            model=model,
            knowledge=knowledge,
            verifier=verifier,
            decisions=memory.block(draft.path),
        )
        after = memory.enforce(draft.path, result.change.after, draft.after)  # the last word
        proposed = replace(result.change, after=after)
        change = keep_human_text(draft, proposed)
        statuses[draft.path] = result.status if change is proposed else "rejected"
        changes.append(change)
        findings.extend(result.findings)
        traces.append(result.trace)
        tokens += result.usage.total_tokens
        spent = result.usage.cost(price_table(config))
        priced = priced and (spent is not None or not result.usage.total_tokens)
        cost += spent or 0.0
    return DocsRun(
        changes, "agent", statuses, tuple(findings), tokens, cost if priced else None, tuple(traces)
    )


def _links_planned(finding: Finding, path: str, planned: set[str]) -> bool:
    """Whether `finding` is a dead link to a file this same run writes (so it will exist)."""
    target = posixpath.join(posixpath.dirname(path), finding.reference.split("#")[0])
    return finding.kind == "dead-link" and posixpath.normpath(target) in planned


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


def run_temp(env: Mapping[str, str]) -> Path:
    """The runner's temporary folder, else the system's.

    `RUNNER_TEMP` is wiped after each job. Container actions on older runners receive the
    host's path, which does not exist inside the container (actions/runner#1984): then the
    system temp folder is used.
    """
    given = env.get("RUNNER_TEMP")
    if given and os.path.isdir(given) and os.access(given, os.W_OK):
        return Path(given)
    return Path(tempfile.gettempdir())


def ephemeral_knowledge(
    config: Config, analysis: Analysis, folder: Path
) -> tuple[KnowledgeBase, IndexStats]:
    """Build or update this run's index of the style guides and the code under `folder`.

    The embedding is the configured one (offline by default); with `chroma.url` the vectors go
    to that server and only the lexical index and graph stay in `folder`. Re-running in the
    same job (a matrix, a second step) updates the index instead of rebuilding it.
    """
    from klaro.knowledge.base import KnowledgeBase, repository_name
    from klaro.knowledge.embed import make_embedder
    from klaro.knowledge.store import ChromaStore, collection_name
    from klaro.write.styleguides import load_guides

    name = repository_name(config)
    folder = folder / "klaro-knowledge" / collection_name(name, "run")
    folder.mkdir(parents=True, exist_ok=True)
    store = ChromaStore(url=config.chroma.url) if config.chroma.url else ChromaStore(path=folder)
    kb = KnowledgeBase(store, make_embedder(config), name, folder / "state")
    guides = [(g.name, g.text) for g in load_guides(config)]
    return kb, kb.index(analysis, guides)


def docs_for(
    config: Config,
    *,
    docs: Sequence[str] | None = None,
    offline: bool = False,
    cache_dir: Path | None = None,
    progress: Progress | None = None,
    analysis: Analysis | None = None,
    knowledge_dir: Path | None = None,
    repair: bool = False,
    propose: bool | None = None,
) -> DocsRun:
    """Analyse the repository and write its docs: `klaro generate` and the Action's refresh.

    A caller that analysed already (the CLI, which times the phase) passes its `analysis`.
    With `knowledge_dir` (the Action) an agent run first indexes the style guides and the
    code there; otherwise it uses the index `klaro index` built, if any. With `repair` (the
    Action's refresh) stale references in people's docs to renamed code are fixed too, and
    the `.klaro/state.json` snapshot joins the changes; with `propose` (by default when the
    model writes the docs and `propose_fixes` is on) lines naming removed or ambiguously
    renamed code are rewritten by the model where the checker passes the result.
    """
    if analysis is None:
        analysis = analyze(config, cache_dir=cache_dir, progress=progress)
    offline = offline or not config.has_model
    knowledge: KnowledgeBase | None = None
    if not offline:
        if knowledge_dir is not None:
            knowledge, stats = ephemeral_knowledge(config, analysis, knowledge_dir)
            print(f"knowledge base: {_indexed(stats)}", flush=True)
        else:
            knowledge = open_knowledge(config)
    run = write_docs(
        config, analysis, graph_of(analysis), docs=docs, offline=offline, knowledge=knowledge
    )
    if repair:
        if propose is None:
            propose = not offline and config.propose_fixes
        run = with_repairs(config, analysis, run, propose=propose)
    references, resolved, found = verify_changes(config, analysis, run.changes)
    if run.writer != "agent":  # the agent's run already reports what its checker found
        run = replace(run, findings=tuple(found))
    return replace(run, references=references, resolved=resolved)


def _indexed(stats: IndexStats) -> str:
    return (
        f"{stats.added} chunk(s) added, {stats.updated} updated, {stats.removed} removed, "
        f"{stats.unchanged} unchanged"
    )


def verify_changes(
    config: Config, analysis: Analysis, changes: Sequence[DocChange]
) -> tuple[int, int, list[Finding]]:
    """Check the code references of the changed documents: (checked, resolved, findings)."""
    from klaro.verify import Resolver, project_index, to_finding
    from klaro.verify.model import DOCUMENT_SUFFIXES
    from klaro.verify.refs import read_document

    resolver = Resolver(project_index(analysis), config.ignore_references)
    checked = resolved = 0
    findings: list[Finding] = []
    planned = {c.path for c in changes}
    for change in changes:
        if not change.changed or not change.path.lower().endswith(DOCUMENT_SUFFIXES):
            continue
        for outcome in resolver.resolve_document(read_document(change.after, change.path)):
            if outcome.status == "ignored":
                continue
            checked += 1
            finding = None if outcome.status == "resolved" else to_finding(outcome)
            if finding is None or _links_planned(finding, change.path, planned):
                resolved += 1
            else:
                findings.append(finding)
    return checked, resolved, findings


def drift(
    config: Config,
    base: Path | None = None,
    *,
    cache_dir: Path | None = None,
    base_label: str = "the pull request's base",
) -> list[Finding]:
    """Findings that make the docs wrong (unresolved references, dead links); coverage aside.

    Names the documented state had and the code lacks now are stale wherever the docs still
    use them: that state is `base`, a tree of it (the drift gate's copy of the PR's base), else
    `.klaro/state.json` or git history when the checkout has them (see `verify.former`).
    """
    from klaro.verify.check import check_repository
    from klaro.verify.former import Former

    analysis = analyze(config, cache_dir=cache_dir)
    former = Former(
        config.root, analysis, cache_dir=cache_dir, base_root=base, base_label=base_label
    )
    report = check_repository(config, analysis, former=former)
    if former.problem:
        print(f"klaro: documented state not used: {former.problem}", file=sys.stderr)
    return [f for f in report.findings if f.kind != "undocumented"]


def repair(
    config: Config,
    analysis: Analysis,
    *,
    since: str | None = None,
    docs: Sequence[str] | None = None,
    cache_dir: Path | None = None,
    propose: bool = False,
) -> FixReport:
    """Find what changed since the documented state and repair the docs (nothing written).

    With `propose` and a configured model, lines naming removed or ambiguously renamed code
    are offered to the model, and its rewrite is kept only when the checker passes it.
    """
    from klaro.scan.history import baseline, head_commit
    from klaro.verify.fix import change_commit, fix_drift

    def analyse(root: Path) -> Analysis:
        return analyze(replace(config, root=root))  # the old tree is never cached

    del cache_dir
    base = baseline(config.root, analyse, since=since)
    proposer = None
    if propose and config.has_model:
        from klaro.agent.propose import ModelAsk, Proposer

        ask = ModelAsk(config, run_redactor(config))
        proposer = Proposer(
            ask,
            analysis,
            config.ignore_references,
            commit_for=change_commit(config.root, base),
            describe_failure=ask.describe,
        )
    report = fix_drift(config, analysis, base, docs, propose=proposer)
    report.current = replace(report.current, source=head_commit(config.root))
    if proposer is not None and proposer.note():
        spent = f" ({ask.tokens} tokens)" if ask.tokens else ""
        report.notes.append(proposer.note() + spent)
    elif propose and not config.has_model and report.reviews:
        report.notes.append(
            "no model configured (KLARO_API_KEY or base_url): lines to review are listed, "
            "not proposed"
        )
    return report


def save_repair(config: Config, report: FixReport) -> list[str]:
    """Write the repaired documents and the snapshot of the state they now describe."""
    changes = [DocChange(d.path, d.before, d.after, "fixed drift") for d in report.changed()]
    changes.append(state_change(config, report.documented_state()))
    return write_changes(config, changes)


def with_repairs(
    config: Config, analysis: Analysis, run: DocsRun, *, propose: bool = False
) -> DocsRun:
    """Add the repairs of renamed references in people's docs to a run, with the snapshot.

    A document the writer also changed is repaired on the writer's text, so one change per
    file carries both (a model's proposal whose lines the writer changed is left out); the
    snapshot joins only a run that changes something.
    """
    from klaro.verify.repair import apply_proposals, repair_document

    report = repair(config, analysis, propose=propose)
    for note in report.notes:
        print(note, flush=True)
    fixes = {d.path: d for d in report.changed()}
    changes: list[DocChange] = []
    dropped: set[str] = set()
    for change in run.changes:
        fix = fixes.pop(change.path, None)
        if fix is not None:
            after = repair_document(change.path, change.after, report.rules, report.scripts).after
            proposed, applied = apply_proposals(after, fix.proposals)
            if len(applied) == len(fix.proposals):
                after = proposed
            else:  # all or none, so the table says exactly which lines the model wrote
                dropped.add(change.path)
            change = replace(change, after=after, summary=f"{change.summary}; fixed drift")
        changes.append(change)
    changes += [DocChange(f.path, f.before, f.after, "fixed drift") for f in fixes.values()]
    if any(c.changed for c in changes):
        changes.append(state_change(config, report.documented_state()))
    rows = tuple(r for r in report.fixed if not (r.proposed and r.file in dropped))
    return replace(run, changes=changes, fixed=rows)


def state_change(config: Config, state: State) -> DocChange:
    """The `.klaro/state.json` snapshot as a change: the evidence for the next repair."""
    from klaro.scan.state import STATE_PATH

    before = _read_doc(config.root, STATE_PATH)
    body = state.to_json()
    after = before if before is not None and _same_items(before, body) else body
    return DocChange(STATE_PATH, before, after, "state of the documented code")


def _same_items(before: str, after: str) -> bool:
    """A snapshot that differs only in its source commit is not worth a change."""
    return before.split("\n", 1)[-1] == after.split("\n", 1)[-1]


def answerer(
    config: Config, *, knowledge_dir: Path | None = None, cache_dir: Path | None = None
) -> Callable[[str], Answer]:
    """Open the knowledge base and the model once, for one question or a session of them.

    With `knowledge_dir` (the Action) the index is built there first, fresh for this run.
    """
    from klaro.agent.model import make_chat_model
    from klaro.knowledge.ask import ask

    if knowledge_dir is not None:
        kb, _ = ephemeral_knowledge(config, analyze(config, cache_dir=cache_dir), knowledge_dir)
    else:
        found = open_knowledge(config)
        if found is None:
            raise KlaroError("no knowledge base for this repository: run `klaro index` first")
        kb = found
    model = make_chat_model(config) if config.has_model else None
    redactor = run_redactor(config)
    return lambda question: ask(kb, question, model, redactor=redactor)


def format_answer(result: Answer, *, steps: bool = False) -> str:
    """The answer as people read it: optional trace lines, the text, then its sources."""
    lines = [f"[{step.name}] {step.detail}" for step in result.steps] if steps else []
    lines.append(result.text)
    if result.used_model and result.citations:
        lines.append("\nSources: " + ", ".join(result.citations))
    return "\n".join(lines)


def answer(
    config: Config,
    question: str,
    *,
    knowledge_dir: Path | None = None,
    cache_dir: Path | None = None,
) -> str:
    """Answer a question about the repository from its knowledge base, with citations."""
    ask = answerer(config, knowledge_dir=knowledge_dir, cache_dir=cache_dir)
    return format_answer(ask(question))
