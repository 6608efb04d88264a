"""The drift gate on pull requests: `klaro check` on the PR head, as annotations and a comment.

On `pull_request` (or `pull_request_target`) events Klaro downloads the head commit through the
API and checks its documentation against its code. Nothing in the PR is executed and the
config is the base commit's `.klaro.yml`, never the PR's (a fork could use it to silence the
gate), so the gate is safe for fork PRs. Findings become file/line annotations and one
sticky comment that later runs edit; the step fails only when `fail-on-drift` is true.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from pathlib import Path

from klaro.errors import KlaroError
from klaro.github import outputs
from klaro.github.comment import check_markdown, failure_text
from klaro.github.context import (
    Context,
    Outcome,
    Steps,
    bool_input,
    build_config,
    config_candidates,
    package_prefix,
)
from klaro.github.events import Event
from klaro.github.port import GitHubError, GitHubPort
from klaro.github.publish import CHECK_MARKER, Published, find_sticky, upsert_sticky

# Pull request activity that changes no code: nothing new to check.
_NO_NEW_CODE = ("closed", "labeled", "unlabeled", "assigned", "unassigned", "review_requested")


def on_pull_request(
    ctx: Context, event: Event, env: Mapping[str, str], port: GitHubPort, steps: Steps, mode: str
) -> Outcome:
    """Check the PR head's docs; annotate, comment, and fail only if `fail-on-drift` says so."""
    fail = bool_input(ctx, "fail-on-drift")
    if event.action in _NO_NEW_CODE:
        return Outcome(Published("skipped"), f"pull request {event.action}: nothing to check")
    if event.issue_number is None:
        raise KlaroError(f"the {event.name} payload has no pull request number")
    if steps.check is None:
        raise KlaroError("the reference checker is not available in this build of Klaro")
    number = event.issue_number
    try:
        return _gate(ctx, event, env, port, steps, mode, number, fail)
    except Exception as exc:  # the PR's author sees the comment, not the log: say it there
        if mode != "dry-run":
            text = failure_text("the documentation check", exc, ctx.run_url, "push again")
            try:
                upsert_sticky(port, number, text, marker=CHECK_MARKER)
            except KlaroError as reply_error:
                outputs.warning(f"could not comment on #{number}: {reply_error.message}")
        raise


def _gate(
    ctx: Context,
    event: Event,
    env: Mapping[str, str],
    port: GitHubPort,
    steps: Steps,
    mode: str,
    number: int,
    fail: bool,
) -> Outcome:
    assert steps.check is not None
    pull = port.get_pull(number)
    head = event.head_sha or pull.head_sha
    prefix = package_prefix(ctx)
    with tempfile.TemporaryDirectory(prefix="klaro-") as tmp:
        with outputs.group("Read the pull request") as phase:
            tree = port.download(head, Path(tmp))
            root = tree / prefix if prefix else tree
            settings = _base_config(ctx, port, event.base_sha or pull.base_ref, Path(tmp))
            config = build_config(ctx, root, env, config_root=settings, trusted_root=False)
            phase.result = f"#{number} at {head[:12]}" + (" (fork)" if pull.from_fork else "")
            base = _base_tree(port, event.base_sha or pull.base_ref, Path(tmp), prefix)
        with outputs.group("Check the docs") as phase:
            findings = steps.check(config, base)
            outputs.annotate_findings(findings, prefix=prefix, as_error=fail)
            phase.result = f"{len(findings)} finding(s)"
    published = Published("checked", pr_number=number, pr_url=pull.url)
    if mode != "dry-run":
        with outputs.group("Comment") as phase:
            text = check_markdown(findings, head, prefix)
            published = _comment(port, number, pull.url, text, clean=not findings)
            phase.result = published.comment_url or "no comment needed"
    message = f"{len(findings)} finding(s) in #{number} at {head[:12]}"
    outcome = Outcome(published, message, findings=list(findings))
    if findings and fail:
        outputs.error(f"documentation drift in #{number}: {len(findings)} finding(s)")
        outcome.exit_code = 1
    return outcome


def _base_tree(port: GitHubPort, base: str, tmp: Path, prefix: str) -> Path | None:
    """The PR's base tree, so names the PR renames or removes are stale where docs keep them.

    Only read (analysed, never run). Without it the check still runs, without that evidence.
    """
    folder = tmp / "base-tree"
    folder.mkdir()
    try:
        tree = port.download(base, folder)
    except GitHubError as exc:
        outputs.warning(f"could not read the base {base[:12]} ({exc.message}); checked without it")
        return None
    root = tree / prefix if prefix else tree
    return root if root.is_dir() else None


def _base_config(ctx: Context, port: GitHubPort, base: str, tmp: Path) -> Path:
    """A folder holding only the base commit's config file: the PR never configures its check.

    On `pull_request` the workspace, if checked out, is the PR's merge commit; a fork could
    ship a `.klaro.yml` there that silences the gate. The base's file is read through the API.
    """
    folder = tmp / "base-config"
    folder.mkdir()
    for candidate in config_candidates(ctx):
        text = port.file_at(base, candidate)
        if text is not None:
            target = folder / candidate
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            break
    return folder


def _comment(port: GitHubPort, number: int, url: str, text: str, *, clean: bool) -> Published:
    """Post or edit the gate's sticky comment; a clean PR gets one only if it had one before.

    A `pull_request` run from a fork gets a read-only token whatever the workflow asks for:
    the comment is then refused, and the annotations and job summary carry the findings.
    """
    try:
        if clean and find_sticky(port, number, CHECK_MARKER) is None:
            return Published("checked", pr_number=number, pr_url=url)
        comment = upsert_sticky(port, number, text, marker=CHECK_MARKER)
    except GitHubError as exc:
        if exc.status not in (403, 404):
            raise
        outputs.warning(
            f"could not comment on #{number} ({exc.message}); the findings are in the "
            "annotations and the job summary (fork PRs get a read-only token on `pull_request`)"
        )
        return Published("checked", pr_number=number, pr_url=url)
    return Published("commented", pr_number=number, pr_url=url, comment_url=comment.url)
