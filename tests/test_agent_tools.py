"""The agent's tools on a real sample repository: confinement, caps, redaction, facts."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.agent.tools import MAX_MATCHES, Toolbox
from klaro.agent.workspace import ToolError, Workspace, writable
from klaro.redact import MASK, Redactor, env_secrets
from klaro.scan.analyze import analyze_repository
from klaro.scan.files import scan_repository
from klaro.scan.graph import build_graph


@pytest.fixture
def toolbox(sample_repo: Callable[[str], Path]) -> Toolbox:
    root = sample_repo("agent_small")
    (root / "notes.md").write_text(
        "\n".join(f"line {n} token = abcdef{n:06d}" for n in range(1, 400))
    )
    (root / "id_rsa").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n")
    outside = root.parent / "outside.txt"
    outside.write_text("secret outside the repo")
    os.symlink(outside, root / "link.txt")
    analysis = analyze_repository(root)
    files = [f.path for f in scan_repository(root).files]
    ws = Workspace(root, files, redactor=Redactor(["abcdef000007"]), output_chars=2000)
    return Toolbox(
        ws, analysis, build_graph(analysis), target="README.md", doc_paths=("README.md",)
    )


def test_read_file_windows_numbers_and_marks_untrusted(toolbox: Toolbox) -> None:
    out = toolbox.run("read_file", {"path": "src/tinycalc/core.py", "start_line": 6, "end_line": 8})
    assert out.splitlines()[0].startswith("<<<UNTRUSTED FILE src/tinycalc/core.py lines 6-8")
    assert "    6  def add(a: int, b: int) -> int:" in out
    assert "more lines; read from line 9" in out


def test_long_output_is_trimmed_and_says_so(toolbox: Toolbox) -> None:
    out = toolbox.run("read_file", {"path": "notes.md"})
    assert "output trimmed" in out and len(out) < 2600


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("../outside.txt", "outside the repository"),
        ("/etc/passwd", "outside the repository"),
        ("link.txt", "leads outside the repository"),  # a symlink escaping is never read
        ("id_rsa", "credentials"),
        ("src", "is a directory"),
    ],
)
def test_paths_are_confined(toolbox: Toolbox, path: str, message: str) -> None:
    with pytest.raises(ToolError, match=message):
        toolbox.run("read_file", {"path": path})


def test_secrets_are_redacted_in_tool_output(toolbox: Toolbox) -> None:
    out = toolbox.run("grep", {"pattern": "line 7 ", "path": "notes.md"})
    assert "abcdef000007" not in out and MASK in out


def test_grep_caps_matches_and_rejects_bad_regex(toolbox: Toolbox) -> None:
    out = toolbox.run("grep", {"pattern": "line", "glob": "*.md"})
    assert f"stopped at {MAX_MATCHES} matches" in out
    with pytest.raises(ToolError, match="invalid regular expression"):
        toolbox.run("grep", {"pattern": "("})


def test_list_files_and_glob(toolbox: Toolbox) -> None:
    listing = toolbox.run("list_files", {"directory": ".", "depth": 1})
    assert "src/" in listing and "README.md" in listing and "id_rsa" not in listing
    assert toolbox.run("glob", {"pattern": "src/**/*.py"}).splitlines() == [
        "src/tinycalc/__init__.py",
        "src/tinycalc/cli.py",
        "src/tinycalc/core.py",
    ]


def test_analyze_code_and_code_graph_answer_from_the_analysis(toolbox: Toolbox) -> None:
    module = json.loads(toolbox.run("analyze_code", {"target": "src/tinycalc/core.py"}))
    assert module["functions"] == {"add": "(a: int, b: int) -> int"}
    symbol = json.loads(toolbox.run("analyze_code", {"target": "Calculator.push"}))
    assert symbol[0]["signature"] == "(self, value: int) -> int"
    callers = json.loads(toolbox.run("code_graph", {"symbol": "add", "relation": "callers"}))
    assert callers == {"tinycalc.core.add": ["tinycalc.core.Calculator.push"]}
    with pytest.raises(ToolError, match="no file or symbol"):
        toolbox.run("analyze_code", {"target": "nope.missing"})


def test_search_and_guides_fall_back_to_lexical_search(toolbox: Toolbox) -> None:
    found = toolbox.run("search_code", {"query": "running total push"})
    assert found.splitlines()[0].startswith(
        "src/tinycalc/core.py:17-20 tinycalc.core.Calculator.push"
    )
    guide = toolbox.run("retrieve_knowledge", {"query": "installation pip command"})
    assert "Show the pip command first" in guide


def test_edit_and_submit_change_only_the_target(toolbox: Toolbox) -> None:
    toolbox.draft = "# A\n\nold text\n"
    toolbox.run("edit_document", {"old_string": "old text", "new_string": "new text"})
    assert toolbox.draft == "# A\n\nnew text\n"
    with pytest.raises(ToolError, match="not found"):
        toolbox.run("edit_document", {"old_string": "absent", "new_string": "x"})
    with pytest.raises(ToolError, match="may only write"):
        toolbox.run("submit_document", {"path": ".github/workflows/x.yml", "summary": "s"})
    edits = [{"old_string": "new", "new_string": "newer"}]
    toolbox.run("submit_document", {"path": "./README.md", "summary": "done", "edits": edits})
    assert toolbox.draft == "# A\n\nnewer text\n" and toolbox.submission is not None


def test_writable_refuses_ci_and_undeclared_paths() -> None:
    docs = ("README.md", "docs/api.md")
    assert writable("docs/api.md", docs) and writable("./README.md", docs)
    assert not writable(".github/workflows/x.yml", (*docs, ".github/workflows/x.yml"))
    assert not writable("setup.py", docs) and not writable("docs/../setup.py", docs)


@pytest.mark.parametrize(
    "secret",
    [
        "ghp_" + "a1B2" * 9,
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
        "sk-proj-" + "x9" * 12,
        "AKIAIOSFODNN7EXAMPLE",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
    ],
)
def test_redactor_masks_token_shapes(secret: str) -> None:
    assert Redactor().redact(f"before {secret} after") == f"before {MASK} after"


def test_redactor_masks_assignments_and_known_values_but_not_code() -> None:
    r = Redactor(["my-configured-key-123"])
    assert r.redact('password = "hunter2hunter"') == f'password = "{MASK}'.rstrip() + '"'
    assert r.redact("API_TOKEN=s3cr3tvalue") == f"API_TOKEN={MASK}"
    assert r.redact("use my-configured-key-123 here") == f"use {MASK} here"
    assert r.redact("token = get_token()") == "token = get_token()"
    assert r.redact("password: <your password>") == "password: <your password>"
    assert env_secrets({"GITHUB_TOKEN": "abcdefgh12", "HOME": "/home/someone"}) == ("abcdefgh12",)


def test_edits_outside_klaros_regions_are_refused_and_change_nothing(toolbox: Toolbox) -> None:
    draft = (
        "# tinycalc\n\nWritten by people.\n\n"
        "<!-- klaro:begin usage -->\n## Usage\n\nCall it.\n<!-- klaro:end usage -->\n"
    )
    guarded = Toolbox(
        toolbox.ws,
        toolbox.analysis,
        toolbox.graph,
        target="README.md",
        doc_paths=("README.md",),
        protect=draft,
    )
    guarded.draft = draft
    with pytest.raises(ToolError, match="outside Klaro's"):
        guarded.edit_document("Written by people.", "Rewritten by a bot.")
    with pytest.raises(ToolError, match="outside Klaro's"):
        guarded.edit_document("<!-- klaro:end usage -->\n", "")  # a broken marker, too
    with pytest.raises(ToolError, match="outside Klaro's"):
        guarded.submit_document(
            "README.md",
            "s",
            edits=[
                {"old_string": "Call it.", "new_string": "Call `add`."},
                {"old_string": "# tinycalc", "new_string": "# calc"},
            ],
        )
    assert guarded.draft == draft and guarded.submission is None  # all or nothing
    guarded.edit_document("Call it.", "Call `add` with two integers.")
    assert "Written by people." in guarded.draft and "two integers" in guarded.draft
