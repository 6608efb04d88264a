"""`/docs` comments on pull requests, driven through `klaro action` and a fake GitHub."""

from __future__ import annotations

from pathlib import Path

import pytest

from fakes_github import CODE, EVENTS, Counting, FakeGitHub, api_docs, drive, read_outputs, seed
from klaro import cli
from klaro.config import Config
from klaro.github.context import Steps
from klaro.verify.model import Finding

NEW_CODE = CODE["widgets/core.py"] + "\n\ndef wave(times: int) -> None:\n    pass\n"


def pr(fake: FakeGitHub, number: int = 7, head_repo: str | None = None, **files: str) -> str:
    """Seed main, a PR head commit adding `wave()`, and PR #number; return main's SHA."""
    main = seed(fake)
    head = fake.commit({"widgets/core.py": NEW_CODE, **files}, "Add wave()", main)
    if head_repo is None:
        fake.refs["heads/feature"] = head
    fake.open_pull(number, "feature", head, head_repo)
    return main


def test_docs_on_same_repo_pr_commits_to_its_branch(tmp_path, fake):
    main = pr(fake)
    fake.roles["alice"] = "write"
    head = fake.refs["heads/feature"]
    run = drive(tmp_path, fake, "issue_comment_pr", main, steps=Steps(generate=api_docs))
    assert run.code == 0, run.summary
    assert run.outputs["status"] == "committed"
    assert run.outputs["pr-number"] == "7"
    assert fake.reactions == [(492700400, "eyes")]
    new_head = fake.refs["heads/feature"]
    assert fake.commits[new_head]["parents"] == [head]  # fast-forward on top of the PR head
    assert "widgets.core.wave(times: int) -> None" in fake.files_at(new_head)["README.md"]
    assert ("GET", f"/repos/octo/widgets/tarball/{head}") in fake.calls  # read at the head SHA
    assert fake.refs["heads/main"] == main
    (note,) = fake.sticky_comments(7)
    assert note["body"].startswith("<!-- klaro:comment -->") and "Committed" in note["body"]
    assert run.outputs["comment-url"].endswith(f"#issuecomment-{next(iter(fake.comments))}")


def test_sticky_comment_is_edited_not_duplicated(tmp_path, fake):
    main = pr(fake)
    fake.roles["alice"] = "maintain"
    drive(tmp_path, fake, "issue_comment_pr", main, steps=Steps(), comment="/docs help")
    drive(tmp_path, fake, "issue_comment_pr", main, steps=Steps(), comment="/docs ask why?")
    (only,) = fake.sticky_comments(7)
    assert "knowledge base is not available" in only["body"]
    (cid,) = fake.comments
    assert ("PATCH", f"/repos/octo/widgets/issues/comments/{cid}") in fake.calls


def test_fork_pr_gets_a_diff_comment_and_no_push(tmp_path, fake):
    # The fork also ships a config that would let Klaro write code: it must be ignored.
    main = pr(fake, 8, "mallory/widgets", **{".klaro.yml": "readme_path: widgets/core.py\n"})
    fake.roles["alice"] = "admin"
    refs_before = dict(fake.refs)
    run = drive(tmp_path, fake, "issue_comment_fork_pr", main, steps=Steps(generate=api_docs))
    assert run.code == 0, run.summary
    assert run.outputs["status"] == "commented"
    assert fake.refs == refs_before
    assert not [w for w in fake.writes() if "/git/" in w[1]]
    (proposal,) = fake.sticky_comments(8)
    assert "comes from a fork" in proposal["body"]
    assert "```diff\n--- a/README.md\n+++ b/README.md" in proposal["body"]
    assert "+- `widgets.core.wave(times: int) -> None`" in proposal["body"]


def test_commenter_without_permission_is_refused_politely(tmp_path, fake):
    main = pr(fake)
    fake.roles["alice"] = "triage"
    writer = Counting(api_docs)
    run = drive(tmp_path, fake, "issue_comment_pr", main, steps=Steps(generate=writer))
    assert run.code == 0
    assert run.outputs["status"] == "skipped"
    assert writer.calls == 0 and not fake.reactions
    (reply,) = [c["body"] for c in fake.comments.values()]
    assert "@alice" in reply and "`write`" in reply and "you have `triage`" in reply
    assert not [w for w in fake.writes() if "/git/" in w[1]]


def test_min_permission_input_lowers_the_bar(tmp_path, fake):
    main = pr(fake)
    fake.roles["alice"] = "triage"
    run = drive(
        tmp_path,
        fake,
        "issue_comment_pr",
        main,
        steps=Steps(generate=api_docs),
        inputs={"min-permission": "triage"},
    )
    assert run.outputs["status"] == "committed"


def test_comment_on_plain_issue_is_skipped_without_api_calls(tmp_path, fake):
    main = seed(fake)
    fake.calls.clear()
    run = drive(tmp_path, fake, "issue_comment_issue", main, steps=Steps(generate=api_docs))
    assert run.code == 0
    assert run.outputs["status"] == "skipped"
    assert not fake.calls


@pytest.mark.parametrize(
    ("comment", "action"),
    [("/docs", "edited"), ("/docsify please", None), ("thanks!\n/docs", None)],
)
def test_other_comments_are_ignored(tmp_path, fake, comment, action):
    main = pr(fake)
    fake.calls.clear()
    run = drive(
        tmp_path, fake, "issue_comment_pr", main, steps=Steps(), comment=comment, action=action
    )
    assert run.outputs["status"] == "skipped" and not fake.calls


def test_docs_check_posts_findings(tmp_path, fake):
    main = pr(fake)
    fake.roles["alice"] = "write"
    seen: list[str] = []

    def check(config: Config, base: Path | None) -> list[Finding]:
        seen.append((config.root / "widgets/core.py").read_text())
        readme = (config.root / "README.md").read_text()
        return (
            [
                Finding(
                    "unresolved",
                    "README.md",
                    1,
                    "widgets.shout",
                    "no such function",
                    ("widgets.core.greet",),
                )
            ]
            if "shout" not in readme
            else []
        )

    run = drive(
        tmp_path, fake, "issue_comment_pr", main, steps=Steps(check=check), comment="/docs check"
    )
    assert run.outputs["status"] == "commented"
    assert run.outputs["findings"] == "1"
    (note,) = fake.sticky_comments(7)
    row = "| `README.md:1` | unresolved | `widgets.shout` | no such function"
    assert f"{row} (did you mean `widgets.core.greet`?) |" in note["body"]
    assert seen == [NEW_CODE]  # checked the PR head, not the default branch


def test_unknown_subcommand_answers_with_help(tmp_path, fake):
    main = pr(fake)
    fake.roles["alice"] = "write"
    run = drive(tmp_path, fake, "issue_comment_pr", main, steps=Steps(), comment="/docs frob")
    assert run.outputs["status"] == "commented"
    (note,) = fake.sticky_comments(7)
    assert "Unknown command `/docs frob`" in note["body"] and "`/docs check`" in note["body"]


def test_klaro_action_cli_entrypoint(tmp_path, monkeypatch, capsys):
    """The container's ENTRYPOINT: `klaro action` with the runner's environment."""
    event = tmp_path / "event.json"
    event.write_text((EVENTS / "issue_comment_issue.json").read_text())
    output = tmp_path / "output"
    for name, value in {
        "GITHUB_EVENT_NAME": "issue_comment",
        "GITHUB_EVENT_PATH": str(event),
        "GITHUB_REPOSITORY": "octo/widgets",
        "GITHUB_WORKSPACE": str(tmp_path),
        "GITHUB_OUTPUT": str(output),
        "INPUT_GITHUB-TOKEN": "ghs_cliToken",
        "HOME": str(tmp_path),
    }.items():
        monkeypatch.setenv(name, value)
    assert cli.main(["action"]) == 0
    assert read_outputs(output)["status"] == "skipped"
    assert "::add-mask::ghs_cliToken" in capsys.readouterr().out


def test_outside_actions_the_command_says_so(monkeypatch, capsys, tmp_path):
    monkeypatch.delenv("GITHUB_EVENT_NAME", raising=False)
    monkeypatch.setenv("INPUT_GITHUB-TOKEN", "x")
    assert cli.main(["action"]) == 2
    out = capsys.readouterr().out
    assert "::error::GITHUB_EVENT_NAME, " in out and " not set: `klaro action` runs" in out
