"""Whether the text puts a reference in a release line older than the project's version.

Docs that still serve the users of an earlier line keep its names on purpose: snyk-agent-scan
0.6.9 documents its v0.5.x line under "## Agent Scan v0.5.x" headings, in sentences such as
"v0.5.x emits path-keyed `ScanPathResult` JSON" and under a `# v0.5.x CI` comment, beside the
names v0.6 replaced them with. A name written there is the old line's: not a claim about the
code of this version, as a changelog's is not. A line is named with a wildcard (`v0.5.x`,
`1.x`) or as "0.5 and earlier"; "v0.6 and later" or "since 1.x" are the current line. Without
the project's version nothing is excused.
"""

from __future__ import annotations

import re

from klaro.verify.refs import Document, Reference
from klaro.verify.sections import enclosing_headings
from klaro.verify.wording import sentences_around

# a release line: "v0.5.x", "1.x", "2.3.*", "0.5 and earlier"
_LINE = re.compile(
    r"(?<![\w.])v?(\d+)\.(?:(\d+)\.)?[x*](?![\w*])"
    r"|(?<![\w.])v?(\d+)\.(\d+)(?:\.\d+)?\s+(?:and|or)\s+(?:earlier|older|below|lower|prior)\b",
    re.I,
)
# after the mention: the line and those after it, which the current version is in
_ONWARDS = re.compile(r"^\s*(?:\+|(?:and|or)\s+(?:later|above|newer|up|higher)\b|onwards?\b)", re.I)
# before it: "since 1.x", "from 0.5.x on", "starting with 2.x"
_FROM = re.compile(r"\b(?:since|from|after|starting(?:\s+(?:with|in|from))?|as\s+of)\s*$", re.I)
# any version named, to find the one a sentence names last before a span
_ANY_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.(?:\d+|[x*]))?(?![\w.])", re.I)
_COMMENT_REACH = 4  # lines a command line's comment may stand above it


def release(version: str) -> tuple[int, int] | None:
    """The (major, minor) of a project's version ("0.6.9" gives (0, 6)), None if unknown."""
    match = re.match(r"^\s*v?(\d+)(?:\.(\d+))?", version or "")
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2) or 0)


def older_lines(text: str, current: tuple[int, int]) -> list[tuple[int, int]]:
    """Where `text` names a release line older than `current`, as (start, end) spans."""
    found: list[tuple[int, int]] = []
    for match in _LINE.finditer(text):
        if _ONWARDS.match(text, match.end()) or _FROM.search(text[: match.start()]):
            continue
        major = int(match.group(1) or match.group(3))
        minor = match.group(2) or match.group(4)
        older = major < current[0] or (
            minor is not None and major == current[0] and int(minor) < current[1]
        )
        if older:
            found.append(match.span())
    return found


def of_older_line(doc: Document, ref: Reference, version: str) -> bool:
    """Whether a reference belongs to a release line older than the project's `version`:
    a heading over it names one, the last version its sentence names before it is one, or
    (a command line) the comment just above it in its block names one."""
    current = release(version)
    if current is None:
        return False
    if any(
        older_lines(title, current)
        for title in enclosing_headings(doc.lines, ref.line, rst=doc.rst)
    ):
        return True
    sentence, _ = sentences_around(doc.lines, ref.line, ref.text)
    at = sentence.find(ref.text)
    if at > 0:
        named = list(_ANY_VERSION.finditer(sentence, 0, at))
        if named and any(s == named[-1].start() for s, _ in older_lines(sentence[:at], current)):
            return True
    if ref.kind == "command":
        for number in range(ref.line - 1, max(ref.line - 1 - _COMMENT_REACH, 0), -1):
            above = doc.lines[number - 1].strip() if number <= len(doc.lines) else ""
            if not above:
                break
            if above.startswith("#"):
                return bool(older_lines(above, current))
    return False
