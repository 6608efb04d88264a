"""Managed regions: the parts of a document Klaro owns, between marker comments.

    <!-- klaro:begin usage -->
    ## Usage
    ...
    <!-- klaro:end usage -->

Updating a document replaces only the inside of its regions and keeps every byte outside them.
A section the document lacks (no region, and no heading people wrote for it) is inserted where
the writer's order places it, wrapped in markers; a section people wrote is never duplicated.
Markers inside code blocks are text, not markers. Malformed markers raise `RegionError` with
the line, before anything is written.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markdown_it import MarkdownIt

from klaro.errors import KlaroError

_MARKER = re.compile(r"^<!--\s*klaro:(?P<kind>begin|end)(?:\s+(?P<name>[^\s>]+))?\s*-->$")
_NAME = re.compile(r"^[A-Za-z0-9_.:-]+$")
_MD = MarkdownIt("commonmark")


class RegionError(KlaroError):
    """A klaro marker is malformed (unclosed, nested, duplicated, or an end without begin)."""

    def __init__(self, file: str, line: int, problem: str) -> None:
        super().__init__(f"{file}:{line}: {problem}; fix the markers, nothing was written")
        self.file = file
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class Section:
    """One generated section: `body` is its markdown, heading line included, no trailing newline.

    `heading` and `aliases` are what a hand-written section for the same purpose may be called;
    `level` 1 marks a title, which any level-one heading already provides.
    """

    key: str
    heading: str
    body: str
    aliases: tuple[str, ...] = ()
    level: int = 2


@dataclass(frozen=True)
class Region:
    """A managed region: lines are 1-based; `start`/`end` delimit its inside (offsets)."""

    name: str
    begin_line: int
    end_line: int
    outer_start: int  # offset of the begin marker line
    start: int  # offset just after the begin marker line
    end: int  # offset of the end marker line
    outer_end: int  # offset just after the end marker line


@dataclass(frozen=True)
class _Heading:
    line: int  # 0-based
    level: int
    text: str


def wrap(section: Section) -> str:
    """Return a section inside its markers, without a trailing newline."""
    body = section.body.strip("\n")
    return f"<!-- klaro:begin {section.key} -->\n{body}\n<!-- klaro:end {section.key} -->"


def normalize_heading(text: str) -> str:
    """Fold a heading for matching: case, accents, punctuation, emoji and backticks ignored."""
    folded = unicodedata.normalize("NFKD", text).casefold()
    return "".join(c for c in folded if c.isalnum() and c.isascii())


def code_block_lines(text: str) -> set[int]:
    """The 0-based lines of a Markdown text inside fenced or indented code blocks."""
    return _code_lines(text)[0]


def _code_lines(text: str) -> tuple[set[int], list[_Heading]]:
    """Return the 0-based lines inside code blocks, and the top-level headings."""
    tokens = _MD.parse(text)
    code: set[int] = set()
    headings: list[_Heading] = []
    for i, tok in enumerate(tokens):
        if tok.type in ("fence", "code_block") and tok.map:
            code.update(range(tok.map[0], tok.map[1]))
        elif tok.type == "heading_open" and tok.map and tok.level == 0:
            inline = tokens[i + 1].content if i + 1 < len(tokens) else ""
            headings.append(_Heading(tok.map[0], int(tok.tag[1:]), inline))
    return code, headings


def find_regions(text: str, file: str = "README.md") -> list[Region]:
    """Return the document's regions in order, or raise RegionError for malformed markers."""
    code, _ = _code_lines(text)
    regions: list[Region] = []
    seen: dict[str, int] = {}
    open_: tuple[str, int, int, int] | None = None  # name, line, outer_start, start
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True)):
        start, offset = offset, offset + len(line)
        stripped = line.strip()
        if number in code or "klaro:" not in stripped or not stripped.startswith("<!--"):
            continue
        match = _MARKER.match(stripped)
        lineno = number + 1
        if match is None or match["name"] is None or not _NAME.match(match["name"]):
            raise RegionError(file, lineno, f"malformed klaro marker {stripped!r}")
        name = match["name"]
        if match["kind"] == "begin":
            if open_ is not None:
                raise RegionError(
                    file,
                    lineno,
                    f"region '{name}' begins inside region '{open_[0]}' "
                    f"(opened on line {open_[1]}); regions cannot nest",
                )
            if name in seen:
                raise RegionError(
                    file, lineno, f"region '{name}' is duplicated (first on line {seen[name]})"
                )
            seen[name] = lineno
            open_ = (name, lineno, start, offset)
        elif open_ is None:
            raise RegionError(file, lineno, f"'klaro:end {name}' without a matching begin")
        elif open_[0] != name:
            raise RegionError(
                file,
                lineno,
                f"'klaro:end {name}' closes region '{open_[0]}' opened on line {open_[1]}",
            )
        else:
            regions.append(Region(name, open_[1], lineno, open_[2], open_[3], start, offset))
            open_ = None
    if open_ is not None:
        raise RegionError(
            file, open_[1], f"region '{open_[0]}' is never closed (no 'klaro:end {open_[0]}')"
        )
    return regions


def outside_regions(text: str, file: str = "README.md") -> list[str]:
    """The text people own: everything between managed regions, each region reduced to its name.

    Two versions of a document with equal results differ only inside Klaro's regions.
    Malformed markers raise RegionError.
    """
    parts: list[str] = []
    cursor = 0
    for region in find_regions(text, file):
        parts.append(text[cursor : region.outer_start])
        parts.append(f"<region {region.name}>")
        cursor = region.outer_end
    parts.append(text[cursor:])
    return parts


def update_document(
    existing: str | None,
    sections: Sequence[Section],
    *,
    file: str = "README.md",
    owns: Callable[[str], bool] | None = None,
) -> str:
    """Return the document with Klaro's sections updated and missing ones inserted in place.

    `owns(name)` says which region names belong to this writer: such a region with no section
    any more is removed (its facts are gone); other regions are left as they are.
    """
    if existing is None or not existing.strip():
        return "\n\n".join(wrap(s) for s in sections) + "\n"
    regions = find_regions(existing, file)
    by_name = {r.name: r for r in regions}
    wanted = {s.key for s in sections}
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), non-overlapping
    for region in regions:
        if region.name in wanted:
            body = next(s for s in sections if s.key == region.name).body.strip("\n")
            edits.append((region.start, region.end, body + "\n"))
        elif owns is not None and owns(region.name):
            end = region.outer_end
            if existing[end : end + 1] == "\n":  # the blank line that separated it
                end += 1
            edits.append((region.outer_start, end, ""))
    spans = _present_spans(existing, sections, regions, by_name)
    inserts: dict[int, list[Section]] = {}
    for i, section in enumerate(sections):
        if section.key in spans:
            continue
        previous = [spans[s.key][1] for s in sections[:i] if s.key in spans]
        following = [spans[s.key][0] for s in sections[i + 1 :] if s.key in spans]
        at = previous[-1] if previous else following[0] if following else len(existing)
        inserts.setdefault(at, []).append(section)
    for at, group in inserts.items():
        edits.append((at, at, _insertion(existing, at, group)))
    out = existing
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + text + out[end:]
    return out


def _present_spans(
    text: str, sections: Sequence[Section], regions: list[Region], by_name: dict[str, Region]
) -> dict[str, tuple[int, int]]:
    """Map each section already in the document (region or hand-written) to its offsets."""
    _, headings = _code_lines(text)
    line_starts = [0]
    for line in text.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    inside = {
        n for r in regions for n in range(r.begin_line - 1, r.end_line)
    }  # 0-based lines that belong to regions
    free = [h for h in headings if h.line not in inside]
    region_starts = sorted(r.begin_line - 1 for r in regions)
    spans: dict[str, tuple[int, int]] = {}
    for section in sections:
        region = by_name.get(section.key)
        if region is not None:
            spans[section.key] = (region.outer_start, region.outer_end)
            continue
        names = {normalize_heading(n) for n in (section.heading, *section.aliases)}
        for idx, heading in enumerate(free):
            if section.level == 1:
                hit = heading.level == 1
            else:
                hit = heading.level > 1 and normalize_heading(heading.text) in names
            if not hit:
                continue
            limit = max(heading.level, 2)
            stops = [h.line for h in free[idx + 1 :] if h.level <= limit]
            stops += [n for n in region_starts if n > heading.line]
            stop = min(stops) if stops else len(line_starts) - 1
            spans[section.key] = (line_starts[heading.line], line_starts[stop])
            break
    return spans


def _insertion(text: str, at: int, group: list[Section]) -> str:
    """Render sections to insert at `at`, separated from their neighbours by one blank line."""
    before = text[:at]
    prefix = ""
    if before and not before.endswith("\n"):
        prefix = "\n\n"
    elif before and not before.endswith("\n\n"):
        prefix = "\n"
    body = "\n\n".join(wrap(s) for s in group) + "\n"
    suffix = "\n" if text[at:] else ""
    return prefix + body + suffix
