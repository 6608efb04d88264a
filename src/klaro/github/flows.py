"""What the action does per event: refresh the default branch's docs, or answer `/docs`.

Each flow takes the run's Context, the injected Steps and a GitHubPort, and returns an Outcome;
it never prints outputs itself (the entrypoint does, also on failure).
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from klaro.app import DocsRun
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
from klaro.github.events import Command, Event, parse_command
from klaro.github.port import GitHubPort, PullRequest, role_at_least
from klaro.github.publish import (
    Published,
    PullOptions,
    checked_changes,
    close_stale_pull,
    commit_to_branch,
    fenced,
    proposal,
    refresh_pull,
    repo_path,
    source_of,
    upsert_sticky,
)
from klaro.github.report import PullReport, format_cost, pull_body
from klaro.redact import Redactor
from klaro.verify.model import Finding
from klaro.write.model import DocChange

HELP = """\
### Klaro commands

| Comment | What it does |
|---|---|
| `{cmd}` | update the documentation for this pull request (a commit, or a diff for forks) |
| `{cmd} check` | list documentation that no longer matches the code |
| `{cmd} ask <question>` | answer a question from the project's knowledge base |
| `{cmd} help` | show this help |

Commands are accepted from people with at least `{role}` permission on the repository.
"""


def refresh(
    ctx: Context, event: Event, env: Mapping[str, str], port: GitHubPort, steps: Steps, mode: str
) -> Outcome:
    """Refresh the docs on the default branch: nothing, or one commit and one pull request."""
    prefix = package_prefix(ctx)
    options = pull_options(ctx, prefix)
    with tempfile.TemporaryDirectory(prefix="klaro-") as tmp:
        with outputs.group("Read the repository") as phase:
            root = _workspace_tree(ctx, port, Path(tmp))
            config = build_config(ctx, root / prefix if prefix else root, env, config_root=root)
            base = config.github.base or event.default_branch or port.default_branch()
            phase.result = f"{base} at {ctx.sha[:12] or 'the workspace'}"
        if ctx.event_name != "schedule" and ctx.ref and ctx.ref != f"refs/heads/{base}":
            return Outcome(
                Published("skipped"), f"{ctx.ref} is not refs/heads/{base}; Klaro refreshes {base}"
            )
        branch = config.github.branch
        with outputs.group("Check the docs") as phase:
            before = steps.check(config) if steps.check is not None else []
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
        with outputs.group("Write the docs") as phase:
            run = _generate(steps, config, prefix)
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
        )
        with outputs.group("Publish") as phase:
            outcome = _publish_refresh(ctx, port, report, mode, base, branch, options)
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
) -> Outcome:
    """Publish a refresh of the default branch: a PR (opened or updated), a commit, or nothing."""
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
    )
    verb = {"created": "opened", "updated": "updated", "unchanged": "already proposes"}
    message = f"{verb.get(published.status, published.status)} PR #{published.pr_number}"
    return Outcome(published, message, diff=diff)


def on_comment(
    ctx: Context, event: Event, env: Mapping[str, str], port: GitHubPort, steps: Steps, mode: str
) -> Outcome:
    """Answer a `/docs` comment on a pull request, if the commenter may ask."""
    base_config = build_config(ctx, ctx.workspace, env)
    prefix_cmd = base_config.github.command
    if event.action != "created":
        return _skip(f"comment was {event.action}, Klaro answers new comments only")
    command = parse_command(event.comment_body, prefix_cmd)
    if command is None:
        return _skip(f"comment does not start with {prefix_cmd}")
    if not event.on_pull_request or event.issue_number is None:
        return _skip(f"{prefix_cmd} works on pull requests; this comment is on an issue")
    if event.commenter_type == "Bot" or not event.commenter or event.comment_id is None:
        return _skip("comments from bots are ignored")
    number = event.issue_number
    minimum = base_config.github.min_permission
    role = port.role_of(event.commenter)
    if not role_at_least(role, minimum):
        if mode != "dry-run":
            port.create_comment(
                number,
                f"@{event.commenter} thanks for asking! `{prefix_cmd}` needs `{minimum}` "
                f"permission on this repository (you have `{role}`); a maintainer can run it.",
            )
        return _skip(f"{event.commenter} has {role} permission; {prefix_cmd} needs {minimum}")
    if mode != "dry-run":
        port.react(event.comment_id, "eyes")
    try:
        return _answer(ctx, command, env, port, steps, mode, number, base_config)
    except Exception as exc:  # the asker waits for an answer: say what failed, then fail
        if mode != "dry-run":
            _reply_failure(ctx, port, number, event.comment_id, command, prefix_cmd, exc)
        raise


def _reply_failure(
    ctx: Context,
    port: GitHubPort,
    number: int,
    comment_id: int,
    command: Command,
    prefix_cmd: str,
    exc: Exception,
) -> None:
    """Tell the commenter what failed and what to do (a sticky reply and a `confused` reaction).

    Best effort: if GitHub refuses these too, the step's error annotation still says it all.
    """
    asked = f"{prefix_cmd} {command.name}" if command.name != "update" else prefix_cmd
    text = failure_text(f"`{asked}`", exc, ctx.run_url, f"comment `{asked}` again")
    try:
        upsert_sticky(port, number, text)
        port.react(comment_id, "confused")
    except KlaroError as reply_error:
        outputs.warning(f"could not reply on #{number}: {reply_error.message}")


def failure_text(what: str, exc: Exception, run_url: str, retry: str) -> str:
    """A comment saying what failed (secrets masked) and what to do about it."""
    if isinstance(exc, KlaroError):
        cause, todo = exc.message, f"Fix the cause above, then {retry}."
    else:
        cause = f"an unexpected error ({type(exc).__name__})"
        todo = "This is a bug in Klaro: please report it with a link to the run."
    run = f" The run's log: {run_url}" if run_url else ""
    return f"### Klaro could not finish {what}\n\n{Redactor().redact(cause)}\n\n{todo}{run}"


def _answer(
    ctx: Context,
    command: Command,
    env: Mapping[str, str],
    port: GitHubPort,
    steps: Steps,
    mode: str,
    number: int,
    base_config: Config,
) -> Outcome:
    cmd = base_config.github.command
    if command.name == "help" or command.name not in ("update", "check", "ask"):
        unknown = "" if command.name == "help" else f"Unknown command `{cmd} {command.name}`.\n\n"
        text = unknown + HELP.format(cmd=cmd, role=base_config.github.min_permission)
        return _reply(port, number, mode, text, "help posted")
    if command.name == "ask":
        if steps.ask is None:
            text = (
                "### Klaro\n\nThe knowledge base is not available in this run, so Klaro cannot "
                "answer questions yet. Build it with `klaro index`, or try `"
                f"{cmd} check`."
            )
            return _reply(port, number, mode, text, "knowledge base not available")
        if not command.argument:
            return _reply(port, number, mode, f"Usage: `{cmd} ask <question>`", "empty question")
        with (
            tempfile.TemporaryDirectory(prefix="klaro-") as tmp,
            outputs.group("Answer from the knowledge base") as phase,
        ):
            # the default branch's code: the checkout, else its tree read through the API
            root = _workspace_tree(ctx, port, Path(tmp))
            config = base_config if root == ctx.workspace else build_config(ctx, root, env)
            answer = steps.ask(config, command.argument)
            phase.result = f"{len(answer)} characters"
        return _reply(port, number, mode, f"### Klaro\n\n{answer}", "question answered")
    pull = port.get_pull(number)
    prefix = package_prefix(ctx)
    with tempfile.TemporaryDirectory(prefix="klaro-") as tmp:
        with outputs.group("Read the pull request") as phase:
            # The PR head is read through the API at its exact SHA: no checkout step is needed,
            # and a fork's files stay data (nothing in them is run or configures Klaro).
            tree = port.download(pull.head_sha, Path(tmp))
            root = tree / prefix if prefix else tree
            config = build_config(ctx, root, env, trusted_root=False)
            phase.result = f"#{number} at {pull.head_sha[:12]}" + (" (fork)" * pull.from_fork)
        if command.name == "check":
            with outputs.group("Check the docs") as phase:
                outcome = _check(port, steps, config, number, mode, pull)
                outputs.annotate_findings(outcome.findings, prefix=prefix)
                phase.result = f"{len(outcome.findings)} finding(s)"
            return outcome
        with outputs.group("Write the docs") as phase:
            run = _generate(steps, config, prefix)
            phase.result = f"{sum(c.changed for c in run.changes)} file(s) changed"
    changes = checked(run, config, prefix)
    with outputs.group("Publish") as phase:
        outcome = _publish_pull(port, changes, pull, prefix, mode, number)
        phase.result = outcome.published.status
    return with_usage(outcome, run)


def _publish_pull(
    port: GitHubPort,
    changes: list[DocChange],
    pull: PullRequest,
    prefix: str,
    mode: str,
    number: int,
) -> Outcome:
    diff = "".join(c.diff() for c in changes)
    files = tuple(repo_path(prefix, c.path) for c in changes)
    if not changes:
        text = f"### Klaro\n\nThe documentation already matches the code at {pull.head_sha[:12]}."
        outcome = _reply(port, number, mode, text, "the documentation already matches the code")
        outcome.published = Published("unchanged", (), comment_url=outcome.published.comment_url)
        return outcome
    if mode == "dry-run":
        return Outcome(Published("skipped", files), "dry-run: diff in the summary", diff=diff)
    if pull.from_fork or mode == "comment":
        comment = upsert_sticky(port, number, proposal(changes, prefix, pull))
        published = Published("commented", files, pull.number, pull.url, comment.url)
        return Outcome(published, "proposed the change as a comment", diff=diff)
    published = commit_to_branch(
        port,
        changes,
        branch=pull.head_ref,
        head_sha=pull.head_sha,
        source_sha=pull.head_sha,
        prefix=prefix,
    )
    listed = ", ".join(f"`{f}`" for f in files)
    note = f"### Klaro\n\nCommitted {str(published.commit)[:12]} updating {listed}."
    comment = upsert_sticky(port, number, note)
    result = Published(
        published.status,
        published.changed_files,
        pull.number,
        pull.url,
        comment.url,
        published.commit,
        published.branch,
    )
    return Outcome(result, f"committed to {pull.head_ref}", diff=diff)


def _check(
    port: GitHubPort, steps: Steps, config: Config, number: int, mode: str, pull: PullRequest
) -> Outcome:
    if steps.check is None:
        raise KlaroError("the reference checker is not available in this build of Klaro")
    findings = steps.check(config)
    outcome = _reply(
        port, number, mode, check_markdown(findings, pull.head_sha), f"{len(findings)} finding(s)"
    )
    outcome.findings = findings
    return outcome


def check_markdown(findings: Sequence[Finding], sha: str, prefix: str = "") -> str:
    """The `/docs check` reply and the drift gate's comment: one table row per finding."""
    if not findings:
        return f"### Klaro check\n\nEvery code reference resolves at {sha[:12]}."
    rows = "\n".join(
        f"| `{repo_path(prefix, f.file)}:{f.line}` | {f.kind} | `{f.reference}` "
        f"| {_cell(_problem(f))} |"
        for f in findings[:100]
    )
    more = f"\n\n…and {len(findings) - 100} more." if len(findings) > 100 else ""
    return (
        f"### Klaro check: {len(findings)} finding(s) at {sha[:12]}\n\n"
        "| Where | Kind | Reference | Problem |\n|---|---|---|---|\n" + rows + more
    )


def _reply(port: GitHubPort, number: int, mode: str, text: str, message: str) -> Outcome:
    if mode == "dry-run":
        return Outcome(Published("skipped"), f"dry-run: {message}")
    comment = upsert_sticky(port, number, text)
    return Outcome(Published("commented", comment_url=comment.url, pr_number=number), message)


def _skip(message: str) -> Outcome:
    return Outcome(Published("skipped"), message)


def _problem(finding: Finding) -> str:
    """The finding's message, with what might have been meant."""
    if not finding.suggestions:
        return finding.message
    names = ", ".join(f"`{s}`" for s in finding.suggestions[:3])
    return f"{finding.message} (did you mean {names}?)"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _generate(steps: Steps, config: Config, prefix: str) -> DocsRun:
    if steps.generate is None:
        raise KlaroError("the documentation writer is not available in this build of Klaro")
    return steps.generate(config)


def checked(run: DocsRun, config: Config, prefix: str) -> list[DocChange]:
    """The run's changes after the documentation-paths check (raises on any other path)."""
    return checked_changes(run.changes, config.doc_paths(), prefix)


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


def _workspace_tree(ctx: Context, port: GitHubPort, tmp: Path) -> Path:
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
