"""The agent graph driven by a scripted chat model: each route a real run can take."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from fakes.chat_model import ScriptedChatModel, call, calls, invalid
from klaro.agent import AgentResult, run_agent
from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.scan.graph import build_graph
from klaro.write.model import DocChange

DRAFT = "# tinycalc\n\nSmall arithmetic helpers with a running total.\n\n## API\n\n- `add`\n"
Run = Callable[..., tuple[AgentResult, ScriptedChatModel]]


@pytest.fixture
def run(sample_repo: Callable[[str], Path]) -> Run:
    root = sample_repo("agent_small")
    analysis = analyze_repository(root)
    graph = build_graph(analysis)

    def go(
        script: list[Any], plans: list[Any] | None = None, start: str = DRAFT, **overrides: Any
    ) -> Any:
        config = load_config(root, env={}, overrides=overrides)
        model = ScriptedChatModel(script=script, plans=plans or [])
        draft = DocChange("README.md", (root / "README.md").read_text(), start, "offline draft")
        result = run_agent(
            config,
            analysis,
            graph,
            draft,
            model=model,
            environ={},
        )
        return result, model

    return go


def tool_messages(model: ScriptedChatModel) -> list[ToolMessage]:
    return [m for m in model.requests[-1] if isinstance(m, ToolMessage)]


def test_happy_path_reads_edits_submits_and_publishes(run: Run) -> None:
    result, model = run(
        [
            call("read_file", path="src/tinycalc/core.py"),
            call(
                "edit_document",
                old_string="- `add`\n",
                new_string="- `add`\n- `Calculator.push` adds to the running total\n",
            ),
            call("submit_document", path="README.md", summary="document Calculator"),
        ]
    )
    assert result.status == "published"
    assert "`Calculator.push` adds to the running total" in result.change.after
    assert result.change.summary == "document Calculator"
    assert result.findings == ()
    # the file came back to the model as numbered, untrusted data
    first = tool_messages(model)[0]
    assert first.name == "read_file" and "<<<UNTRUSTED FILE src/tinycalc/core.py" in first.content
    assert "class Calculator" in first.content
    assert len(model.plan_requests) == 1  # one facts survey at the start
    assert result.usage.calls == 4 and result.usage.input_tokens > 0
    assert [s.tool for s in result.trace.steps if s.node == "call_tool"] == [
        "read_file",
        "edit_document",
        "submit_document",
    ]


def test_tool_error_is_an_observation_and_triggers_a_replan(run: Run) -> None:
    result, model = run(
        [
            call("read_file", path="src/tinycalc/core.py"),
            call("read_file", path="src/tinycalc/missing.py"),
            call("submit_document", path="README.md", summary="no change"),
        ]
    )
    assert result.status == "published"
    error = tool_messages(model)[1]
    assert error.status == "error" and "no readable file" in error.content
    assert len(model.plan_requests) == 2
    replan = str(model.plan_requests[1][-1].content)
    assert "missing.py" in replan and "Errors to work around" in replan
    assert "- files read: src/tinycalc/core.py\n" in replan  # what the state remembers
    assert any(s.error and "missing.py" in s.error for s in result.trace.steps)


def test_hallucinated_reference_is_sent_back_fixed_and_published(run: Run) -> None:
    invented = DRAFT + "\nUse `tinycalc.core.multiply` to multiply.\n"
    result, model = run(
        [
            call("submit_document", path="README.md", summary="s", content=invented),
            call(
                "edit_document",
                old_string="Use `tinycalc.core.multiply` to multiply.",
                new_string="Use `tinycalc.core.add` to add.",
            ),
            call("submit_document", path="README.md", summary="fixed"),
        ]
    )
    feedback = [m for m in model.requests[1] if isinstance(m, HumanMessage)][-1]
    assert "tinycalc.core.multiply" in feedback.content and "rejected" in feedback.content
    assert result.status == "published"
    assert "`tinycalc.core.add`" in result.change.after
    assert "multiply" not in result.change.after


def test_reference_never_fixed_is_removed_not_published(run: Run) -> None:
    bad = DRAFT + "\nCall `tinycalc.core.divide` to divide.\nIt keeps a total.\n"
    submit = call("submit_document", path="README.md", summary="s", content=bad)
    result, _ = run(
        [submit, call("submit_document", path="README.md", summary="s")], verify_retries=1
    )
    assert result.status == "repaired"
    assert "divide" not in result.change.after and "It keeps a total." in result.change.after
    assert [f.reference for f in result.removed] == ["tinycalc.core.divide"]


def test_recursion_limit_returns_best_verified_draft(run: Run) -> None:
    edit = call("edit_document", old_string="- `add`\n", new_string="- `add` sums integers\n")
    loop = [edit] + [lambda _m: call("list_files") for _ in range(30)]
    result, _ = run(loop, recursion_limit=8)
    assert result.status == "recursion_limit"
    assert "`add` sums integers" in result.change.after  # the edit verified, so it is kept


def test_token_budget_stops_cleanly(run: Run) -> None:
    reads = [lambda _m: call("read_file", path="src/tinycalc/core.py") for _ in range(40)]
    result, model = run(reads, token_budget=3000)
    assert result.status == "token_budget"
    assert result.change.after == DRAFT
    assert len(model.requests) < 40
    assert result.usage.total_tokens >= 3000


def test_malformed_tool_arguments_get_an_error_answer(run: Run) -> None:
    bad = invalid("read_file", '{"path": "src/tinycalc/core.py"')
    result, model = run([bad, call("submit_document", path="README.md", summary="s")])
    assert result.status == "published"
    answer = tool_messages(model)[0]
    assert answer.tool_call_id == bad.invalid_tool_calls[0]["id"]
    assert answer.status == "error" and "not valid JSON" in answer.content


def test_planning_interval_replans_every_n_steps(run: Run) -> None:
    script: list[Any] = [call("list_files") for _ in range(5)]
    script.append(call("submit_document", path="README.md", summary="s"))
    result, model = run(script, planning_interval=2)
    assert result.status == "published"
    # initial plan, then after steps 2 and 4
    assert len(model.plan_requests) == 3
    assert "Steps used so far: 2" in str(model.plan_requests[1][-1].content)


def test_text_answer_after_one_nudge_is_taken_as_the_draft(run: Run) -> None:
    text = "# tinycalc\n\nAdd numbers with `add`.\n"
    result, model = run([AIMessage(content="I think I am done."), AIMessage(content=text)])
    nudge = model.requests[1][-1]
    assert isinstance(nudge, HumanMessage) and "submit_document" in nudge.content
    assert result.status == "published" and result.change.after == text


def test_final_answer_text_is_accepted(run: Run) -> None:
    answer = AIMessage(content="Done.\nFinal Answer:\n```markdown\n# tinycalc\n\nUse `add`.\n```")
    result, model = run([answer])
    assert result.status == "published"
    assert result.change.after == "# tinycalc\n\nUse `add`.\n"
    assert len(model.requests) == 1


def test_writes_outside_the_target_are_refused(run: Run) -> None:
    result, model = run(
        [
            calls(
                (
                    "submit_document",
                    {"path": ".github/workflows/x.yml", "summary": "s", "content": "x"},
                ),
                ("read_file", {"path": "../../etc/passwd"}),
            ),
            call("submit_document", path="README.md", summary="s"),
        ]
    )
    refused, escaped = tool_messages(model)
    assert "may only write 'README.md'" in refused.content
    assert "outside the repository" in escaped.content
    assert result.change.path == "README.md" and result.change.after == DRAFT


def test_a_whole_readme_rewrite_hears_every_problem_in_the_first_answer(run: Run) -> None:
    start = (
        "# tinycalc\n\nWritten by people.\n\n"
        "<!-- klaro:begin usage -->\n## Usage\n\nCall `add`.\n<!-- klaro:end usage -->\n"
    )
    rewrite = "# TinyCalc\n\nA fresh README.\n\nUse `tinycalc.core.Calculater` for totals.\n"
    fixed = start.replace("Call `add`.", "Call `add`; `tinycalc.core.Calculator` keeps a total.")
    result, model = run(
        [
            call("submit_document", path="README.md", summary="rewrite", content=rewrite),
            call("submit_document", path="README.md", summary="fixed", content=fixed),
        ],
        start=start,
    )
    first = tool_messages(model)[0]
    assert first.status == "error"
    assert "outside Klaro's" in first.content and "'usage'" in first.content
    assert "`tinycalc.core.Calculater`" in first.content
    assert "did you mean: tinycalc.core.Calculator" in first.content
    assert result.status == "published" and result.change.after == fixed
    assert len(model.requests) == 2  # one round trip fixed both problems


def test_the_graph_wires_every_route_its_routers_can_return(
    sample_repo: Callable[[str], Path],
) -> None:
    """The routers' `Literal` return types are the conditional edges: none is left dangling."""
    from klaro.agent.graph import build_graph as build_agent
    from klaro.agent.nodes import RunContext
    from klaro.agent.tools import Toolbox
    from klaro.agent.workspace import Workspace
    from klaro.redact import Redactor

    root = sample_repo("agent_small")
    analysis = analyze_repository(root)
    ws = Workspace(root, [f.path for f in analysis.files], redactor=Redactor())
    tools = Toolbox(
        ws, analysis, build_graph(analysis), target="README.md", doc_paths=("README.md",)
    )
    config = load_config(root, env={})
    compiled = build_agent(ScriptedChatModel(script=[]), tools, config, RunContext(lambda p, t: []))
    edges = {(e.source, e.target) for e in compiled.get_graph().edges}
    assert {
        ("run_model", "call_tool"), ("run_model", "update_draft"), ("run_model", "nudge"),
        ("run_model", "finish"), ("call_tool", "verify"), ("call_tool", "plan"),
        ("call_tool", "run_model"), ("call_tool", "finish"), ("verify", "run_model"),
        ("verify", "finish"),
    } <= edges  # fmt: skip
