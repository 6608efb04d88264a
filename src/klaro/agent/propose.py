"""Uncertain drift handed to the model: one bounded call per stale passage, kept only if it checks.

A removal or an ambiguous rename cannot be repaired by rule (`verify.repair` lists it for
review). With a model configured, each such line goes to the model with a small window around
it (its paragraph, list item or the inside of its code block), the evidence of what changed
and the checker's suggestions. The model answers with JSON: the lines it replaces (inside the
window) and their new text, or "leave". One plain call per window, not the agent's ReAct loop:
the evidence is already gathered, so there is nothing to explore, and a single structured reply
is cheap, bounded and easy to reject. A reply is applied only when the replaced lines lie
inside the window, are not emptied or blown up, keep the document's structure, no longer name
the stale thing, and the checker passes the edited document without new drift; otherwise the
review stays listed for people, with the reason. Repository text reaches the model redacted
and inside untrusted-data delimiters, as everywhere in the agent.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from klaro.agent.prompts import doc_format, render
from klaro.agent.workspace import untrusted
from klaro.verify import verify
from klaro.verify.check import DRIFT
from klaro.verify.model import Finding
from klaro.verify.repair import (
    DocumentFix,
    Proposal,
    Review,
    Rule,
    apply_proposals,
    code_lines,
    repair_document,
    shifted,
)

if TYPE_CHECKING:
    from klaro.config import Config
    from klaro.redact import Redactor
    from klaro.scan.changes import Change
    from klaro.scan.model import Analysis
    from klaro.verify.fix import FixReport

Ask = Callable[[str], str]  # the task prompt -> the model's reply text

_PARAGRAPH_LINES = 12  # a longer paragraph or block is cut to the stale line and its neighbours
_BLOCK_LINES = 30
_AROUND = 3
_WINDOW_CHARS = 4000  # what one passage may put in a prompt, so every call stays small
_FENCE = re.compile(r"^\s*(```|~~~)")
_DIRECTIVE = re.compile(r"^\s*\.\.\s+[\w:-]+::")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_HEADING = re.compile(r"^\s*#{1,6}\s|^([=\-~^\"'`#*+])\1{2,}\s*$")


@dataclass(frozen=True)
class Window:
    """The lines (1-based, inclusive) the model may rewrite for some reviews."""

    first: int
    last: int


@dataclass
class Proposer:
    """Ask the model about a document's reviews and apply what passes; counts what it did."""

    ask: Ask
    analysis: Analysis
    ignore: Sequence[str] = ()
    commit_for: Callable[[Change], str] = lambda change: ""
    describe_failure: Callable[[Exception], str] = lambda exc: type(exc).__name__
    asked: int = 0
    applied: int = 0
    failure: str = ""  # set by the first model failure; no further calls are made
    skipped: int = 0  # reviews never asked about because the model had failed

    rules: Sequence[Rule] = ()  # the repair's rules, to tell whether a stale name remains
    scripts: Sequence[str] = ()

    def __call__(self, fix: DocumentFix, report: FixReport) -> None:
        """Replace reviewed windows of `fix.after` with checked proposals; keep the rest."""
        if not fix.reviews:
            return
        self.rules, self.scripts = report.rules, report.scripts
        lines = fix.after.splitlines(keepends=True)
        drift = self._drift(fix.after, fix.path)
        accepted: list[Proposal] = []
        kept: list[Review] = []
        for window, reviews in windows(fix.reviews, lines, fix.path):
            if self.failure:
                self.skipped += len(reviews)
                kept += reviews
                continue
            verdict = self._propose(fix.path, lines, window, reviews, drift)
            if isinstance(verdict, Proposal):
                accepted.append(verdict)
            else:
                kept += [replace(r, note=verdict) for r in reviews]
        if not accepted:
            fix.reviews = kept
            return
        fix.after, applied = apply_proposals(fix.after, accepted)
        self.applied += len(applied)
        fix.reviews = [replace(r, line=shifted(r.line, applied)) for r in kept]
        fix.edits = [replace(e, line=shifted(e.line, applied)) for e in fix.edits]
        fix.proposals += applied

    def note(self) -> str:
        """One line on what the model did, or why it did nothing; "" when it was not needed."""
        if self.failure:
            return (
                f"model proposals stopped: {self.failure}; {self.skipped} review(s) "
                f"left for people ({self.applied} applied before)"
            )
        if not self.asked:
            return ""
        return f"model proposals: {self.asked} asked, {self.applied} applied after checking"

    def _drift(self, text: str, path: str) -> list[Finding]:
        found = verify(text, self.analysis, path=path, ignore=self.ignore)
        return [f for f in found if f.kind in DRIFT]

    def _propose(
        self,
        path: str,
        lines: list[str],
        window: Window,
        reviews: list[Review],
        drift: list[Finding],
    ) -> Proposal | str:
        """The checked proposal for one window, or why there is none."""
        prompt = self._prompt(path, lines, window, reviews, drift)
        try:
            reply = self.ask(prompt)
        except Exception as exc:
            from klaro.agent.faults import is_model_error

            if not is_model_error(exc):
                raise
            self.failure = self.describe_failure(exc)
            self.skipped += len(reviews)
            return f"not proposed: {self.failure}"
        self.asked += 1
        answer = parse_reply(reply)
        if isinstance(answer, str):
            return answer
        if answer.leave:
            return f"the model left it: {answer.reason or 'no reason given'}"
        first, last, text = answer.first, answer.last, answer.text
        if not window.first <= first <= last <= window.last:
            return (
                f"model proposal rejected: it rewrites lines {first}-{last}, outside "
                f"lines {window.first}-{window.last}"
            )
        new = _lines_like(text, lines[first - 1 : last])
        problem = _shape_problem(new, lines, first, last)
        if problem:
            return f"model proposal rejected: {problem}"
        candidate = "".join([*lines[: first - 1], *new, *lines[last:]])
        problem = self._check(path, candidate, drift, first, last, len(new), reviews)
        if problem:
            return f"model proposal rejected: {problem}"
        return Proposal(
            path, first, last, "".join(lines[first - 1 : last]), "".join(new), tuple(reviews)
        )

    def _check(
        self,
        path: str,
        candidate: str,
        drift: list[Finding],
        first: int,
        last: int,
        size: int,
        reviews: list[Review],
    ) -> str:
        """Why the edited document fails, or "": the checker and the stale names decide."""
        after = self._drift(candidate, path)
        inside = [f for f in after if first <= f.line < first + size]
        if inside:
            f = inside[0]
            return f"the new text still fails the check: `{f.reference}` ({f.message})"
        before = Counter((f.kind, f.reference) for f in drift if not first <= f.line <= last)
        outside = Counter((f.kind, f.reference) for f in after if f.line < first)
        outside += Counter((f.kind, f.reference) for f in after if f.line >= first + size)
        new = outside - before
        if new:
            kind, ref = next(iter(new))
            return f"it adds drift elsewhere: `{ref}` ({kind})"
        stale = {r.change.old_token for r in reviews}
        again = repair_document(path, candidate, self.rules, self.scripts)
        inside_new = range(first, first + size)
        named = [r.change.old_token for r in again.reviews if r.line in inside_new]
        named += [c.old_token for e in again.edits if e.line in inside_new for c in e.changes]
        still = sorted(stale & set(named))
        return f"the new text still names `{still[0]}`" if still else ""

    def _prompt(
        self,
        path: str,
        lines: list[str],
        window: Window,
        reviews: list[Review],
        drift: list[Finding],
    ) -> str:
        """The task for one window: evidence, suggestions, and the numbered lines as data."""
        evidence = []
        for review in reviews:
            commit = self.commit_for(review.change)
            when = f" (changed in commit {commit[:12]})" if commit else ""
            evidence.append(f"- line {review.line}: {review.reason}{when}")
            change = review.change
            evidence.append(f"  kind: {change.kind}; old full name: `{change.old}`")
            if change.new:
                evidence.append(f"  current full name: `{change.new}`")
        hints = sorted(
            {s for f in drift if window.first <= f.line <= window.last for s in f.suggestions}
        )
        numbered = "".join(
            f"{n:>5}| {lines[n - 1].rstrip(chr(13) + chr(10))}\n"
            for n in range(window.first, window.last + 1)
        )
        return render(
            "propose_task",
            file=path,
            markup=doc_format(path),
            first=window.first,
            last=window.last,
            evidence="\n".join(evidence),
            suggestions=", ".join(f"`{h}`" for h in hints) or "(none)",
            window=untrusted("document", f"{path} lines {window.first}-{window.last}", numbered),
        )


def windows(
    reviews: Sequence[Review], lines: list[str], path: str
) -> list[tuple[Window, list[Review]]]:
    """Group reviews by the passage around them; passages that overlap are merged."""
    code = code_lines(lines, path)
    found: list[tuple[Window, list[Review]]] = []
    for review in sorted(reviews, key=lambda r: r.line):
        window = window_of(lines, code, review.line)
        if found and window.first <= found[-1][0].last:
            last, group = found[-1]
            merged = Window(min(last.first, window.first), max(last.last, window.last))
            found[-1] = (merged, [*group, review])
        else:
            found.append((window, [review]))
    return found


def window_of(lines: list[str], code: set[int], line: int) -> Window:
    """The stale line's passage: the inside of its code block, else its paragraph or item."""
    index = line - 1
    in_code = index in code

    def same(i: int) -> bool:
        text = lines[i]
        if in_code:
            return i in code and not _FENCE.match(text) and not _DIRECTIVE.match(text)
        return i not in code and bool(text.strip()) and not _HEADING.match(text)

    def starts_item(i: int) -> bool:  # a list item is its own passage
        return not in_code and bool(_ITEM.match(lines[i]))

    if not same(index):
        return Window(line, line)
    first = last = index
    while first > 0 and same(first - 1) and not starts_item(first):
        first -= 1
    while last + 1 < len(lines) and same(last + 1) and not starts_item(last + 1):
        last += 1
    while in_code and first < index and not lines[first].strip():
        first += 1
    while in_code and last > index and not lines[last].strip():
        last -= 1
    limit = _BLOCK_LINES if in_code else _PARAGRAPH_LINES
    if last - first + 1 > limit or _size(lines, first, last) > _WINDOW_CHARS:
        first, last = max(first, index - _AROUND), min(last, index + _AROUND)
    if _size(lines, first, last) > _WINDOW_CHARS:  # long lines: the stale one is enough
        first = last = index
    return Window(first + 1, last + 1)


def _size(lines: list[str], first: int, last: int) -> int:
    return sum(len(line) for line in lines[first : last + 1])


@dataclass(frozen=True)
class Answer:
    """The model's structured reply: replace lines `first`..`last` with `text`, or leave."""

    leave: bool
    first: int = 0
    last: int = 0
    text: str = ""
    reason: str = ""


def parse_reply(reply: str) -> Answer | str:
    """The model's JSON answer with checked fields, or why it cannot be used."""
    text = reply.strip()
    start, end = text.find("{"), text.rfind("}")
    try:
        data = json.loads(text[start : end + 1]) if 0 <= start < end else None
    except json.JSONDecodeError:
        data = None
    if not isinstance(data, dict):
        return "model reply rejected: not the JSON object asked for"
    if data.get("action") == "leave":
        return Answer(True, reason=" ".join(str(data.get("reason", "")).split())[:200])
    first, last, new = data.get("first_line"), data.get("last_line"), data.get("text")
    if data.get("action") != "replace" or not (
        isinstance(first, int) and isinstance(last, int) and isinstance(new, str)
    ):
        return "model reply rejected: expected action replace with first_line, last_line, text"
    return Answer(False, first, last, new)


def _lines_like(text: str, old: list[str]) -> list[str]:
    """The new text as lines ending the way the replaced ones did (`\\r\\n`, final newline)."""
    ending = "\r\n" if old and old[0].endswith("\r\n") else "\n"
    new = [line.rstrip("\r") for line in text.split("\n")]
    if new and new[-1] == "" and len(new) > 1:
        new.pop()
    out = [line + ending for line in new]
    if out and old and not old[-1].endswith("\n"):
        out[-1] = out[-1].rstrip("\r\n")
    return out


def _shape_problem(new: list[str], lines: list[str], first: int, last: int) -> str:
    """Why a replacement would damage the document around it, or ""."""
    old = lines[first - 1 : last]
    if not "".join(new).strip():
        return "the new text is empty"
    size = sum(len(line) for line in old)
    if len(new) > 2 * len(old) + 4 or sum(len(line) for line in new) > 2 * size + 300:
        return f"the new text grows {len(old)} line(s) to {len(new)}"
    if any(_FENCE.match(line) for line in new) or any("<!-- klaro:" in line for line in new):
        return "the new text opens or closes a code block or a Klaro region"
    before = lines[first - 2].strip() if first > 1 else ""
    after = lines[last].strip() if last < len(lines) else ""
    if (before and new[0].strip() == before) or (after and new[-1].strip() == after):
        return "the new text repeats the lines around it"
    return ""


@dataclass
class ModelAsk:
    """The configured chat model as an `Ask`: redacted prompts, usage counted."""

    config: Config
    redactor: Redactor
    tokens: int = 0
    _model: object = field(default=None, repr=False)

    def __call__(self, prompt: str) -> str:
        from langchain_core.messages import HumanMessage, SystemMessage

        from klaro.agent.model import make_chat_model

        if self._model is None:
            self._model = make_chat_model(self.config)
        model = self._model
        messages = [SystemMessage(render("propose")), HumanMessage(self.redactor.redact(prompt))]
        reply = model.invoke(messages)  # type: ignore[attr-defined]
        usage = getattr(reply, "usage_metadata", None) or {}
        self.tokens += int(usage.get("total_tokens", 0))
        content = reply.content
        if isinstance(content, list):
            return "".join(c if isinstance(c, str) else str(c.get("text", "")) for c in content)
        return str(content)

    def describe(self, exc: Exception) -> str:
        """The failure in one line (a setup mistake says what to check)."""
        import openai

        from klaro.agent.faults import model_fault

        fault = model_fault(exc, self.config)
        if fault is not None:
            return str(fault)
        if isinstance(exc, openai.APITimeoutError):
            return f"the model endpoint timed out ({self.config.request_timeout:g} s)"
        status = getattr(exc, "status_code", None)
        return f"the model endpoint failed ({f'HTTP {status}' if status else type(exc).__name__})"
