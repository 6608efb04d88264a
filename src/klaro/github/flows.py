"""What the action does per event: refresh the default branch's docs, or answer `/docs`.

Each flow takes the run's Context, the injected Steps and a GitHubPort, and returns an Outcome;
it never prints outputs itself (the entrypoint does, also on failure).
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from klaro.config import Config
from klaro.errors import KlaroError
from klaro.github import outputs
from klaro.github.context import Context, Outcome, Steps, build_config, package_prefix
from klaro.github.decisions import recall
from klaro.github.events import Command, Event, parse_command
from klaro.github.port import GitHubPort, PullRequest, role_at_least
from klaro.github.publish import (
    Published,
    checked_changes,
    commit_to_branch,
    fenced,
    proposal,
    refresh_pull,
    repo_path,
    source_of,
    upsert_sticky,
)
from klaro.verify.model import Finding
from klaro.write.memory import MEMORY_PATH, save_memory
from klaro.write.model import DocChange, DocsRun

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
    with tempfile.TemporaryDirectory(prefix="klaro-") as tmp:
        root = _workspace_tree(ctx, port, Path(tmp))
        config = build_config(ctx, root / prefix if prefix else root, env, config_root=root)
        base = config.github.base or event.default_branch or port.default_branch()
        if ctx.event_name != "schedule" and ctx.ref and ctx.ref != f"refs/heads/{base}":
            return Outcome(
                Published("skipped"), f"{ctx.ref} is not refs/heads/{base}; Klaro refreshes {base}"
            )
        branch = config.github.branch
        if ctx.event_name != "workflow_dispatch":
            reason = _up_to_date(port, config, steps, branch, base, ctx.sha, prefix)
            if reason:
                return Outcome(Published("unchanged"), reason)
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
        run = _generate(steps, config, prefix)
        settled = frozenset(pull.head_sha for pull in closed)
        outcome = _publish_refresh(
            ctx, port, checked(run, config, prefix), mode, base, branch, prefix, state, settled
        )
        return with_usage(outcome, run)


def _publish_refresh(
    ctx: Context,
    port: GitHubPort,
    changes: list[DocChange],
    mode: str,
    base: str,
    branch: str,
    prefix: str,
    state: Mapping[str, str],
    settled: frozenset[str],
) -> Outcome:
    """Publish a refresh of the default branch: a PR (opened or updated), a commit, or nothing.

    `state` (Klaro's own files under `.klaro/`) joins the docs in the pull request's commit.
    """
    diff = "".join(c.diff() for c in changes)
    files = tuple(repo_path(prefix, c.path) for c in changes)
    if not changes:
        return Outcome(Published("unchanged"), "the documentation already matches the code")
    if mode in ("dry-run", "comment"):
        why = "dry-run" if mode == "dry-run" else "comment mode has no PR to comment on here"
        return Outcome(Published("skipped", files), f"{why}: diff in the summary", diff=diff)
    if mode == "commit":
        published = commit_to_branch(
            port, changes, branch=base, head_sha=ctx.sha, source_sha=ctx.sha, prefix=prefix
        )
        return Outcome(published, f"committed to {base}", diff=diff)
    title = f"docs({prefix}): refresh documentation (Klaro)" if prefix else None
    published = refresh_pull(
        port,
        changes,
        branch=branch,
        base=base,
        source_sha=ctx.sha,
        prefix=prefix,
        run_url=ctx.run_url,
        state=state,
        settled=settled,
        **({"title": title} if title else {}),
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
    return _answer(ctx, command, env, port, steps, mode, number, base_config)


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
        answer = steps.ask(base_config, command.argument)
        return _reply(port, number, mode, f"### Klaro\n\n{answer}", "question answered")
    pull = port.get_pull(number)
    prefix = package_prefix(ctx)
    with tempfile.TemporaryDirectory(prefix="klaro-") as tmp:
        # The PR head is read through the API at its exact SHA: no checkout step is needed,
        # and a fork's files stay data (nothing in them is run or configures Klaro).
        tree = port.download(pull.head_sha, Path(tmp))
        root = tree / prefix if prefix else tree
        config = build_config(ctx, root, env, trusted_root=False)
        if command.name == "check":
            return _check(port, steps, config, number, mode, pull)
        run = _generate(steps, config, prefix)
    changes = checked(run, config, prefix)
    return with_usage(_publish_pull(port, changes, pull, prefix, mode, number), run)


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
    )
    return Outcome(result, f"committed to {pull.head_ref}", diff=diff)


def _check(
    port: GitHubPort, steps: Steps, config: Config, number: int, mode: str, pull: PullRequest
) -> Outcome:
    if steps.check is None:
        raise KlaroError("the reference checker is not available in this build of Klaro")
    findings = steps.check(config)
    if findings:
        rows = "\n".join(
            f"| `{f.file}:{f.line}` | {f.kind} | `{f.reference}` | {_cell(_problem(f))} |"
            for f in findings[:100]
        )
        more = f"\n\n…and {len(findings) - 100} more." if len(findings) > 100 else ""
        text = (
            f"### Klaro check: {len(findings)} finding(s) at {pull.head_sha[:12]}\n\n"
            "| Where | Kind | Reference | Problem |\n|---|---|---|---|\n" + rows + more
        )
    else:
        text = f"### Klaro check\n\nEvery code reference resolves at {pull.head_sha[:12]}."
    outcome = _reply(port, number, mode, text, f"{len(findings)} finding(s)")
    outcome.findings = findings
    return outcome


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
    config: Config,
    steps: Steps,
    branch: str,
    base: str,
    source_sha: str,
    prefix: str,
) -> str:
    """Why no refresh is needed (no code change since the last one, no drift), or ""."""
    if not source_sha:
        return ""
    docs = [repo_path(prefix, p) for p in config.doc_paths()]
    last = _last_source(port, branch, base, docs)
    if last is None:
        return ""
    if last != source_sha:
        changed = port.changed_paths(last, source_sha)
        if changed is None or any(path not in docs for path in changed):
            return ""
    if steps.check is not None and steps.check(config):
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
    lines.append(f"- Tokens: {outcome.tokens}, cost: ${outcome.cost_usd:.4f}")
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
