"""Keep copied docstring text from claiming what the code does not have.

Docstrings drift like any documentation: they name removed attributes (``Command.show_default``)
or link pages of a documentation site (`/advanced/#merging`) that the repository does not hold.
Copied into a Markdown document as code spans and links, those become references `klaro check`
rightly rejects. The writer keeps the words and drops the claim: such a code span becomes plain
text, such a link its label, so that every reference Klaro writes is one the checker accepts.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

from klaro.verify import Resolver
from klaro.verify.refs import parse_document

_MARKDOWN = MarkdownIt("commonmark")
_MD_SPECIAL = re.compile(r"([\\*<\[\]])|(?<!\w)_|_(?!\w)")


def _plain(text: str) -> str:
    """Escape what Markdown would read as emphasis, HTML or a link once backticks are gone."""
    return _MD_SPECIAL.sub(lambda m: "\\" + m.group(0), text)


def _unwrap_span(line: str, reference: str) -> str:
    """Replace each code span holding exactly `reference` by its escaped text."""
    span = re.compile(r"(?<!`)(`+)[ ]?" + re.escape(reference) + r"[ ]?\1(?!`)")
    return span.sub(lambda _: _plain(reference), line)


def _unwrap_link(line: str, target: str) -> str:
    """Replace each link or image to `target` by its label (an image by its alt text)."""
    link = re.compile(r"!?\[([^\]]*)\]\(\s*<?" + re.escape(target) + r'>?(?:\s+"[^"]*")?\s*\)')
    return link.sub(lambda m: m.group(1), line)


def ground(text: str, resolver: Resolver, path: str) -> str:
    """Return `text` with unresolved code spans and dead links turned into plain words."""
    doc = parse_document(text, path)
    bad = [o for o in resolver.resolve_document(doc) if o.status in {"unresolved", "dead-link"}]
    if not bad:
        return text
    lines = text.split("\n")
    fenced = {
        number
        for token in _MARKDOWN.parse(text)
        if token.type in {"fence", "code_block"} and token.map is not None
        for number in range(token.map[0] + 1, token.map[1] + 1)
    }
    prose = [n for n in range(1, len(lines) + 1) if n not in fenced]
    for outcome in bad:
        ref = outcome.reference
        if ref.kind not in {"code", "link"}:
            continue  # examples in code blocks are the author's code, kept as written
        unwrap = _unwrap_link if ref.kind == "link" else _unwrap_span
        if ref.line in prose:
            changed = unwrap(lines[ref.line - 1], ref.text)
            if changed != lines[ref.line - 1]:
                lines[ref.line - 1] = changed
                continue
        # A span's line is counted from its paragraph's first line: when that count is off
        # (a span wrapped over lines), unwrap it wherever the prose has it.
        for number in prose:
            lines[number - 1] = unwrap(lines[number - 1], ref.text)
    return "\n".join(lines)
