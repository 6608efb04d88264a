"""The heading structure of a document, Markdown or reStructuredText, read from its lines.

The checker skips a README's history sections and reads the section a span sits in (a
plugin's command introduced under "Plugins"); both need to know where headings are.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Histories and upgrade guides describe what the code used to be: their old names are on purpose.
HISTORY_NAME = (
    r"(change[ _-]?logs?|changes|history|news|releases?|release[ _-]?notes|what'?s[ _-]?new"
    # anyio's `versionhistory.rst`, dicttoxml's "Revision History", "Change History"
    r"|(?:version|release|project|revision|change)[ _-]?(?:history|changes)"
    r"|upgrad(e|es|ing)|migrat(e|es|ing|ions?)|deprecat(ed|ions?)|coming[ _-]from"
    r"|breaking[ _-]changes?"  # uploadserver's "Breaking Changes in 5.0.0"
    r"|porting)"  # simpy's "Porting from SimPy 2 to 3"
)
UNDERLINE = re.compile(r"^([=\-`:'\"~^_*+#<>.])\1{2,}\s*$")  # an rst title's
MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LIST_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+")  # a bullet or numbered item, its indent
# "Changelog", "Upgrading", and "Dropped Deprecated APIs" or "Removed functions": a heading
# whose first words say the section lists what the code no longer has
_HISTORY_HEADING = re.compile(
    rf"^\W*(?:{HISTORY_NAME}|(?:[\w-]+\s+){{0,2}}?(?:removed|removals?|dropped|deprecated)"
    # theine's "## Theine V2 Migration Guide": a guide named after the release it leads to
    r"|(?:[\w.-]+\s+){1,3}(?:migration|upgrade|upgrading|porting)\s+(?:guide|notes)"
    # cellpose's "## Old updates": the news of earlier releases; mahotas' "## Recent Changes"
    r"|(?:old|older|past|previous|earlier|recent|latest)\s+(?:updates|news|changes)"
    # and what is not built yet: caldav's "## Proposed Async API Design", "Roadmap"
    r"|proposed|proposals?|planned|roadmap|future\s+(?:work|plans|features|ideas|api|design))\b",
    re.IGNORECASE,
)


# a heading on a feature that works with changelogs, not on the project's history: a
# changelog tool's "## Changelog Fragments", "Changelog format", "Release automation"
_FEATURE_HEADING = re.compile(
    r"^\W*(?:change[ _-]?logs?|changes|news|releases?)\s+"
    r"(?:fragments?|formats?|files?|entr(?:y|ies)|templates?|generation|generators?|tools?|commands?|config(?:uration)?|settings|options"
    r"|validation|linting|parsing|management|automation)\b",
    re.IGNORECASE,
)


# a heading naming a command of the program, not its history: githubrelease's "``release``
# command", "The `upgrade` sub-command"
_COMMAND_HEADING = re.compile(
    r"^\W*(?:the\s+)?[`*'\"]+[\w-]+[`*'\"]+\s+(?:sub-?)?commands?\b", re.IGNORECASE
)


# A note on what a version changed or took away, whose indented body names the old on
# purpose: rst's `.. versionchanged:: 19.4` and `.. deprecated::`, an MkDocs admonition
# titled so (`!!! info "Changed in 19.4"`); the Markdown reader skips MyST's ```{versionchanged}
_CHANGE_NOTE = re.compile(
    r"^(\s*)(?:\.\.\s+(?:versionadded|versionchanged|deprecated|versionremoved)::"
    r"|(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+[\w-]+)*\s+[\"'](?:changed|deprecated|removed)\b"
    # a note labelled as about the past: schemathesis' "- **Predates v4**: Uses
    # `--experimental=openapi-3.1`, which is gone", "**Deprecated:** ..."
    r"|(?:[-*+]\s+)?(?:\*\*|__)(?:predates|deprecated|removed|legacy|obsolete|outdated)\b"
    r"[^*_\n]*(?:\*\*|__))",
    re.IGNORECASE,
)


# A design document's status line near its top: `> **Status:** Draft / RFC`, `:Status: Proposed`,
# `| Status | Draft |`, `status: draft` in front matter, `## Status: 📋 PLANNING` (not a roadmap,
# a "Planning document", which also marks what is done)
_PROPOSAL_STATUS = re.compile(
    r"^[\s>|*_:#-]*status[\s*_:|]*(?:[^\w\s]+\s*)?"  # `## Status: 📋 PLANNING`
    r"(?:draft|proposed|proposal|rfc|pre-?rfc|planning(?!\s+document)|planned|idea"
    r"|not\s+(?:yet\s+)?implemented|under (?:discussion|consideration))\b",
    re.IGNORECASE,
)


def history_lines(lines: list[str], proposal: bool = True, *, rst: bool = False) -> set[int]:
    """The 1-based lines of a document's history sections: a README's "Changelog" or
    "History" heading and everything under it, up to the next heading of its level or
    above, and the notes on what a version changed or deprecated. They name what the code
    used to be on purpose, like a changelog file. With `proposal`, a whole document whose
    head gives its status as a draft or a proposal is such a section: it names what the code
    does not have yet (pandera's `specs/xarray.md`, "**Status:** Draft")."""
    if proposal and any(_PROPOSAL_STATUS.match(line) for line in lines[:25]):
        return set(range(1, len(lines) + 1))
    found = _change_notes(lines) | _history_details(lines)
    headings = _headings(lines, rst)
    for n, (at, rank, text) in enumerate(headings):
        if (
            not _HISTORY_HEADING.match(text)
            or _COMMAND_HEADING.match(text)
            or _FEATURE_HEADING.match(text)
        ):
            continue
        end = len(lines)
        for later, other_rank, title in headings[n + 1 :]:
            if other_rank <= rank and not _RELEASE_HEADING.match(title):
                # (pymer4's "# What's New" over "# 0.7.6", "# 0.7.5": its releases go on)
                end = later - 1
                break
        found.update(range(at, end + 1))
    return found


def enclosing_headings(lines: list[str], line: int, *, rst: bool = False) -> list[str]:
    """The titles of the sections 1-based `line` is in, the page's title first and the
    nearest last: "Agent Scan v0.5.x" over "JSON structure overview" over the line."""
    open_: list[tuple[int, str]] = []  # (rank, title) of each section still open
    for at, rank, text in _headings(lines, rst):
        if at >= line:
            break
        while open_ and open_[-1][0] >= rank:
            open_.pop()
        open_.append((rank, text))
    return [text for _, text in open_]


def _headings(lines: list[str], rst: bool) -> list[tuple[int, int, str]]:
    """Each heading of a page as (1-based line of its title, rank, title): the rank of a
    Markdown `#` heading is its hashes, an rst title's the order its underline is first used."""
    found: list[tuple[int, str, str]] = []  # (line, level, text)
    fenced = frozenset() if rst else _fence_lines(tuple(lines))  # `# comments` are no headings
    for i, line in enumerate(lines):
        if i in fenced:
            continue
        elif match := MD_HEADING.match(line):
            found.append((i + 1, match.group(1), match.group(2)))
        elif (
            i > 0
            and UNDERLINE.match(line)
            and lines[i - 1].strip()
            and not UNDERLINE.match(lines[i - 1])
            and len(line.rstrip()) >= len(lines[i - 1].rstrip())
        ):
            found.append((i, line.strip()[0], lines[i - 1].strip()))
    levels: list[str] = []  # rst levels in order of first use; Markdown by its hashes
    ranked: list[tuple[int, int, str]] = []
    for at, level, text in found:
        if level not in levels:
            levels.append(level)
        ranked.append((at, len(level) if level.startswith("#") else levels.index(level), text))
    return ranked


# a heading naming a release: `0.7.6`, `v2.0.1 (2024-01-03)`, "Version 1.2"
_RELEASE_HEADING = re.compile(r"^\W*(?:v(?:ersion)?\s*)?\d+(?:\.\d+)+\b", re.IGNORECASE)


_SUMMARY = re.compile(r"<summary>\s*(?:<[^>]+>\s*)*([^<]*)", re.I)


def _history_details(lines: list[str]) -> set[int]:
    """The 1-based lines of an HTML `<details>` block whose `<summary>` says it holds history
    (`<summary>Changelog highlights</summary>`), a README's folded changelog."""
    found: set[int] = set()
    for i, line in enumerate(lines):
        summary = _SUMMARY.search(line)
        if summary is None or not _HISTORY_HEADING.match(summary.group(1)):
            continue
        end = next((j for j in range(i, len(lines)) if "</details>" in lines[j].lower()), None)
        found.update(range(i + 1, (end if end is not None else len(lines) - 1) + 2))
    return found


def _change_notes(lines: list[str]) -> set[int]:
    """The 1-based lines of each change note: its first line and its indented body."""
    found: set[int] = set()
    for i, line in enumerate(lines):
        if (match := _CHANGE_NOTE.match(line)) is None:
            continue
        end = indented_end(lines, i + 1, len(match.group(1)))
        found.update(range(i + 1, end + 1))
    return found


def indented_end(lines: list[str], start: int, indent: int) -> int:
    """The index after the body that starts at `start` under a line indented `indent`: the
    first later line with text indented no deeper (blank lines belong to the body)."""
    end = start
    while end < len(lines) and (
        not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
    ):
        end += 1
    return end


def list_around(lines: list[str], line: int) -> list[int]:
    """The 0-based lines of the items of the list whose item is on 0-based `line`, at its
    indent (blank lines and deeper continuations between them), or [] off a list."""
    item = LIST_ITEM.match(lines[line]) if 0 <= line < len(lines) else None
    if item is None:
        return []
    indent = len(item.group(1))
    found = [line]
    for step in (-1, 1):
        at = line + step
        while 0 <= at < len(lines):
            text = lines[at]
            depth = len(text) - len(text.lstrip())
            other = LIST_ITEM.match(text)
            if other and len(other.group(1)) == indent:
                found.append(at)
            elif text.strip() and depth <= indent:
                break  # the list has ended (or not begun)
            at += step
    return sorted(found)


def heading_above(lines: list[str], line: int, *, rst: bool = False) -> str:
    """The title of the section 1-based `line` is in, "" when none is found within 60
    lines. Markdown's `#` and setext headings; with `rst`, any underlined title (in Markdown
    a code fence's backticks would read as an underline)."""
    start = _heading_line(lines, line, rst)
    if start == 0:
        return ""
    above = lines[start - 1]
    if heading := MD_HEADING.match(above):
        return heading.group(2)
    return (
        lines[start - 2].strip() if start > 1 and _underlines(above, lines[start - 2], rst) else ""
    )


def page_title(lines: list[str]) -> str:
    """The title a page opens with (its first `#` heading, or an underlined line), "" when
    none comes before its first paragraph of text."""
    for n, line in enumerate(lines[:40]):
        if heading := MD_HEADING.match(line):
            return heading.group(2) if len(heading.group(1)) == 1 else ""
        if n + 1 < len(lines) and line.strip() and UNDERLINE.match(lines[n + 1]):
            return line.strip()
        if line.strip() and not UNDERLINE.match(line) and not line.startswith((".. ", ":")):
            return ""  # text before any title
    return ""


def section_above(lines: list[str], line: int, *, rst: bool = False) -> str:
    """The text from the heading above 1-based `line` (Markdown `#`, or with `rst` an
    underline) down to it."""
    return "\n".join(lines[_heading_line(lines, line, rst) : line])


def section_of(lines: list[str], line: int, *, rst: bool = False) -> tuple[int, int]:
    """The 1-based lines of the section 1-based `line` is in, as (first, last): from its
    heading (the line itself when it is one) to the line before the next heading, at most 60
    lines each way."""
    first = line if _is_heading(lines, line, rst) else max(_heading_line(lines, line, rst), 1)
    last = line
    while last < min(len(lines), line + 60) and not _is_heading(lines, last + 1, rst):
        last += 1
    return first, last


def _is_heading(lines: list[str], line: int, rst: bool) -> bool:
    """Whether 1-based `line` is a title: a Markdown `#` heading, or a line underlined by
    the next."""
    if not 0 < line <= len(lines):
        return False
    text = lines[line - 1]
    if MD_HEADING.match(text):
        return rst or not _fenced(lines, line - 1)
    below = lines[line] if line < len(lines) else ""
    return _underlines(below, text, rst)


def _underlines(line: str, above: str, rst: bool) -> bool:
    """Whether `line` underlines the title `above` it: any rst underline with `rst`; in
    Markdown a setext heading's `===` or `---` under a line of text (tockloader's README),
    not a fence's backticks, nor a rule after a list item."""
    if not UNDERLINE.match(line) or not above.strip() or UNDERLINE.match(above):
        return False
    return rst or (line.strip()[0] in "=-" and not LIST_ITEM.match(above))


def heading_between(lines: list[str], first: int, last: int, *, rst: bool = False) -> bool:
    """Whether a heading starts a new section after 1-based line `first` and up to `last`:
    the two lines are in different sections. Markdown's `#` and `===`/`---` underlines; with
    `rst`, any title underline (in Markdown, a fence's backticks are none)."""
    for number in range(max(first, 1), min(last, len(lines))):
        line = lines[number]
        if MD_HEADING.match(line) or _underlines(line, lines[number - 1], rst):
            return True
    return False


def _heading_line(lines: list[str], line: int, rst: bool) -> int:
    """Where the section of 1-based `line` starts: just below its heading (the underline
    for rst), or 60 lines up when no heading is that near. A `# comment` in a fenced
    example is no heading (stockfish's `# [{` under `stockfish.get_top_moves(...)`)."""
    start = max(min(line - 1, len(lines)), 0)  # (a page given without its lines: none)
    while start > 0 and line - start < 60:
        above = lines[start - 1]
        if (MD_HEADING.match(above) and (rst or not _fenced(lines, start - 1))) or (
            start > 1 and _underlines(above, lines[start - 2], rst)
        ):
            break
        start -= 1
    return start


_FENCE_MARK = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def _fenced(lines: list[str], index: int) -> bool:
    """Whether 0-based line `index` lies inside a Markdown code fence (or is its mark)."""
    return index in _fence_lines(tuple(lines))


@lru_cache(maxsize=16)
def _fence_lines(lines: tuple[str, ...]) -> frozenset[int]:
    """The 0-based lines of a Markdown page's code fences, marks included: read once a page,
    though every span's section asks (a tuple hashes in C; the walk is Python's)."""
    found: set[int] = set()
    opened = ""
    for i, line in enumerate(lines):
        mark = _FENCE_MARK.match(line)
        if mark is not None:
            if not opened:
                opened = mark.group(1)
            elif mark.group(1)[0] == opened[0] and len(mark.group(1)) >= len(opened):
                opened = ""
            found.add(i)
        elif opened:
            found.add(i)
    return frozenset(found)


_TITLED_CLASS = re.compile(r"^`*([A-Z]\w*)(?:\(.*\))?`*$")  # ``EC2Metadata(session=None)``


def section_class(lines: list[str], line: int) -> str | None:
    """The class an rst page's enclosing section documents, for the title on 1-based `line`
    (ec2-metadata's ``private_hostname : str`` under ``EC2Metadata(session=None)``): the
    nearest title above of a higher level, when it names a class; None otherwise."""
    if not _is_heading(lines, line, True):
        return None
    mark = lines[line].strip()[:1]
    for at in range(line - 1, max(line - 400, 0), -1):
        if not _is_heading(lines, at, True):
            continue
        other = lines[at].strip()[:1]
        if other == mark:
            continue  # a sibling: another member's title
        titled = _TITLED_CLASS.match(lines[at - 1].strip())
        return titled.group(1) if titled else None
    return None
