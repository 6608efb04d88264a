"""`/docs` comments on pull requests: update, check, ask, help, and a reply when it fails.

Only people with the configured role may run a command; the PR head is read through the API
as data (a fork's files never run and never configure Klaro), and every answer goes into one
sticky comment.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from klaro.config import Config
from klaro.errors import KlaroError
from klaro.github import outputs
from klaro.github.context import Context, Outcome, Steps, build_config, package_prefix
from klaro.github.events import Command, Event, parse_command
from klaro.github.fixed import fixed_drift_table
from klaro.github.flows import checked, generate_docs, with_usage, workspace_tree
from klaro.github.port import GitHubPort, PullRequest, role_at_least
from klaro.github.publish import (
    Published,
    commit_to_branch,
    proposal,
    repo_path,
    upsert_sticky,
)
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
            root = workspace_tree(ctx, port, Path(tmp))
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
            run = generate_docs(steps, config, prefix)
            phase.result = f"{sum(c.changed for c in run.changes)} file(s) changed"
    changes = checked(run, config, prefix)
    with outputs.group("Publish") as phase:
        notes = fixed_drift_table(run.fixed, pull.head_sha, prefix)
        outcome = _publish_pull(port, changes, pull, prefix, mode, number, notes)
        phase.result = outcome.published.status
    return with_usage(outcome, run)


def _publish_pull(
    port: GitHubPort,
    changes: list[DocChange],
    pull: PullRequest,
    prefix: str,
    mode: str,
    number: int,
    notes: str = "",
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
        comment = upsert_sticky(port, number, proposal(changes, prefix, pull) + notes)
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
    note += f"\n\n{notes}" if notes else ""
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
    findings = steps.check(config, None)
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
