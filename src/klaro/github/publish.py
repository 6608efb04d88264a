"""Publishing documentation changes on GitHub, safely and idempotently.

One commit per refresh, built with the Git Data API (blobs, a tree on the source commit's tree,
a commit) so nothing is checked out or pushed; Klaro's branch is then moved to it, and one pull
request is opened or the open one updated. Only documentation paths are ever written, and the
only ref ever force-moved is a branch whose head Klaro itself made (its commit carries the
`Klaro-Source:` trailer), so a mistyped `branch` input can never rewrite someone's work.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from klaro.errors import KlaroError
from klaro.github.port import Comment, GitHubError, GitHubPort, PullRequest, PullRequestExists
from klaro.write.model import DocChange

STICKY_MARKER = "<!-- klaro:comment -->"
SOURCE_TRAILER = "Klaro-Source"
COMMENT_LIMIT = 65_000  # GitHub refuses comment bodies over 65,536 characters
_TRAILER = re.compile(rf"^{SOURCE_TRAILER}: ([0-9a-f]{{7,64}})\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Published:
    """What publishing did, in the words of the action's outputs."""

    status: str  # created | updated | unchanged | closed | committed | commented | skipped
    changed_files: tuple[str, ...] = ()
    pr_number: int | None = None
    pr_url: str | None = None
    comment_url: str | None = None
    commit: str | None = None
    branch: str | None = None  # the branch the commit is on (Klaro's, or the PR's)


DEFAULT_TITLE = "docs: refresh documentation (Klaro)"


@dataclass(frozen=True)
class PullOptions:
    """How Klaro's pull request looks: the action's title/labels/draft/reviewers inputs."""

    title: str = DEFAULT_TITLE
    commit_message: str = ""  # the commit's title line; empty: the PR title
    labels: tuple[str, ...] = ()
    draft: bool = False
    reviewers: tuple[str, ...] = ()  # logins, or org/team-slug for a team
    assignees: tuple[str, ...] = ()


def repo_path(prefix: str, path: str) -> str:
    """The path inside the repository of a doc path relative to the documented package."""
    return f"{prefix.strip('/')}/{path}" if prefix.strip("/") else path


def checked_changes(
    changes: Iterable[DocChange], allowed: Sequence[str], prefix: str = ""
) -> list[DocChange]:
    """Keep the changed files, refusing the whole set if any path is not a documentation path.

    Checked before any write so a refusal leaves nothing half-published.
    """
    kept = []
    for change in changes:
        full = repo_path(prefix, change.path)
        parts = full.split("/")
        if change.path not in allowed or ".." in parts or full.startswith(("/", ".github/")):
            raise KlaroError(
                f"refusing to publish {full!r}: Klaro writes only the documentation paths "
                f"from its config ({', '.join(allowed)}), never workflows or code"
            )
        if change.changed:
            kept.append(change)
    return kept


def source_of(message: str) -> str | None:
    """The source commit a Klaro commit documented, read from its trailer."""
    found = _TRAILER.findall(message)
    return found[-1] if found else None


def commit_message(changes: Sequence[DocChange], source_sha: str, title: str) -> str:
    """Title, one line per file, and the trailer that lets the next run skip unchanged code."""
    lines = [f"- {c.path}: {c.summary}" if c.summary else f"- {c.path}" for c in changes]
    return f"{title}\n\n" + "\n".join(lines) + f"\n\n{SOURCE_TRAILER}: {source_sha}\n"


def refresh_pull(
    port: GitHubPort,
    changes: Sequence[DocChange],
    *,
    branch: str,
    base: str,
    source_sha: str,
    body: str,
    prefix: str = "",
    options: PullOptions = PullOptions(),
    state: Mapping[str, str] | None = None,
    settled: frozenset[str] = frozenset(),
) -> Published:
    """Put `changes` in one commit on `branch` (on top of `source_sha`) and one open PR.

    Labels, reviewers and assignees are added when the PR is opened (labels again on each
    update, which GitHub treats as a no-op when present); a refusal there is a warning, since
    the documentation itself is published. `state` maps Klaro's own files
    (`.klaro/memory.json`, relative to the package) to their text; they ride in the same
    commit, never on their own. `settled` are the heads of the branch's closed pull requests:
    a maintainer's commit there is kept by its pull request (and learned from), so the branch
    may move on.
    """
    title = options.title
    if branch == base:
        raise KlaroError(f"input 'branch' ({branch}) must differ from the base branch")
    files = tuple(repo_path(prefix, c.path) for c in changes)
    if not changes:
        return Published("unchanged")
    files_text = {repo_path(prefix, c.path): c.after for c in changes}
    files_text.update({repo_path(prefix, path): text for path, text in (state or {}).items()})
    tree = port.create_tree(source_sha, files_text)
    head = port.branch_head(branch)
    if head is not None:
        if head not in settled and source_of(port.commit_message(head)) is None:
            raise KlaroError(
                f"branch {branch!r} exists and its last commit was not made by Klaro; "
                "Klaro force-updates only its own branch: set the `branch` input to a new name"
            )
        if port.tree_of(head) == tree:
            pull = port.find_open_pull(branch, base)
            if pull is not None:  # the open PR already proposes exactly these docs
                return Published(
                    "unchanged", files, pull.number, pull.url, commit=head, branch=branch
                )
    message = commit_message(changes, source_sha, options.commit_message or title)
    commit = port.create_commit(message, tree, source_sha)
    port.set_branch(branch, commit, force=True)
    pull = port.find_open_pull(branch, base)
    status = "updated"
    if pull is None:
        try:
            pull = port.create_pull(title, body, branch, base, draft=options.draft)
            status = "created"
        except PullRequestExists:  # a concurrent run opened it between our look and our create
            pull = port.find_open_pull(branch, base)
            if pull is None:
                raise
    if status == "updated":
        pull = port.update_pull(pull.number, title, body)
    _decorate(port, pull.number, options, created=status == "created")
    return Published(status, files, pull.number, pull.url, commit=commit, branch=branch)


def _decorate(port: GitHubPort, number: int, options: PullOptions, *, created: bool) -> None:
    """Add the configured labels, reviewers and assignees; a refusal only warns."""
    from klaro.github import outputs

    users = [r for r in options.reviewers if "/" not in r]
    teams = [r.split("/", 1)[1] for r in options.reviewers if "/" in r]
    calls: list[tuple[str, Callable[[], None]]] = []
    if options.labels:
        calls.append(("labels", lambda: port.add_labels(number, list(options.labels))))
    if created and (users or teams):
        calls.append(("reviewers", lambda: port.request_reviewers(number, users, teams)))
    if created and options.assignees:
        calls.append(("assignees", lambda: port.add_assignees(number, list(options.assignees))))
    for name, call in calls:
        try:
            call()
        except GitHubError as exc:
            outputs.warning(f"pull request #{number} is open, but its {name}: {exc.message}")


def close_stale_pull(port: GitHubPort, *, branch: str, base: str, note: str) -> Published | None:
    """Close Klaro's open PR and delete its branch when the base already has its docs.

    Only a branch whose head Klaro made is deleted, as only such a branch is ever force-moved.
    Returns None when there is no open PR from `branch`.
    """
    pull = port.find_open_pull(branch, base)
    if pull is None:
        return None
    port.create_comment(pull.number, note)
    closed = port.close_pull(pull.number)
    head = port.branch_head(branch)
    if head is not None and source_of(port.commit_message(head)) is not None:
        port.delete_branch(branch)
    return Published("closed", (), closed.number, closed.url, branch=branch)


def commit_to_branch(
    port: GitHubPort,
    changes: Sequence[DocChange],
    *,
    branch: str,
    head_sha: str,
    source_sha: str,
    prefix: str = "",
    title: str = "docs: update documentation (Klaro)",
) -> Published:
    """Add one commit on top of `head_sha` to `branch`, fast-forward only (never forced)."""
    files = tuple(repo_path(prefix, c.path) for c in changes)
    if not changes:
        return Published("unchanged")
    tree = port.create_tree(head_sha, {repo_path(prefix, c.path): c.after for c in changes})
    if port.tree_of(head_sha) == tree:
        return Published("unchanged")
    commit = port.create_commit(commit_message(changes, source_sha, title), tree, head_sha)
    port.set_branch(branch, commit, force=False)
    return Published("committed", files, commit=commit, branch=branch)


CHECK_MARKER = "<!-- klaro:check -->"  # the pull request drift gate's own sticky comment


def find_sticky(port: GitHubPort, number: int, marker: str = STICKY_MARKER) -> Comment | None:
    """Klaro's comment on `number`: it starts with `marker` *and* the token's identity wrote it.

    Anyone can paste the marker into a comment of theirs, and Klaro must never overwrite (or be
    steered by) someone else's text.
    """
    me = port.identity()
    for comment in port.comments(number):
        if comment.body.startswith(marker) and comment.author == me:
            return comment
    return None


def upsert_sticky(port: GitHubPort, number: int, body: str, marker: str = STICKY_MARKER) -> Comment:
    """Edit Klaro's one comment on `number` (found by `find_sticky`), or create it."""
    text = f"{marker}\n{fit_comment(body)}"
    found = find_sticky(port, number, marker)
    if found is not None:
        return port.edit_comment(found.id, text)
    return port.create_comment(number, text)


def fit_comment(body: str) -> str:
    """Cut a comment to what GitHub accepts, saying so."""
    if len(body) <= COMMENT_LIMIT:
        return body
    return body[: COMMENT_LIMIT - 200] + "\n\n_…cut here: the full diff is in the job summary._\n"


def fenced(text: str, language: str = "") -> str:
    """A code fence longer than any backtick run in `text`, so content cannot close it early."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{text.rstrip(chr(10))}\n{fence}"


def proposal(changes: Sequence[DocChange], prefix: str, pull: PullRequest) -> str:
    """A comment proposing the changes as a diff, for PRs Klaro may not push to."""
    diff = "".join(_prefixed_diff(c, prefix) for c in changes)
    files = ", ".join(f"`{repo_path(prefix, c.path)}`" for c in changes)
    why = (
        "This pull request comes from a fork, so Klaro does not push to it"
        if pull.from_fork
        else "Klaro is set to comment rather than commit"
    )
    return (
        f"### Klaro: proposed documentation update\n\n{why}; apply this diff "
        f"(e.g. `git apply`) to update {files} for {pull.head_sha[:12]}.\n\n"
        + fenced(diff, "diff")
        + "\n"
    )


def _prefixed_diff(change: DocChange, prefix: str) -> str:
    diff = change.diff()
    if not prefix.strip("/"):
        return diff
    full = repo_path(prefix, change.path)
    return diff.replace(f"a/{change.path}\n", f"a/{full}\n", 1).replace(
        f"b/{change.path}\n", f"b/{full}\n", 1
    )
