"""Klaro remembers what maintainers decided on GitHub, and the next refresh respects it.

Everything goes through `klaro action` against the fake GitHub REST API, with the real offline
writer: Klaro's pull requests are closed, merged, edited and reviewed as maintainers do.
"""

from __future__ import annotations

import json
from pathlib import Path

from fakes_github import CODE, FakeGitHub, drive, seed
from klaro import app
from klaro.config import Config
from klaro.github.context import Steps
from klaro.write.memory import MEMORY_PATH, Memory, region_bodies
from klaro.write.model import DocsRun

WAVE = CODE["widgets/core.py"] + '\n\ndef wave(times: int) -> None:\n    """Wave."""\n'
MINE = "## Installation\n\nWe ship wheels only:\n\n```console\nuv add widgets\n```"


def offline(config: Config) -> DocsRun:
    """The real writer, without a model: what a run without an API key does."""
    return app.docs_for(config, offline=True)


STEPS = Steps(generate=offline)


def klaro_readme(fake: FakeGitHub) -> str:
    return fake.files_at(fake.refs["heads/klaro/docs"])["README.md"]


def test_a_closed_unmerged_pr_is_not_proposed_again(tmp_path: Path, fake: FakeGitHub) -> None:
    sha = seed(fake)
    first = drive(tmp_path, fake, "workflow_dispatch", sha, steps=STEPS)
    assert first.outputs["status"] == "created"
    proposed = region_bodies(klaro_readme(fake), "README.md")
    assert "installation" in proposed
    fake.close_pull(1)  # a maintainer said no

    again = drive(tmp_path, fake, "workflow_dispatch", sha, steps=STEPS)
    assert again.code == 0, again.log
    assert again.outputs["status"] == "unchanged"  # nothing re-proposed
    assert list(fake.pulls) == [1]  # no second pull request
    memory = Memory.loads((tmp_path / "run-1" / "workspace" / MEMORY_PATH).read_text())
    rejected = {n for f, n, kind, _ in memory.entries() if f == "README.md" and kind == "rejected"}
    assert rejected == set(proposed)
    assert memory.pulls == [1]


def test_a_maintainers_edit_inside_a_region_is_kept(tmp_path: Path, fake: FakeGitHub) -> None:
    sha = seed(fake)
    drive(tmp_path, fake, "push", sha, steps=STEPS)
    merged = fake.close_pull(1, merged=True)
    assert merged is not None
    readme = fake.files_at(merged)["README.md"]
    theirs = region_bodies(readme, "README.md")["installation"]
    edited = readme.replace(theirs, MINE)
    by_hand = fake.commit({"README.md": edited}, "docs: we ship wheels", merged)
    code_change = seed(fake, {"widgets/core.py": WAVE}, parent=by_hand)

    run = drive(tmp_path, fake, "push", code_change, steps=STEPS)
    assert run.code == 0, run.log
    assert run.outputs["status"] == "created" and run.outputs["pr-number"] == "2"
    after = klaro_readme(fake)
    assert "widgets.core.wave" in after  # the code change is documented ...
    assert region_bodies(after, "README.md")["installation"] == MINE  # ... around their words
    head = fake.refs["heads/klaro/docs"]
    kept = json.loads(fake.files_at(head)[MEMORY_PATH])  # in the PR's one commit
    assert kept["version"] == 1
    assert kept["files"]["README.md"]["installation"]["pinned"]["text"] == MINE
    assert len([c for c in fake.commits if fake.commits[c]["parents"] == [code_change]]) == 1


def test_lines_edited_before_merging_are_rejected_and_the_edit_pinned(
    tmp_path: Path, fake: FakeGitHub
) -> None:
    sha = seed(fake)
    drive(tmp_path, fake, "push", sha, steps=STEPS)
    proposal = klaro_readme(fake)
    klaros = region_bodies(proposal, "README.md")["installation"]
    fix = fake.commit({"README.md": proposal.replace(klaros, MINE)}, "wheels", proposal_head(fake))
    fake.refs["heads/klaro/docs"] = fix
    fake.pulls[1]["head"]["sha"] = fix  # a maintainer pushed onto Klaro's branch
    fake.close_pull(1, merged=True)
    del fake.refs["heads/klaro/docs"]  # "Delete branch" after the merge
    code_change = seed(fake, {"widgets/core.py": WAVE}, parent=fake.refs["heads/main"])

    drive(tmp_path, fake, "push", code_change, steps=STEPS)
    after = klaro_readme(fake)
    assert region_bodies(after, "README.md")["installation"] == MINE
    memory = Memory.loads(fake.files_at(fake.refs["heads/klaro/docs"])[MEMORY_PATH])
    [decision] = memory.files["README.md"]["installation"].rejected
    assert decision.text == klaros and "edited in PR #1" in decision.reason


def test_a_review_comment_rejects_the_line_it_is_on(tmp_path: Path, fake: FakeGitHub) -> None:
    sha = seed(fake)
    drive(tmp_path, fake, "workflow_dispatch", sha, steps=STEPS)
    lines = klaro_readme(fake).splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("pip install widgets"))
    fake.review(1, "README.md", line, "We do not publish to PyPI.")
    fake.close_pull(1)

    drive(tmp_path, fake, "workflow_dispatch", sha, steps=STEPS)
    memory = Memory.loads((tmp_path / "run-1" / "workspace" / MEMORY_PATH).read_text())
    reasons = [d.reason for _, name, _, d in memory.entries() if d.text == "pip install widgets"]
    assert reasons and "review comment by @maintainer" in reasons[0]
    assert "We do not publish to PyPI." in reasons[0]


def proposal_head(fake: FakeGitHub) -> str:
    return fake.refs["heads/klaro/docs"]
