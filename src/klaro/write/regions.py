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
from dataclasses import dataclass, replace

from markdown_it import MarkdownIt

from klaro.errors import KlaroError
from klaro.write.rst import rst_outline, to_rst

_MARKER = re.compile(r"^<!--\s*klaro:(?P<kind>begin|end)(?:\s+(?P<name>[^\s>]+))?\s*-->$")
_RST_MARKER = re.compile(r"^\.\.\s+klaro:(?P<kind>begin|end)(?:\s+(?P<name>\S+))?\s*$")
_NAME = re.compile(r"^[A-Za-z0-9_.:-]+$")
_MD = MarkdownIt("commonmark")


@dataclass(frozen=True)
class DocFormat:
    """What differs between Markdown and reStructuredText documents for managed regions.

    Markers are comments in the document's own syntax (`<!-- klaro:begin x -->`, or
    `.. klaro:begin x` in rST); sections are written in Markdown and rendered per format.
    """

    name: str  # markdown | rst
    marker: re.Pattern[str]
    opener: str  # what a marker line starts with: a cheap test before the pattern
    comment: str  # marker template: `{kind}` and `{name}` filled in

    def wrap(self, key: str, body: str) -> str:
        """A section's text inside its markers, without a trailing newline."""
        begin = self.comment.format(kind="begin", name=key)
        end = self.comment.format(kind="end", name=key)
        return f"{begin}\n{self.inner(body)}{end}"

    def inner(self, body: str) -> str:
        """What goes between the marker lines (a comment in rST must end with a blank line)."""
        body = body.strip("\n")
        return f"\n{body}\n\n" if self.name == "rst" else f"{body}\n"

    def outline(self, text: str) -> tuple[set[int], list[_Heading], list[str]]:
        """Lines inside code blocks, the headings outside them, and the heading styles used."""
        if self.name == "rst":
            code, found, styles = rst_outline(text)
            return code, [_Heading(h.line, h.level, h.text) for h in found], styles
        lines, headings = _code_lines(text)
        return lines, headings, []

    def render(self, body: str, styles: list[str]) -> str:
        """A section written in Markdown, in this format."""
        return to_rst(body, styles) if self.name == "rst" else body


MARKDOWN = DocFormat("markdown", _MARKER, "<!--", "<!-- klaro:{kind} {name} -->")
RST = DocFormat("rst", _RST_MARKER, "..", ".. klaro:{kind} {name}")


def format_of(file: str) -> DocFormat:
    """The format a document is written in, from its file name."""
    return RST if file.lower().endswith((".rst", ".rest")) else MARKDOWN


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

    `heading` and `aliases` are what a hand-written section for the same purpose may be called,
    `words` what its heading may contain ("Library usage"); `level` 1 marks a title, which any
    level-one heading already provides.
    """

    key: str
    heading: str
    body: str
    aliases: tuple[str, ...] = ()
    level: int = 2
    words: tuple[str, ...] = ()  # any of these words in a heading means this section


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


def wrap(section: Section, fmt: DocFormat = MARKDOWN) -> str:
    """Return a section inside its markers, without a trailing newline."""
    return fmt.wrap(section.key, section.body)


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
    fmt = format_of(file)
    code = fmt.outline(text)[0]
    regions: list[Region] = []
    seen: dict[str, int] = {}
    open_: tuple[str, int, int, int] | None = None  # name, line, outer_start, start
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True)):
        start, offset = offset, offset + len(line)
        stripped = line.strip()
        if number in code or "klaro:" not in stripped or not line.startswith(fmt.opener):
            continue
        match = fmt.marker.match(stripped)
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
    fmt = format_of(file)
    styles = fmt.outline(existing or "")[2]
    sections = [replace(s, body=fmt.render(s.body, styles)) for s in sections]
    if existing is None or not existing.strip():
        return "\n\n".join(fmt.wrap(s.key, s.body) for s in sections) + "\n"
    regions = find_regions(existing, file)
    by_name = {r.name: r for r in regions}
    wanted = {s.key for s in sections}
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), non-overlapping
    for region in regions:
        if region.name in wanted:
            body = next(s for s in sections if s.key == region.name).body
            edits.append((region.start, region.end, fmt.inner(body)))
        elif owns is not None and owns(region.name):
            end = region.outer_end
            if existing[end : end + 1] == "\n":  # the blank line that separated it
                end += 1
            edits.append((region.outer_start, end, ""))
    spans = _present_spans(existing, sections, regions, by_name, fmt)
    foreign = foreign_blocks(existing) if fmt is MARKDOWN else []
    inserts: dict[int, list[Section]] = {}
    headings = fmt.outline(existing)[1]
    first_text = next(n for n, line in enumerate(existing.splitlines()) if line.strip())
    opens_with_heading = bool(headings) and headings[0].line == first_text
    for i, section in enumerate(sections):
        if section.key in spans:
            continue
        if section.level == 1 and not opens_with_heading:
            continue  # people's own opening (a logo, an introduction) stays the opening
        previous = [spans[s.key][1] for s in sections[:i] if s.key in spans]
        following = [spans[s.key][0] for s in sections[i + 1 :] if s.key in spans]
        # after every section that comes before it, however people ordered theirs
        at = max(previous) if previous else min(following) if following else len(existing)
        inserts.setdefault(_outside_foreign(at, foreign), []).append(section)
    for at, group in inserts.items():
        edits.append((at, at, _insertion(existing, at, group, fmt)))
    out = existing
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + text + out[end:]
    return out


def _present_spans(
    text: str,
    sections: Sequence[Section],
    regions: list[Region],
    by_name: dict[str, Region],
    fmt: DocFormat,
) -> dict[str, tuple[int, int]]:
    """Map each section already in the document (region or hand-written) to its offsets."""
    headings = fmt.outline(text)[1]
    line_starts = [0]
    for line in text.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    inside = {
        n for r in regions for n in range(r.begin_line - 1, r.end_line)
    }  # 0-based lines that belong to regions
    free = [h for h in headings if h.line not in inside]
    region_starts = sorted(r.begin_line - 1 for r in regions)
    spans: dict[str, tuple[int, int]] = {}
    matched = _match_headings([s for s in sections if s.key not in by_name], free)
    for section in sections:
        region = by_name.get(section.key)
        if region is not None:
            spans[section.key] = (region.outer_start, region.outer_end)
            continue
        idx = matched.get(section.key)
        if idx is None:
            continue
        heading = free[idx]
        limit = max(heading.level, 2)
        stops = [h.line for h in free[idx + 1 :] if h.level <= limit]
        stops += [n for n in region_starts if n > heading.line]
        stop = min(stops) if stops else len(line_starts) - 1
        spans[section.key] = (line_starts[heading.line], line_starts[stop])
    return spans


def _match_headings(sections: Sequence[Section], headings: list[_Heading]) -> dict[str, int]:
    """Map sections to the people's headings that mean them: whole names first, then words.

    A heading spelled like the section or one of its synonyms wins; a heading left over that
    contains one of the section's words ("Library usage" for `usage`, "How to contribute" for
    `development`) is matched next. One heading means one section.
    """
    found: dict[str, int] = {}
    taken: set[int] = set()
    for section in sections:
        names = {normalize_heading(n) for n in (section.heading, *section.aliases)}
        for idx, heading in enumerate(headings):
            if section.level == 1:
                hit = heading.level == 1
            else:
                hit = heading.level > 1 and normalize_heading(heading.text) in names
            if hit and idx not in taken:
                found[section.key] = idx
                taken.add(idx)
                break
    for section in sections:
        if section.key in found or section.level == 1 or not section.words:
            continue
        words = {normalize_heading(w) for w in section.words}
        for idx, heading in enumerate(headings):
            said = {normalize_heading(w) for w in re.split(r"[\W_]+", heading.text)}
            if idx not in taken and heading.level == 2 and words & said:
                found[section.key] = idx
                taken.add(idx)
                break
    return found


_FOREIGN = re.compile(
    r"^<!--\s*(?P<a>[\w.:/ -]*?)[\s:_-]*\b(?P<kind>start|begin|end|stop)\b[\s:_-]*"
    r"(?P<b>[\w.:/ -]*?)\s*-->$",
    re.IGNORECASE,
)


def foreign_blocks(text: str) -> list[tuple[int, int]]:
    """Offsets of other tools' marked blocks (`<!-- usage-start -->`…`<!-- usage-end -->`).

    Include tools, table-of-contents generators and badge updaters rewrite what lies between
    their markers, so nothing may be inserted there. A begin line pairs with the next end
    line of the same name; Klaro's own markers are not foreign.
    """
    found: list[tuple[int, int]] = []
    open_: tuple[str, int] | None = None
    offset = 0
    for line in text.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        match = _FOREIGN.match(line.strip())
        if match is None or "klaro:" in line:
            continue
        name = normalize_heading(match["a"] + match["b"])
        if match["kind"].lower() in {"start", "begin"}:
            open_ = open_ or (name, start)
        elif open_ is not None and open_[0] == name:
            found.append((open_[1], offset))
            open_ = None
    return found


def _outside_foreign(at: int, blocks: list[tuple[int, int]]) -> int:
    """Move an insertion point that falls inside another tool's block to just after it."""
    for start, end in blocks:
        if start < at < end:
            return end
    return at


def _insertion(text: str, at: int, group: list[Section], fmt: DocFormat) -> str:
    """Render sections to insert at `at`, separated from their neighbours by one blank line."""
    before = text[:at]
    prefix = ""
    if before and not before.endswith("\n"):
        prefix = "\n\n"
    elif before and not before.endswith("\n\n"):
        prefix = "\n"
    body = "\n\n".join(fmt.wrap(s.key, s.body) for s in group) + "\n"
    suffix = "\n" if text[at:] else ""
    return prefix + body + suffix
