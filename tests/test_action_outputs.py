"""Runner side channels, command parsing and the action.yml contract."""

from __future__ import annotations

from pathlib import Path

import yaml

from fakes_github import read_outputs
from klaro.github import outputs
from klaro.github.context import ACTION_DEFAULTS, INPUT_KEYS
from klaro.github.events import Command, load_event, parse_command
from klaro.github.publish import fenced, source_of

ROOT = Path(__file__).parent.parent
EVENTS = Path(__file__).parent / "data" / "events"


def test_multiline_output_cannot_inject_another_output(tmp_path):
    path = tmp_path / "output"
    forged = "README.md\nstatus<<EOF\ncreated\nEOF"
    outputs.write_outputs(str(path), {"changed-files": forged, "status": "skipped"})
    assert read_outputs(path) == {"changed-files": forged, "status": "skipped"}


def test_annotations_escape_data_and_properties(capsys):
    outputs.error("100% broken\nsecond line", file="docs/a,b.md", line=3)
    assert capsys.readouterr().out == (
        "::error file=docs/a%2Cb.md,line=3::100%25 broken%0Asecond line\n"
    )


def test_masks_every_line_of_a_secret(capsys):
    outputs.add_mask("line-one\nline-two")
    assert capsys.readouterr().out == "::add-mask::line-one\n::add-mask::line-two\n"


def test_summary_is_cut_to_githubs_limit(tmp_path):
    path = tmp_path / "summary.md"
    outputs.write_summary(str(path), "x" * (2 * outputs.SUMMARY_LIMIT))
    text = path.read_text()
    assert len(text.encode()) <= outputs.SUMMARY_LIMIT and "Summary truncated" in text


def test_parse_command():
    assert parse_command("/docs", "/docs") == Command("update")
    assert parse_command("  /docs check  \nmore", "/docs") == Command("check")
    assert parse_command("/docs ask why is it\nso slow?", "/docs") == Command(
        "ask", "why is it\nso slow?"
    )
    assert parse_command("/docsify", "/docs") is None
    assert parse_command("please /docs", "/docs") is None
    assert parse_command("", "/docs") is None


def test_events_parse_as_github_sends_them():
    pr = load_event("issue_comment", str(EVENTS / "issue_comment_pr.json"))
    assert (pr.issue_number, pr.on_pull_request, pr.commenter) == (7, True, "alice")
    issue = load_event("issue_comment", str(EVENTS / "issue_comment_issue.json"))
    assert not issue.on_pull_request
    schedule = load_event("schedule", str(EVENTS / "schedule.json"))
    assert schedule.is_refresh and schedule.default_branch is None
    assert load_event("push", str(EVENTS / "push.json")).default_branch == "main"


def test_action_yml_declares_every_input_and_output():
    spec = yaml.safe_load((ROOT / "action.yml").read_text())
    inputs = spec["inputs"]
    assert set(INPUT_KEYS) <= set(inputs)
    assert {"github-token", "mode", "config", "path"} <= set(inputs)
    assert inputs["github-token"]["default"] == "${{ github.token }}"
    for name, default in ACTION_DEFAULTS.items():
        assert str(inputs[name]["default"]) == default, name
    assert set(spec["outputs"]) == {
        "status",
        "pr-number",
        "pr-url",
        "comment-url",
        "changed-files",
        "findings",
        "tokens",
        "cost-usd",
        "commit-sha",
        "branch",
    }
    assert spec["runs"] == {"using": "docker", "image": "Dockerfile"}


def test_fence_outgrows_backticks_in_content():
    text = "before\n````\nnot the end\n````\n"
    assert fenced(text, "diff").startswith("`````diff\n")


def test_source_trailer_round_trip():
    assert source_of("docs: x\n\n- README.md\n\nKlaro-Source: 0123456789abcdef\n") == (
        "0123456789abcdef"
    )
    assert source_of("a human commit") is None


def test_readme_lists_every_input_and_output_of_action_yml():
    spec = yaml.safe_load((ROOT / "action.yml").read_text())
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### Inputs and outputs") :]
    rows = {
        line.split("|")[1].strip().strip("`") for line in section.splitlines() if line[:3] == "| `"
    }
    assert set(spec["inputs"]) | set(spec["outputs"]) <= rows
