"""GitHub webhook payloads, reduced to the few facts Klaro acts on.

The runner writes the triggering event's payload to `$GITHUB_EVENT_PATH`; its shape is
documented per event ("Webhook events and payloads"). Payload text is untrusted (a comment body
is whatever a stranger typed), so it is only ever parsed and compared, never executed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from klaro.errors import KlaroError

REFRESH_EVENTS = ("push", "workflow_dispatch", "schedule")
# The drift gate: Klaro reads the PR head through the API as data and never runs it, so the
# `pull_request_target` variant (a write token, even for forks) is as safe as `pull_request`.
PULL_EVENTS = ("pull_request", "pull_request_target")


@dataclass(frozen=True)
class Event:
    """What happened: the event name and, for comments, who asked what on which issue."""

    name: str
    action: str | None = None
    default_branch: str | None = None  # from `repository.default_branch`, when the payload has it
    issue_number: int | None = None
    on_pull_request: bool = False
    comment_id: int | None = None
    comment_body: str = ""
    commenter: str | None = None
    commenter_type: str | None = None  # "User" or "Bot"
    head_sha: str | None = None  # pull_request events: the head commit the run is about

    @property
    def is_refresh(self) -> bool:
        return self.name in REFRESH_EVENTS


@dataclass(frozen=True)
class Command:
    """A `/docs` comment split into its sub-command and argument."""

    name: str  # "update", "check", "help", "ask", or what the user typed when unknown
    argument: str = ""


def load_event(name: str, path: str | None) -> Event:
    """Read the event file the runner wrote; a missing file is fine for schedule-like events."""
    payload: dict[str, Any] = {}
    if path:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise KlaroError(f"GITHUB_EVENT_PATH {path}: cannot read: {exc.strerror}") from None
        except ValueError as exc:
            raise KlaroError(f"GITHUB_EVENT_PATH {path}: not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise KlaroError(f"GITHUB_EVENT_PATH {path}: expected a JSON object")
        payload = data
    return parse_event(name, payload)


def parse_event(name: str, payload: dict[str, Any]) -> Event:
    """Reduce a webhook payload to an Event."""
    repository = payload.get("repository") or {}
    default_branch = repository.get("default_branch")
    if name in PULL_EVENTS:
        pull = payload.get("pull_request") or {}
        return Event(
            name=name,
            action=payload.get("action"),
            default_branch=default_branch,
            issue_number=payload.get("number") or pull.get("number"),
            on_pull_request=True,
            head_sha=(pull.get("head") or {}).get("sha"),
        )
    if name != "issue_comment":
        return Event(name=name, action=payload.get("action"), default_branch=default_branch)
    issue = payload.get("issue") or {}
    comment = payload.get("comment") or {}
    user = comment.get("user") or {}
    return Event(
        name=name,
        action=payload.get("action"),
        default_branch=default_branch,
        issue_number=issue.get("number"),
        on_pull_request=bool(issue.get("pull_request")),
        comment_id=comment.get("id"),
        comment_body=comment.get("body") or "",
        commenter=user.get("login"),
        commenter_type=user.get("type"),
    )


def parse_command(body: str, prefix: str) -> Command | None:
    """Return the command when the comment's first line starts with `prefix`, else None.

    `/docs` alone updates the docs; `/docsfoo` is not the command (a word boundary is needed).
    """
    lines = body.strip().splitlines()
    first = lines[0].strip() if lines else ""
    if first != prefix and not first.startswith(prefix + " "):
        return None
    words = first[len(prefix) :].split(None, 1)
    if not words:
        return Command("update")
    sub = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    if sub == "ask":
        # A question may run over several lines; keep them all.
        rest = "\n".join([rest, *lines[1:]]).strip()
    return Command(sub, rest)  # unknown names are kept, to answer "unknown command"
