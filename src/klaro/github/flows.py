"""The refresh flow (push, schedule, workflow_dispatch) and what every flow shares.

Each flow takes the run's Context, the injected Steps and a GitHubPort, and returns an Outcome;
it never prints outputs itself (the entrypoint does, also on failure). The `/docs` comment flow
lives in `comment.py`, the pull request drift gate in `gate.py`.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from klaro.config import Config
from klaro.errors import KlaroError
from klaro.github import outputs
from klaro.github.context import (
    Context,
    Outcome,
    Steps,
    build_config,
    package_prefix,
    pull_options,
)
from klaro.github.decisions import recall
from klaro.github.events import Event
from klaro.github.fixed import repaired_paths
from klaro.github.port import GitHubPort
from klaro.github.publish import (
    Published,
    PullOptions,
    checked_changes,
    close_stale_pull,
    commit_to_branch,
    fenced,
    refresh_pull,
    repo_path,
    source_of,
)
from klaro.github.report import PullReport, pull_body
from klaro.verify.model import Finding
from klaro.write.memory import MEMORY_PATH, save_memory
from klaro.write.model import DocChange, DocsRun, format_cost


def refresh(
    ctx: Context, event: Event, env: Mapping[str, str], port: GitHubPort, steps: Steps, mode: str
) -> Outcome:
    """Refresh the docs on the default branch: nothing, or one commit and one pull request."""
    prefix = package_prefix(ctx)
    options = pull_options(ctx, prefix)
    with tempfile.TemporaryDirectory(prefix="klaro-") as tmp:
        with outputs.group("Read the repository") as phase:
            root = workspace_tree(ctx, port, Path(tmp))
            config = build_config(ctx, root / prefix if prefix else root, env, config_root=root)
            base = config.github.base or event.default_branch or port.default_branch()
            phase.result = f"{base} at {ctx.sha[:12] or 'the workspace'}"
        if ctx.event_name != "schedule" and ctx.ref and ctx.ref != f"refs/heads/{base}":
            return Outcome(
                Published("skipped"), f"{ctx.ref} is not refs/heads/{base}; Klaro refreshes {base}"
            )
        branch = config.github.branch
        with outputs.group("Check the docs") as phase:
            before = steps.check(config, None) if steps.check is not None else []
            outputs.annotate_findings(before, prefix=prefix)
            phase.result = f"{len(before)} finding(s)"
        docs = [repo_path(prefix, p) for p in config.doc_paths()]
        last = _last_source(port, branch, base, docs) if ctx.sha else None
        if ctx.event_name != "workflow_dispatch":
            reason = _up_to_date(port, before, last, ctx.sha, docs)
            if reason:
                outcome = _close_if_merged(port, ctx, mode, branch, base, docs, reason)
                outcome.findings = list(before)
                return outcome
        # What maintainers decided about Klaro's earlier proposals: the writer reads it from
        # the package root, and it travels in the same commit as the docs.
        closed = port.closed_pulls(branch, base)
        memory = recall(
            port,
            config.root,
            branch=branch,
            base=base,
            prefix=prefix,
            docs=config.doc_paths(),
            closed=closed,
        )
        state = {MEMORY_PATH: memory.dumps()} if memory.files or memory.pulls else {}
        if state:
            save_memory(config.root, memory)
        with outputs.group("Write the docs") as phase:
            run = generate_docs(steps, config, prefix)
            changes = checked(run, config, prefix)
            phase.result = f"{len(changes)} file(s) changed by the {run.writer} writer"
            if run.writer == "agent":
                phase.result += f", {run.tokens} tokens"
        report = PullReport(
            changes,
            ctx.sha,
            prefix=prefix,
            previous_sha=last,
            repo_url=f"{ctx.server_url}/{ctx.repository}",
            run_url=ctx.run_url,
            writer=run.writer,
            references=run.references if run.references or run.resolved else None,
            resolved=run.resolved,
            findings=run.findings,
            fixed=_fixed(before, run, {c.path for c in changes}),
            tokens=run.tokens,
            cost_usd=run.cost_usd,
            command=config.github.command,
            repaired=run.fixed,
        )
        settled = frozenset(pull.head_sha for pull in closed)
        with outputs.group("Publish") as phase:
            outcome = _publish_refresh(
                ctx, port, report, mode, base, branch, options, state, settled
            )
            phase.result = outcome.published.status
        return with_usage(outcome, run)


def _fixed(before: Sequence[Finding], run: DocsRun, changed: set[str]) -> list[Finding]:
    """Drift the current docs had in the files Klaro rewrote that the new text no longer has."""
    left = {(f.file, f.reference) for f in run.findings}
    return [f for f in before if f.file in changed and (f.file, f.reference) not in left]


def _close_if_merged(
    port: GitHubPort,
    ctx: Context,
    mode: str,
    branch: str,
    base: str,
    docs: list[str],
    reason: str,
) -> Outcome:
    """Nothing to regenerate; close Klaro's PR if the base already has exactly its docs."""
    head = port.branch_head(branch) if mode == "pull-request" and ctx.sha else None
    if head is not None:
        ours, theirs = port.file_shas(head, docs), port.file_shas(ctx.sha, docs)
        if ours is not None and ours == theirs:
            closed = _close_stale(port, branch, base, ctx.sha)
            if closed is not None:
                return closed
    return Outcome(Published("unchanged"), reason)


def _close_stale(port: GitHubPort, branch: str, base: str, sha: str) -> Outcome | None:
    note = (
        f"### Klaro\n\nClosing: `{base}` already has this documentation at {sha[:12]}, so "
        f"there is nothing left to propose. Branch `{branch}` is deleted; the next change in "
        "the code opens a new pull request."
    )
    published = close_stale_pull(port, branch=branch, base=base, note=note)
    if published is None:
        return None
    return Outcome(published, f"closed PR #{published.pr_number}: {base} already has the docs")


def _publish_refresh(
    ctx: Context,
    port: GitHubPort,
    report: PullReport,
    mode: str,
    base: str,
    branch: str,
    options: PullOptions,
    state: Mapping[str, str],
    settled: frozenset[str],
) -> Outcome:
    """Publish a refresh of the default branch: a PR (opened or updated), a commit, or nothing.

    `state` (Klaro's own files under `.klaro/`) joins the docs in the pull request's commit.
    """
    changes, prefix = list(report.changes), report.prefix
    diff = "".join(c.diff() for c in changes)
    files = tuple(repo_path(prefix, c.path) for c in changes)
    if not changes:
        if mode == "pull-request" and ctx.sha:
            closed = _close_stale(port, branch, base, ctx.sha)
            if closed is not None:
                return closed
        return Outcome(Published("unchanged"), "the documentation already matches the code")
    if mode in ("dry-run", "comment"):
        why = "dry-run" if mode == "dry-run" else "comment mode has no PR to comment on here"
        return Outcome(Published("skipped", files), f"{why}: diff in the summary", diff=diff)
    if mode == "commit":
        published = commit_to_branch(
            port,
            changes,
            branch=base,
            head_sha=ctx.sha,
            source_sha=ctx.sha,
            prefix=prefix,
            title=options.commit_message or "docs: update documentation (Klaro)",
        )
        return Outcome(published, f"committed to {base}", diff=diff)
    published = refresh_pull(
        port,
        changes,
        branch=branch,
        base=base,
        source_sha=ctx.sha,
        prefix=prefix,
        body=pull_body(report),
        options=options,
        state=state,
        settled=settled,
    )
    verb = {"created": "opened", "updated": "updated", "unchanged": "already proposes"}
    message = f"{verb.get(published.status, published.status)} PR #{published.pr_number}"
    return Outcome(published, message, diff=diff)


def generate_docs(steps: Steps, config: Config, prefix: str) -> DocsRun:
    if steps.generate is None:
        raise KlaroError("the documentation writer is not available in this build of Klaro")
    return steps.generate(config)


def checked(run: DocsRun, config: Config, prefix: str) -> list[DocChange]:
    """The run's changes after the documentation-paths check (raises on any other path)."""
    return checked_changes(run.changes, (*config.doc_paths(), *repaired_paths(run)), prefix)


def with_usage(outcome: Outcome, run: DocsRun) -> Outcome:
    """Carry the writer's token count, cost, leftover findings and trace into the outcome."""
    outcome.tokens, outcome.cost_usd = run.tokens, run.cost_usd
    for path, status in run.statuses.items():
        if status == "model_error":  # e.g. a wrong key: say so, the offline draft was used
            outputs.warning(f"{path}: the model could not be reached; the offline draft was used")
        elif status in ("rejected", "token_budget", "recursion_limit"):
            outputs.warning(
                f"{path}: the agent stopped ({status}); its best verified draft is used"
            )
    outcome.findings = [*outcome.findings, *run.findings]
    outcome.trace = "\n".join(t.to_markdown() for t in run.traces)
    return outcome


def workspace_tree(ctx: Context, port: GitHubPort, tmp: Path) -> Path:
    """The checked-out workspace, or the tree at GITHUB_SHA when the job has no checkout."""
    if ctx.workspace.is_dir() and any(ctx.workspace.iterdir()):
        return ctx.workspace
    if not ctx.sha:
        raise KlaroError("the workspace is empty and GITHUB_SHA is not set: add actions/checkout")
    return port.download(ctx.sha, tmp)


def _up_to_date(
    port: GitHubPort,
    findings: Sequence[Finding],
    last: str | None,
    source_sha: str,
    docs: Sequence[str],
) -> str:
    """Why no refresh is needed (no code change since the last one, no drift), or ""."""
    if not source_sha or last is None:
        return ""
    if last != source_sha:
        changed = port.changed_paths(last, source_sha)
        if changed is None or any(path not in docs for path in changed):
            return ""
    if findings:
        return ""  # the docs drifted (edited by hand): refresh even though the code did not
    return f"no code change since the last refresh at {last[:12]}; no model call made"


def _last_source(port: GitHubPort, branch: str, base: str, docs: Sequence[str]) -> str | None:
    """The source SHA the last Klaro refresh documented: its branch, else the merged commit."""
    head = port.branch_head(branch)
    if head is not None:
        found = source_of(port.commit_message(head))
        if found:
            return found
    for path in docs:
        message = port.last_message(base, path)
        found = source_of(message) if message else None
        if found:
            return found
    return None


def summary_markdown(env: Mapping[str, str], outcome: Outcome) -> str:
    """The job summary: what happened, what changed, findings, usage, link to the run."""
    published = outcome.published
    lines = [f"## Klaro: {published.status}", "", outcome.message, ""]
    if published.pr_url:
        lines.append(f"- Pull request: [#{published.pr_number}]({published.pr_url})")
    if published.comment_url:
        lines.append(f"- Comment: {published.comment_url}")
    if published.changed_files:
        lines.append("- Changed: " + ", ".join(f"`{f}`" for f in published.changed_files))
    lines.append(f"- Findings: {len(outcome.findings)}")
    lines.append(f"- Tokens: {outcome.tokens}, cost: {format_cost(outcome.cost_usd)}")
    repo, run_id = env.get("GITHUB_REPOSITORY"), env.get("GITHUB_RUN_ID")
    if repo and run_id:
        server = (env.get("GITHUB_SERVER_URL") or "https://github.com").rstrip("/")
        lines.append(f"- Run: {server}/{repo}/actions/runs/{run_id}")
    for finding in outcome.findings[:50]:
        lines.append(f"  - `{finding.file}:{finding.line}` {finding.kind}: {finding.message}")
    if outcome.diff:
        lines += ["", "<details><summary>Diff</summary>", "", fenced(outcome.diff, "diff")]
        lines += ["", "</details>"]
    if outcome.trace:
        lines += [
            "",
            "<details><summary>Agent trace</summary>",
            "",
            outcome.trace,
            "",
            "</details>",
        ]
    return "\n".join(lines) + "\n"
