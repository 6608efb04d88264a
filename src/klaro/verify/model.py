"""Findings of the reference checker, shared by `klaro check`, the agent and the Action."""

from __future__ import annotations

from dataclasses import dataclass, field

# unresolved: a reference to something the code does not have (stale or invented);
# undocumented: public API, CLI option or env var no document mentions;
# dead-link: a repository path or anchor that does not exist.
FINDING_KINDS = ("unresolved", "undocumented", "dead-link")
# Documents the checker reads (Markdown and reStructuredText), by file suffix.
DOCUMENT_SUFFIXES = (".md", ".markdown", ".rst")


@dataclass(frozen=True)
class Finding:
    """One problem in the documentation, with where it is and what might have been meant."""

    kind: str
    file: str
    line: int
    reference: str
    message: str
    suggestions: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "file": self.file,
            "line": self.line,
            "reference": self.reference,
            "message": self.message,
            "suggestions": list(self.suggestions),
        }
