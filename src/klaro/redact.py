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


def _mask_assignment(match: re.Match[str]) -> str:
    value = match["value"]
    if value == MASK or _PLACEHOLDER.match(value):
        return match[0]
    # Unquoted names and calls are code (`token = get_token()`), not literal secrets; a value
    # with digits in it (`TOKEN=s3cr3t`) reads as a literal even unquoted.
    if not match["quote"] and _CODE.fullmatch(value) and not any(c.isdigit() for c in value):
        return match[0]
    return f"{match['name']}{match['sep']}{match['quote']}{MASK}"
