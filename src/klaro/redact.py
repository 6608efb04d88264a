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

_PATTERNS: tuple[re.Pattern[str], ...] = (
    # Private key blocks, whole.
    re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?"
        r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
        re.DOTALL,
    ),
    re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}\b"),  # GitHub tokens
    re.compile(r"\bgithub_pat_[A-Za-z0-9_]{20,}\b"),
    re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{16,}\b"),  # OpenAI keys
    re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"),  # AWS access key ids
    re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"),  # Slack tokens
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
# still parses the same way (`API_KEY = "[REDACTED]"`, `f(token="[REDACTED]")`).
_QUOTED_ASSIGNMENT = re.compile(
    r"""(?ix)
    (?P<name>\b[\w.-]*(?:password|passwd|secret|token|api[_-]?key|access[_-]?key)[\w.-]*)
    (?P<sep>["']?\s*[:=]\s*[rbuRBU]?)
    (?P<quote>["'])
    (?P<value>[^\s"'\\]{8,})
    (?P=quote)
    """
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
    if not _SUSPECT.search(text):
        return text  # the common case, one scan: nothing that could be a secret
    for pattern in _PATTERNS:
        text = pattern.sub(_mask_keeping_lines, text)
    return _QUOTED_ASSIGNMENT.sub(_mask_quoted, text)


# Cheap first look: every pattern above needs one of these.
_SUSPECT = re.compile(
    r"PRIVATE KEY|gh[pousr]_|github_pat_|sk-|AKIA|ASIA|xox[abprs]-"
    r"|(?i:password|passwd|secret|token|api[_-]?key|access[_-]?key)"
)


def _mask_keeping_lines(match: re.Match[str]) -> str:
    return MASK + "\n" * match[0].count("\n")


def _mask_quoted(match: re.Match[str]) -> str:
    value = match["value"]
    # A name or a word (`"GITHUB_TOKEN"`, `"bearer"`) is not a credential; a literal with both
    # letters and digits, and no path or URL in it, is treated as one.
    literal = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
    if not literal or "/" in value or _PLACEHOLDER.match(value) or value == MASK:
        return match[0]
    return f"{match['name']}{match['sep']}{match['quote']}{MASK}{match['quote']}"


def _mask_assignment(match: re.Match[str]) -> str:
    value = match["value"]
    if value == MASK or _PLACEHOLDER.match(value):
        return match[0]
    # Unquoted names and calls are code (`token = get_token()`), not literal secrets; a value
    # with digits in it (`TOKEN=s3cr3t`) reads as a literal even unquoted.
    if not match["quote"] and _CODE.fullmatch(value) and not any(c.isdigit() for c in value):
        return match[0]
    return f"{match['name']}{match['sep']}{match['quote']}{MASK}"
