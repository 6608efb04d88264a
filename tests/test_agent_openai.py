"""The agent through the real langchain-openai client, against a local OpenAI-compatible server."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from fakes.openai_server import FakeOpenAI, rate_limited, text, tool_calls
from klaro.agent import run_agent
from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.scan.graph import build_graph
from klaro.write.model import DocChange

DRAFT = "# tinycalc\n\nSmall arithmetic helpers with a running total.\n"


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")


def test_tool_results_travel_back_through_the_real_client(
    sample_repo: Callable[[str], Path],
) -> None:
    root = sample_repo("agent_small")
    analysis = analyze_repository(root)
    graph = build_graph(analysis)
    edited = DRAFT + "\n`Calculator.push` adds a value to the running total.\n"
    replies = [
        rate_limited("0"),
        text("## Facts survey\n1. Read core.py.\n## Plan\n1. Read. 2. Submit.", prompt_tokens=50),
        tool_calls(("call_read", "read_file", {"path": "src/tinycalc/core.py"})),
        tool_calls(
            ("call_bad", "grep", '{"pattern": "push"'),  # truncated JSON: an invalid tool call
            (
                "call_sub",
                "submit_document",
                {"path": "README.md", "summary": "s", "content": edited},
            ),
        ),
    ]
    with FakeOpenAI(replies) as server:
        config = load_config(
            root,
            env={},
            overrides={
                "base_url": server.url,
                "api_key": "sk-test-not-a-real-key-000",
                "max_retries": 2,
            },
        )
        result = run_agent(
            config,
            analysis,
            graph,
            DocChange("README.md", DRAFT, DRAFT),
            environ={},
        )
    assert result.status == "published"
    assert "`Calculator.push`" in result.change.after
    assert len(server.requests) == 4  # the 429 was retried by the client
    assert server.requests[0] == server.requests[1]
    assert "tools" not in server.requests[1]  # planning call: no tools
    assert {t["function"]["name"] for t in server.requests[2]["tools"]} >= {
        "read_file",
        "edit_document",
        "submit_document",
    }
    messages = server.requests[3]["messages"]
    roles = [m["role"] for m in messages]
    assert roles[:2] == ["system", "user"]
    call_at = next(i for i, m in enumerate(messages) if m.get("tool_calls"))
    assert messages[call_at]["tool_calls"][0]["id"] == "call_read"
    reply = messages[call_at + 1]
    assert reply["role"] == "tool" and reply["tool_call_id"] == "call_read"
    assert "def push(self, value: int) -> int:" in reply["content"]
    assert server.requests[3]["temperature"] == 0.2
    assert server.requests[3]["model"] == "gpt-4o-mini"
    # usage comes from the responses' usage fields: 50 + 100 + 100 prompt tokens
    assert result.usage.input_tokens == 250 and result.usage.output_tokens == 60
    assert result.usage.to_dict()["cost_usd"] == pytest.approx((250 * 0.15 + 60 * 0.6) / 1e6)


def test_every_tool_call_of_a_message_is_answered(sample_repo: Callable[[str], Path]) -> None:
    """OpenAI rejects a request where a tool call has no tool message; invalid calls included."""
    root = sample_repo("agent_small")
    analysis = analyze_repository(root)
    graph = build_graph(analysis)
    replies = [
        text("plan"),
        tool_calls(("call_x", "read_file", "{not json"), ("call_y", "list_files", {})),
        text("revised plan: resend read_file with JSON"),  # the error triggers a replan
        tool_calls(("call_z", "submit_document", {"path": "README.md", "summary": "s"})),
    ]
    with FakeOpenAI(replies) as server:
        config = load_config(root, env={}, overrides={"base_url": server.url})
        result = run_agent(
            config,
            analysis,
            graph,
            DocChange("README.md", DRAFT, DRAFT),
            environ={},
        )
    assert result.status == "published"
    messages = server.requests[-1]["messages"]
    asked = [c["id"] for m in messages for c in m.get("tool_calls") or []]
    answered = [m["tool_call_id"] for m in messages if m["role"] == "tool"]
    assert sorted(asked) == sorted(answered) == ["call_x", "call_y"]
    bad = next(m for m in messages if m.get("tool_call_id") == "call_x")
    assert "not valid JSON" in bad["content"]


def test_an_rst_target_is_named_as_restructuredtext_to_the_model(
    sample_repo: Callable[[str], Path],
) -> None:
    root = sample_repo("agent_small")
    analysis = analyze_repository(root)
    draft = "tinycalc\n========\n\nSmall arithmetic helpers.\n"
    replies = [
        text("## Plan\n1. Submit."),
        tool_calls(
            (
                "call_sub",
                "submit_document",
                {"path": "README.rst", "summary": "s", "content": draft},
            )
        ),
    ]
    with FakeOpenAI(replies) as server:
        overrides = {
            "base_url": server.url,
            "api_key": "sk-test-not-a-real-key-000",
            "readme_path": "README.rst",
        }
        config = load_config(root, env={}, overrides=overrides)
        run_agent(
            config,
            analysis,
            build_graph(analysis),
            DocChange("README.rst", draft, draft),
            environ={},
        )
    system = server.requests[-1]["messages"][0]
    assert system["role"] == "system"
    assert "(reStructuredText)" in system["content"] and ".. klaro:begin NAME" in system["content"]
