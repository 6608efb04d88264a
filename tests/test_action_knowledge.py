"""The knowledge base an Action run builds for itself, as the agent sees it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from langchain_core.messages import ToolMessage

from fakes.chat_model import ScriptedChatModel, call
from fakes.openai_server import FakeOpenAI, text, tool_calls
from fakes_github import drive, seed
from klaro import app
from klaro.commands.action import steps as real_steps
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


def test_an_action_run_gives_the_agent_its_fresh_index(tmp_path, fake, monkeypatch, capsys):
    """Push → `klaro action` → agent over the real OpenAI client: the style guides arrive."""
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    temp = tmp_path / "runner-temp"
    temp.mkdir()
    monkeypatch.setenv("RUNNER_TEMP", str(temp))
    sha = seed(fake)
    replies = [
        text("## Facts survey\n1. Guides.\n## Plan\n1. Ask the guides. 2. Submit."),
        tool_calls(("call_kb", "retrieve_knowledge", {"query": "how to write installation"})),
        tool_calls(("call_sub", "submit_document", {"path": "README.md", "summary": "s"})),
    ]
    inputs = {"openai-api-key": "sk-test-not-a-real-key-000"}
    with FakeOpenAI(replies) as server:
        inputs["base-url"] = server.url
        run = drive(tmp_path, fake, "push", sha, steps=real_steps(), inputs=inputs, capsys=capsys)
    assert run.code == 0, run.log
    answered = [
        m["content"]
        for request in server.requests
        for m in request["messages"]
        if m.get("role") == "tool" and m.get("tool_call_id") == "call_kb"
    ]
    assert answered, server.requests
    chunks = answered[0].split("\n\n---\n\n")
    assert len(chunks) == 3 and all(c.startswith("[style guide ") for c in chunks)
    assert "knowledge base: " in run.log and " chunk(s) added" in run.log
    assert list((temp / "klaro-knowledge").iterdir())
    assert run.log.count("sk-test-not-a-real-key-000") == 1  # the ::add-mask:: line only
