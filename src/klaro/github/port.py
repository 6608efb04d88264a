"""The GitHub operations Klaro needs, as a small Protocol over plain data.

Publishing logic (`publish.py`) and the Action (`klaro.action`) talk to this interface only;
`pygithub.py` implements it on the REST API and is the one module that imports PyGithub. The
errors below carry a message a user can act on, so callers never translate HTTP statuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from klaro.errors import KlaroError

# Repository roles, weakest first, as the collaborator permission API names them (`role_name`).
ROLES = ("read", "triage", "write", "maintain", "admin")


class GitHubError(KlaroError):
    """GitHub refused or failed a request; the message says what to change."""

    exit_code = 1
    status: int | None = None  # the HTTP status, when GitHub answered


class PullRequestExists(GitHubError):
    """GitHub's 422 "A pull request already exists": another run opened it first."""


class NotFastForward(GitHubError):
    """A branch moved while Klaro worked; updating it would drop someone's commits."""


@dataclass(frozen=True)
class PullRequest:
    """The parts of a pull request Klaro reads: where its head lives and what it says."""

    number: int
    url: str  # html_url, for people
    head_ref: str
    head_sha: str
    head_repo: str  # owner/name; differs from base_repo for a fork
    base_ref: str
    base_repo: str
    body: str = ""
    state: str = "open"  # open | closed
    merged: bool = False  # closed by merging (GitHub's `merged_at` is set)

    @property
    def from_fork(self) -> bool:
        return self.head_repo != self.base_repo


@dataclass(frozen=True)
class Comment:
    """An issue or pull request comment."""

    id: int
    url: str
    body: str
    author: str = ""  # the login that wrote it (`github-actions[bot]` for GITHUB_TOKEN)


@dataclass(frozen=True)
class ReviewComment:
    """A review comment on one line of a pull request's diff."""

    path: str
    line: int | None  # in the file at `commit_id`; None for a comment on the whole file
    commit_id: str  # the commit the comment was first made on
    body: str
    user: str
    user_type: str  # User | Bot


class GitHubPort(Protocol):
    """What Klaro does on GitHub; every method is one or a few REST calls."""

    def default_branch(self) -> str:
        """Return the repository's default branch name."""
        ...

    def branch_head(self, branch: str) -> str | None:
        """Return the commit SHA a branch points at, or None when it does not exist."""
        ...

    def commit_message(self, sha: str) -> str:
        """Return the message of a commit."""
        ...

    def tree_of(self, sha: str) -> str:
        """Return the tree SHA of a commit."""
        ...

    def last_message(self, ref: str, path: str) -> str | None:
        """Return the message of the newest commit on `ref` that touched `path`, or None."""
        ...

    def changed_paths(self, base: str, head: str) -> list[str] | None:
        """Return the files changed between two commits, or None when GitHub cannot compare."""
        ...

    def create_tree(self, base_sha: str, files: Mapping[str, str]) -> str:
        """Store `files` (path -> text) as blobs and a tree on top of commit `base_sha`'s tree."""
        ...

    def create_commit(self, message: str, tree: str, parent: str) -> str:
        """Create a commit object and return its SHA (no branch moves yet)."""
        ...

    def set_branch(self, branch: str, sha: str, *, force: bool) -> None:
        """Point `branch` at `sha`, creating it if needed; `force` allows a non-fast-forward."""
        ...

    def find_open_pull(self, head_branch: str, base: str) -> PullRequest | None:
        """Return the open pull request from `head_branch` of this repository into `base`."""
        ...

    def create_pull(
        self, title: str, body: str, head: str, base: str, *, draft: bool = False
    ) -> PullRequest:
        """Open a pull request; raise PullRequestExists when one is already open."""
        ...

    def close_pull(self, number: int) -> PullRequest:
        """Close a pull request without merging it."""
        ...

    def delete_branch(self, branch: str) -> None:
        """Delete a branch of this repository."""
        ...

    def add_labels(self, number: int, labels: list[str]) -> None:
        """Add labels to an issue or pull request (GitHub creates unknown labels)."""
        ...

    def request_reviewers(self, number: int, users: list[str], teams: list[str]) -> None:
        """Ask people (logins) and teams (slugs) to review a pull request."""
        ...

    def add_assignees(self, number: int, users: list[str]) -> None:
        """Assign people to an issue or pull request."""
        ...

    def file_shas(self, sha: str, paths: list[str]) -> dict[str, str | None] | None:
        """Return the blob SHA of each path at commit `sha` (None: absent), or None if unknown."""
        ...

    def update_pull(self, number: int, title: str, body: str) -> PullRequest:
        """Replace a pull request's title and body."""
        ...

    def get_pull(self, number: int) -> PullRequest:
        """Read a pull request."""
        ...

    def closed_pulls(self, head_branch: str, base: str) -> list[PullRequest]:
        """Return the closed pull requests (merged or not) from `head_branch` into `base`."""
        ...

    def pull_commits(self, number: int) -> list[tuple[str, str]]:
        """Return a pull request's commits as (sha, message), oldest first."""
        ...

    def review_comments(self, number: int) -> list[ReviewComment]:
        """Return the review comments on a pull request's lines."""
        ...

    def file_at(self, sha: str, path: str) -> str | None:
        """Return a file's text at commit `sha`, or None when it does not exist there."""
        ...

    def role_of(self, user: str) -> str:
        """Return the user's role on the repository (one of ROLES)."""
        ...

    def react(self, comment_id: int, content: str) -> None:
        """Add a reaction (`eyes`, `confused`, ...) to an issue comment."""
        ...

    def identity(self) -> str:
        """Return the login the token acts as (its comments' author), for finding Klaro's own."""
        ...

    def comments(self, number: int) -> list[Comment]:
        """Return the comments of an issue or pull request, oldest first."""
        ...

    def create_comment(self, number: int, body: str) -> Comment:
        """Comment on an issue or pull request."""
        ...

    def edit_comment(self, comment_id: int, body: str) -> Comment:
        """Replace a comment's body."""
        ...

    def download(self, sha: str, dest: Path) -> Path:
        """Unpack the repository at commit `sha` under `dest`; return the tree's root folder."""
        ...


def role_at_least(role: str, minimum: str) -> bool:
    """Whether `role` grants at least `minimum`; unknown roles (custom ones) grant nothing."""
    if role not in ROLES:
        return False
    return ROLES.index(role) >= ROLES.index(minimum)
