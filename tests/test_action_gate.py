"""The pull_request drift gate, failure replies and `/docs ask`, through the GitHub fake."""

from __future__ import annotations

import pytest

from fakes_github import CODE, FakeGitHub, drive, seed
from klaro import app
from klaro.commands.action import steps as real_steps
from klaro.errors import KlaroError
from klaro.github.context import Steps
from klaro.github.publish import CHECK_MARKER

STALE = "# Widgets\n\nCall `widgets.core.greet()` or `widgets.core.wave()`.\n"
CHECK = Steps(check=lambda config, base: app.drift(config, base=base))


def pr_head(fake: FakeGitHub, number: int, head_repo: str | None, readme: str) -> str:
    """Seed main and PR #number whose head has `readme`; return the head SHA."""
    main = seed(fake)
    head = fake.commit({"README.md": readme}, "Update README", main)
    if head_repo is None:
        fake.refs["heads/feature"] = head
    fake.open_pull(number, "feature" if head_repo is None else "patch-1", head, head_repo)
    return head


def test_gate_annotates_drift_and_keeps_one_sticky_comment(tmp_path, fake, capsys):
    head = pr_head(fake, 7, None, STALE)
    main = fake.refs["heads/main"]
    run = drive(tmp_path, fake, "pull_request", main, steps=CHECK, head_sha=head, capsys=capsys)
    assert run.code == 0, run.log  # fail-on-drift is off by default
    assert run.outputs["findings"] == "1" and run.outputs["status"] == "commented"
    assert "::warning file=README.md,line=3::unresolved: " in run.log
    assert ("GET", f"/repos/octo/widgets/tarball/{head}") in fake.calls  # the head, as data
    (comment,) = fake.sticky_comments(7)
    assert comment["body"].startswith(CHECK_MARKER)
    assert "`README.md:3`" in comment["body"] and "widgets.core.wave" in comment["body"]
    # the author fixes the README: the same comment now says so
    fixed = fake.commit({"README.md": "# Widgets\n\nCall `widgets.core.greet()`.\n"}, "fix", head)
    fake.pulls[7]["head"]["sha"] = fixed
    run = drive(tmp_path, fake, "pull_request", main, steps=CHECK, head_sha=fixed)
    (comment,) = fake.sticky_comments(7)
    assert "Every code reference resolves" in comment["body"]
    assert run.outputs["findings"] == "0"


def test_gate_knows_what_the_pr_renamed_from_its_base(tmp_path, fake, capsys):
    readme = "# Widgets\n\nSay hello with `greet`.\n"
    main = seed(fake, {**CODE, "README.md": readme})
    renamed = CODE["widgets/core.py"].replace("greet", "welcome")
    head = fake.commit({"widgets/core.py": renamed}, "Rename greet", main)
    fake.refs["heads/feature"] = head
    fake.open_pull(7, "feature", head, None)
    run = drive(tmp_path, fake, "pull_request", main, steps=CHECK, head_sha=head, capsys=capsys)
    assert run.outputs["findings"] == "1", run.log
    assert "::warning file=README.md,line=3::unresolved: `greet` is no longer in the project" in (
        run.log
    )
    assert "the pull request's base" in run.log
    assert ("GET", f"/repos/octo/widgets/tarball/{main}") in fake.calls  # the base, as data


def test_gate_fails_the_step_only_when_asked(tmp_path, fake, capsys):
    head = pr_head(fake, 7, None, STALE)
    main = fake.refs["heads/main"]
    inputs = {"fail-on-drift": "true"}
    run = drive(
        tmp_path, fake, "pull_request", main, steps=CHECK, head_sha=head, inputs=inputs,
        capsys=capsys,
    )  # fmt: skip
    assert run.code == 1
    assert "::error file=README.md,line=3::unresolved: " in run.log


def test_clean_pr_gets_no_comment(tmp_path, fake):
    head = pr_head(fake, 7, None, "# Widgets\n\nCall `widgets.core.greet()`.\n")
    run = drive(tmp_path, fake, "pull_request", fake.refs["heads/main"], steps=CHECK, head_sha=head)
    assert run.code == 0 and run.outputs["status"] == "checked"
    assert not fake.comments


def test_fork_pr_is_checked_and_a_read_only_token_only_loses_the_comment(tmp_path, fake, capsys):
    # the fork's own config would silence the gate: it is never read from the PR
    head = pr_head(fake, 8, "mallory/widgets", STALE)
    fake.commits[head]["message"] = "Update README"
    main = fake.refs["heads/main"]
    ignore = {".klaro.yml": "ignore_references: ['*']\n"}
    head = fake.commit(ignore, "silence", head)
    fake.pulls[8]["head"]["sha"] = head
    fake.fail_next("POST", r"/issues/8/comments$", 403, "Resource not accessible by integration")
    run = drive(
        tmp_path, fake, "pull_request_fork", main, steps=CHECK, head_sha=head, capsys=capsys
    )
    assert run.code == 0, run.log
    assert run.outputs["findings"] == "1" and run.outputs["status"] == "checked"
    assert "::warning file=README.md,line=3::unresolved: " in run.log
    assert "::warning::could not comment on #8" in run.log
    assert not fake.comments and fake.writes() == [
        ("POST", "/repos/octo/widgets/issues/8/comments")
    ]


def test_fork_pr_with_a_write_token_gets_the_comment(tmp_path, fake):
    head = pr_head(fake, 8, "mallory/widgets", STALE)
    run = drive(
        tmp_path, fake, "pull_request_fork", fake.refs["heads/main"], steps=CHECK, head_sha=head
    )
    assert run.outputs["status"] == "commented"
    (comment,) = fake.sticky_comments(8)
    assert "widgets.core.wave" in comment["body"]
    assert fake.refs.get("heads/patch-1") is None  # nothing pushed anywhere


def _broken(config):
    raise KlaroError("could not update branch feature: the token lacks `contents: write`")


@pytest.mark.parametrize(
    ("generate", "expected"),
    [
        (_broken, "the token lacks `contents: write`"),
        (lambda config: 1 / 0, "an unexpected error (ZeroDivisionError)"),
    ],
)
def test_a_failed_command_gets_a_reply_and_a_reaction(tmp_path, fake, capsys, generate, expected):
    main = seed(fake)
    head = fake.commit({"widgets/core.py": CODE["widgets/core.py"] + "\n"}, "edit", main)
    fake.refs["heads/feature"] = head
    fake.open_pull(7, "feature", head)
    fake.roles["alice"] = "write"
    run = drive(tmp_path, fake, "issue_comment_pr", main, steps=Steps(generate=generate))
    assert run.code != 0 and run.outputs["status"] == "failed"
    assert fake.reactions == [(492700400, "eyes"), (492700400, "confused")]
    (reply,) = fake.sticky_comments(7)
    assert "Klaro could not finish `/docs`" in reply["body"] and expected in reply["body"]
    assert "actions/runs/4242" in reply["body"]


def test_docs_ask_answers_with_citations_from_a_fresh_index(tmp_path, fake, monkeypatch):
    main = seed(fake)
    fake.open_pull(7, "feature", main)
    fake.roles["alice"] = "write"
    temp = tmp_path / "runner-temp"
    temp.mkdir()
    monkeypatch.setenv("RUNNER_TEMP", str(temp))  # read by the real steps() of `klaro action`
    run = drive(
        tmp_path, fake, "issue_comment_pr", main, steps=real_steps(),
        comment="/docs ask how do I greet someone?",
    )  # fmt: skip
    assert run.code == 0, run.summary
    (answer,) = fake.sticky_comments(7)
    assert "widgets/core.py:1-3 widgets.core.greet: Say hello." in answer["body"]
    assert list((temp / "klaro-knowledge").iterdir())  # the index lives in the runner's temp
    assert not (tmp_path / "run-0" / "workspace" / ".klaro").exists()  # never in the checkout


def test_a_failed_gate_says_so_on_the_pull_request(tmp_path, fake, capsys):
    head = pr_head(fake, 7, None, STALE)
    fake.fail_next("GET", rf"/tarball/{head}$", 404, "Not Found")  # force-pushed away
    run = drive(
        tmp_path, fake, "pull_request", fake.refs["heads/main"], steps=CHECK, head_sha=head,
        capsys=capsys,
    )  # fmt: skip
    assert run.code == 1 and run.outputs["status"] == "failed"
    assert "::error::could not download the tree at" in run.log, run.log
    (comment,) = fake.sticky_comments(7)
    assert comment["body"].startswith(CHECK_MARKER)
    assert "Klaro could not finish the documentation check" in comment["body"]
    assert "push again" in comment["body"]


def test_gate_reads_the_config_of_the_base_never_of_the_checked_out_pr(tmp_path, fake, capsys):
    # the fork's head (and so the workspace a pull_request checkout holds) silences the gate
    head = pr_head(fake, 8, "mallory/widgets", STALE)
    head = fake.commit({".klaro.yml": "ignore_references: ['*']\n"}, "silence", head)
    fake.pulls[8]["head"]["sha"] = head
    run = drive(tmp_path, fake, "pull_request_fork", head, steps=CHECK, head_sha=head)
    assert run.outputs["findings"] == "1"
    # the base's own config is the one that counts
    config = {".klaro.yml": "ignore_references: ['widgets.core.wave*']\n"}
    main = fake.commit(config, "cfg", fake.refs["heads/main"])
    fake.refs["heads/main"] = main
    fake.pulls[8]["base"]["sha"] = main
    run = drive(tmp_path, fake, "pull_request_fork", head, steps=CHECK, head_sha=head)
    assert run.outputs["findings"] == "0", run.summary
