"""What `klaro generate` writes offline, `klaro check` accepts, on real packages of every shape.

For each pinned sdist the tree is copied, `klaro generate --doc all` writes README.md and
docs/api.md, and `klaro check --format json` must find no `unresolved` reference and no
`dead-link` on any line inside Klaro's regions (the package's own README text outside them
may drift; that is the checker's business, see test_verify_realworld). A second run with the
original README removed checks a README Klaro wrote whole. `generate --diff` then exits 0.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from klaro.cli import main

pytestmark = pytest.mark.realworld

# name, version, shape, fewest references the generated docs must have had checked
PACKAGES = [
    ("click", "8.1.7", "setup.cfg with an attr: version, Sphinx docstrings", 600),
    ("rich", "13.7.1", "big library, Google docstrings, poetry", 1300),
    ("attrs", "23.2.0", "two packages, attr and attrs, hatch", 200),
    ("httpx", "0.27.0", "click CLI behind an entry point, Markdown docstrings", 300),
    ("pipdeptree", "2.23.0", "argparse CLI application", 10),
    ("cookiecutter", "2.6.0", "click CLI application, setup.py", 120),
]
DOCS = ("README.md", "docs/api.md")


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, 1), err.getvalue()
    return code, out.getvalue()


def _managed_lines(text: str) -> set[int]:
    """Line numbers inside Klaro's regions, markers included (Markdown or reST comments)."""
    lines: set[int] = set()
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        inside = inside or line.startswith(("<!-- klaro:begin ", ".. klaro:begin "))
        if inside:
            lines.add(number)
        if line.startswith(("<!-- klaro:end ", ".. klaro:end ")):
            inside = False
    return lines


def _roundtrip(root: Path) -> dict[str, Any]:
    """Generate offline, check the result; return the report and the drift in Klaro's lines."""
    common = ["--no-cache", "--quiet", str(root)]
    assert _run(["generate", "--offline", "--doc", "all", *common]) == (0, "")
    # a package's README.rst is updated in place: no second README appears beside it
    docs = [d if (root / d).exists() else "README.rst" for d in DOCS]
    code, out = _run(["check", "--format", "json", *common, "--docs", *docs])
    report = json.loads(out)
    report["exit"] = code
    managed = {d: _managed_lines((root / d).read_text(encoding="utf-8")) for d in docs}
    report["drift"] = [
        (f["file"], f["line"], f["kind"], f["reference"], f["suggestions"])
        for f in report["findings"]
        if f["kind"] in {"unresolved", "dead-link"} and f["line"] in managed[f["file"]]
    ]
    report["diff"] = _run(["generate", "--offline", "--doc", "all", "--diff", *common])
    return report


@pytest.mark.parametrize(
    ("name", "version", "shape", "least"), PACKAGES, ids=[p[0] for p in PACKAGES]
)
def test_generated_docs_pass_the_check_and_regenerate_to_the_same_bytes(
    sdist: Callable[[str, str], Path],
    tmp_path: Path,
    name: str,
    version: str,
    shape: str,
    least: int,
) -> None:
    source = sdist(name, version)
    for variant in ("kept", "bare"):
        root = tmp_path / variant
        shutil.copytree(source, root)
        if variant == "bare":  # a README Klaro writes whole, nobody's text around it
            for readme in root.glob("README*"):
                readme.unlink()
        report = _roundtrip(root)
        print(f"{name} {version} ({shape}), {variant} README: {report['references']} references")
        assert report["drift"] == [], variant
        if variant == "bare":  # every line is Klaro's: the check passes as a whole
            assert report["exit"] == 0
        assert report["references"] >= least, variant
        assert report["diff"] == (0, ""), variant  # a second run changes nothing
