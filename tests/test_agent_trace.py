"""Trace rendering, strict prompts and the agent's config keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from klaro.agent.model import Usage, price_table
from klaro.agent.prompts import render
from klaro.agent.trace import Trace
from klaro.config import load_config
from klaro.errors import ConfigError


def test_trace_renders_as_text_json_and_markdown() -> None:
    trace = Trace()
    with trace.step("run_model") as step:
        step.input_tokens, step.output_tokens = 120, 8
    with trace.step("call_tool", "read_file", path="a|b.py", content="x" * 500) as step:
        step.error = "no readable file 'a|b.py'"
    trace.status = "published"
    data = json.loads(trace.to_json())
    assert data["status"] == "published"
    assert data["steps"][1]["tool"] == "read_file"
    assert data["steps"][1]["arguments"]["content"].endswith("...")  # long arguments are cut
    text = trace.to_text()
    assert "call_tool:read_file" in text and "[120+8 tok]" in text and "ERROR" in text
    markdown = trace.to_markdown()
    assert markdown.startswith("### Klaro agent: published")
    assert "| 2 | call_tool | read_file |" in markdown and "a\\|b.py" in markdown


def test_prompts_render_strictly() -> None:
    assert "README.md" in render("nudge", target="README.md")
    with pytest.raises(KeyError, match="missing"):
        render("nudge")
    with pytest.raises(KeyError, match="unexpected"):
        render("nudge", target="README.md", extra=1)


def test_agent_config_keys_and_prices(tmp_path: Path) -> None:
    config = load_config(
        tmp_path,
        env={"KLARO_PRICES": "local-model=0.5/1.5", "KLARO_CONTEXT_BUDGET": "8000"},
    )
    assert config.context_budget == 8000 and config.verify_retries == 2
    table = price_table(config)
    assert table["local-model"] == (0.5, 1.5) and "gpt-4o-mini" in table
    usage = Usage(model="local-model", input_tokens=2_000_000, output_tokens=1_000_000)
    assert usage.cost(table) == pytest.approx(2.5)
    assert Usage(model="unknown").cost(table) is None
    with pytest.raises(ConfigError, match="KLARO_PRICES: key 'prices' must be a list of"):
        load_config(tmp_path, env={"KLARO_PRICES": "gpt-4o=cheap"})
    with pytest.raises(ConfigError, match="context_budget"):
        load_config(tmp_path, env={"KLARO_CONTEXT_BUDGET": "10"})
