"""The verdict on one reference, shared by the resolvers."""

from __future__ import annotations

from dataclasses import dataclass

from klaro.verify.refs import Reference


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a reference turned out to be."""

    status: str  # resolved | ignored | unresolved | dead-link
    reference: Reference
    target: str = ""  # the project name it resolved to, when resolved
    message: str = ""
    suggestions: tuple[str, ...] = ()
