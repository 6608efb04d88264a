"""Drift and reStructuredText on real packages: a subset of benchmarks/drift.py as floors.

The cases come from the benchmark's own data (tuning part only; held-out cases stay unseen);
the floors are what main's checker plus the rst reader reach, so a change that loses real
drift, or starts flagging decoys, fails here. Full figures: `python benchmarks/drift.py`.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository

BENCH = Path(__file__).parents[1] / "benchmarks"
sys.path.insert(0, str(BENCH))
import drift  # noqa: E402  (the benchmark's edit and stale-line logic, not a copy)

pytestmark = [
    pytest.mark.realworld,
    pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary"),
]
Sdist = Callable[[str, str], Path]
# package -> mutations the checker must find (of the tuning cases)
FLOORS = {"loguru": 7, "python-dotenv": 6, "yamllint": 6, "python-decouple": 5}


def _cases(package: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    data = yaml.safe_load((BENCH / "data" / "drift_mutations.yaml").read_text())
    cases = [c for c in data["cases"] if c["package"] == package and not c.get("heldout")]
    return data["packages"][package], cases


@pytest.mark.parametrize("package", sorted(FLOORS))
def test_drift_floor_and_no_decoy_flagged(sdist: Sdist, tmp_path: Path, package: str) -> None:
    spec, cases = _cases(package)
    root = tmp_path / package
    shutil.copytree(sdist(package, spec["version"]), root)
    drift.commit_all(root)  # edits stay uncommitted: the check knows the names HEAD had
    before = drift.drift_keys(root, spec.get("docs"), True)
    found, noisy = [], []
    for case in cases:
        targets = drift.stale_lines(root, case)
        undo = drift.apply(root, case["edits"])
        try:
            new = drift.drift_keys(root, spec.get("docs"), True) - before
        finally:
            drift.restore(undo)
        if case["kind"] == "decoy":
            noisy += [case["id"]] if new else []
        else:
            found += [case["id"]] if any((f, line) in targets for f, line, _ in new) else []
            noisy += [case["id"]] if any((f, line) not in targets for f, line, _ in new) else []
    assert noisy == []
    assert len(found) >= FLOORS[package], found
    if package == "python-decouple":  # bare class names in prose, known through history
        assert {"decouple-rename-autoconfig", "decouple-rename-error"} <= set(found)


def test_rst_docs_of_yamllint_resolve(sdist: Sdist) -> None:
    root = sdist("yamllint", "1.35.1")
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    assert "README.rst" in report.documents and "docs/configuration.rst" in report.documents
    assert "CHANGELOG.rst" not in report.documents  # history: opt-in
    assert report.drift == ()
    assert report.references == report.resolved >= 60


def test_loguru_readme_rst_names_logger_methods(sdist: Sdist) -> None:
    root = sdist("loguru", "0.7.2")
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    assert report.documents == ("README.rst",)
    assert report.drift == () and report.references >= 30
