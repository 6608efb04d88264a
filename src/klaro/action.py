"""The GitHub Action entrypoint: `INPUT_*` and `GITHUB_*` variables → Config + Event → app.

`run_action(env, steps)` is what `klaro action` calls inside the container. It reads the inputs
(`INPUT_<NAME>`, hyphens kept), the event the runner wrote to `$GITHUB_EVENT_PATH`, decides what
to do (refresh on push / workflow_dispatch / schedule, or a `/docs` comment on a PR), publishes
through a `GitHubPort`, and always writes outputs and a job summary, even on failure. The steps
that produce documentation and findings are injected (`Steps`), so the CLI wires the real ones
and tests drive the whole path with a fake GitHub.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path

from klaro.errors import KlaroError
from klaro.github import comment, flows, gate, outputs
from klaro.github.context import MODES, Context, Outcome, Steps, context_from, read_inputs
from klaro.github.events import PULL_EVENTS, Event, load_event
from klaro.github.port import GitHubPort
from klaro.github.publish import Published
from klaro.write.model import format_cost

PortFactory = Callable[[str, str, str], GitHubPort]  # (repository, token, api_url)


def mark_safe_directory(workspace: Path, env: Mapping[str, str]) -> None:
    """Let git work in a workspace owned by another user (the runner mounts it as such)."""
    git = shutil.which("git")
    if git is None:  # the image has no git: Klaro uses the API, so nothing else is needed
        return
    run_env = {**os.environ, **{k: env[k] for k in ("HOME",) if k in env}}
    done = subprocess.run(
        [git, "config", "--global", "--add", "safe.directory", str(workspace)],
        check=False,
        capture_output=True,
        text=True,
        env=run_env,
    )
    if done.returncode != 0:  # not fatal: Klaro itself does not need git
        outputs.warning(f"could not mark {workspace} as a git safe.directory: {done.stderr}")


def run_action(
    env: Mapping[str, str], steps: Steps, port_factory: PortFactory | None = None
) -> int:
    """Run the action for the event in `env`; return the exit code (0 unless it failed)."""
    inputs = read_inputs(env)
    for secret in ("github-token", "openai-api-key"):
        outputs.add_mask(inputs.get(secret))
    outcome: Outcome
    code = 0
    try:
        # Everything the runner hands over is checked before the first request to GitHub.
        ctx = context_from(env)
        event = load_event(ctx.event_name, ctx.event_path)
        mark_safe_directory(ctx.workspace, env)
        mode = ctx.input("mode", "pull-request")
        if mode not in MODES:
            raise KlaroError(f"input 'mode' must be one of {', '.join(MODES)}, got {mode!r}")
        token = ctx.input("github-token")
        if not token:
            raise KlaroError(
                "input 'github-token' is empty: keep its default (${{ github.token }}) or pass "
                "a secret holding a token"
            )
        if port_factory is not None:
            port = port_factory(ctx.repository, token, ctx.api_url)
        else:
            port = _pygithub_port(ctx, token)
        outcome = dispatch(ctx, event, env, port, steps, mode)
        code = outcome.exit_code
    except KlaroError as exc:
        outputs.error(exc.message)
        outcome = Outcome(Published("failed"), exc.message)
        code = exc.exit_code or 1
    except Exception as exc:  # the run's boundary: a bug still ends as a failed, reported step
        message = f"Klaro failed unexpectedly ({type(exc).__name__}: {exc}); please report it"
        outputs.error(message)
        traceback.print_exc(file=sys.stderr)
        outcome = Outcome(Published("failed"), message)
        code = 1
    _report(env, outcome)
    return code


def dispatch(
    ctx: Context, event: Event, env: Mapping[str, str], port: GitHubPort, steps: Steps, mode: str
) -> Outcome:
    """Choose the flow for the event."""
    if event.is_refresh:
        return flows.refresh(ctx, event, env, port, steps, mode)
    if event.name == "issue_comment":
        return comment.on_comment(ctx, event, env, port, steps, mode)
    if event.name in PULL_EVENTS:
        return gate.on_pull_request(ctx, event, env, port, steps, mode)
    return Outcome(
        Published("skipped"),
        f"event {event.name!r} is not one Klaro acts on "
        "(push, workflow_dispatch, schedule, issue_comment, pull_request)",
    )


def _pygithub_port(ctx: Context, token: str) -> GitHubPort:
    from klaro.github.pygithub import PyGithubClient

    return PyGithubClient(
        ctx.repository, token, api_url=ctx.api_url, timeout=ctx.timeout, deadline=ctx.deadline
    )


def _report(env: Mapping[str, str], outcome: Outcome) -> None:
    """Write step outputs and the job summary, and echo the outcome in the log."""
    published = outcome.published
    values = {
        "status": published.status,
        "pr-number": "" if published.pr_number is None else str(published.pr_number),
        "pr-url": published.pr_url or "",
        "comment-url": published.comment_url or "",
        "changed-files": "\n".join(published.changed_files),
        "findings": str(len(outcome.findings)),
        "tokens": str(outcome.tokens),
        "cost-usd": format_cost(outcome.cost_usd).lstrip("$"),
        "commit-sha": published.commit or "",
        "branch": published.branch or "",
    }
    try:
        outputs.write_outputs(env.get("GITHUB_OUTPUT"), values)
    except OSError as exc:  # checked at the start; it may still vanish or fill up
        outputs.warning(f"GITHUB_OUTPUT: cannot write the step outputs: {exc.strerror or exc}")
    print(f"klaro: {published.status}: {outcome.message}", flush=True)
    try:
        outputs.write_summary(env.get("GITHUB_STEP_SUMMARY"), flows.summary_markdown(env, outcome))
    except OSError as exc:
        outputs.warning(f"GITHUB_STEP_SUMMARY: cannot write the job summary: {exc.strerror or exc}")
