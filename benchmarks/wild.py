"""False alarms in the wild: `klaro check` on the shipped docs of real projects.

For each project (pinned sdists, cached under ~/.cache/klaro-bench) it runs the check exactly
as `klaro check` does (default document selection) and prints documents, references checked,
drift findings (unresolved and dead links) and, from the verdicts in
`data/wild_verdicts.yaml` (each finding inspected by hand: true drift or false alarm, and why),
the false alarms per 500 references (findings on files an sdist leaves out are counted apart).
Findings without a verdict are listed as `unjudged`, so a change to the checker that adds
findings shows up until someone inspects them.
Target: <= 1 false alarm per 500 references.

Projects marked `heldout: true` are a confirmation set: the default run checks only the tuning
projects, so fixes are made without looking at the held-out ones; `--confirm` runs only the
held-out projects and `--all` both, for the record.

Run: `python benchmarks/wild.py [--confirm | --all] [--project NAME] [--list]` (`--list` prints
every finding with its verdict, to write or review verdicts).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import yaml
from sdists import Unavailable, fetch_sdist

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository

DATA = Path(__file__).parent / "data" / "wild_verdicts.yaml"


CRASHED: list[str] = []  # projects where the check raised: never a silent zero


def key(file: str, line: int, reference: str) -> str:
    """How a finding is named in the verdict file."""
    return f"{file}:{line}: {reference}"


def run(project: dict[str, Any], show: bool) -> dict[str, int] | None:
    """Check one project; print its row (and findings with `show`); return its counts."""
    name, version = project["name"], str(project["version"])
    try:
        root = fetch_sdist(name, version)
    except Unavailable as exc:
        print(f"skip {name}: {exc}", file=sys.stderr)
        return None
    try:
        report = check_repository(load_config(root, env={}), analyze_repository(root))
    except Exception as exc:  # the checker crashing on a project is a result, not the end
        print(f"{name + ' ' + version:28} klaro check failed: {exc!r}")
        CRASHED.append(name)
        return None
    verdicts: dict[str, dict[str, str]] = project.get("verdicts") or {}
    counts = {"docs": len(report.documents), "refs": report.references, "drift": 0}
    counts.update({"true": 0, "false": 0, "absent": 0, "unjudged": 0, "unresolved": 0})
    for finding in report.drift:
        counts["drift"] += 1
        counts["unresolved"] += finding.kind == "unresolved"
        verdict = verdicts.get(key(finding.file, finding.line, finding.reference))
        label = verdict["verdict"] if verdict else "unjudged"
        labels = {"drift": "true", "false-alarm": "false", "not-shipped": "absent"}
        counts[labels.get(label, "unjudged")] += 1
        if show:
            why = verdict["why"] if verdict else finding.message
            print(f"    [{label}] {key(finding.file, finding.line, finding.reference)} -- {why}")
    reported = {key(f.file, f.line, f.reference) for f in report.drift}
    gone = [k for k in verdicts if k not in reported]
    counts["gone_false"] = sum(verdicts[k]["verdict"] == "false-alarm" for k in gone)
    counts["gone_true"] = sum(verdicts[k]["verdict"] == "drift" for k in gone)
    if show:
        for k in gone:
            print(f"    [no longer reported, was {verdicts[k]['verdict']}] {k}")
    rate = 500 * counts["false"] / counts["refs"] if counts["refs"] else 0.0
    print(
        f"{name + ' ' + version:28} {counts['docs']:5} {counts['refs']:6} {counts['unresolved']:6}"
        f" {counts['drift'] - counts['unresolved']:5} {counts['true']:5} {counts['false']:5}"
        f" {counts['absent']:5} {counts['unjudged']:5} {rate:8.2f}"
    )
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", action="append", help="only these projects")
    parser.add_argument("--list", action="store_true", help="print every finding and verdict")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--confirm", action="store_true", help="run only the held-out projects")
    group.add_argument("--all", action="store_true", help="run tuning and held-out projects")
    args = parser.parse_args(argv)
    projects = [
        p
        for p in yaml.safe_load(DATA.read_text(encoding="utf-8"))["projects"]
        if args.all or bool(p.get("heldout")) == args.confirm
    ]
    part = "all" if args.all else "held-out" if args.confirm else "tuning"
    print(f"{part} projects: {len(projects)}")
    start = time.perf_counter()
    head = ("project", "docs", "refs", "unres", "dead", "true", "false", "nship", "unjdg", "FA/500")
    print("{:28} {:>5} {:>6} {:>6} {:>5} {:>5} {:>5} {:>5} {:>5} {:>8}".format(*head))
    total = {"refs": 0, "false": 0, "true": 0, "absent": 0, "unjudged": 0, "drift": 0}
    total.update({"gone_false": 0, "gone_true": 0})
    for project in projects:
        if args.project and project["name"] not in args.project:
            continue
        counts = run(project, args.list)
        for field in total if counts else ():
            total[field] += counts[field] if counts else 0
    rate = 500 * total["false"] / total["refs"] if total["refs"] else 0.0
    print(
        f"all: {total['refs']} references, {total['drift']} findings: {total['true']} true drift,"
        f" {total['false']} false alarms ({rate:.2f} per 500 references),"
        f" {total['absent']} on files the sdists leave out, {total['unjudged']} unjudged"
    )
    print(
        f"judged findings no longer reported: {total['gone_false']} false alarms,"
        f" {total['gone_true']} true drift (a drop in true drift found is a regression)"
    )
    if CRASHED:
        print(f"klaro check crashed on {len(CRASHED)} projects: {', '.join(CRASHED)}")
    print(f"time: {time.perf_counter() - start:.1f} s")
    return 1 if CRASHED else 0


if __name__ == "__main__":
    raise SystemExit(main())
