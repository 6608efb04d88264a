"""Remove secret-looking strings from text before it can reach a model, a log or a comment.

Repository content is untrusted and may hold credentials by accident; the process environment
holds real ones (the API key, the GitHub token). Everything the agent sends out goes through
`Redactor.redact`, which masks well-known token shapes and the exact values of the secrets the
run knows about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

MASK = "[REDACTED]"
_MIN_SECRET = 8  # shorter values would mask ordinary words
_SECRET_NAME = re.compile(r"(?i)(token|secret|password|passwd|api[_-]?key|credential|private)")

# Credential shapes: the literal every match starts with, and the whole match from there.
_SHAPES: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = (
    (  # private key blocks, whole: a header, then key material (up to its END, or to the
        # end of the base64 when cut off); a header alone is code that looks for one
        # (`data.find(b"-----BEGIN EC PRIVATE KEY-----")`), and masking from there to the
        # end of the file would leave it unparseable
        ("-----BEGIN ",),
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:(?:\\n|\s|[\w+/=:,.-])*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
            r"|(?=(?:\\n|\s)+(?:[\w-]+:[^\n]*(?:\\n|\s)+)*[A-Za-z0-9+/=]{16})"
            r"(?:\\n|\s|[A-Za-z0-9+/=])+)",
        ),
    ),
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), re.compile(r"gh[pousr]_[A-Za-z0-9]{20,}\b")),
    (("github_pat_",), re.compile(r"github_pat_[A-Za-z0-9_]{20,}\b")),
    (("sk-",), re.compile(r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{16,}\b")),  # OpenAI
    (("AKIA", "ASIA"), re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}\b")),  # AWS access key ids
    (("xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-"), re.compile(r"xox[abprs]-[A-Za-z0-9-]{10,}\b")),
)
_PATTERNS: tuple[re.Pattern[str], ...] = tuple(
    pattern if markers[0].startswith("-") else re.compile(r"\b" + pattern.pattern, pattern.flags)
    for markers, pattern in _SHAPES
)
# `password = "..."`, `api_key: ...`, `TOKEN=...`: keep the name, mask the value.
_ASSIGNMENT = re.compile(
    r"""(?ix)
    (?P<name>\b[\w.-]*(?:password|passwd|secret|token|api[_-]?key|access[_-]?key)[\w.-]*)
    (?P<sep>\s*[:=]\s*)
    (?P<quote>["']?)
    (?P<value>[^\s"',;]{6,})
    """
)
# The same, for source code: only a quoted literal is masked, inside its quotes, so the code
# still parses the same way (`API_KEY = "[REDACTED]"`, `f(token="[REDACTED]")`). Matched from
# the key word on: found with `str.find`, which is far faster than a regex scan of every file.
_SECRET_WORDS: tuple[str, ...] = ("password", "passwd", "secret", "token", "api_key", "api-key")
_SECRET_WORDS += ("apikey", "access_key", "access-key", "accesskey")
_QUOTED_VALUE = re.compile(
    r"""[\w.-]*["']?\s*[:=]\s*[rbuRBU]?(?P<quote>["'])(?P<value>[^\s"'\\]{8,})(?P=quote)"""
)
_CODE = re.compile(r"[A-Za-z_][\w.]*(?:\(.*)?")
_PLACEHOLDER = re.compile(r"(?i)^(?:\$\{?\w+\}?|<[^>]*>|x+|\*+|none|null|true|false|os\.\w+.*)$")


def env_secrets(environ: Mapping[str, str]) -> tuple[str, ...]:
    """Pick the values of environment variables whose names say they are secrets."""
    return tuple(
        value
        for name, value in environ.items()
        if _SECRET_NAME.search(name) and len(value.strip()) >= _MIN_SECRET
    )


class Redactor:
    """Mask token shapes and the known secret values of this run."""

    def __init__(self, secrets: Iterable[str | None] = ()) -> None:
        known = {s.strip() for s in secrets if s and len(s.strip()) >= _MIN_SECRET}
        # Longest first, so a secret containing another is masked whole.
        self._known = sorted(known, key=len, reverse=True)

    def redact(self, text: str) -> str:
        """Return `text` with every secret-looking string replaced by a mask."""
        for secret in self._known:
            if secret in text:
                text = text.replace(secret, MASK)
        for pattern in _PATTERNS:
            text = pattern.sub(MASK, text)
        return _ASSIGNMENT.sub(_mask_assignment, text)


def redact_source(text: str) -> str:
    """Mask credentials in source code at the analysis boundary, keeping it parseable.

    Token shapes (`AKIA…`, `ghp_…`, `sk-…`, private key blocks) are masked wherever they
    stand, and quoted literals assigned to secret-named keys inside their quotes; every line
    stays on its line, so line numbers in the analysis, the index and findings stay true.
    Everything later (constants, defaults, docstrings, cache, index, JSON) only ever sees this.
    """
    spans = sorted(_shape_spans(text) + _literal_spans(text))
    if not spans:
        return text
    out: list[str] = []
    done = 0
    for start, end in spans:
        if start < done:
            continue  # inside a span already masked
        out += [text[done:start], MASK, "\n" * text.count("\n", start, end)]
        done = end
    out.append(text[done:])
    return "".join(out)


def _shape_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for markers, pattern in _SHAPES:
        for marker in markers:
            start = text.find(marker)
            while start != -1:
                before = text[start - 1] if start else " "
                found = None
                if marker.startswith("-") or not (before.isalnum() or before == "_"):
                    found = pattern.match(text, start)
                if found:
                    spans.append((start, found.end()))
                start = text.find(marker, found.end() if found else start + 1)
    return spans


def _literal_spans(text: str) -> list[tuple[int, int]]:
    # Offsets in `lower` are those in `text` when no character lowered to two (`İ`).
    lower = text.lower()
    if len(lower) != len(text):
        lower = "".join(c.lower()[:1] for c in text)
    spans = []
    for word in _SECRET_WORDS:
        start = lower.find(word)
        while start != -1:
            found = _QUOTED_VALUE.match(text, start + len(word))
            if found and _looks_secret(found["value"]):
                spans.append((found.start("value"), found.end("value")))
            start = lower.find(word, start + 1)
    return spans


def _looks_secret(value: str) -> bool:
    """A name or a word (`"GITHUB_TOKEN"`, `"bearer"`) is not a credential; a literal with both
    letters and digits, and no path or URL in it, is treated as one."""
    literal = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
    return literal and "/" not in value and not _PLACEHOLDER.match(value) and value != MASK


def _mask_assignment(match: re.Match[str]) -> str:
    value = match["value"]
    if value == MASK or _PLACEHOLDER.match(value):
        return match[0]
    # Unquoted names and calls are code (`token = get_token()`), not literal secrets; a value
    # with digits in it (`TOKEN=s3cr3t`) reads as a literal even unquoted.
    if not match["quote"] and _CODE.fullmatch(value) and not any(c.isdigit() for c in value):
        return match[0]
    return f"{match['name']}{match['sep']}{match['quote']}{MASK}"
