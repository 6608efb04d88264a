"""Parse a module written for a newer Python than the one Klaro runs on.

Klaro runs on Python 3.11+, and `ast` only knows the grammar of the interpreter it runs in.
A project that requires 3.12 writes `type Alias = ...`, `def first[T](items: list[T])`,
`class Box[T]:` and f-strings that reuse their own quotes (`f"{row["id"]}"`, PEP 701); 3.14
adds `except A, B:` without parentheses (PEP 758) and template strings (`t"..."`). Under 3.11
every one of those is a SyntaxError, and a module that does not parse defines nothing: each
name the docs take from it would look missing (dature and tatsu, wild batch 28: 94 false
alarms from 46 modules).

When the running parser refuses a module, `parse_module` rewrites just those constructs into
3.11 grammar that defines the same names on the same lines, and parses again:
- `type X[T] = v` becomes `X = v`; `def f[T](...)` and `class C[T](...)` lose their type
  parameters (they bind nothing a reader of the module can import);
- an f-string or t-string the running parser cannot read becomes an empty string literal
  (the expressions inside it define nothing), keeping its line breaks;
- `except A, B:` becomes `except (A, B):`.
The rewrite never runs on a module the interpreter parses, so nothing changes for it; a
module still refused afterwards raises the original SyntaxError, as before.
"""

from __future__ import annotations

import ast
import re
import warnings

_PREFIX_LETTERS = frozenset("rRbBuUfFtT")
_IDENT_CHAR = re.compile(r"\w")
_TYPE_ALIAS = re.compile(r"type[ \t]+([A-Za-z_]\w*)[ \t]*(?=[\[=])")
_GENERIC_DEF = re.compile(r"(?:def|class)[ \t]+[A-Za-z_]\w*[ \t]*(?=\[)")
_BARE_EXCEPT_TUPLE = re.compile(r"(except\*?[ \t]+)(?!\()([^:\n#]*?,[^:\n#]*?)([ \t]*:)")


def parse_module(source: str | bytes, filename: str = "<unknown>") -> ast.Module:
    """`ast.parse`, falling back to a 3.11 rewrite of newer grammar (see the module docstring)."""
    with warnings.catch_warnings():  # the repository's `"\("` is its business, not a warning
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return ast.parse(source, filename=filename)
        except SyntaxError:
            text = (
                source.decode("utf-8", "surrogateescape") if isinstance(source, bytes) else source
            )
            rewritten = downgrade(text)
            if rewritten == text:
                raise
            try:
                return ast.parse(rewritten, filename=filename)
            except (SyntaxError, ValueError):
                pass
            raise


def downgrade(text: str) -> str:
    """The text with the newer constructs above rewritten; line numbers are kept."""
    return _Rewriter(text).run()


def _parses(expression: str) -> bool:
    try:
        ast.parse(expression, mode="eval")
    except (SyntaxError, ValueError):
        return False
    return True


def _prefix_before(text: str, quote: int) -> str:
    """The string prefix (`f`, `rb`, `t`...) written just before the quote at `quote`."""
    start = quote
    while start > 0 and quote - start < 2 and text[start - 1] in _PREFIX_LETTERS:
        start -= 1
    if start > 0 and _IDENT_CHAR.match(text[start - 1]):
        return ""  # the end of a longer name, which no string follows
    return text[start:quote]


def _joined(text: str, start: int, end: int) -> str:
    """Backslash continuations standing for the line breaks of a removed span."""
    return "\\\n" * text.count("\n", start, end)


def _keep_lines(text: str) -> str:
    """An empty string literal spanning as many lines as `text`."""
    breaks = text.count("\n")
    return '""' if not breaks else '"""' + "\n" * breaks + '"""'


class _Rewriter:
    """One pass over the source that knows where strings, comments and brackets are."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.out: list[str] = []
        self.at = 0

    def run(self) -> str:
        text = self.text
        statement_start = True
        depth = 0
        while self.at < len(text):
            char = text[self.at]
            if char == "#":
                end = text.find("\n", self.at)
                end = len(text) if end < 0 else end
                self.out.append(text[self.at : end])
                self.at = end
                continue
            if char in "\"'":
                self._string()
                statement_start = False
                continue
            if char == "\n":
                self.out.append(char)
                self.at += 1
                statement_start = depth == 0 and not self._continued()
                continue
            if char in " \t\f\\":
                self.out.append(char)
                self.at += 1
                continue
            if char == ";" and depth == 0:
                self.out.append(char)
                self.at += 1
                statement_start = True
                continue
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth = max(0, depth - 1)
            elif not self._word_boundary():
                pass
            elif (statement_start and self._rewrite_statement_start()) or (
                self._rewrite_generic_def()
            ):
                statement_start = False
                continue
            self.out.append(char)
            self.at += 1
            if char == ":" and depth == 0:
                statement_start = True  # `if x: type Y = int` and one-line bodies
            elif not char.isspace():
                statement_start = False
        return "".join(self.out)

    def _continued(self) -> bool:
        """Whether the line just ended with a backslash continuation."""
        line = "".join(self.out[-3:])
        return line.endswith("\\\n")

    def _word_boundary(self) -> bool:
        return self.at == 0 or not _IDENT_CHAR.match(self.text[self.at - 1])

    def _rewrite_statement_start(self) -> bool:
        text = self.text
        alias = _TYPE_ALIAS.match(text, self.at)
        if alias is not None:
            rest = alias.end()
            if text[rest] == "[":
                close = self._matching_bracket(rest)
                if close is None:
                    return False
                self.out.append(alias.group(1) + " " + _joined(text, rest, close + 1))
                self.at = close + 1
            else:
                self.out.append(alias.group(1) + " ")
                self.at = rest
            return True
        clause = _BARE_EXCEPT_TUPLE.match(text, self.at)
        if clause is not None:
            self.out.append(f"{clause.group(1)}({clause.group(2)}){clause.group(3)}")
            self.at = clause.end()
            return True
        return False

    def _rewrite_generic_def(self) -> bool:
        header = _GENERIC_DEF.match(self.text, self.at)
        if header is None:
            return False
        close = self._matching_bracket(header.end())
        if close is None:
            return False
        self.out.append(header.group(0) + _joined(self.text, header.end(), close + 1))
        self.at = close + 1
        return True

    def _matching_bracket(self, start: int) -> int | None:
        """The index of the bracket closing the one at `start`, strings skipped."""
        depth = 0
        at = start
        text = self.text
        while at < len(text):
            char = text[at]
            if char in "\"'":
                at = _string_end(text, at, "")
                continue
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
                if depth == 0:
                    return at
            at += 1
        return None

    def _string(self) -> None:
        """Copy the string starting at the quote under the cursor; rewrite an unreadable
        f-string or t-string (its prefix letters were already copied)."""
        text = self.text
        prefix = _prefix_before(text, self.at)
        end = _string_end(text, self.at, prefix.lower())
        literal = text[self.at : end]
        if set(prefix.lower()) & {"f", "t"} and not _parses(prefix + literal):
            self._drop_prefix(len(prefix))
            self.out.append(_keep_lines(literal))
        else:
            self.out.append(literal)
        self.at = end

    def _drop_prefix(self, length: int) -> None:
        """Remove the last `length` characters already copied (a string's prefix letters)."""
        while length > 0 and self.out:
            last = self.out.pop()
            if len(last) > length:
                self.out.append(last[:-length])
                return
            length -= len(last)


def _string_end(text: str, start: int, prefix: str) -> int:
    """The index just past the string literal whose opening quote is at `start`.

    Formatted strings follow PEP 701: a replacement field may hold any expression, strings
    with the same quotes included, so the scan follows `{...}` nesting instead of looking for
    the next quote.
    """
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    closing = quote * 3 if triple else quote
    raw = "r" in prefix
    formatted = "f" in prefix or "t" in prefix
    at = start + len(closing)
    while at < len(text):
        char = text[at]
        if char == "\\" and not raw:
            at += 2
            continue
        if char == "\\" and raw and at + 1 < len(text) and text[at + 1] in "\"'\\":
            at += 2
            continue
        if text.startswith(closing, at):
            return at + len(closing)
        if char == "\n" and not triple:
            return at  # an unterminated string: let the parser report it
        if formatted and char == "{":
            if text.startswith("{{", at):
                at += 2
                continue
            at = _field_end(text, at + 1)
            continue
        at += 1
    return len(text)


def _field_end(text: str, at: int) -> int:
    """The index just past the `}` closing a replacement field whose expression starts at
    `at`; a format spec after `:` may hold nested fields."""
    depth = 0
    while at < len(text):
        char = text[at]
        if char in "\"'":
            at = _string_end(text, at, _prefix_before(text, at).lower())
            continue
        if char in "([{":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "}":
            if depth == 0:
                return at + 1
            depth -= 1
        elif char == ":" and depth == 0:
            return _spec_end(text, at + 1)
        at += 1
    return len(text)


def _spec_end(text: str, at: int) -> int:
    """The index just past the `}` ending a format spec (`{value:>{width}}`)."""
    while at < len(text):
        char = text[at]
        if char == "{":
            at = _field_end(text, at + 1)
            continue
        if char == "}":
            return at + 1
        if char == "\n":
            return at
        at += 1
    return len(text)
