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
    base_sha: str | None = None  # ... and the base commit it goes into

    @property
    def is_refresh(self) -> bool:
        return self.name in REFRESH_EVENTS


@dataclass(frozen=True)
class Command:
    """A `/docs` comment split into its sub-command and argument."""

    name: str  # "update", "check", "help", "ask", or what the user typed when unknown
    argument: str = ""


def load_event(name: str, path: str | None) -> Event:
    """Read the event file the runner wrote to $GITHUB_EVENT_PATH; a bad one is named."""
    payload: dict[str, Any] = {}
    if path:
        where = f"GITHUB_EVENT_PATH {path}"
        if Path(path).is_dir():
            raise KlaroError(f"{where}: is a folder, expected the event's JSON file")
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise KlaroError(f"{where}: cannot read: {exc.strerror}") from None
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
            raise KlaroError(f"{where}: not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise KlaroError(f"{where}: expected a JSON object, got {type(data).__name__}")
        payload = data
    try:
        return parse_event(name, payload)
    except _Shape as exc:
        raise KlaroError(f"GITHUB_EVENT_PATH {path}: {exc} (not a {name!r} payload)") from None


class _Shape(Exception):
    """A payload field of the wrong type: the message names the key."""


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """`data[key]` if absent (None) or of the documented type; anything else is refused."""
    value = data.get(key)
    if value is None:
        return None
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise _Shape(f"key '{where}{key}' has the wrong type ({type(value).__name__})")
    return value


def parse_event(name: str, payload: dict[str, Any]) -> Event:
    """Reduce a webhook payload to an Event, checking the type of every field it reads."""
    repository = _get(payload, "repository", dict, "") or {}
    default_branch = _get(repository, "default_branch", str, "repository.")
    action = _get(payload, "action", str, "")
    if name in PULL_EVENTS:
        pull = _get(payload, "pull_request", dict, "") or {}
        head = _get(pull, "head", dict, "pull_request.") or {}
        base = _get(pull, "base", dict, "pull_request.") or {}
        number = _get(payload, "number", int, "") or _get(pull, "number", int, "pull_request.")
        return Event(
            name=name,
            action=action,
            default_branch=default_branch,
            issue_number=number,
            on_pull_request=True,
            head_sha=_get(head, "sha", str, "pull_request.head."),
            base_sha=_get(base, "sha", str, "pull_request.base."),
        )
    if name != "issue_comment":
        return Event(name=name, action=action, default_branch=default_branch)
    issue = _get(payload, "issue", dict, "") or {}
    comment = _get(payload, "comment", dict, "") or {}
    user = _get(comment, "user", dict, "comment.") or {}
    return Event(
        name=name,
        action=action,
        default_branch=default_branch,
        issue_number=_get(issue, "number", int, "issue."),
        on_pull_request=bool(_get(issue, "pull_request", dict, "issue.")),
        comment_id=_get(comment, "id", int, "comment."),
        comment_body=_get(comment, "body", str, "comment.") or "",
        commenter=_get(user, "login", str, "comment.user."),
        commenter_type=_get(user, "type", str, "comment.user."),
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
