"""The Action repairs renamed references: in its docs PR on push, on the PR branch on `/docs`."""

from __future__ import annotations

from pathlib import Path

from fakes_github import CODE, FakeGitHub, drive, seed
from klaro import app
from klaro.config import Config
from klaro.github.context import Steps
from klaro.scan.analyze import analyze_repository
from klaro.scan.state import STATE_PATH, build_state, load_state

V1_CORE = 'def greet(name: str) -> str:\n    """Say hello."""\n    return "hi " + name\n'
V2_CORE = V1_CORE.replace("greet", "welcome")
USAGE = "# Usage\n\nCall `greet()` with a name:\n\n```python\nfrom widgets.core import greet\n```\n"
FIXED_USAGE = USAGE.replace("greet", "welcome")


def snapshot(tmp_path: Path) -> str:
    """The state Klaro recorded when it last documented the code (greet, not welcome)."""
    root = tmp_path / "v1"
    for path, text in {**CODE, "widgets/core.py": V1_CORE}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return build_state(analyze_repository(root), root).to_json()


def offline_docs(config: Config) -> app.DocsRun:
    return app.docs_for(config, offline=True, repair=True)  # as the Action's steps do


def seed_renamed(fake: FakeGitHub, tmp_path: Path) -> str:
    files = {**CODE, "widgets/core.py": V2_CORE, "docs/usage.md": USAGE}
    return seed(fake, {**files, STATE_PATH: snapshot(tmp_path)})


def test_push_run_puts_the_fix_and_the_fixed_drift_table_in_the_docs_pr(tmp_path, fake):
    sha = seed_renamed(fake, tmp_path)
    run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=offline_docs))
    assert run.code == 0, run.summary
    assert run.outputs["status"] == "created"
    files = fake.files_at(fake.refs["heads/klaro/docs"])
    assert files["docs/usage.md"] == FIXED_USAGE  # only the stale tokens changed
    state = files[STATE_PATH]
    assert '"widgets.core.welcome"' in state and '"widgets.core.greet"' not in state
    body = fake.pulls[1]["body"]
    assert "### Fixed drift" in body
    assert f"| `docs/usage.md:3` | `greet` | `welcome` | {sha[:12]} |" in body
    assert f"| `docs/usage.md:6` | `greet` | `welcome` | {sha[:12]} |" in body
    assert "docs/usage.md" in run.outputs["changed-files"]


def test_docs_comment_commits_the_fix_to_the_pr_branch(tmp_path, fake):
    main = seed(fake, {**CODE, "widgets/core.py": V1_CORE, "docs/usage.md": USAGE})
    main = fake.commit({STATE_PATH: snapshot(tmp_path)}, "Klaro state", main)
    fake.refs["heads/main"] = main
    head = fake.commit({"widgets/core.py": V2_CORE}, "Rename greet", main)
    fake.refs["heads/feature"] = head
    fake.open_pull(7, "feature", head, None)
    fake.roles["alice"] = "write"
    run = drive(tmp_path, fake, "issue_comment_pr", main, steps=Steps(generate=offline_docs))
    assert run.code == 0, run.summary
    assert run.outputs["status"] == "committed"
    new_head = fake.refs["heads/feature"]
    assert fake.commits[new_head]["parents"] == [head]
    assert fake.files_at(new_head)["docs/usage.md"] == FIXED_USAGE
    (note,) = fake.sticky_comments(7)
    assert "### Fixed drift" in note["body"] and "| `docs/usage.md:3` | `greet` |" in note["body"]


def test_snapshot_round_trips(tmp_path):
    path = tmp_path / STATE_PATH
    path.parent.mkdir()
    path.write_text(snapshot(tmp_path))
    state = load_state(path)
    assert state is not None
    assert state.get("function", "widgets.core.greet") is not None
    assert state.to_json() == path.read_text()
