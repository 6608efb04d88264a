"""The agent's tools on a real sample repository: confinement, caps, redaction, facts."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from klaro.agent.tools import MAX_MATCHES, Toolbox
from klaro.agent.workspace import ToolError, Workspace, writable
from klaro.redact import MASK, Redactor, env_secrets
from klaro.scan.analyze import analyze_repository
from klaro.scan.files import scan_repository
from klaro.scan.graph import build_graph
from klaro.verify import verify
from klaro.verify.model import Finding


def run(toolbox: Toolbox, name: str, args: dict[str, Any], draft: str = "") -> str:
    """What the model reads back from one tool call."""
    return toolbox.run(name, args, draft).text


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
    out = run(
        toolbox, "read_file", {"path": "src/tinycalc/core.py", "start_line": 6, "end_line": 8}
    )
    assert out.splitlines()[0].startswith("<<<UNTRUSTED FILE src/tinycalc/core.py lines 6-8")
    assert "    6  def add(a: int, b: int) -> int:" in out
    assert "more lines; read from line 9" in out


def test_long_output_is_trimmed_and_says_so(toolbox: Toolbox) -> None:
    out = run(toolbox, "read_file", {"path": "notes.md"})
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
        run(toolbox, "read_file", {"path": path})


def test_secrets_are_redacted_in_tool_output(toolbox: Toolbox) -> None:
    out = run(toolbox, "grep", {"pattern": "line 7 ", "path": "notes.md"})
    assert "abcdef000007" not in out and MASK in out


def test_grep_caps_matches_and_rejects_bad_regex(toolbox: Toolbox) -> None:
    out = run(toolbox, "grep", {"pattern": "line", "glob": "*.md"})
    assert f"stopped at {MAX_MATCHES} matches" in out
    with pytest.raises(ToolError, match="invalid regular expression"):
        run(toolbox, "grep", {"pattern": "("})


def test_list_files_and_glob(toolbox: Toolbox) -> None:
    listing = run(toolbox, "list_files", {"directory": ".", "depth": 1})
    assert "src/" in listing and "README.md" in listing and "id_rsa" not in listing
    assert run(toolbox, "glob", {"pattern": "src/**/*.py"}).splitlines() == [
        "src/tinycalc/__init__.py",
        "src/tinycalc/cli.py",
        "src/tinycalc/core.py",
    ]


def test_analyze_code_and_code_graph_answer_from_the_analysis(toolbox: Toolbox) -> None:
    module = json.loads(run(toolbox, "analyze_code", {"target": "src/tinycalc/core.py"}))
    assert module["functions"] == {"add": "(a: int, b: int) -> int"}
    symbol = json.loads(run(toolbox, "analyze_code", {"target": "Calculator.push"}))
    assert symbol[0]["signature"] == "(self, value: int) -> int"
    callers = json.loads(run(toolbox, "code_graph", {"symbol": "add", "relation": "callers"}))
    assert callers == {"tinycalc.core.add": ["tinycalc.core.Calculator.push"]}
    with pytest.raises(ToolError, match="no file or symbol"):
        run(toolbox, "analyze_code", {"target": "nope.missing"})


def test_search_and_guides_fall_back_to_lexical_search(toolbox: Toolbox) -> None:
    found = run(toolbox, "search_code", {"query": "running total push"})
    assert found.splitlines()[0].startswith(
        "src/tinycalc/core.py:17-20 tinycalc.core.Calculator.push"
    )
    guide = run(toolbox, "retrieve_knowledge", {"query": "installation pip command"})
    assert "Show the pip command first" in guide


def test_edit_and_submit_return_the_new_draft_and_change_only_the_target(
    toolbox: Toolbox,
) -> None:
    edited = toolbox.run(
        "edit_document", {"old_string": "old text", "new_string": "new text"}, "# A\n\nold text\n"
    )
    assert edited.update == {"document_draft": "# A\n\nnew text\n"}
    with pytest.raises(ToolError, match="not found"):
        toolbox.run("edit_document", {"old_string": "absent", "new_string": "x"}, "# A\n")
    with pytest.raises(ToolError, match="may only write"):
        run(toolbox, "submit_document", {"path": ".github/workflows/x.yml", "summary": "s"})
    edits = [{"old_string": "new", "new_string": "newer"}]
    submitted = toolbox.run(
        "submit_document",
        {"path": "./README.md", "summary": "done", "edits": edits, "draft": "# forged\n"},
        "# A\n\nnew text\n",
    )
    # the draft comes from the state, never from the model's arguments
    assert submitted.update == {
        "document_draft": "# A\n\nnewer text\n",
        "submitted": True,
        "summary": "done",
    }
    schema = toolbox.tools["submit_document"].tool_call_schema.model_json_schema()
    assert "draft" not in schema["properties"]


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


def guarded_toolbox(toolbox: Toolbox, draft: str) -> Toolbox:
    """The toolbox of a run whose starting draft has Klaro's regions and people's text."""

    def check(path: str, text: str) -> list[Finding]:
        return verify(text, toolbox.analysis, path=path, graph=toolbox.graph)

    return Toolbox(
        toolbox.ws,
        toolbox.analysis,
        toolbox.graph,
        target="README.md",
        doc_paths=("README.md",),
        protect=draft,
        verifier=check,
    )


REGIONED = (
    "# tinycalc\n\nWritten by people.\n\n"
    "<!-- klaro:begin usage -->\n## Usage\n\nCall it.\n<!-- klaro:end usage -->\n"
)


def test_edits_outside_klaros_regions_are_refused_and_change_nothing(toolbox: Toolbox) -> None:
    guarded = guarded_toolbox(toolbox, REGIONED)
    with pytest.raises(ToolError, match="outside Klaro's"):
        guarded.edit_document("Written by people.", "Rewritten by a bot.", draft=REGIONED)
    with pytest.raises(ToolError, match="outside Klaro's"):
        guarded.edit_document("<!-- klaro:end usage -->\n", "", draft=REGIONED)  # a marker too
    with pytest.raises(ToolError, match="outside Klaro's"):
        guarded.submit_document(
            "README.md",
            "s",
            edits=[
                {"old_string": "Call it.", "new_string": "Call `add`."},
                {"old_string": "# tinycalc", "new_string": "# calc"},
            ],
            draft=REGIONED,
        )
    done = guarded.edit_document("Call it.", "Call `add` with two integers.", draft=REGIONED)
    text = done.update["document_draft"]
    assert "Written by people." in text and "two integers" in text


def test_a_refused_submission_names_every_problem_at_once(toolbox: Toolbox) -> None:
    """A model that rewrites the whole README hears about the regions AND the invented name."""
    guarded = guarded_toolbox(toolbox, REGIONED)
    rewrite = "# Tinycalc!\n\nAll new.\n\n## Usage\n\nCall `tinycalc.core.Calculater`.\n"
    with pytest.raises(ToolError) as refused:
        guarded.submit_document("README.md", "rewrite", content=rewrite, draft=REGIONED)
    message = str(refused.value)
    assert "2 problem(s)" in message
    assert "outside Klaro's" in message and "'usage'" in message  # the regions it may edit
    assert (
        "`tinycalc.core.Calculater`" in message
        and "did you mean: tinycalc.core.Calculator" in message
    )


def test_an_edit_that_invents_a_name_is_kept_with_a_warning(toolbox: Toolbox) -> None:
    guarded = guarded_toolbox(toolbox, REGIONED)
    done = guarded.edit_document("Call it.", "Call `tinycalc.core.divide`.", draft=REGIONED)
    assert "`tinycalc.core.divide`" in done.text and "before submitting" in done.text
    assert "divide" in done.update["document_draft"]
