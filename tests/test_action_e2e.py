"""The Action end to end with Klaro's real steps: offline writer, agent, and checker.

GitHub is the `responses` fake of its REST API; the model is a local OpenAI-compatible
server. Nothing of Klaro's own is replaced: these runs are what a workflow step does.
"""

from __future__ import annotations

from fakes.openai_server import FakeOpenAI, text, tool_calls
from fakes_github import CODE, TOKEN, drive, seed
from klaro.commands.action import steps
from klaro.github.context import Steps

API_KEY = "sk-test-e2e-not-a-real-key-0123456789"


def test_push_without_model_opens_pr_with_offline_docs(tmp_path, fake):
    sha = seed(fake)
    run = drive(tmp_path, fake, "push", sha, steps=steps())
    assert run.code == 0, run.log
    assert run.outputs["status"] == "created"
    # the snapshot of the documented code rides along: the evidence for the next drift repair
    assert run.outputs["changed-files"].split() == ["README.md", "docs/api.md", ".klaro/state.json"]
    files = fake.files_at(fake.refs["heads/klaro/docs"])
    assert files["README.md"].startswith("# Widgets\n")  # the hand-written title kept
    assert "pip install widgets" in files["README.md"]
    assert "greet(name: str) -> str" in files["docs/api.md"]
    assert run.outputs["tokens"] == "0"
    again = drive(tmp_path, fake, "workflow_dispatch", sha, steps=steps())
    assert again.outputs["status"] == "unchanged"  # same docs: no new commit, no second PR
    assert len(fake.pulls) == 1


def _agent_replies(edit: tuple[str, str]) -> list:
    return [
        text("## Facts survey\n1. greet exists.\n## Plan\n1. Explain it. 2. Submit."),
        tool_calls(("call_1", "edit_document", {"old_string": edit[0], "new_string": edit[1]})),
        tool_calls(("call_2", "submit_document", {"path": "README.md", "summary": "explain"})),
        text("Submitted."),
        text("Submitted."),
    ]


def test_push_with_model_publishes_the_agents_verified_readme(tmp_path, fake):
    sha = seed(fake)
    anchor = "The most used public classes and functions, most central first:"
    added = "Call `widgets.core.greet` with a name to greet someone.\n\n" + anchor
    with FakeOpenAI(_agent_replies((anchor, added))) as server:
        inputs = {"openai-api-key": API_KEY, "base-url": server.url}
        run = drive(tmp_path, fake, "push", sha, steps=steps(), inputs=inputs)
    assert run.code == 0, run.log
    assert run.outputs["status"] == "created"
    readme = fake.files_at(fake.refs["heads/klaro/docs"])["README.md"]
    assert "Call `widgets.core.greet` with a name" in readme
    assert int(run.outputs["tokens"]) >= 300  # three model calls of the scripted usage
    assert "Agent trace" in run.summary
    sent = b"".join(server.raw)
    assert TOKEN.encode() not in sent and API_KEY.encode() not in sent
    assert API_KEY not in run.log and API_KEY not in run.summary


def test_agent_edit_of_hand_written_text_is_overruled(tmp_path, fake):
    sha = seed(fake)
    with FakeOpenAI(_agent_replies(("# Widgets\n", "# Widgets (rewritten by a bot)\n"))) as srv:
        inputs = {"openai-api-key": API_KEY, "base-url": srv.url}
        run = drive(tmp_path, fake, "push", sha, steps=steps(), inputs=inputs)
    assert run.code == 0, run.log
    readme = fake.files_at(fake.refs["heads/klaro/docs"])["README.md"]
    assert readme.startswith("# Widgets\n") and "rewritten by a bot" not in readme


def test_docs_check_comment_uses_the_real_checker(tmp_path, fake):
    stale = CODE["README.md"] + "\nCall `widgets.core.greeting()` to say hello.\n"
    main = seed(fake, {**CODE, "README.md": stale})
    head = fake.commit({"widgets/core.py": CODE["widgets/core.py"] + "\n"}, "Touch core", main)
    fake.refs["heads/feature"] = head
    fake.open_pull(7, "feature", head, None)
    fake.roles["alice"] = "write"
    run = drive(tmp_path, fake, "issue_comment_pr", main, steps=steps(), comment="/docs check")
    assert run.code == 0, run.log
    assert run.outputs["status"] == "commented"
    (note,) = fake.sticky_comments(7)
    assert "| `README.md:3` | unresolved | `widgets.core.greeting()` |" in note["body"]
    assert "did you mean `widgets.core.greet`" in note["body"]  # the renamed function


def test_rejected_api_key_fails_the_run_naming_the_endpoint(tmp_path, fake, capsys):
    # a wrong key is a setup mistake: a quiet offline PR would hide it forever (issue #12)
    sha = seed(fake)
    unauthorized = {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}}
    with FakeOpenAI([(401, {}, unauthorized)]) as server:
        inputs = {"openai-api-key": API_KEY, "base-url": server.url}
        run = drive(tmp_path, fake, "push", sha, steps=steps(), inputs=inputs, capsys=capsys)
    assert run.code == 1, run.log
    assert run.outputs["status"] == "failed"
    assert f"::error::model endpoint {server.url}" in run.log and "(401)" in run.log
    assert "heads/klaro/docs" not in fake.refs


def test_model_outage_falls_back_to_offline_docs_with_a_warning(tmp_path, fake, capsys):
    sha = seed(fake)
    outage = {"error": {"message": "The server had an error", "type": "server_error"}}
    with FakeOpenAI([(503, {}, outage)] * 3) as server:
        inputs = {"openai-api-key": API_KEY, "base-url": server.url}
        run = drive(tmp_path, fake, "push", sha, steps=steps(), inputs=inputs, capsys=capsys)
    assert run.code == 0, run.log
    assert run.outputs["status"] == "created"  # the offline draft is still worth proposing
    assert "::warning::README.md: the model could not be reached" in run.log
    assert "pip install widgets" in fake.files_at(fake.refs["heads/klaro/docs"])["README.md"]


def test_unexpected_error_fails_the_step_with_an_annotation(tmp_path, fake, capsys):
    sha = seed(fake)

    def broken(config):
        raise RuntimeError("disk on fire")

    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=broken), capsys=capsys)
    assert run.code == 1
    assert run.outputs["status"] == "failed"
    assert "::error::Klaro failed unexpectedly (RuntimeError: disk on fire)" in run.log
    assert not fake.writes()
