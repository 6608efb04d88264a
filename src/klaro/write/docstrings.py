"""Render docstrings as markdown with griffe's parsers, detecting the style per docstring.

Google (`Args:`), NumPy (`Parameters` / `----------`) and Sphinx (`:param x:`) docstrings all
become the same markdown: the prose, then **Parameters**, **Returns**, **Raises** and the other
sections as lists. A docstring in no recognised style is kept as prose.
"""

from __future__ import annotations

import logging
import re
import textwrap
from typing import Any

from griffe import Docstring, DocstringSectionKind, Parser, infer_docstring_style

# griffe warns about every parameter without a type: noise for a documentation writer that
# renders what the author wrote. Its loggers live under "griffe".
logging.getLogger("griffe").setLevel(logging.ERROR)

_LINK_DEF = re.compile(r"^[ ]{0,3}\[([^\]]+)\]:[ \t]*<?([^\s>]+)>?[ \t]*\n?", re.M)
_LINK_USE = re.compile(r"\[([^\]]+)\]\[([^\]]*)\]")
_ROLE = re.compile(r":(?:py:)?[a-z]+:`~?(?:[^`<]*<)?([^`<>]+)>?`")
_VERSION = re.compile(r"^(\s*)\.\. (versionadded|versionchanged|deprecated)::\s*(\S+)\s*(.*)$")
_VERSION_WORDS = {
    "versionadded": "Added in",
    "versionchanged": "Changed in",
    "deprecated": "Deprecated in",
}
_FENCE = re.compile(r"^\s*(```+|~~~+)")
_ATX = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")
_UNDERLINE = re.compile(r"^\s*([=\-~^\"'`#*+])\1{2,}\s*$")
_DIRECTIVE = re.compile(r"^(\s*)\.\.\s+([A-Za-z-]+)::\s*(.*)$")
_ADMONITIONS = {
    "note": "Note", "warning": "Warning", "tip": "Tip", "important": "Important",
    "caution": "Caution", "danger": "Danger", "attention": "Attention", "hint": "Hint",
    "error": "Error", "seealso": "See also", "admonition": "Note", "todo": "To do",
}  # fmt: skip
_CODE_DIRECTIVES = ("code-block", "code", "sourcecode")
_SENTENCE_END = re.compile(r"(?<![ .][a-z])[.!?](?=\s)")  # not after "e.g", "i.e"
_TITLES = {
    DocstringSectionKind.parameters: "Parameters",
    DocstringSectionKind.other_parameters: "Other parameters",
    DocstringSectionKind.type_parameters: "Type parameters",
    DocstringSectionKind.raises: "Raises",
    DocstringSectionKind.warns: "Warns",
    DocstringSectionKind.returns: "Returns",
    DocstringSectionKind.yields: "Yields",
    DocstringSectionKind.receives: "Receives",
    DocstringSectionKind.attributes: "Attributes",
    DocstringSectionKind.functions: "Functions",
    DocstringSectionKind.classes: "Classes",
    DocstringSectionKind.type_aliases: "Type aliases",
    DocstringSectionKind.modules: "Modules",
}


def first_line(doc: str | None) -> str:
    """Return the docstring's first sentence (summaries may wrap over lines), or ''."""
    if not doc or not doc.strip():
        return ""
    paragraph = " ".join(doc.strip().split("\n\n", 1)[0].split())
    match = _SENTENCE_END.search(paragraph)
    return paragraph[: match.start() + 1] if match else paragraph


def detect_style(doc: str) -> Parser | None:
    """Return the docstring's style (google, numpy, sphinx), or None for plain prose."""
    parser, _ = infer_docstring_style(Docstring(doc))
    return parser


def render_docstring(doc: str | None) -> str:
    """Return the docstring as markdown, its sections rendered as lists; '' when empty."""
    if not doc or not doc.strip():
        return ""
    text = _directives(_ROLE.sub(r"`\1`", _inline_links(doc.strip("\n"))))
    text, history = _versions(text)
    style = detect_style(text)
    if style is None:
        return "\n\n".join(b for b in (_prose(text), history) if b)
    blocks: list[str] = []
    for section in Docstring(text, parser=style).parse():
        block = _section(section.kind, section.value, getattr(section, "title", None))
        if block:
            blocks.append(block)
    return "\n\n".join([*blocks, history] if history else blocks)


def _versions(text: str) -> tuple[str, str]:
    """Take Sphinx `.. versionchanged::` notes out of the text and list them at the end.

    Left in place they are glued onto the last parameter's description by the parser.
    """
    kept: list[str] = []
    notes: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _VERSION.match(lines[i])
        if match is None:
            kept.append(lines[i])
            i += 1
            continue
        indent, kind, version, first = match.groups()
        body = [first] if first else []
        i += 1
        while i < len(lines) and (
            not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > len(indent)
        ):
            body.append(lines[i].strip())
            i += 1
        note = " ".join(" ".join(body).split())
        notes.append(f"- {_VERSION_WORDS[kind]} {version}" + (f": {note}" if note else ""))
    if not notes:
        return text, ""
    return "\n".join(kept).strip("\n"), "**History**\n\n" + "\n".join(notes)


def _directives(text: str) -> str:
    """reStructuredText directives as Markdown: admonitions quoted, code blocks fenced.

    `.. warning::` and its indented body become `> **Warning:** body`; `.. code-block:: py`
    and its indented body a fenced block. Other directives are left as written.
    """
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _DIRECTIVE.match(lines[i])
        if match is None or match.group(2).lower() not in (*_ADMONITIONS, *_CODE_DIRECTIVES):
            out.append(lines[i])
            i += 1
            continue
        indent, kind, argument = match.group(1), match.group(2).lower(), match.group(3).strip()
        body: list[str] = []
        i += 1
        while i < len(lines) and (
            not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > len(indent)
        ):
            body.append(lines[i])
            i += 1
        while body and not body[-1].strip():
            body.pop()
        inner = textwrap.dedent("\n".join(b for b in body if not b.strip().startswith(":")))
        if kind in _CODE_DIRECTIVES:
            fenced = [f"```{argument}", *inner.strip("\n").splitlines(), "```"]
            out += [f"{indent}{x}" if x else x for x in fenced]
        else:
            title = _ADMONITIONS[kind] if kind != "admonition" else argument or "Note"
            said = " ".join((argument if kind != "admonition" else "").split() + inner.split())
            out.append(f"{indent}> **{title}:** {said}".rstrip())
        out.append("")
    return "\n".join(out).rstrip("\n")


def _inline_links(text: str) -> str:
    """Turn `[text][id]` links into inline ones and drop their definitions.

    Link definitions are global to a Markdown document: two docstrings that both define
    `[0]` would otherwise both link to whichever definition comes first in the reference.
    """
    targets = {m.group(1).lower(): m.group(2) for m in _LINK_DEF.finditer(text)}
    if not targets:
        return text
    used: set[str] = set()

    def inline(match: re.Match[str]) -> str:
        key = (match.group(2) or match.group(1)).lower()
        if key not in targets:
            return match.group(0)
        used.add(key)
        return f"[{match.group(1)}]({targets[key]})"

    text = _LINK_USE.sub(inline, text)
    return _LINK_DEF.sub(lambda m: "" if m.group(1).lower() in used else m.group(0), text)


def _prose(text: str) -> str:
    """Keep prose as written; doctest lines become a python code block, headings bold text.

    Fenced blocks the docstring already has are kept exactly (never wrapped a second time),
    and a heading inside a docstring, Markdown (`# Usage`) or reStructuredText (`Usage` over
    `-----`), becomes a bold line so it cannot outrank the heading of the symbol it belongs to.
    """
    out: list[str] = []
    in_doctest = False
    fence = ""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        marker = _FENCE.match(line)
        if fence or marker:
            if marker and not fence:
                fence = marker.group(1)
            elif marker and line.strip().startswith(fence) and not line.strip()[len(fence) :]:
                fence = ""
            out.append(line.rstrip())
            continue
        heading = _ATX.match(line)
        below = lines[i + 1] if i + 1 < len(lines) else ""
        if heading:
            out.append(f"**{heading.group(1).strip()}**")
            continue
        if line.strip() and _UNDERLINE.match(below) and len(below.strip()) >= len(line.strip()):
            out.append(f"**{line.strip()}**")
            continue
        if _UNDERLINE.match(line) and out and out[-1].startswith("**"):
            continue  # the underline of a heading made bold above
        starts = line.lstrip().startswith(">>>")
        if starts and not in_doctest:
            if out and out[-1] != "":
                out.append("")
            out.append("```python")
            in_doctest = True
        elif in_doctest and not line.strip():
            out.append("```")
            in_doctest = False
        out.append(line.strip() if in_doctest else line.rstrip())
    if in_doctest:
        out.append("```")
    return "\n".join(out).strip("\n")


def _section(kind: DocstringSectionKind, value: Any, title: str | None) -> str:
    if kind is DocstringSectionKind.text:
        return _prose(str(value))
    if kind is DocstringSectionKind.examples:
        parts = []
        for sub_kind, text in value:
            if sub_kind is DocstringSectionKind.examples:
                parts.append("```python\n" + text.strip("\n") + "\n```")
            else:
                parts.append(_prose(text))
        if any(_FENCE.match(line) for line in "\n".join(t for _, t in value).splitlines()):
            # the author fenced the examples already: griffe's split would wrap them again
            parts = [_prose("\n\n".join(t.strip("\n") for _, t in value))]
        return "**Examples**\n\n" + "\n\n".join(parts)
    if kind is DocstringSectionKind.admonition:
        heading = title or str(getattr(value, "annotation", "") or "Note").capitalize()
        body = str(getattr(value, "description", "") or "").strip("\n")
        if "example" in heading.lower() and ">>>" in body:
            return f"**{heading}**\n\n```python\n{body}\n```"
        return f"**{heading}**\n\n{_prose(body)}" if body else ""
    if kind is DocstringSectionKind.deprecated:
        version = getattr(value, "version", "")
        note = str(getattr(value, "description", "") or "").strip()
        return f"**Deprecated** since {version}: {note}".rstrip(": ")
    items = value if isinstance(value, list) else [value]
    lines = [_item(item) for item in items]
    lines = [line for line in lines if line]
    if not lines:
        return ""
    return f"**{_TITLES.get(kind, str(kind.value).capitalize())}**\n\n" + "\n".join(lines)


def _item(item: Any) -> str:
    """One parameter, return value, exception or attribute as a list item."""
    name = str(getattr(item, "name", "") or "")
    annotation = getattr(item, "annotation", None)
    annotation = str(annotation) if annotation not in (None, "") else ""
    description = " ".join(str(getattr(item, "description", "") or "").split())
    default = getattr(item, "default", None)
    head = f"`{name}`" if name else ""
    if annotation:
        head = f"{head} (`{annotation}`)" if head else f"`{annotation}`"
    if default not in (None, ""):
        head += f", default `{default}`"
    if not head:
        return f"- {description}" if description else ""
    return f"- {head}: {description}" if description else f"- {head}"
