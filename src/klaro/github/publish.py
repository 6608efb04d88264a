"""Publishing documentation changes on GitHub, safely and idempotently.

One commit per refresh, built with the Git Data API (blobs, a tree on the source commit's tree,
a commit) so nothing is checked out or pushed; Klaro's branch is then moved to it, and one pull
request is opened or the open one updated. Only documentation paths are ever written, and the
only ref ever force-moved is a branch whose head Klaro itself made (its commit carries the
`Klaro-Source:` trailer), so a mistyped `branch` input can never rewrite someone's work.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from klaro.errors import KlaroError
from klaro.github.port import Comment, GitHubPort, PullRequest, PullRequestExists
from klaro.write.model import DocChange

STICKY_MARKER = "<!-- klaro:comment -->"
SOURCE_TRAILER = "Klaro-Source"
COMMENT_LIMIT = 65_000  # GitHub refuses comment bodies over 65,536 characters
_TRAILER = re.compile(rf"^{SOURCE_TRAILER}: ([0-9a-f]{{7,64}})\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Published:
    """What publishing did, in the words of the action's outputs."""

    status: str  # created | updated | unchanged | committed | commented | skipped
    changed_files: tuple[str, ...] = ()
    pr_number: int | None = None
    pr_url: str | None = None
    comment_url: str | None = None
    commit: str | None = None


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


def pull_body(changes: Sequence[DocChange], prefix: str, source_sha: str, run_url: str) -> str:
    """The PR description: what changed and why, and where the run that made it is."""
    rows = [
        f"- `{repo_path(prefix, c.path)}`" + (f": {c.summary}" if c.summary else "")
        for c in changes
    ]
    return (
        "Klaro refreshed the documentation from the code at "
        f"{source_sha[:12]}. Every code reference was checked against the code.\n\n"
        + "\n".join(rows)
        + (f"\n\n[Run]({run_url})" if run_url else "")
        + f"\n\n<!-- klaro:source={source_sha} -->\n"
    )


def refresh_pull(
    port: GitHubPort,
    changes: Sequence[DocChange],
    *,
    branch: str,
    base: str,
    source_sha: str,
    prefix: str = "",
    title: str = "docs: refresh documentation (Klaro)",
    run_url: str = "",
    state: Mapping[str, str] | None = None,
    settled: frozenset[str] = frozenset(),
) -> Published:
    """Put `changes` in one commit on `branch` (on top of `source_sha`) and one open PR.

    `state` maps Klaro's own files (`.klaro/memory.json`, relative to the package) to their
    text; they ride in the same commit, never on their own. `settled` are the heads of the
    branch's closed pull requests: a maintainer's commit there is kept by its pull request
    (and learned from), so the branch may move on.
    """
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
                return Published("unchanged", files, pull.number, pull.url, commit=head)
    commit = port.create_commit(commit_message(changes, source_sha, title), tree, source_sha)
    port.set_branch(branch, commit, force=True)
    body = pull_body(changes, prefix, source_sha, run_url)
    pull = port.find_open_pull(branch, base)
    status = "updated"
    if pull is None:
        try:
            pull = port.create_pull(title, body, branch, base)
            status = "created"
        except PullRequestExists:  # a concurrent run opened it between our look and our create
            pull = port.find_open_pull(branch, base)
            if pull is None:
                raise
    if status == "updated":
        pull = port.update_pull(pull.number, title, body)
    return Published(status, files, pull.number, pull.url, commit=commit)


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
    return Published("committed", files, commit=commit)


def upsert_sticky(port: GitHubPort, number: int, body: str) -> Comment:
    """Edit Klaro's one comment on `number`, or create it.

    Klaro's comment is the one that starts with the hidden marker *and* was written by the
    token's own identity: anyone can paste the marker into a comment of theirs, and Klaro must
    never overwrite (or be steered by) someone else's text.
    """
    text = f"{STICKY_MARKER}\n{fit_comment(body)}"
    me = port.identity()
    for comment in port.comments(number):
        if comment.body.startswith(STICKY_MARKER) and comment.author == me:
            return port.edit_comment(comment.id, text)
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
