"""Klaro's docs pull request from birth to close, through `klaro action` and the GitHub fake."""

from __future__ import annotations

import re

from fakes_github import CODE, api_docs, drive, seed
from klaro import app
from klaro.app import DocsRun
from klaro.github.context import Steps

OFFLINE = Steps(generate=lambda config: app.docs_for(config, offline=True))


def test_stale_pr_is_closed_and_its_branch_deleted_once_main_has_the_docs(tmp_path, fake, capsys):
    sha = seed(fake)
    first = drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs))
    assert first.outputs["status"] == "created"
    proposed = fake.files_at(fake.refs["heads/klaro/docs"])["README.md"]
    # a maintainer copies the docs to main by hand (squash, cherry-pick...): the PR is now stale
    merged = fake.commit({"README.md": proposed}, "docs: update README", sha)
    fake.refs["heads/main"] = merged
    run = drive(tmp_path, fake, "push", merged, steps=Steps(generate=api_docs), capsys=capsys)
    assert run.code == 0, run.log
    assert run.outputs["status"] == "closed"
    assert (run.outputs["pr-number"], run.outputs["branch"]) == ("1", "klaro/docs")
    assert fake.pulls[1]["state"] == "closed"
    assert "heads/klaro/docs" not in fake.refs
    assert ("DELETE", "/repos/octo/widgets/git/refs/heads/klaro/docs") in fake.calls
    (note,) = fake.sticky_comments(1)
    assert "already has this documentation" in note["body"]
    assert fake.refs["heads/main"] == merged  # main is never touched


def test_regenerated_docs_equal_to_main_close_the_open_pr(tmp_path, fake):
    sha = seed(fake)
    drive(tmp_path, fake, "workflow_dispatch", sha, steps=Steps(generate=api_docs))
    proposed = fake.files_at(fake.refs["heads/klaro/docs"])["README.md"]
    merged = fake.commit({"README.md": proposed}, "docs: update README", sha)
    fake.refs["heads/main"] = merged
    # workflow_dispatch always regenerates: the writer finds nothing to change
    run = drive(tmp_path, fake, "workflow_dispatch", merged, steps=Steps(generate=api_docs))
    assert run.outputs["status"] == "closed"
    assert fake.pulls[1]["state"] == "closed" and "heads/klaro/docs" not in fake.refs


def test_open_pr_with_docs_main_lacks_stays_open(tmp_path, fake):
    sha = seed(fake)
    drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs))
    other = fake.commit({"CONTRIBUTING.md": "# How to help\n"}, "Add contributing", sha)
    fake.refs["heads/main"] = other
    run = drive(tmp_path, fake, "push", other, steps=Steps(generate=api_docs))
    assert run.outputs["status"] in ("unchanged", "updated")
    assert fake.pulls[1]["state"] == "open" and "heads/klaro/docs" in fake.refs


def test_pr_inputs_reach_github_in_its_documented_shapes(tmp_path, fake):
    sha = seed(fake)
    fake.roles.update(bob="write", carol="maintain")
    inputs = {
        "title": "docs: nightly refresh",
        "commit-message": "docs: regenerate",
        "labels": "documentation, automated",
        "draft": "true",
        "reviewers": "bob\n@carol, octo/docs-team",
        "assignees": "bob",
    }
    run = drive(tmp_path, fake, "push", sha, steps=OFFLINE, inputs=inputs)
    assert run.code == 0, run.summary
    pull = fake.pulls[1]
    assert pull["title"] == "docs: nightly refresh" and pull["draft"] is True
    assert pull["labels"] == ["documentation", "automated"]
    assert pull["requested_reviewers"] == ["bob", "carol"]
    assert pull["requested_teams"] == ["docs-team"]
    assert pull["assignees"] == ["bob"]
    head = fake.refs["heads/klaro/docs"]
    assert fake.commits[head]["message"].startswith("docs: regenerate\n")
    assert run.outputs["commit-sha"] == head and run.outputs["branch"] == "klaro/docs"


def test_a_refused_reviewer_warns_and_the_pr_stays(tmp_path, fake, capsys):
    sha = seed(fake)
    run = drive(
        tmp_path, fake, "push", sha, steps=OFFLINE, inputs={"reviewers": "stranger"}, capsys=capsys
    )
    assert run.code == 0 and run.outputs["status"] == "created"
    assert "::warning::pull request #1 is open, but its reviewers" in run.log


def test_bad_inputs_are_one_line_errors(tmp_path, fake, capsys):
    sha = seed(fake)
    run = drive(tmp_path, fake, "push", sha, steps=OFFLINE, inputs={"draft": "yes"}, capsys=capsys)
    assert run.code == 2 and run.outputs["status"] == "failed"
    assert "::error::input 'draft' must be true or false, got 'yes'" in run.log
    run = drive(tmp_path, fake, "push", sha, steps=OFFLINE, inputs={"assignees": "a b"})
    assert run.outputs["status"] == "failed" and not fake.pulls


def test_pr_body_says_what_changed_what_was_checked_and_how_to_ask(tmp_path, fake, capsys):
    sha = seed(fake)
    code = CODE["widgets/core.py"] + "\n\ndef wave(times: int) -> None:\n    pass\n"
    drive(tmp_path, fake, "push", sha, steps=OFFLINE)
    sha2 = seed(fake, {"widgets/core.py": code}, parent=sha)
    run = drive(tmp_path, fake, "push", sha2, steps=OFFLINE, capsys=capsys)
    assert run.outputs["status"] == "updated"
    body = fake.pulls[1]["body"]
    assert f"/compare/{sha}...{sha2}" in body  # the source commit range
    assert "### What changed" in body and "sections rewritten" in body
    assert "code reference(s) in the new text checked against the code" in body
    assert "no model call, no cost" in body
    assert "dead-link" not in body  # docs/api.md is written by the same run
    assert "`/docs check`" in body and "### Asking for changes" in body
    for phase in ("Read the repository", "Check the docs", "Write the docs", "Publish"):
        assert f"::group::{phase}\n" in run.log
    assert re.search(
        r"Write the docs: \d file\(s\) changed by the offline writer \(\d+\.\d s\)", run.log
    )


def test_pr_body_counts_the_drift_the_new_docs_fix(tmp_path, fake):
    stale = (
        "# Widgets\n\n<!-- klaro:begin api-overview -->\n## API overview\n\n"
        "- `widgets.core.hello`: Say hello.\n<!-- klaro:end api-overview -->\n"
    )
    sha = seed(fake, {**CODE, "README.md": stale})
    steps = Steps(generate=OFFLINE.generate, check=app.drift)
    run = drive(tmp_path, fake, "push", sha, steps=steps)
    assert run.outputs["status"] == "created"
    body = fake.pulls[1]["body"]
    assert "Drift fixed: 1 finding(s) in the current docs are gone." in body
    assert "Nothing left to report." in body  # the link to the new docs/api.md is not dead


def test_an_unpriced_model_reports_cost_unknown(tmp_path, fake):
    sha = seed(fake)

    def agent(config):
        run = api_docs(config)
        return DocsRun(run.changes, "agent", tokens=1234, cost_usd=None)

    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=agent))
    assert (run.outputs["tokens"], run.outputs["cost-usd"]) == ("1234", "unknown")
    assert "Model usage: 1234 tokens, cost unknown." in fake.pulls[1]["body"]
    assert "Tokens: 1234, cost: unknown" in run.summary


def test_a_pr_klaro_closed_because_main_has_its_docs_rejects_nothing(tmp_path, fake):
    sha = seed(fake)
    drive(tmp_path, fake, "push", sha, steps=OFFLINE)
    proposed = fake.files_at(fake.refs["heads/klaro/docs"])
    docs = {p: proposed[p] for p in ("README.md", "docs/api.md")}
    merged = fake.commit(docs, "docs: copy Klaro's docs", sha)
    fake.refs["heads/main"] = merged
    assert drive(tmp_path, fake, "push", merged, steps=OFFLINE).outputs["status"] == "closed"
    code = CODE["widgets/core.py"] + "\n\ndef wave(times: int) -> None:\n    pass\n"
    sha3 = seed(fake, {"widgets/core.py": code}, parent=merged)
    run = drive(tmp_path, fake, "push", sha3, steps=OFFLINE)
    assert run.outputs["status"] == "created" and run.outputs["pr-number"] == "2"
    files = fake.files_at(fake.refs["heads/klaro/docs"])
    assert "widgets.core.wave" in files["README.md"]
    assert "closed without merging" not in files.get(".klaro/memory.json", "")
