"""The run as GitHub describes it: inputs, `GITHUB_*` variables, and the Config they make.

Inputs arrive as `INPUT_<NAME>` variables (upper-cased, hyphens kept) and the runner enforces
neither `required` nor types, so everything is checked here and errors name the input.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from klaro.config import Config, load_config
from klaro.errors import ConfigError, KlaroError
from klaro.github.publish import Published
from klaro.verify.model import Finding
from klaro.write.model import DocsRun

DocsFn = Callable[[Config], DocsRun]
CheckFn = Callable[[Config], list[Finding]]
AskFn = Callable[[Config, str], str]

MODES = ("pull-request", "commit", "comment", "dry-run")
# Action inputs that map straight onto config keys (the others steer the action itself).
INPUT_KEYS = {
    "openai-api-key": "api_key",
    "model": "model",
    "base-url": "base_url",
    "recursion-limit": "recursion_limit",
    "docs": "docs",
    "branch": "github.branch",
    "base": "github.base",
    "command": "github.command",
    "min-permission": "github.min_permission",
    "token-budget": "token_budget",
    "chroma-url": "chroma.url",
    "embedding": "embedding",
}
DEFAULT_BRANCH = "klaro/docs"
# Non-empty defaults in action.yml. The runner always sets every input, so an input still at its
# default means "not given": `.klaro.yml` may then set the key (the values agree with Config's).
ACTION_DEFAULTS = {
    "recursion-limit": "50",
    "mode": "pull-request",
    "branch": DEFAULT_BRANCH,
    "command": "/docs",
    "min-permission": "write",
    "config": ".klaro.yml",
}


@dataclass(frozen=True)
class Steps:
    """The application steps the action runs; None means this build cannot do that step."""

    generate: DocsFn | None = None
    check: CheckFn | None = None
    ask: AskFn | None = None


@dataclass(frozen=True)
class Context:
    """The run as the runner describes it in its environment."""

    event_name: str
    event_path: str | None
    repository: str
    workspace: Path
    api_url: str
    server_url: str
    run_id: str
    sha: str
    ref: str
    inputs: Mapping[str, str]

    @property
    def run_url(self) -> str:
        if not self.run_id:
            return ""
        return f"{self.server_url}/{self.repository}/actions/runs/{self.run_id}"

    def input(self, name: str, default: str = "") -> str:
        return self.inputs.get(name, "").strip() or default


@dataclass
class Outcome:
    """What the run did, for outputs, the summary and the exit code."""

    published: Published
    message: str
    findings: list[Finding] = field(default_factory=list)
    diff: str = ""
    tokens: int = 0
    cost_usd: float = 0.0
    trace: str = ""  # the agent's trace as Markdown, for the job summary


def read_inputs(env: Mapping[str, str]) -> dict[str, str]:
    """Collect `INPUT_*` variables by input name (`INPUT_GITHUB-TOKEN` → `github-token`)."""
    return {k[6:].lower(): v for k, v in env.items() if k.startswith("INPUT_")}


def context_from(env: Mapping[str, str]) -> Context:
    """Read the GITHUB_* variables; the runner always sets these, so absence is a misuse."""
    missing = [n for n in ("GITHUB_EVENT_NAME", "GITHUB_REPOSITORY") if not env.get(n)]
    if missing:
        raise KlaroError(
            f"{', '.join(missing)} not set: `klaro action` runs inside GitHub Actions "
            "(use `klaro generate` locally)"
        )
    return Context(
        event_name=env["GITHUB_EVENT_NAME"],
        event_path=env.get("GITHUB_EVENT_PATH") or None,
        repository=env["GITHUB_REPOSITORY"],
        workspace=Path(env.get("GITHUB_WORKSPACE") or os.getcwd()),
        api_url=env.get("GITHUB_API_URL") or "https://api.github.com",
        server_url=(env.get("GITHUB_SERVER_URL") or "https://github.com").rstrip("/"),
        run_id=env.get("GITHUB_RUN_ID", ""),
        sha=env.get("GITHUB_SHA", ""),
        ref=env.get("GITHUB_REF", ""),
        inputs=read_inputs(env),
    )


def package_prefix(ctx: Context) -> str:
    """The `path` input: the package to document inside a monorepo ("" for the whole repo)."""
    path = ctx.input("path").strip("/")
    if path in ("", "."):
        return ""
    if path.startswith("~") or ".." in path.split("/") or "\\" in path:
        raise KlaroError(f"input 'path' must be a folder inside the repository, got {path!r}")
    return path


def build_config(
    ctx: Context,
    root: Path,
    env: Mapping[str, str],
    *,
    config_root: Path | None = None,
    trusted_root: bool = True,
) -> Config:
    """Load the config for `root` with the action's inputs as the top layer.

    The `config` input is resolved in `config_root` (the default branch's tree). For a PR tree
    (`trusted_root=False`) a `.klaro.yml` inside the PR is never read, as a fork could use it to
    widen what Klaro writes.
    """
    overrides: dict[str, object] = {}
    for name, key in INPUT_KEYS.items():
        value = ctx.input(name)
        if value and value != ACTION_DEFAULTS.get(name):
            overrides[key] = value
    prefix = package_prefix(ctx)
    if prefix and ctx.input("branch", DEFAULT_BRANCH) == DEFAULT_BRANCH:
        overrides["github.branch"] = f"{DEFAULT_BRANCH}-{re.sub(r'[^A-Za-z0-9._-]+', '-', prefix)}"
    config_file = _config_file(ctx, config_root or ctx.workspace)
    try:
        if config_file is None and not trusted_root:
            with tempfile.TemporaryDirectory(prefix="klaro-config-") as tmp:
                empty = Path(tmp) / ".klaro.yml"  # defaults only: nothing read from the PR
                empty.write_text("")
                config = load_config(root, config_file=empty, env=env, overrides=overrides)
                return replace(config, config_file=None)
        return load_config(root, config_file=config_file, env=env, overrides=overrides)
    except ConfigError as exc:
        raise ConfigError(_as_input_error(exc.message)) from None


def _config_file(ctx: Context, config_root: Path) -> Path | None:
    """The file the `config` input names; the default name may be absent, others may not."""
    named = ctx.input("config", ".klaro.yml")
    if named.startswith(("/", "~")) or ".." in named.replace("\\", "/").split("/"):
        raise KlaroError(f"input 'config' must be a path inside the repository, got {named!r}")
    for candidate in (named, ".klaro.yaml") if named == ".klaro.yml" else (named,):
        if (config_root / candidate).is_file():
            return config_root / candidate
    if named != ".klaro.yml":
        raise KlaroError(f"input 'config': {named} not found in the repository")
    return None


def _as_input_error(message: str) -> str:
    """Name the action input, not the CLI flag, in a config error about an override."""
    for name, key in INPUT_KEYS.items():
        flag = "--" + key.replace(".", "-").replace("_", "-")
        if message.startswith(flag + ":"):
            return f"input '{name}'" + message[len(flag) :]
    return message
