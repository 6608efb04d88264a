"""`klaro check` on a sample repository: correct docs pass, each kind of code change is caught.

The README of `verify_basic` is correct by construction. Each test edits the code (or a linked
file) the way a real change would, then checks that the right line is reported with a useful
suggestion, and that changes no document depends on report nothing.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.cli import main
from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify import verify
from klaro.verify.check import CheckReport, check_repository
from klaro.verify.format import escape_property, render_github

REPO = "verify_basic"


def _check(root: Path, docs: list[str] | None = None) -> CheckReport:
    config = load_config(root, env={})
    return check_repository(config, analyze_repository(root), docs)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new))


def test_correct_readme_has_no_findings(sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo(REPO)
    report = _check(root)
    assert report.drift == ()
    assert report.documents == ("README.md", "docs/usage.md")  # CHANGELOG is history
    assert report.references == report.resolved >= 20
    assert report.coverage["cli_options"] == {"documented": 2, "total": 2}
    assert report.coverage["env_vars"] == {"documented": 1, "total": 1}
    undocumented = {f.reference for f in report.findings if f.kind == "undocumented"}
    assert undocumented == {"tinytool.cli.build_parser", "tinytool.cli.main"}


def test_verify_on_a_draft_needs_only_the_text(sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo(REPO)
    analysis = analyze_repository(root)
    readme = (root / "README.md").read_text()
    assert verify(readme, analysis) == []
    draft = readme + "\nUse `tinytool.greet_all()` or `Greeter.wave`.\n"
    found = verify(draft, analysis, ignore=["Greeter.wave"])
    assert [(f.reference, f.line) for f in found] == [("tinytool.greet_all()", 50)]


def _renamed_function(root: Path) -> None:
    for name in ("core.py", "__init__.py", "cli.py"):
        path = root / "tinytool" / name
        path.write_text(re.sub(r"\bgreet\b", "greet_person", path.read_text()))


CHANGES = {
    # change -> (edit, line, reference, a suggestion that must be offered)
    "renamed function": (_renamed_function, 8, "greet()", "greet_person"),
    "removed function": (
        lambda r: _edit(r / "tinytool/core.py", "def load_settings", "def _load_settings"),
        9,
        "tinytool.core:load_settings",
        None,
    ),
    "renamed class": (
        lambda r: [
            _edit(p, "Greeter", "Welcomer")
            for p in (r / "tinytool/core.py", r / "tinytool/__init__.py")
        ],
        8,
        "Greeter.hello",
        "Welcomer.hello",
    ),
    "renamed method": (
        lambda r: _edit(r / "tinytool/core.py", "def hello(", "def say_hello("),
        8,
        "Greeter.hello",
        "Greeter.say_hello",
    ),
    "moved module": (
        lambda r: (r / "tinytool/storage/backend.py").rename(r / "tinytool/storage/files.py"),
        24,
        "tinytool.storage.backend.FileBackend",
        "tinytool.storage.files.FileBackend",
    ),
    "removed CLI option": (
        lambda r: _edit(r / "tinytool/cli.py", '"--shout"', '"--loud"'),
        39,
        "tinytool hello Ada --shout --times 2",
        "--loud",
    ),
    "renamed env var": (
        lambda r: _edit(r / "tinytool/core.py", '"TINYTOOL_HOME"', '"TINYTOOL_DIR"'),
        9,
        "TINYTOOL_HOME",
        "TINYTOOL_DIR",
    ),
    "deleted linked file": (
        lambda r: (r / "LICENSE").unlink(),
        47,
        "LICENSE",
        None,
    ),
    "renamed heading": (
        lambda r: _edit(r / "docs/usage.md", "## Advanced usage", "## Going further"),
        47,
        "docs/usage.md#advanced-usage",
        None,
    ),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_each_change_is_reported_on_its_line(
    sample_repo: Callable[[str], Path], change: str
) -> None:
    root = sample_repo(REPO)
    edit, line, reference, suggestion = CHANGES[change]
    edit(root)
    drift = _check(root).drift
    hits = [f for f in drift if f.reference == reference]
    assert hits, f"{change}: {reference!r} not reported; got {drift}"
    assert hits[0].line == line and hits[0].file == "README.md"
    if suggestion:
        assert any(suggestion in s for s in hits[0].suggestions), hits[0]
    assert hits[0].kind == (
        "dead-link" if change.startswith(("deleted", "renamed heading")) else "unresolved"
    )


def test_renamed_class_reports_every_use(sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo(REPO)
    CHANGES["renamed class"][0](root)
    lines = {f.line for f in _check(root).drift}
    assert {8, 12} <= lines  # the prose mention and the example's import


@pytest.mark.parametrize(
    "edit",
    [
        lambda r: _edit(r / "tinytool/core.py", "_decorate", "_styled"),
        lambda r: _edit(r / "tinytool/core.py", "text.upper()", "text.upper().strip()"),
        lambda r: _edit(r / "tinytool/cli.py", "build_parser", "make_parser"),
    ],
    ids=["private helper renamed", "function body edited", "undocumented function renamed"],
)
def test_changes_that_stale_no_doc_report_nothing(
    sample_repo: Callable[[str], Path], edit: Callable[[Path], None]
) -> None:
    root = sample_repo(REPO)
    edit(root)
    assert _check(root).drift == ()


def test_config_can_ignore_references_and_documents(sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo(REPO)
    _edit(root / "tinytool/core.py", "def hello(", "def say_hello(")
    (root / "LICENSE").unlink()
    (root / ".klaro.yml").write_text("ignore_references: ['Greeter.hello', 'LICENSE']\n")
    assert _check(root).drift == ()
    (root / ".klaro.yml").write_text("check_exclude: ['README.md']\n")
    assert _check(root).documents == ("docs/usage.md",)


def test_cli_exit_codes_and_json_shape(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo(REPO)
    assert main(["check", str(root), "--no-cache", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"references", "resolved", "findings", "coverage"}
    assert data["references"] == data["resolved"]
    _edit(root / "tinytool/core.py", "def hello(", "def say_hello(")
    assert main(["check", str(root), "--no-cache", "--format", "json"]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    drift = [f for f in findings if f["kind"] == "unresolved"]
    assert set(drift[0]) == {"kind", "file", "line", "reference", "message", "suggestions"}
    assert drift[0]["suggestions"][0] == "Greeter.say_hello"
    assert main(["check", str(root), "--no-cache"]) == 1
    out = capsys.readouterr().out
    assert "README.md:8: unresolved: `Greeter.hello` does not exist" in out


def test_cli_usage_and_config_errors_exit_2(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo(REPO)
    assert main(["check", str(root), "--no-cache", "--docs", "nothing/*.md"]) == 2
    assert "no document matches nothing/*.md" in capsys.readouterr().err
    (root / ".klaro.yml").write_text("check_docs: README.md\n")
    assert main(["check", str(root), "--no-cache"]) == 2
    assert "key 'check_docs' must be a list of strings" in capsys.readouterr().err


def test_github_format_escapes_workflow_commands(sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo(REPO)
    shutil.copy(root / "README.md", root / "a,b:c.md")
    (root / "LICENSE").unlink()
    out = render_github(_check(root, ["a,b:c.md"]))
    lines = out.splitlines()
    assert lines[0] == (
        "::warning file=a%2Cb%3Ac.md,line=47,title=dead-link::link target `LICENSE` does not exist"
    )
    assert lines[-1].startswith("::notice title=klaro check::1 documents,")
    assert "%0A" in lines[-1] and "\n" not in lines[-1]
    assert escape_property("50%\r\n") == "50%25%0D%0A"


def test_klaros_own_docs_pass_its_check() -> None:
    """Klaro's README and docs describe Klaro: every reference in them must resolve."""
    root = Path(__file__).parents[1]
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    assert "README.md" in report.documents
    assert [f"{f.file}:{f.line}: {f.message}" for f in report.drift] == []


def test_a_guide_quoting_an_example_private_key_is_still_checked(tmp_path: Path) -> None:
    (tmp_path / "tok").mkdir()
    (tmp_path / "tok/__init__.py").write_text(
        "def encode(payload, key, algorithm='HS256'):\n    return payload\n"
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/usage.md").write_text(
        "# Usage\n\n```python\nimport tok\n\nkey = b'''-----BEGIN PRIVATE KEY-----\nMIGEAgEA\n"
        "-----END PRIVATE KEY-----'''\ntok.encode({}, key, algorithm='RS256')\n"
        "tok.encode({}, key, algo='RS256')\n```\n"
    )
    analysis = analyze_repository(tmp_path)
    assert [s.reason for s in analysis.skipped if s.path == "docs/usage.md"] == ["secret"]
    report = check_repository(load_config(tmp_path, env={}), analysis)
    assert "docs/usage.md" in report.documents
    assert [(f.file, f.line, f.message) for f in report.drift] == [
        ("docs/usage.md", 10, "`encode()` has no parameter `algo`")
    ]
