"""Maintainer decisions: the memory file, `klaro memory`, the offline writer and the agent."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from fakes.chat_model import ScriptedChatModel, call
from klaro import app
from klaro.cli import main
from klaro.config import load_config
from klaro.errors import KlaroError
from klaro.scan.graph import build_graph
from klaro.write.memory import MEMORY_PATH, Memory, load_memory, region_bodies, save_memory

PINNED = "## Installation\n\nAsk the platform team for access, then:\n\n    pip install tinycalc"


def remembered(root: Path) -> Memory:
    """A memory as the Action leaves it: one region pinned, one text rejected."""
    memory = Memory(pulls=[3])
    memory.pin("README.md", "installation", PINNED, "written by a maintainer on main")
    readme = app.generate(load_config(root, env={}), *_analysed(root), docs=["readme"])[0]
    structure = region_bodies(readme.after, "README.md")["project-structure"]
    memory.reject("README.md", "project-structure", structure, "PR #3 was closed without merging")
    save_memory(root, memory)
    return memory


def _analysed(root: Path) -> tuple[object, object]:
    analysis = app.analyze(load_config(root, env={}))
    return analysis, build_graph(analysis)


def test_the_file_round_trips_and_a_broken_one_is_a_clear_error(tmp_path: Path) -> None:
    memory = Memory()
    memory.reject("README.md", "usage", "Run `x`.", "PR #1 was closed without merging")
    memory.reject("README.md", "usage", "Run `x`.\n", "again")  # the same text once
    memory.pin("README.md", "intro", "Ours.", "written by a maintainer on main")
    again = Memory.loads(memory.dumps())
    assert again == memory and len(again.files["README.md"]["usage"].rejected) == 1
    (tmp_path / ".klaro").mkdir()
    (tmp_path / MEMORY_PATH).write_text('{"version": 99}')
    with pytest.raises(KlaroError, match=r"\.klaro/memory\.json: not a Klaro memory file"):
        load_memory(tmp_path)


def test_the_offline_writer_keeps_pinned_text_and_drops_rejected_text(
    sample_repo: Callable[[str], Path],
) -> None:
    root = sample_repo("agent_small")
    remembered(root)
    (readme,) = app.generate(load_config(root, env={}), *_analysed(root), docs=["readme"])
    bodies = region_bodies(readme.after, "README.md")
    assert bodies["installation"] == PINNED
    assert "project-structure" not in bodies  # rejected, and not in the README yet: left out
    assert "api-overview" in bodies  # undecided regions are written as always


def test_the_agent_reads_the_decisions_and_cannot_override_them(
    sample_repo: Callable[[str], Path],
) -> None:
    root = sample_repo("agent_small")
    remembered(root)
    config = load_config(root, env={"KLARO_API_KEY": "sk-test"})
    analysis, graph = _analysed(root)
    draft = app.generate(config, analysis, graph, docs=["readme"])[0].after
    overridden = draft.replace("Ask the platform team for access", "Just run")
    submit = call("submit_document", path="README.md", summary="s", content=overridden)
    model = ScriptedChatModel(script=[submit, submit, submit])
    run = app.write_docs(config, analysis, graph, docs=["readme"], model=model)  # type: ignore[arg-type]
    task = str(model.requests[0][1].content)
    assert "Maintainer decisions for README.md" in task
    assert "'installation' pinned (written by a maintainer on main)" in task
    assert "'project-structure' rejected (PR #3 was closed without merging)" in task
    assert run.statuses["README.md"] in ("published", "repaired")  # its override was taken ...
    assert region_bodies(run.changes[0].after, "README.md")["installation"] == PINNED  # no


def test_klaro_memory_lists_and_clears(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("agent_small")
    remembered(root)
    assert main(["memory", "list", str(root)]) == 0
    out = capsys.readouterr().out
    assert "README.md [installation] pinned: written by a maintainer on main" in out
    assert "README.md [project-structure] rejected: PR #3 was closed without merging" in out
    assert main(["memory", "clear", str(root), "--region", "installation"]) == 0
    assert "forgot 1 decision(s)" in capsys.readouterr().out
    assert [e[1] for e in load_memory(root).entries()] == ["project-structure"]
    assert main(["memory", "clear", str(root), "--region", "nope"]) == 2
    assert "--region 'nope'" in capsys.readouterr().err
    assert main(["memory", "clear", str(root)]) == 0
    assert load_memory(root) == Memory()
    main(["memory", "list", str(root)])
    assert "no maintainer decisions remembered" in capsys.readouterr().out
