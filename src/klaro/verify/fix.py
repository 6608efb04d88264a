"""`klaro check --fix` as a function: repair proven renames in the docs, report the rest.

The evidence is the documented state (git history or the `.klaro/state.json` snapshot, see
`scan.history`) compared with the current analysis (`scan.changes`); the rewriting is
`verify.repair`. What stays unresolved afterwards is what the checker still reports on the
repaired text, plus the lines naming removed or ambiguously renamed things.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from klaro.config import Config
from klaro.scan.changes import Change, compare
from klaro.scan.history import Baseline, commit_of
from klaro.scan.model import Analysis
from klaro.scan.names_build import names_of
from klaro.scan.state import State, build_state
from klaro.verify import project_index, verify
from klaro.verify.check import DRIFT, check_repository
from klaro.verify.former import Former
from klaro.verify.model import Finding
from klaro.verify.repair import (
    DocumentFix,
    Edit,
    Proposal,
    Review,
    Rule,
    plan_rules,
    repair_document,
    shifted,
)
from klaro.verify.resolve import Resolver

# Rewrites a document's reviewed lines in place when it can prove the result (a model's
# proposals, `agent.propose`); what it cannot settle stays in `reviews`.
Propose = Callable[[DocumentFix, "FixReport"], None]


@dataclass(frozen=True)
class FixedLine:
    """A repaired line as the Action's "Fixed drift" table shows it."""

    file: str
    line: int
    old: str
    new: str
    commit: str  # the commit that made the change, when history says
    proposed: bool = False  # written by the model (then checked), not a proven rename


@dataclass
class FixReport:
    """What `check --fix` found, changed and left for people."""

    origin: str  # where the documented state came from; "" when none was found
    current: State
    changes: list[Change] = field(default_factory=list)
    documents: list[DocumentFix] = field(default_factory=list)
    remaining: list[Finding] = field(default_factory=list)  # drift the checker still reports
    fixed: list[FixedLine] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)  # to repair other texts the same way
    scripts: list[str] = field(default_factory=list)
    hints: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # one line each, e.g. the model failed
    base: State | None = None  # the documented state compared with

    def documented_state(self) -> State:
        """The snapshot to keep: what the docs are now true for.

        That is the current state, plus the old items the docs still name in lines left for
        review (a removed method): without them, the next run would have no evidence left for
        those lines, and `klaro check` could not tell that their name was once the code's.
        """
        pending = {(r.change.kind, r.change.old) for r in self.reviews}
        if not pending or self.base is None:
            return self.current
        kept = tuple(
            i
            for i in self.base.items
            if (i.kind, i.name) in pending and self.current.get(i.kind, i.name) is None
        )
        current = self.current
        return State(current.items + kept, current.source, current.scripts) if kept else current

    @property
    def edits(self) -> list[Edit]:
        return [e for d in self.documents for e in d.edits]

    @property
    def proposals(self) -> list[Proposal]:
        return [p for d in self.documents for p in d.proposals]

    @property
    def reviews(self) -> list[Review]:
        return [r for d in self.documents for r in d.reviews]

    @property
    def unresolved(self) -> bool:
        return bool(self.remaining or self.reviews)

    def changed(self) -> list[DocumentFix]:
        return [d for d in self.documents if d.after != d.before]

    def diff(self) -> str:
        """A unified diff of every repaired document, as `git apply` reads it."""
        return "".join(
            "".join(
                difflib.unified_diff(
                    d.before.splitlines(keepends=True),
                    d.after.splitlines(keepends=True),
                    f"a/{d.path}",
                    f"b/{d.path}",
                )
            )
            for d in self.changed()
        )


def fix_drift(
    config: Config,
    analysis: Analysis,
    base: Baseline | None,
    docs: Sequence[str] | None = None,
    propose: Propose | None = None,
) -> FixReport:
    """Repair the documents for the renames between `base` and `analysis`; nothing is written.

    With `propose`, the lines left for review are offered to it after the certain fixes.
    """
    current = build_state(analysis, config.root)
    report = FixReport(base.origin if base else "", current, base=base.state if base else None)
    if base is not None:
        report.changes = compare(base.state, current)
    rules = report.rules = plan_rules(report.changes, current, names_of(analysis))
    scripts = report.scripts = sorted(set(current.scripts) | project_index(analysis).scripts)
    former = _former(config, analysis, base)
    before = check_repository(config, analysis, docs, former)
    resolver = Resolver(project_index(analysis), config.ignore_references, former)
    for path in before.documents:
        with open(config.root / path, encoding="utf-8", errors="replace", newline="") as handle:
            text = handle.read()
        fix = repair_document(path, text, rules, scripts)
        if propose is not None and fix.reviews:
            propose(fix, report)
        report.documents.append(fix)
        if fix.after == text:
            edited = {e.line for e in fix.edits}
            report.remaining += [f for f in before.drift if f.file == path and f.line not in edited]
        else:
            report.remaining += verify(fix.after, analysis, path=path, resolver=resolver)
    report.remaining = [f for f in report.remaining if f.kind in DRIFT]
    reviewed = {(r.file, r.line) for r in report.reviews}
    for finding in report.remaining:  # the checker's "did you mean" goes with the review line
        if (finding.file, finding.line) in reviewed and finding.suggestions:
            report.hints.setdefault((finding.file, finding.line), finding.suggestions)
    report.remaining = [f for f in report.remaining if (f.file, f.line) not in reviewed]
    report.fixed = _fixed_lines(config.root, base, report.documents)
    return report


def _former(config: Config, analysis: Analysis, base: Baseline | None) -> Former | None:
    """The documented state's gone names, for the lines no rename repairs: a module constant
    the code dropped (`DEFAULT_TIMEOUT` in a sentence) is still reported, not passed over."""
    if base is None:
        return None
    where = f"commit {base.revision[:12]}" if base.revision else base.origin
    return Former(config.root, analysis, base_state=base.state, base_label=where, advice="")


def change_commit(root: Path, base: Baseline | None) -> Callable[[Change], str]:
    """The commit that made a change, when the baseline is a git revision ("" otherwise)."""
    commits: dict[str, str] = {}

    def commit(change: Change) -> str:
        if base is None or not base.revision:
            return ""
        key = change.old_token
        if key not in commits:
            commits[key] = commit_of(root, base.revision, key)
        return commits[key]

    return commit


def _fixed_lines(root: Path, base: Baseline | None, fixes: list[DocumentFix]) -> list[FixedLine]:
    """One row per replaced token or proposed passage, with the commit that made the change."""
    rows = []
    commit = change_commit(root, base)
    for fix in fixes:
        for edit in fix.edits:
            for (old, new), change in zip(edit.renames, _changes_for(edit), strict=False):
                rows.append(FixedLine(edit.file, edit.line, old, new, commit(change)))
        rows += proposed_rows(fix.proposals, commit)
    return sorted(rows, key=lambda r: (r.file, r.line))


def proposed_rows(
    proposals: Sequence[Proposal], commit: Callable[[Change], str]
) -> list[FixedLine]:
    """Rows for the model's proposals: the stale name, the first new line, at its final line."""
    rows = []
    for p in proposals:
        line = shifted(p.first, [q for q in proposals if q is not p])
        old_lines, new_lines = p.before.splitlines(), p.after.splitlines()
        changed = [n for i, n in enumerate(new_lines) if i >= len(old_lines) or n != old_lines[i]]
        shown = (changed or new_lines or [""])[0].strip()
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        for review in p.reviews:
            rows.append(
                FixedLine(p.file, line, review.change.old_token, shown, commit(review.change), True)
            )
    return rows


def _changes_for(edit: Edit) -> list[Change]:
    """The change behind each replaced token of an edit, in order."""
    out = []
    for old, _ in edit.renames:
        match = next((c for c in edit.changes if old in {c.old_token, c.old}), edit.changes[0])
        out.append(match)
    return out


def render_fix(report: FixReport, *, written: bool) -> str:
    """What was (or would be) fixed, what needs a person, and a summary line."""
    verb = "fixed" if written else "would fix"
    out = [f"{e.file}:{e.line}: {verb}: {_pairs(e)}\n" for e in report.edits]
    for row in report.fixed:
        if row.proposed:
            out.append(f"{row.file}:{row.line}: {verb} (proposed by the model): `{row.old}`\n")
    for r in report.reviews:
        more = _did_you_mean(report.hints.get((r.file, r.line), ()))
        note = f"; {r.note}" if r.note else ""
        out.append(f"{r.file}:{r.line}: review: {r.reason}{more}{note}\n")
    for f in report.remaining:
        out.append(f"{f.file}:{f.line}: {f.kind}: {f.message}{_did_you_mean(f.suggestions)}\n")
    out += [f"{note}\n" for note in report.notes]
    renamed = sum(1 for c in report.changes if c.certain)
    source = report.origin or "no git history and no .klaro/state.json: nothing to compare"
    out.append(
        f"{len(report.edits)} lines {verb} in {len(report.changed())} documents"
        f"{_proposed(report)}; "
        f"{len(report.reviews)} to review, {len(report.remaining)} unresolved "
        f"({renamed} renames, {len(report.changes) - renamed} other changes since {source})\n"
    )
    return "".join(out)


def _proposed(report: FixReport) -> str:
    count = len(report.proposals)
    return f" and {count} passage(s) rewritten by the model" if count else ""


def _did_you_mean(names: Sequence[str]) -> str:
    return " (did you mean " + ", ".join(f"`{n}`" for n in names) + "?)" if names else ""


def _pairs(edit: Edit) -> str:
    return ", ".join(f"`{old}` -> `{new}`" for old, new in edit.renames)
