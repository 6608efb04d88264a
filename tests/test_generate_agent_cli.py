"""`klaro generate` with a model: the agent improves the offline README through the real client."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from fakes.openai_server import FakeOpenAI, text, tool_calls
from klaro.cli import main

ANCHOR = "The most used public classes and functions, most central first:"


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("KLARO_API_KEY", "OPENAI_API_KEY", "KLARO_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KLARO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")


def test_generate_with_model_writes_the_agents_readme_and_a_trace(
    sample_repo: Callable[[str], Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    root = sample_repo("agent_small")
    human = (root / "README.md").read_text()
    added = "Create a `Calculator` and call `Calculator.push` to add to its total.\n\n" + ANCHOR
    replies = [
        text("## Facts survey\n1. Calculator keeps a total.\n## Plan\n1. Explain. 2. Submit."),
        tool_calls(("c1", "edit_document", {"old_string": ANCHOR, "new_string": added})),
        tool_calls(("c2", "submit_document", {"path": "README.md", "summary": "explain usage"})),
    ]
    trace = tmp_path / "trace.json"
    with FakeOpenAI(replies) as server:
        monkeypatch.setenv("KLARO_BASE_URL", server.url)
        monkeypatch.setenv("KLARO_API_KEY", "sk-test-cli-0000000000000000")
        assert main(["generate", str(root), "--trace", str(trace)]) == 0
    readme = (root / "README.md").read_text()
    assert readme.startswith(human)  # the hand-written opening is kept byte for byte
    assert "call `Calculator.push` to add to its total" in readme
    assert "tinycalc.core.add" in (root / "docs" / "api.md").read_text()  # offline, as ever
    err = capsys.readouterr().err
    assert "klaro: agent published README.md" in err and "360 tokens" in err
    steps = json.loads(trace.read_text())[0]["steps"]
    assert [s["node"] for s in steps][:2] == ["plan", "run_model"]
    assert not server.replies  # every scripted reply was used: the agent really ran


def test_offline_flag_never_calls_the_model(
    sample_repo: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = sample_repo("agent_small")
    with FakeOpenAI([]) as server:
        monkeypatch.setenv("KLARO_BASE_URL", server.url)
        assert main(["generate", str(root), "--offline", "--doc", "readme"]) == 0
    assert server.requests == []
