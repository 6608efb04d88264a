"""Drift repair on real packages: renames made as a second commit, then `klaro check --fix`.

Usage: python benchmarks/repair.py [--heldout] [--only NAME] [--mode git|snapshot|both]

For each pinned sdist in `data/repair_mutations.yaml`: a git repository with the sdist as its
first commit, the renames (code edits, file moves) as its second; `klaro check --fix` runs on
it (mode `git`), and on a copy without history whose first state was recorded by a first
`klaro check --fix` in `.klaro/state.json` (mode `snapshot`). The expected docs come from the
mutations' `docs` replacements (whole-token, over the documents `klaro check` reads): a stale
line is repaired when Klaro's line equals the expected one; any other line Klaro changed is an
edit elsewhere. Held-out mutations are applied only with `--heldout` (confirmation runs).
Targets: >= 90% of stale lines repaired, 0 edits elsewhere.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml
from sdists import Unavailable, fetch_sdist

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import find_documents

DATA = Path(__file__).parent / "data" / "repair_mutations.yaml"
GIT = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.com"]


def apply_code(root: Path, mutation: dict[str, Any]) -> None:
    """Make one rename in the code: file moves, then literal or whole-identifier edits."""
    if mutation.get("move"):
        old, new = mutation["move"]
        (root / old).rename(root / new)
    for pattern, mode, old, new in mutation.get("code", []):
        changed = 0
        for path in sorted(root.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            if mode == "word":
                after = re.sub(rf"\b{re.escape(old)}\b", new, text)
            else:
                after = text.replace(old, new)
            if after != text:
                path.write_text(after, encoding="utf-8")
                changed += 1
        if not changed:
            raise SystemExit(f"mutation {old!r} -> {new!r} changed nothing in {pattern}")


def expected_docs(root: Path, docs: list[str], mutations: list[dict[str, Any]]) -> dict[str, str]:
    """What a careful person would make of each document: the `docs` replacements."""
    out = {}
    for path in docs:
        text = (root / path).read_text(encoding="utf-8", errors="replace")
        for mutation in mutations:
            for old, new in mutation["docs"]:
                text = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", new, text)
        out[path] = text
    return out


def kinds_of(line: str, mutations: list[dict[str, Any]]) -> set[str]:
    return {
        m["kind"]
        for m in mutations
        for old, _ in m["docs"]
        if re.search(rf"(?<![\w-]){re.escape(old)}(?![\w-])", line)
    }


def klaro_fix(root: Path) -> int:
    """Run `klaro check --fix` (no model: certain fixes only); return the lines left for review."""
    env = {**os.environ, "GITHUB_BASE_REF": ""}
    done = subprocess.run(
        [sys.executable, "-m", "klaro", "check", "--fix", "--no-cache", "-q", str(root)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):  # 0: all repaired, 1: some left for review; else a crash
        raise SystemExit(f"klaro check --fix failed on {root}:\n{done.stderr[-2000:]}")
    found = re.search(r"; (\d+) to review", done.stdout)
    return int(found.group(1)) if found else 0


def score(
    root: Path,
    before: dict[str, str],
    expected: dict[str, str],
    mutations: list[dict[str, Any]],
    tally: Counter[str],
) -> list[str]:
    """Count stale lines repaired (per kind) and edits elsewhere; return the misses."""
    misses = []
    for path, old_text in before.items():
        got = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
        want = expected[path].splitlines()
        old = old_text.splitlines()
        if len(got) != len(old):
            tally["elsewhere"] += 1
            misses.append(f"{path}: line count changed")
            continue
        for number, (o, w, g) in enumerate(zip(old, want, got, strict=True), 1):
            if o != w:
                for kind in kinds_of(o, mutations) or {"?"}:
                    tally[f"stale:{kind}"] += 1
                    tally[f"fixed:{kind}"] += g == w
                tally["stale"] += 1
                tally["fixed"] += g == w
                if g != w:
                    misses.append(
                        f"{path}:{number}: want {w.strip()[:90]!r}, got {g.strip()[:90]!r}"
                    )
            elif g != o:
                tally["elsewhere"] += 1
                misses.append(f"{path}:{number}: edited elsewhere: {g.strip()[:90]!r}")
    return misses


def run_package(spec: dict[str, Any], mode: str, heldout: bool, tally: Counter[str]) -> list[str]:
    source = fetch_sdist(spec["package"], str(spec["version"]))
    mutations = [m for m in spec["mutations"] if heldout or not m.get("heldout")]
    with tempfile.TemporaryDirectory(prefix="klaro-repair-") as tmp:
        root = Path(tmp) / spec["package"]
        shutil.copytree(source, root, ignore=shutil.ignore_patterns(".git", ".klaro"))
        if mode == "git":
            subprocess.run(["git", "init", "-q", str(root)], check=True)
            subprocess.run([*GIT, "-C", str(root), "add", "-A"], check=True)
            subprocess.run([*GIT, "-C", str(root), "commit", "-qm", "v1"], check=True)
        else:
            klaro_fix(root)  # no history, no snapshot yet: records .klaro/state.json
        config = load_config(root)
        docs = find_documents(config, analyze_repository(root), None)
        before = {p: (root / p).read_text(encoding="utf-8", errors="replace") for p in docs}
        expected = expected_docs(root, docs, mutations)
        for mutation in mutations:
            apply_code(root, mutation)
        if mode == "git":
            subprocess.run([*GIT, "-C", str(root), "add", "-A"], check=True)
            subprocess.run([*GIT, "-C", str(root), "commit", "-qm", "renames"], check=True)
        tally["review"] += klaro_fix(root)
        return score(root, before, expected, mutations, tally)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heldout", action="store_true", help="apply held-out mutations too")
    parser.add_argument("--only", help="one package")
    parser.add_argument("--mode", choices=("git", "snapshot", "both"), default="both")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    args = parser.parse_args()
    packages = yaml.safe_load(DATA.read_text())["packages"]
    modes = ("git", "snapshot") if args.mode == "both" else (args.mode,)
    for mode in modes:
        tally: Counter[str] = Counter()
        renames = 0
        start = time.perf_counter()
        for spec in packages:
            if args.only and spec["package"] != args.only:
                continue
            try:
                misses = run_package(spec, mode, args.heldout, tally)
            except Unavailable as exc:
                print(f"skipped {exc}")
                continue
            renames += sum(1 for m in spec["mutations"] if args.heldout or not m.get("heldout"))
            print(f"[{mode}] {spec['package']}: {len(misses)} misses")
            for miss in misses if args.verbose else misses[:5]:
                print("   ", miss)
        kinds = sorted(k.split(":", 1)[1] for k in tally if k.startswith("stale:"))
        per_kind = ", ".join(f"{k} {tally['fixed:' + k]}/{tally['stale:' + k]}" for k in kinds)
        ratio = tally["fixed"] / tally["stale"] if tally["stale"] else 0.0
        print(
            f"[{mode}] {renames} renames, {tally['stale']} stale lines, {tally['fixed']} repaired "
            f"({ratio:.1%}), {tally['elsewhere']} edits elsewhere, {tally['review']} lines left "
            f"for review (what --propose would hand to a model); {per_kind} "
            f"({time.perf_counter() - start:.0f} s)"
        )


if __name__ == "__main__":
    main()
