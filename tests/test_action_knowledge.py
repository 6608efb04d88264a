"""The knowledge base an Action run builds for itself, as the agent sees it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from langchain_core.messages import ToolMessage

from fakes.chat_model import ScriptedChatModel, call
from klaro import app
from klaro.config import load_config
from klaro.scan.graph import build_graph


def test_agent_receives_the_top_style_guide_chunks_with_their_source(
    sample_repo: Callable[[str], Path], tmp_path: Path
) -> None:
    root = sample_repo("agent_small")
    config = load_config(root, env={}, overrides={"model": "gpt-4o-mini"})
    analysis = app.analyze(config)
    kb, stats = app.ephemeral_knowledge(config, analysis, tmp_path)
    assert stats.added > 0 and str(kb.state_dir).startswith(str(tmp_path))
    model = ScriptedChatModel(
        script=[
            call("retrieve_knowledge", query="how should the installation section be written"),
            call("submit_document", path="README.md", summary="no change"),
        ]
    )
    run = app.write_docs(config, analysis, build_graph(analysis), model=model, knowledge=kb)
    assert run.writer == "agent"
    (answer,) = [
        m
        for request in model.requests
        for m in request
        if isinstance(m, ToolMessage) and m.name == "retrieve_knowledge"
    ][:1]
    chunks = str(answer.content).split("\n\n---\n\n")
    assert len(chunks) == 3
    assert all(c.startswith("[style guide ") for c in chunks)
    assert any("readme" in c.splitlines()[0].lower() for c in chunks)
    # the same index is updated, not rebuilt, by a second run in the same job
    _, again = app.ephemeral_knowledge(config, analysis, tmp_path)
    assert again.added == 0 and again.unchanged == stats.added + stats.unchanged


def test_an_unpriced_model_costs_unknown(sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo("agent_small")
    config = load_config(root, env={}, overrides={"model": "local-llama"})
    analysis = app.analyze(config)
    model = ScriptedChatModel(script=[call("submit_document", path="README.md", summary="x")])
    run = app.write_docs(config, analysis, build_graph(analysis), model=model)
    assert run.tokens > 0 and run.cost_usd is None
