"""The run as GitHub describes it: inputs, `GITHUB_*` variables, and the Config they make.

Inputs arrive as `INPUT_<NAME>` variables (upper-cased, hyphens kept) and the runner enforces
neither `required` nor types, so everything is checked here and errors name the input.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from klaro.config import Config, load_config
from klaro.errors import ConfigError, KlaroError
from klaro.github.publish import DEFAULT_TITLE, Published, PullOptions
from klaro.verify.model import Finding
from klaro.write.model import DocsRun

DocsFn = Callable[[Config], DocsRun]
# the config of the tree to check, and a tree of the PR's base (names it had are stale now)
CheckFn = Callable[[Config, Path | None], list[Finding]]
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
    "draft": "false",
    "fail-on-drift": "false",
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
    timeout: float = 30.0  # seconds to connect to / hear from GitHub's API, per request
    deadline: float = 120.0  # seconds one request may spend in retries

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
    cost_usd: float | None = 0.0  # None: the model has no known price
    trace: str = ""  # the agent's trace as Markdown, for the job summary
    exit_code: int = 0  # non-zero fails the step (drift with `fail-on-drift: true`)


def read_inputs(env: Mapping[str, str]) -> dict[str, str]:
    """Collect `INPUT_*` variables by input name (`INPUT_GITHUB-TOKEN` → `github-token`)."""
    return {k[6:].lower(): v for k, v in env.items() if k.startswith("INPUT_")}


_REPOSITORY = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*)/[A-Za-z0-9._-]+")
_HTTP_URL = re.compile(r"https?://[^\s/]+(?:/\S*)?")
_REQUIRED = ("GITHUB_EVENT_NAME", "GITHUB_REPOSITORY", "GITHUB_WORKSPACE", "GITHUB_EVENT_PATH")


def context_from(env: Mapping[str, str]) -> Context:
    """Read and check the GITHUB_* variables before anything talks to GitHub.

    The runner always sets these, so a missing or malformed one is a misuse (a local run, a
    hand-written workflow, a broken runner image): the error names the variable.
    """
    missing = [n for n in _REQUIRED if not env.get(n, "").strip()]
    if missing:
        raise KlaroError(
            f"{', '.join(missing)} not set: `klaro action` runs inside GitHub Actions "
            "(use `klaro generate` locally)"
        )
    repository = env["GITHUB_REPOSITORY"].strip()
    if not _REPOSITORY.fullmatch(repository):
        raise KlaroError(f"GITHUB_REPOSITORY must be OWNER/NAME, got {repository!r:.80}")
    workspace = Path(env["GITHUB_WORKSPACE"])
    if not workspace.is_dir():
        what = "is not a folder" if workspace.exists() else "does not exist"
        raise KlaroError(f"GITHUB_WORKSPACE {workspace} {what}")
    urls = {}
    for name, default in (
        ("GITHUB_API_URL", "https://api.github.com"),
        ("GITHUB_SERVER_URL", "https://github.com"),
    ):
        urls[name] = (env.get(name) or default).strip().rstrip("/")
        if not _HTTP_URL.fullmatch(urls[name]):
            raise KlaroError(f"{name} must be an http(s) URL, got {urls[name]!r:.80}")
    for name in ("GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"):
        _check_appendable(name, env.get(name))
    return Context(
        event_name=env["GITHUB_EVENT_NAME"].strip(),
        event_path=env["GITHUB_EVENT_PATH"],
        repository=repository,
        workspace=workspace,
        api_url=urls["GITHUB_API_URL"],
        server_url=urls["GITHUB_SERVER_URL"],
        run_id=env.get("GITHUB_RUN_ID", ""),
        sha=env.get("GITHUB_SHA", ""),
        ref=env.get("GITHUB_REF", ""),
        inputs=read_inputs(env),
        timeout=_seconds(env, "KLARO_GITHUB_TIMEOUT", 30.0),
        deadline=_seconds(env, "KLARO_GITHUB_DEADLINE", 120.0),
    )


def _check_appendable(name: str, value: str | None) -> None:
    """A side-channel file the runner names must take our writes, else fail before any work."""
    if not value:
        return  # a local run: outputs go to stdout, no summary
    path = Path(value)
    if path.is_dir():
        raise KlaroError(f"{name} {value} is a folder, expected a file")
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise KlaroError(f"{name} {value}: cannot write: {exc.strerror or exc}") from None


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    """A positive number of seconds from the environment (for slow networks and for tests)."""
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 < value < 3600:
        raise KlaroError(f"{name} must be a number of seconds between 0 and 3600, got {raw!r:.40}")
    return value


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


def config_candidates(ctx: Context) -> tuple[str, ...]:
    """The paths the `config` input may name, checked to stay inside the repository."""
    named = ctx.input("config", ".klaro.yml")
    if named.startswith(("/", "~")) or ".." in named.replace("\\", "/").split("/"):
        raise KlaroError(f"input 'config' must be a path inside the repository, got {named!r}")
    return (named, ".klaro.yaml") if named == ".klaro.yml" else (named,)


def _config_file(ctx: Context, config_root: Path) -> Path | None:
    """The file the `config` input names; the default name may be absent, others may not."""
    named = ctx.input("config", ".klaro.yml")
    for candidate in config_candidates(ctx):
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


_LOGIN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
_TEAM = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9_.-]+$")


def list_input(ctx: Context, name: str) -> tuple[str, ...]:
    """A list input: items separated by commas or new lines, blanks dropped."""
    raw = ctx.input(name).replace("\n", ",")
    return tuple(item.strip() for item in raw.split(",") if item.strip())


def bool_input(ctx: Context, name: str, default: bool = False) -> bool:
    """A boolean input as YAML 1.2 core spells it (true/false, any case)."""
    value = ctx.input(name).lower()
    if not value:
        return default
    if value not in ("true", "false"):
        raise KlaroError(f"input '{name}' must be true or false, got {ctx.input(name)!r}")
    return value == "true"


def pull_options(ctx: Context, prefix: str = "") -> PullOptions:
    """The pull request's title, commit message, labels, draft, reviewers and assignees."""
    reviewers = list_input(ctx, "reviewers")
    assignees = list_input(ctx, "assignees")
    for name, logins, team_ok in (("reviewers", reviewers, True), ("assignees", assignees, False)):
        for login in logins:
            login = login.removeprefix("@")
            if not (_LOGIN.match(login) or (team_ok and _TEAM.match(login))):
                kind = "a GitHub login or org/team-slug" if team_ok else "a GitHub login"
                raise KlaroError(f"input '{name}': {login!r} is not {kind}")
    default = f"docs({prefix}): refresh documentation (Klaro)" if prefix else DEFAULT_TITLE
    title = ctx.input("title", default)
    if "\n" in title or len(title) > 256:
        raise KlaroError("input 'title' must be one line of at most 256 characters")
    return PullOptions(
        title=title,
        commit_message=ctx.input("commit-message"),
        labels=list_input(ctx, "labels"),
        draft=bool_input(ctx, "draft"),
        reviewers=tuple(r.removeprefix("@") for r in reviewers),
        assignees=tuple(a.removeprefix("@") for a in assignees),
    )
