"""`klaro action` on push / workflow_dispatch / schedule, against a fake GitHub REST API."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from fakes_github import CODE, EVENTS, TOKEN, Counting, FakeGitHub, api_docs, drive, seed
from klaro.config import Config
from klaro.github.context import Steps
from klaro.write.model import DocChange, DocsRun


def test_push_opens_one_pr_with_one_commit_on_klaro_branch(tmp_path, fake, capsys):
    sha = seed(fake)
    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), capsys=capsys)
    assert run.code == 0, run.log
    assert run.outputs["status"] == "created"
    assert run.outputs["pr-number"] == "1"
    assert run.outputs["pr-url"] == "https://github.com/octo/widgets/pull/1"
    assert run.outputs["changed-files"] == "README.md"
    head = fake.refs["heads/klaro/docs"]
    assert fake.commits[head]["parents"] == [sha]  # one commit on top of the source
    assert "widgets.core.greet(name: str) -> str" in fake.files_at(head)["README.md"]
    assert f"Klaro-Source: {sha}" in fake.commits[head]["message"]
    assert fake.refs["heads/main"] == sha  # the default branch is never touched
    pull = fake.pulls[1]
    assert (pull["head"]["ref"], pull["base"]["ref"]) == ("klaro/docs", "main")
    assert "`README.md`: list the public API" in pull["body"]
    assert "## Klaro: created" in run.summary and "actions/runs/4242" in run.summary
    assert f"::add-mask::{TOKEN}" in run.log and run.log.count(TOKEN) == 1  # masked, never shown


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_workspace_is_marked_safe_for_git(tmp_path, fake):
    sha = seed(fake)
    drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), inputs={"mode": "dry-run"})
    gitconfig = (tmp_path / "run-0" / "home" / ".gitconfig").read_text()
    assert f"directory = {tmp_path / 'run-0' / 'workspace'}" in gitconfig


def test_second_run_updates_the_same_pr(tmp_path, fake):
    sha = seed(fake)
    drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs))
    code = CODE["widgets/core.py"] + "\n\ndef wave(times: int) -> None:\n    pass\n"
    sha2 = seed(fake, {"widgets/core.py": code}, parent=sha)
    run = drive(tmp_path, fake, "push", sha2, steps=Steps(generate=api_docs))
    assert run.outputs["status"] == "updated"
    assert run.outputs["pr-number"] == "1"
    assert len(fake.pulls) == 1  # never a duplicate
    head = fake.refs["heads/klaro/docs"]
    assert fake.commits[head]["parents"] == [sha2]  # still exactly one commit on the source
    assert "widgets.core.wave(times: int) -> None" in fake.files_at(head)["README.md"]
    assert sha2[:12] in fake.pulls[1]["body"]


def test_same_docs_again_changes_nothing(tmp_path, fake):
    sha = seed(fake)
    drive(tmp_path, fake, "workflow_dispatch", sha, steps=Steps(generate=api_docs))
    head = fake.refs["heads/klaro/docs"]
    fake.calls.clear()
    run = drive(tmp_path, fake, "workflow_dispatch", sha, steps=Steps(generate=api_docs))
    assert run.outputs["status"] == "unchanged"
    assert run.outputs["pr-number"] == "1"
    assert fake.refs["heads/klaro/docs"] == head
    assert ("PATCH", "/repos/octo/widgets/pulls/1") not in fake.calls


def test_no_change_makes_no_branch_and_no_pr(tmp_path, fake):
    docs = api_docs(_config_for(tmp_path, fake, seed(fake))).changes[0].after
    sha = seed(fake, {**CODE, "README.md": docs})
    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs))
    assert run.code == 0
    assert run.outputs["status"] == "unchanged"
    assert run.outputs["pr-number"] == ""
    assert "heads/klaro/docs" not in fake.refs and not fake.pulls
    assert not [w for w in fake.writes() if "/git/" in w[1] or "/pulls" in w[1]]


def _config_for(tmp_path: Path, fake: FakeGitHub, sha: str) -> Config:
    from klaro.config import load_config

    root = tmp_path / "plain"
    for path, text in fake.files_at(sha).items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return load_config(root, env={})


def test_schedule_without_code_change_makes_no_model_call(tmp_path, fake):
    sha = seed(fake)
    writer = Counting(api_docs)
    first = drive(tmp_path, fake, "schedule", sha, steps=Steps(generate=writer))
    assert first.outputs["status"] == "created" and writer.calls == 1
    # Someone edits only documentation on main: still no code change since the last refresh.
    sha2 = seed(fake, {"docs/api.md": "# API\n\nSee the README.\n"}, parent=sha)
    again = drive(tmp_path, fake, "schedule", sha2, steps=Steps(generate=writer))
    assert again.outputs["status"] == "unchanged", again.summary
    assert writer.calls == 1
    assert "no model call" in again.summary
    # Code changes: the next scheduled run refreshes.
    code = CODE["widgets/core.py"] + "\n\ndef wave() -> None:\n    pass\n"
    sha3 = seed(fake, {"widgets/core.py": code}, parent=sha2)
    third = drive(tmp_path, fake, "schedule", sha3, steps=Steps(generate=writer))
    assert third.outputs["status"] == "updated" and writer.calls == 2


def test_schedule_after_merge_reads_the_trailer_from_main(tmp_path, fake):
    sha = seed(fake)
    writer = Counting(api_docs)
    drive(tmp_path, fake, "schedule", sha, steps=Steps(generate=writer))
    merged = fake.refs.pop("heads/klaro/docs")  # merged, and the branch auto-deleted
    fake.refs["heads/main"] = merged
    fake.pulls[1]["state"] = "closed"
    run = drive(tmp_path, fake, "schedule", merged, steps=Steps(generate=writer))
    assert run.outputs["status"] == "unchanged" and writer.calls == 1


def test_workflow_dispatch_always_refreshes_and_push_elsewhere_is_skipped(tmp_path, fake):
    sha = seed(fake)
    writer = Counting(api_docs)
    skipped = drive(
        tmp_path, fake, "push", sha, steps=Steps(generate=writer), ref="refs/heads/feature"
    )
    assert skipped.outputs["status"] == "skipped" and writer.calls == 0
    run = drive(tmp_path, fake, "workflow_dispatch", sha, steps=Steps(generate=writer))
    assert run.outputs["status"] == "created" and writer.calls == 1


def test_without_checkout_the_tree_is_downloaded_at_the_sha(tmp_path, fake):
    sha = seed(fake)
    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), checkout=False)
    assert run.outputs["status"] == "created"
    assert ("GET", f"/repos/octo/widgets/tarball/{sha}") in fake.calls
    assert "greet" in fake.files_at(fake.refs["heads/klaro/docs"])["README.md"]


def test_monorepo_path_uses_its_own_branch_and_prefix(tmp_path, fake):
    files = {f"packages/widgets/{p}": t for p, t in CODE.items()}
    sha = seed(fake, {**files, "README.md": "# Monorepo\n"})
    run = drive(
        tmp_path,
        fake,
        "push",
        sha,
        steps=Steps(generate=api_docs),
        inputs={"path": "packages/widgets"},
    )
    assert run.outputs["status"] == "created", run.summary
    assert run.outputs["changed-files"] == "packages/widgets/README.md"
    tree = fake.files_at(fake.refs["heads/klaro/docs-packages-widgets"])
    assert "greet" in tree["packages/widgets/README.md"]
    assert tree["README.md"] == "# Monorepo\n"


def test_writer_output_outside_doc_paths_is_refused_before_any_write(tmp_path, fake):
    sha = seed(fake)

    def rogue(config: Config) -> DocsRun:
        sneaky = DocChange(".github/workflows/x.yml", None, "on: push\n", "sneaky")
        return DocsRun([*api_docs(config).changes, sneaky], "test")

    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=rogue))
    assert run.code != 0
    assert run.outputs["status"] == "failed"
    assert not fake.writes()
    assert "refusing to publish '.github/workflows/x.yml'" in run.summary


def test_not_permitted_to_create_prs_names_the_setting(tmp_path, fake, capsys):
    sha = seed(fake)
    fake.fail_next(
        "POST",
        r"/pulls$",
        403,
        "GitHub Actions is not permitted to create or approve pull requests.",
    )
    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), capsys=capsys)
    assert run.code == 1
    assert run.outputs["status"] == "failed"
    error = next(line for line in run.log.splitlines() if line.startswith("::error::"))
    assert "Allow GitHub Actions to create and approve pull requests" in error
    assert "Settings → Actions → General → Workflow permissions" in error


def test_read_only_token_names_the_permissions_block(tmp_path, fake, capsys):
    sha = seed(fake)
    fake.fail_next("POST", r"/git/blobs$", 403, "Resource not accessible by integration")
    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), capsys=capsys)
    assert run.code == 1
    assert "`contents: write`" in run.log and "permissions:" in run.log


def test_rate_limited_requests_are_retried(tmp_path, fake):
    sha = seed(fake)
    fake.fail_next(
        "GET",
        r"/git/ref/heads/klaro/docs$",
        429,
        "You have exceeded a secondary rate limit.",
        headers={"Retry-After": "0"},
    )
    fake.fail_next(
        "POST",
        r"/git/blobs$",
        403,
        "API rate limit exceeded for installation ID 1.",
        headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": "1000"},
    )
    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs))
    assert run.outputs["status"] == "created"
    assert fake.calls.count(("POST", "/repos/octo/widgets/git/blobs")) == 2
    assert not fake.faults


def test_pull_request_exists_race_updates_the_open_one(tmp_path, fake):
    sha = seed(fake)
    drive(tmp_path, fake, "push", sha, steps=Steps(generate=api_docs))
    fake.pulls[1]["state"] = "closed"  # our list call will not see it ...
    code = CODE["widgets/core.py"] + "\n\ndef wave() -> None:\n    pass\n"
    sha2 = seed(fake, {"widgets/core.py": code}, parent=sha)

    original = fake._list_pulls
    seen = {"n": 0}

    def racing(m: Any, body: Any, q: Any) -> Any:  # ... until another run reopened it
        seen["n"] += 1
        answer = original(m, body, q)
        fake.pulls[1]["state"] = "open"
        return answer

    fake._routes = [(mt, p, racing if h == original else h) for mt, p, h in fake._routes]
    run = drive(tmp_path, fake, "push", sha2, steps=Steps(generate=api_docs))
    assert run.outputs["status"] == "updated", run.summary
    assert len(fake.pulls) == 1
    assert ("POST", "/repos/octo/widgets/pulls") in fake.calls  # the 422 was met and handled


def test_klaro_never_forces_a_branch_it_did_not_make(tmp_path, fake):
    sha = seed(fake)
    fake.refs["heads/release"] = fake.commit({"x.txt": "precious\n"}, "human work", sha)
    run = drive(
        tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), inputs={"branch": "release"}
    )
    assert run.code != 0 and run.outputs["status"] == "failed"
    assert fake.files_at(fake.refs["heads/release"])["x.txt"] == "precious\n"
    assert "was not made by Klaro" in run.summary


def test_bad_input_is_one_actionable_line(tmp_path, fake, capsys):
    sha = seed(fake)
    run = drive(
        tmp_path,
        fake,
        "push",
        sha,
        steps=Steps(generate=api_docs),
        inputs={"min-permission": "owner"},
        capsys=capsys,
    )
    assert run.code == 2
    assert "::error::input 'min-permission': key 'github.min_permission' must be one of" in run.log


def test_dry_run_writes_nothing_and_shows_the_diff(tmp_path, fake):
    sha = seed(fake)
    run = drive(
        tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), inputs={"mode": "dry-run"}
    )
    assert run.outputs["status"] == "skipped"
    assert run.outputs["changed-files"] == "README.md"
    assert not fake.writes()
    assert "+- `widgets.core.greet(name: str) -> str`" in run.summary


def test_commit_mode_fast_forwards_the_default_branch(tmp_path, fake):
    sha = seed(fake)
    run = drive(
        tmp_path, fake, "push", sha, steps=Steps(generate=api_docs), inputs={"mode": "commit"}
    )
    assert run.outputs["status"] == "committed"
    assert fake.commits[fake.refs["heads/main"]]["parents"] == [sha]
    assert not fake.pulls


def test_event_file_is_github_shaped():
    push = json.loads((EVENTS / "push.json").read_text())
    assert push["repository"]["default_branch"] == "main"
