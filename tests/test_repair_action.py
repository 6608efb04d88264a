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


def test_docs_comment_on_a_fork_proposes_the_fix_as_a_diff_with_the_table(tmp_path, fake):
    main = seed(fake, {**CODE, "widgets/core.py": V1_CORE, "docs/usage.md": USAGE})
    main = fake.commit({STATE_PATH: snapshot(tmp_path)}, "Klaro state", main)
    fake.refs["heads/main"] = main
    head = fake.commit({"widgets/core.py": V2_CORE}, "Rename greet", main)
    fake.open_pull(8, "feature", head, "mallory/widgets")
    fake.roles["alice"] = "admin"
    refs_before = dict(fake.refs)
    run = drive(tmp_path, fake, "issue_comment_fork_pr", main, steps=Steps(generate=offline_docs))
    assert run.code == 0, run.summary
    assert run.outputs["status"] == "commented"
    assert fake.refs == refs_before  # nothing pushed to a fork
    (proposal,) = fake.sticky_comments(8)
    body = proposal["body"]
    assert "-Call `greet()` with a name:\n+Call `welcome()` with a name:" in body
    assert "### Fixed drift" in body and "| `docs/usage.md:6` | `greet` | `welcome` |" in body


def test_snapshot_round_trips(tmp_path):
    path = tmp_path / STATE_PATH
    path.parent.mkdir()
    path.write_text(snapshot(tmp_path))
    state = load_state(path)
    assert state is not None
    assert state.get("function", "widgets.core.greet") is not None
    assert state.to_json() == path.read_text()


def test_push_run_puts_the_models_proposal_in_the_pr_marked_as_such(tmp_path, fake, monkeypatch):
    import json

    from fakes.openai_server import FakeOpenAI, text

    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    farewell = "def farewell(times: int) -> list:\n    return ['bye'] * times\n"  # gone in V2
    old = {**CODE, "widgets/core.py": V1_CORE + "\n\n" + farewell}
    root = tmp_path / "v1"
    for path, body in old.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(body)
    state = build_state(analyze_repository(root), root).to_json()
    usage = USAGE + "\nSay goodbye with `farewell()`.\n"
    files = {**CODE, "widgets/core.py": V2_CORE, "docs/usage.md": usage, STATE_PATH: state}
    sha = seed(fake, files)
    proposal = "Greet people again with `welcome()` when they leave."
    reply = {"action": "replace", "first_line": 9, "last_line": 9, "text": proposal}

    def docs(config: Config) -> app.DocsRun:  # the offline writer, the model for proposals
        return app.docs_for(config, offline=True, repair=True, propose=True)

    with FakeOpenAI([text(json.dumps(reply))]) as server:
        model = {"base-url": server.url}
        run = drive(tmp_path, fake, "push", sha, steps=Steps(generate=docs), inputs=model)
    assert run.code == 0, run.summary
    assert len(server.requests) == 1
    files = fake.files_at(fake.refs["heads/klaro/docs"])
    assert files["docs/usage.md"] == FIXED_USAGE + f"\n{proposal}\n"
    body = fake.pulls[1]["body"]
    proven, _, proposed = body.partition("**Proposed by the model**")
    assert f"| `docs/usage.md:3` | `greet` | `welcome` | {sha[:12]} |" in proven
    assert "farewell" not in proven
    assert f"| `docs/usage.md:9` | `farewell` | ``{proposal}`` | {sha[:12]} |" in proposed
