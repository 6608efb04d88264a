"""reStructuredText for README.rst: the writers' Markdown rendered in rST, and rST headings read.

The offline writer builds every section in the Markdown subset it emits (headings, fenced code,
pipe tables, lists, inline code, links and badge images); `to_rst` renders that subset as
reStructuredText, with heading adornments taken from the document it goes into so the new
sections sit at the right depth. `rst_outline` finds a document's section titles and the lines
of its literal blocks, for the managed-region machinery in `klaro.write.regions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ADORN = re.compile(r"^([=\-~^\"'`#*+.:_])\1{2,}\s*$")
_FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)\s*$")
_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")
_BADGE_LINE = re.compile(r"^(?:!\[[^\]]*\]\([^)\s]+\)\s*)+$")
_DEFAULT_STYLES = ("=", "-", "~", "^", '"')


@dataclass(frozen=True)
class RstHeading:
    """A section title: its 0-based line, its depth (1 = title) and its text."""

    line: int
    level: int
    text: str


def rst_outline(text: str) -> tuple[set[int], list[RstHeading], list[str]]:
    """Return the lines inside literal blocks, the section titles, and the adornment styles.

    A title is a text line underlined (optionally also overlined) by a run of one punctuation
    character at least as long as the text; depth follows the order in which styles first
    appear, as docutils decides it. Literal blocks are the indented lines after `::` or after
    a directive such as `.. code-block::`.
    """
    lines = text.splitlines()
    code: set[int] = set()
    headings: list[RstHeading] = []
    styles: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.rstrip().endswith("::"):
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or lines[j][:1] in " \t"):
                j += 1
            code.update(range(i + 1, j))
            i = j
            continue
        below = lines[i + 1] if i + 1 < len(lines) else ""
        over = _ADORN.match(line)
        if over and i + 2 < len(lines) and _ADORN.match(lines[i + 2]) and lines[i + 1].strip():
            style = "o" + line.strip()[0]
            headings.append(_heading(i, lines[i + 1].strip(), style, styles))
            i += 3
            continue
        titled = line.strip() and not line[:1].isspace() and not _ADORN.match(line)
        if titled and _ADORN.match(below) and len(below.rstrip()) >= len(line.rstrip()):
            headings.append(_heading(i, line.strip(), below.strip()[0], styles))
            i += 2
            continue
        i += 1
    used = [h.level for h in headings]
    if used and used.count(1) > 1:
        # no document title: the first style marks sections, which sit below a title
        title = next(f"o{c}" for c in _DEFAULT_STYLES if f"o{c}" not in styles)
        styles.insert(0, title)
        headings = [RstHeading(h.line, h.level + 1, h.text) for h in headings]
    return code, headings, styles


def _heading(line: int, text: str, style: str, styles: list[str]) -> RstHeading:
    if style not in styles:
        styles.append(style)
    return RstHeading(line, styles.index(style) + 1, text)


def to_rst(markdown: str, styles: list[str] | None = None) -> str:
    """Render the writers' Markdown as reStructuredText; `styles` are the document's adornments."""
    chosen = _styles(styles or [])
    out: list[str] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith(fence[1])), None)
            end = len(lines) if end is None else end
            lang = {"": "text", "console": "console"}.get(fence[2], fence[2])
            out += [f".. code-block:: {lang}", ""]
            out += [f"   {x}".rstrip() for x in lines[i + 1 : end]]
            i = end + 1
            continue
        if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("| ---"):
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            out += _table([line, *lines[i + 2 : j]])
            i = j
            continue
        heading = re.match(r"^(#{1,6}) (.*)$", line)
        if heading:
            title = _inline(heading[2])
            char = chosen[min(len(heading[1]), len(chosen)) - 1]
            out += [title, char * max(len(title), 3)]
        elif _BADGE_LINE.match(line.strip()):
            for alt, url in re.findall(r"!\[([^\]]*)\]\(([^)\s]+)\)", line):
                out += [f".. image:: {url}", f"   :alt: {alt}"]
        else:
            out.append(_inline(line))
        i += 1
    return "\n".join(out)


def _styles(found: list[str]) -> list[str]:
    """Adornment characters per depth: the document's own (underlines only), then defaults."""
    chosen = [s[-1] for s in found]
    for char in _DEFAULT_STYLES:
        if char not in chosen:
            chosen.append(char)
    return chosen


def _table(rows: list[str]) -> list[str]:
    cells = [[_inline(c.strip()) for c in row.strip().strip("|").split(" | ")] for row in rows]
    out = [".. list-table::", "   :header-rows: 1", ""]
    for row in cells:
        out += [f"   * - {row[0]}"] + [f"     - {cell}" for cell in row[1:]]
    return out


def _inline(text: str) -> str:
    """Inline Markdown to rST: code spans doubled, links as anonymous hyperlink references."""
    out: list[str] = []
    cursor = 0
    for match in _LINK.finditer(text):
        out.append(_CODE.sub(r"``\1``", text[cursor : match.start()]))
        label = match[2].replace("`", "") or match[3]
        out.append(f"`{label} <{match[3]}>`__")
        cursor = match.end()
    out.append(_CODE.sub(r"``\1``", text[cursor:]))
    return "".join(out)
