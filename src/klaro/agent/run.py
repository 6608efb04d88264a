"""Run the documentation agent on one file, from the offline draft to a verified change."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import openai
from langchain_core.language_models import BaseChatModel
from langgraph.errors import GraphRecursionError

from klaro.agent.faults import model_fault
from klaro.agent.feedback import Verifier, blocking, salvage
from klaro.agent.graph import build_graph
from klaro.agent.model import Usage, make_chat_model
from klaro.agent.nodes import RunContext
from klaro.agent.prompts import render
from klaro.agent.state import AgentState, Status
from klaro.agent.tools import Knowledge, Toolbox
from klaro.agent.trace import Trace
from klaro.agent.workspace import Workspace, writable
from klaro.config import Config
from klaro.errors import KlaroError
from klaro.redact import Redactor, env_secrets
from klaro.scan.graph import CodeGraph
from klaro.scan.model import Analysis
from klaro.verify.model import Finding
from klaro.write.model import DocChange

_TREE_FILES = 150  # files listed in the task; the model can list more


@dataclass(frozen=True)
class AgentResult:
    """The change the agent stands behind, how the run ended, and what it cost."""

    change: DocChange
    status: Status
    findings: tuple[Finding, ...]  # what the checker still reports on `change.after`
    removed: tuple[Finding, ...] = ()  # references dropped because they never resolved
    trace: Trace = field(default_factory=Trace)
    usage: Usage = field(default_factory=Usage)


def default_verifier(config: Config, analysis: Analysis, graph: CodeGraph) -> Verifier:
    """Bind Klaro's reference checker to this analysis."""
    try:
        from klaro.verify import verify  # type: ignore[attr-defined]
    except ImportError as exc:
        raise KlaroError("the reference checker (klaro.verify) is not available") from exc

    def check(path: str, text: str) -> list[Finding]:
        found = verify(text, analysis, path=path, graph=graph, ignore=config.ignore_references)
        return list(found)

    return check


def run_agent(
    config: Config,
    analysis: Analysis,
    graph: CodeGraph,
    draft: DocChange,
    *,
    model: BaseChatModel | None = None,
    knowledge: Knowledge | None = None,
    verifier: Verifier | None = None,
    environ: Mapping[str, str] | None = None,
    decisions: str = "",
) -> AgentResult:
    """Improve `draft` with the model; return the best verified version and how the run ended.

    `decisions` is the short "maintainer decisions" block (text people rejected or wrote into
    Klaro's regions) the task shows the model, so it does not propose that text again.
    """
    if not writable(draft.path, config.doc_paths()):
        raise KlaroError(
            f"the agent may only write documentation paths ({', '.join(config.doc_paths())}), "
            f"not '{draft.path}'"
        )
    secrets = [config.api_key, *env_secrets(os.environ if environ is None else environ)]
    ctx = RunContext(verifier=verifier or default_verifier(config, analysis, graph))
    ctx.redactor = Redactor(secrets)
    ctx.usage.model = config.model
    files = [f.path for f in analysis.files]  # the scan already ran: same filters, no re-read
    ws = Workspace(config.root, files, redactor=ctx.redactor, output_chars=config.tool_output_chars)
    toolbox = Toolbox(
        ws,
        analysis,
        graph,
        target=draft.path,
        doc_paths=config.doc_paths(),
        knowledge=knowledge,
        protect=draft.after,
        verifier=ctx.verifier,
    )
    tree = "\n".join(ws.files[:_TREE_FILES])
    if len(ws.files) > _TREE_FILES:
        tree += f"\n[... {len(ws.files) - _TREE_FILES} more; use list_files or glob]"
    goal = "Improve" if draft.before else "Write"
    task = render(
        "task",
        goal=f"{goal} {draft.path} so it explains the project accurately and helpfully.",
        target=draft.path,
        project=analysis.metadata.name or config.root.name,
        file_count=len(ws.files),
        file_tree=tree,
        decisions=ws.clean(decisions, limit=config.context_budget // 2) if decisions else "",
        draft=ws.clean(draft.after, limit=config.context_budget * 2),
    )
    app = build_graph(model or make_chat_model(config), toolbox, config, ctx)
    state = AgentState(
        task=task, target=draft.path, document_draft=draft.after, verified_draft=draft.after
    )
    status: Status | None = None
    try:
        # Keep the latest state: when a limit stops the run, it holds the best draft so far.
        for latest in app.stream(
            state, {"recursion_limit": config.recursion_limit}, stream_mode="values"
        ):
            state = _as_state(latest)
    except GraphRecursionError:
        status = Status.RECURSION_LIMIT
    except openai.OpenAIError as exc:
        fatal = model_fault(exc, config)
        if fatal is not None:  # a wrong key or model fails the run; only transient faults fall back
            raise fatal from None
        status = Status.MODEL_ERROR
        with ctx.trace.step("model_error") as rec:
            rec.error = ctx.redactor.redact(" ".join(str(exc).split()))[:300]
    if status:
        salvaged = salvage(ctx.verifier, draft.path, state.document_draft)
        state = replace(state, **{**salvaged, "status": status})
    final = state.status or Status.TOKEN_BUDGET
    ctx.trace.status = final
    text = state.verified_draft
    change = DocChange(draft.path, draft.before, text, state.summary or draft.summary)
    findings = tuple(ctx.verifier(draft.path, text))
    if blocking(findings) and text != draft.after:
        # Never publish what fails: fall back to the starting draft.
        change = DocChange(draft.path, draft.before, draft.after, draft.summary)
        findings = tuple(ctx.verifier(draft.path, draft.after))
    return AgentResult(change, final, findings, tuple(state.removed), ctx.trace, ctx.usage)


def _as_state(values: Any) -> AgentState:
    """LangGraph streams a dataclass state's values as a dict; read them back as the state."""
    return values if isinstance(values, AgentState) else AgentState(**values)
