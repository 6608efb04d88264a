"""`GitHubPort` on GitHub's REST API through PyGithub: the only module that imports it.

Every call goes through `_call`, which turns GitHub's refusals into messages that name the fix
(the `permissions:` block, the repository setting, the token input). Objects are created lazily
so each port method costs exactly the requests it documents. Rate limits are retried by
PyGithub's `GithubRetry` (403/429 with `Retry-After`, or a rate-limit message), capped so a job
never sleeps for an hour.
"""

from __future__ import annotations

import io
import math
import tarfile
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self
from urllib.parse import urlsplit

import requests
from github import Auth, Github, GithubException, GithubRetry, InputGitTreeElement
from github.GithubException import RateLimitExceededExceedsMaxWait
from github.GithubObject import NotSet
from urllib3.exceptions import MaxRetryError, ResponseError
from urllib3.util.retry import Retry

from klaro import safeio
from klaro.github.port import (
    ROLES,
    Comment,
    GitHubError,
    NotFastForward,
    PullRequest,
    PullRequestExists,
    ReviewComment,
)

MAX_ARCHIVE_BYTES = 500 * 1024 * 1024  # a PR head larger than this is not documentation work
_PERMISSIONS_HINT = (
    "add to the workflow job:  permissions: {contents: write, pull-requests: write, "
    "issues: write}  (new repositories give GITHUB_TOKEN read-only access by default)"
)
ACTIONS_BOT = "github-actions[bot]"  # who GITHUB_TOKEN acts as
_NOT_PERMITTED = "not permitted to create or approve pull requests"


class PyGithubClient:
    """One repository on one GitHub (github.com or Enterprise), authenticated by a token."""

    def __init__(
        self,
        repository: str,
        token: str,
        *,
        api_url: str = "https://api.github.com",
        throttle: bool = True,
        max_rate_limit_wait: float = 300.0,
        timeout: float = 30.0,
        deadline: float = 120.0,
    ) -> None:
        # No I/O here: the first request happens in the first method call.
        retry = _Retry(
            total=6,
            backoff_factor=0.5,
            backoff_max=min(30.0, deadline),
            max_rate_limit_wait=max_rate_limit_wait,
            raise_on_status=False,  # the last answer (a 502, say) is reported as GitHub gave it
            deadline=deadline,
        )
        kwargs: dict[str, Any] = {}
        if not throttle:  # tests: GitHub asks for pauses between writes, a fake does not
            kwargs = {"seconds_between_requests": None, "seconds_between_writes": None}
        self._github = Github(
            base_url=api_url.rstrip("/"),
            auth=Auth.Token(token),
            retry=retry,
            # seconds to connect and, separately, to hear back (PyGithub insists on an int)
            timeout=max(1, math.ceil(timeout)),
            lazy=True,
            **kwargs,
        )
        self._name = repository
        self._repo = self._github.get_repo(repository)  # lazy: no request until used
        self._token = token
        self._timeout = timeout
        self._identity: str | None = None

    # -- reading -------------------------------------------------------------------------

    def default_branch(self) -> str:
        with _call("read the repository", "contents: read"):
            return str(self._repo.default_branch)  # completes the lazy repository: one GET

    def branch_head(self, branch: str) -> str | None:
        ref = self._ref(branch)
        return None if ref is None else str(ref.object.sha)

    def _ref(self, branch: str) -> Any:
        """The completed ref object (its `url` is then the `/git/refs/` one PATCH needs)."""
        try:
            with _call(f"read branch {branch}", "contents: read"):
                ref = self._repo.get_git_ref(f"heads/{branch}")
                ref.object  # noqa: B018  (completes the lazy object: one GET)
                return ref
        except GitHubError as exc:
            if exc.status == 404:
                return None
            raise

    def commit_message(self, sha: str) -> str:
        with _call(f"read commit {sha[:12]}", "contents: read"):
            return str(self._repo.get_git_commit(sha).message)

    def tree_of(self, sha: str) -> str:
        with _call(f"read commit {sha[:12]}", "contents: read"):
            return str(self._repo.get_git_commit(sha).tree.sha)

    def last_message(self, ref: str, path: str) -> str | None:
        with _call(f"list commits touching {path}", "contents: read"):
            for commit in self._repo.get_commits(sha=ref, path=path):
                return str(commit.commit.message)
        return None

    def changed_paths(self, base: str, head: str) -> list[str] | None:
        try:
            with _call("compare commits", "contents: read"):
                files = self._repo.compare(base, head).files
                return [str(f.filename) for f in files]
        except GitHubError as exc:
            if exc.status in (404, 422):  # unknown base (history rewritten) or unrelated
                return None
            raise

    # -- writing git objects -------------------------------------------------------------

    def create_tree(self, base_sha: str, files: Mapping[str, str]) -> str:
        with _call("write documentation blobs", "contents: write"):
            base = self._repo.get_git_commit(base_sha).tree
            elements = []
            for path, text in sorted(files.items()):
                blob = self._repo.create_git_blob(text, "utf-8")
                elements.append(InputGitTreeElement(path, "100644", "blob", sha=blob.sha))
            return str(self._repo.create_git_tree(elements, base).sha)

    def create_commit(self, message: str, tree: str, parent: str) -> str:
        with _call("create the documentation commit", "contents: write"):
            git_tree = self._repo.get_git_tree(tree)
            parent_commit = self._repo.get_git_commit(parent)
            return str(self._repo.create_git_commit(message, git_tree, [parent_commit]).sha)

    def set_branch(self, branch: str, sha: str, *, force: bool) -> None:
        ref = self._ref(branch)
        if ref is None:
            with _call(f"create branch {branch}", "contents: write"):
                self._repo.create_git_ref(f"refs/heads/{branch}", sha)
            return
        with _call(f"update branch {branch}", "contents: write"):
            ref.edit(sha, force=force)

    # -- pull requests, comments, reactions ----------------------------------------------

    def find_open_pull(self, head_branch: str, base: str) -> PullRequest | None:
        owner = self._name.split("/", 1)[0]
        with _call("list pull requests", "pull-requests: read"):
            for pull in self._repo.get_pulls(
                state="open", head=f"{owner}:{head_branch}", base=base
            ):
                return _pull(pull)
        return None

    def create_pull(
        self, title: str, body: str, head: str, base: str, *, draft: bool = False
    ) -> PullRequest:
        with _call("open the pull request", "pull-requests: write"):
            pull = self._repo.create_pull(base=base, head=head, title=title, body=body, draft=draft)
            return _pull(pull)

    def close_pull(self, number: int) -> PullRequest:
        with _call(f"close pull request #{number}", "pull-requests: write"):
            pull = self._repo.get_pull(number)
            pull.edit(state="closed")
            return _pull(pull)

    def delete_branch(self, branch: str) -> None:
        ref = self._ref(branch)
        if ref is None:  # already gone (deleted by hand, or "delete branch on merge")
            return
        with _call(f"delete branch {branch}", "contents: write"):
            ref.delete()

    def add_labels(self, number: int, labels: list[str]) -> None:
        with _call(f"label #{number}", "issues: write"):
            self._repo.get_issue(number).add_to_labels(*labels)  # lazy issue: one POST

    def request_reviewers(self, number: int, users: list[str], teams: list[str]) -> None:
        with _call(f"request reviews on #{number}", "pull-requests: write"):
            pull = self._repo.get_pull(number)
            pull.create_review_request(reviewers=users or NotSet, team_reviewers=teams or NotSet)

    def add_assignees(self, number: int, users: list[str]) -> None:
        with _call(f"assign #{number}", "issues: write"):
            self._repo.get_issue(number).add_to_assignees(*users)

    def file_shas(self, sha: str, paths: list[str]) -> dict[str, str | None] | None:
        with _call(f"read the tree of {sha[:12]}", "contents: read"):
            tree = self._repo.get_git_tree(self._repo.get_git_commit(sha).tree.sha, recursive=True)
            if tree.truncated:
                return None  # a tree too large to list at once: unknown, not "absent"
            blobs = {str(e.path): str(e.sha) for e in tree.tree if e.type == "blob"}
        return {path: blobs.get(path) for path in paths}

    def update_pull(self, number: int, title: str, body: str) -> PullRequest:
        with _call(f"update pull request #{number}", "pull-requests: write"):
            pull = self._repo.get_pull(number)
            pull.edit(title=title, body=body)
            return _pull(pull)

    def get_pull(self, number: int) -> PullRequest:
        with _call(f"read pull request #{number}", "pull-requests: read"):
            return _pull(self._repo.get_pull(number))

    def closed_pulls(self, head_branch: str, base: str) -> list[PullRequest]:
        owner = self._name.split("/", 1)[0]
        with _call("list closed pull requests", "pull-requests: read"):
            pulls = self._repo.get_pulls(state="closed", head=f"{owner}:{head_branch}", base=base)
            return [_pull(pull) for pull in pulls]

    def pull_commits(self, number: int) -> list[tuple[str, str]]:
        with _call(f"list the commits of pull request #{number}", "pull-requests: read"):
            commits = self._repo.get_pull(number).get_commits()
            return [(str(c.sha), str(c.commit.message)) for c in commits]

    def review_comments(self, number: int) -> list[ReviewComment]:
        with _call(f"list review comments of #{number}", "pull-requests: read"):
            return [
                ReviewComment(
                    path=str(c.path),
                    # the line as first commented on: still there when later pushes moved it
                    line=None if c.original_line is None else int(c.original_line),
                    commit_id=str(c.original_commit_id),
                    body=str(c.body or ""),
                    user=str(c.user.login) if c.user else "",
                    user_type=str(c.user.type) if c.user else "",
                )
                for c in self._repo.get_pull(number).get_review_comments()
            ]

    def file_at(self, sha: str, path: str) -> str | None:
        try:
            with _call(f"read {path} at {sha[:12]}", "contents: read"):
                found = self._repo.get_contents(path, ref=sha)
                if isinstance(found, list):  # a directory
                    return None
                return bytes(found.decoded_content).decode("utf-8", errors="replace")
        except GitHubError as exc:
            if exc.status == 404:
                return None
            raise

    def role_of(self, user: str) -> str:
        with _call(f"read {user}'s permission", "contents: read"):
            role = str(self._repo.get_collaborator_role_name(user))
            if role not in ROLES:  # a custom role: fall back to the base permission it extends
                role = str(self._repo.get_collaborator_permission(user))
            return role

    def react(self, comment_id: int, content: str) -> None:
        with _call("react to the comment", "issues: write"):
            self._issue_comment(comment_id).create_reaction(content)

    def identity(self) -> str:
        """`GET /user`; an installation token (GITHUB_TOKEN) may not read it and is the bot.

        GitHub answers 403 "Resource not accessible by integration" for GITHUB_TOKEN, whose
        comments are written as `github-actions[bot]`. Another App's token gets the same 403; its
        comments (`<app>[bot]`) then match no identity and Klaro comments anew rather than
        editing a comment it cannot prove it wrote.
        """
        if self._identity is None:
            try:
                with _call("read the token's user", "a user token"):
                    self._identity = str(self._github.get_user().login)
            except GitHubError as exc:
                if exc.status not in (401, 403, 404):
                    raise
                self._identity = ACTIONS_BOT
        return self._identity

    def comments(self, number: int) -> list[Comment]:
        with _call(f"list comments of #{number}", "issues: read"):
            return [_comment(c) for c in self._repo.get_issue(number).get_comments()]

    def create_comment(self, number: int, body: str) -> Comment:
        with _call(f"comment on #{number}", "issues: write"):
            return _comment(self._repo.get_issue(number).create_comment(body))

    def edit_comment(self, comment_id: int, body: str) -> Comment:
        with _call("edit Klaro's comment", "issues: write"):
            comment = self._issue_comment(comment_id)
            comment.edit(body)
            return _comment(comment)

    def _issue_comment(self, comment_id: int) -> Any:
        """A lazy comment: `/repos/{o}/{r}/issues/comments/{id}` needs no issue number."""
        return self._repo.get_issue(0).get_comment(comment_id)

    def download(self, sha: str, dest: Path) -> Path:
        """Fetch the tarball of `sha` (one request, a redirect to codeload) and unpack it."""
        with _call(f"download the tree at {sha[:12]}", "contents: read"):
            link = self._repo.get_archive_link("tarball", sha)
        try:
            timeout = (min(self._timeout, 10.0), self._timeout * 4)
            response = requests.get(link, timeout=timeout, stream=True)
            response.raise_for_status()
            data = _read_capped(response)
        except requests.RequestException as exc:
            raise GitHubError(f"could not download the tree at {sha[:12]}: {exc}") from None
        with (
            tempfile.TemporaryDirectory(dir=dest) as staging,
            tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as archive,
        ):
            # `data` filter: no absolute paths, no `..`, no links out, no device files; a member
            # it refuses (a fork's symlink to /etc/passwd) is left out, not a failed run.
            archive.extractall(staging, filter=safeio.data_or_skip)
            roots = list(Path(staging).iterdir())
            root = roots[0] if len(roots) == 1 and roots[0].is_dir() else Path(staging)
            target = dest / f"tree-{sha[:12]}"
            root.rename(target)
        return target


class _Retry(GithubRetry):
    """PyGithub's retry (rate limits, 5xx), bounded in time and never repeating a POST blindly.

    Every PATCH Klaro sends sets a value (a ref to a SHA, a body to a text), so sending it twice
    is harmless and it is retried like GET. A POST that failed after it was sent may have
    created the comment or pull request already: it is retried only when GitHub said it was
    not processed (a rate limit) or the connection never opened. `deadline` bounds the seconds
    one request may spend in retries, so a server that accepts and never answers costs at most
    a few timeouts, not an hour.
    """

    def __init__(self, *, deadline: float = 120.0, started: float | None = None, **kwargs: Any):
        methods = Retry.DEFAULT_ALLOWED_METHODS | {"GET", "PATCH", "POST"}
        kwargs.setdefault("allowed_methods", methods)
        super().__init__(**kwargs)
        self.deadline = deadline
        self.started = started

    def new(self, **kw: Any) -> Self:
        kw.update(deadline=self.deadline, started=self.started)
        return super().new(**kw)

    def is_retry(self, method: str, status_code: int, has_retry_after: bool = False) -> bool:
        if method.upper() == "POST" and status_code not in (403, 429):
            return False  # a 5xx after a POST: it may have been done; never do it twice
        return bool(super().is_retry(method, status_code, has_retry_after))

    def increment(  # type: ignore[override]
        self,
        method: str | None = None,
        url: str | None = None,
        response: Any = None,
        error: Exception | None = None,
        _pool: Any = None,
        _stacktrace: Any = None,
    ) -> Retry:
        now = time.monotonic()
        started = self.started if self.started is not None else now
        out_of_time = now - started > self.deadline
        sent_post = (method or "").upper() == "POST" and error is not None
        if error is not None and self._is_read_error(error) and (out_of_time or sent_post):
            raise error  # as urllib3 does for a read error it will not retry
        if out_of_time:
            reason = error or ResponseError("retries took longer than allowed")
            raise MaxRetryError(_pool, url or "", reason)
        self.started = started
        return super().increment(method, url, response, error, _pool, _stacktrace)


def _read_capped(response: requests.Response) -> bytes:
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_content(1 << 20):
        size += len(chunk)
        if size > MAX_ARCHIVE_BYTES:
            raise GitHubError(f"the repository archive is larger than {MAX_ARCHIVE_BYTES} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _pull(pull: Any) -> PullRequest:
    head_repo = pull.head.repo.full_name if pull.head.repo is not None else ""
    return PullRequest(
        number=int(pull.number),
        url=str(pull.html_url),
        head_ref=str(pull.head.ref),
        head_sha=str(pull.head.sha),
        head_repo=str(head_repo),
        base_ref=str(pull.base.ref),
        base_repo=str(pull.base.repo.full_name),
        body=str(pull.body or ""),
        state=str(pull.state),
        merged=pull.merged_at is not None,
    )


def _comment(comment: Any) -> Comment:
    author = comment.user.login if comment.user is not None else ""
    return Comment(
        id=int(comment.id), url=str(comment.html_url), body=str(comment.body or ""), author=author
    )


@contextmanager
def _call(what: str, permission: str) -> Iterator[None]:
    """Translate PyGithub's exceptions (and the network's) into one actionable line."""
    try:
        yield
    except requests.RequestException as exc:
        raise _unreachable(what, exc) from None
    except RateLimitExceededExceedsMaxWait as exc:
        raise GitHubError(
            f"could not {what}: GitHub's API rate limit resets in {exc.wait:.0f} s; "
            "re-run the job later or use a token with a higher limit"
        ) from None
    except GithubException as exc:
        raise _translate(what, permission, exc) from None


def _unreachable(what: str, exc: requests.RequestException) -> GitHubError:
    """A request that got no usable answer: name the endpoint and what to check."""
    request = getattr(exc, "request", None)
    url = getattr(request, "url", None) or ""
    parts = urlsplit(url)
    endpoint = f"{parts.scheme}://{parts.netloc}" if parts.netloc else "the GitHub API"
    reason = getattr(exc.args[0], "reason", None) if exc.args else None
    if isinstance(exc, requests.Timeout) or "timed out" in str(reason or ""):
        why = "did not answer in time"
    elif isinstance(exc, requests.exceptions.RetryError):
        why = "kept failing"
    else:
        why = "could not be reached"
    error = GitHubError(
        f"could not {what}: {endpoint} {why} ({type(exc).__name__}); check the runner's "
        "network, GITHUB_API_URL and https://www.githubstatus.com, then re-run the job"
    )
    error.status = None
    return error


def _translate(what: str, permission: str, exc: GithubException) -> GitHubError:
    message = str((exc.data or {}).get("message", "")) if isinstance(exc.data, dict) else ""
    errors = exc.data.get("errors", []) if isinstance(exc.data, dict) else []
    detail = " ".join([message, *(str(e.get("message", e)) for e in errors if e)]).strip()
    status = exc.status
    error: GitHubError
    if status == 401:
        error = GitHubError(
            f"could not {what}: GitHub rejected the token (401 {detail or 'Bad credentials'}); "
            "check the `github-token` input"
        )
    elif status == 403 and _NOT_PERMITTED in detail:
        error = GitHubError(
            f"could not {what}: GitHub Actions is not permitted to create or approve pull "
            "requests. Enable it in the repository (or organisation) Settings → Actions → "
            "General → Workflow permissions → 'Allow GitHub Actions to create and approve pull "
            "requests', or pass a PAT / GitHub App token as `github-token`"
        )
    elif status == 403 and "rate limit" in detail.lower():
        error = GitHubError(f"could not {what}: GitHub API rate limit exceeded; re-run later")
    elif status == 403 or (status == 404 and permission.endswith("write")):
        error = GitHubError(
            f"could not {what}: the token lacks `{permission}` ({status} {detail}); "
            + _PERMISSIONS_HINT
        )
    elif status == 422 and "pull request already exists" in detail.lower():
        error = PullRequestExists(f"could not {what}: {detail}")
    elif status == 422 and "fast forward" in detail.lower():
        error = NotFastForward(
            f"could not {what}: the branch moved while Klaro worked ({detail}); run it again"
        )
    elif status >= 500:
        error = GitHubError(
            f"could not {what}: GitHub answered {status} {detail[:200]} after retries; "
            "check https://www.githubstatus.com (or GITHUB_API_URL) and re-run the job"
        )
    else:
        error = GitHubError(f"could not {what}: GitHub answered {status} {detail}".rstrip())
    error.status = status
    return error
