"""Klaro's configuration: one frozen `Config`, layered from four sources.

Precedence, lowest first: the defaults written on the dataclasses below < `.klaro.yml` (or
`.klaro.yaml`) in the repository root < `KLARO_*` environment variables < CLI / action overrides.
Every key is described once in `_SCHEMA` (type, what is expected, validator), so each layer is
parsed and checked the same way and every error names its source, the key, what was expected and
what was found. There is deliberately no global settings getter: load a `Config` once and pass it
down, so tests and the action can run several configurations side by side.
"""

from __future__ import annotations

import difflib
import fnmatch
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PureWindowsPath
from typing import Any

from klaro.errors import ConfigError

DOC_KINDS = ("readme", "api", "changelog", "contributing")
EMBEDDINGS = ("default", "hash", "wordllama", "openai", "onnx")
PERMISSIONS = ("read", "triage", "write", "maintain", "admin")
DEFAULT_FILES = (".klaro.yml", ".klaro.yaml")
_FIXED_DOC_PATHS = {"changelog": "CHANGELOG.md", "contributing": "CONTRIBUTING.md"}
_SECTIONS = ("chroma", "github")
_SECRET_WORDS = frozenset({"token", "password", "passwd", "secret", "key", "apikey", "credentials"})
# Widely used names Klaro also honours, below their KLARO_* spelling.
_FALLBACK_ENV = {"api_key": ("OPENAI_API_KEY",), "base_url": ("OPENAI_BASE_URL",)}


@dataclass(frozen=True)
class GitHubOptions:
    """How Klaro works on GitHub: the branch it pushes, the PR base, who may trigger it."""

    branch: str = "klaro/docs"
    base: str | None = None  # None: the repository's default branch
    command: str = "/docs"  # comment that triggers a run
    min_permission: str = "write"  # least permission a commenter needs to trigger it


@dataclass(frozen=True)
class ChromaOptions:
    """Where the vector index lives: a folder in the repository, or a Chroma server (`url`)."""

    path: str = ".klaro/chroma"
    url: str | None = None


@dataclass(frozen=True)
class Config:
    """Everything a Klaro run may vary; immutable so no step can change it under another."""

    root: Path
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    vendored: tuple[str, ...] = ()  # globs of shipped code that is not the project's own
    docs: tuple[str, ...] = ("readme", "api")
    readme_path: str = "README.md"
    api_path: str = "docs/api.md"
    styleguides: str | None = None  # repository folder whose guides override ours by name
    model: str = "gpt-4o-mini"
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)  # secret: never shown
    temperature: float = 0.2
    recursion_limit: int = 50
    token_budget: int = 200_000
    planning_interval: int | None = None
    request_timeout: float = 60.0
    max_retries: int = 2
    context_budget: int = 16_000  # estimated tokens one agent request may carry
    tool_output_chars: int = 6000  # one tool observation, before it is trimmed
    verify_retries: int = 2  # times the agent may fix references the checker rejected
    # the Action's refresh offers lines naming removed code to the model (checked after)
    propose_fixes: bool = True
    prices: tuple[str, ...] = ()  # "model=input/output" in USD per million tokens
    embedding: str = "default"
    max_file_size: int = 1_000_000
    ignore_references: tuple[str, ...] = ()  # patterns the reference checker ignores
    check_docs: tuple[str, ...] = ()  # globs `klaro check` reads; () = all Markdown and rst
    check_exclude: tuple[str, ...] = ()  # globs of documents `klaro check` skips
    check_history: bool = False  # also check changelogs and upgrade/migration guides
    chroma: ChromaOptions = field(default_factory=ChromaOptions)
    github: GitHubOptions = field(default_factory=GitHubOptions)
    config_file: Path | None = None  # the file that was loaded, if any

    @property
    def has_model(self) -> bool:
        """Whether an LLM is configured; without one Klaro can only run its deterministic parts."""
        return bool(self.api_key or self.base_url)

    def doc_paths(self) -> tuple[str, ...]:
        """The documentation files Klaro may write; anything else in a change is refused."""
        named = {"readme": self.readme_path, "api": self.api_path, **_FIXED_DOC_PATHS}
        return tuple(dict.fromkeys(named[kind] for kind in self.docs))

    def to_dict(self) -> dict[str, Any]:
        """A plain, nested view for `klaro config`; the API key is masked, never copied out."""
        out: dict[str, Any] = {"root": str(self.root)}
        out["config_file"] = None if self.config_file is None else str(self.config_file)
        for key in KEYS:
            value = _get(self, key)
            if _SCHEMA[key].secret:
                value = "***" if value else None
            elif isinstance(value, tuple):
                value = list(value)
            section, _, name = key.rpartition(".")
            (out.setdefault(section, {}) if section else out)[name] = value
        return out


@dataclass(frozen=True)
class _Spec:
    """One key: its Python type, what a valid value is (in words, for errors), and the check."""

    kind: type  # str, int, float or tuple (a list of strings)
    expect: str
    ok: Callable[[Any], bool] = lambda value: True
    optional: bool = False  # None is allowed
    secret: bool = False  # never echoed, refused in the file


def _relative_path(value: str) -> bool:
    """Paths must stay inside the repository so a config can never make Klaro write elsewhere."""
    parts = re.split(r"[/\\]", value)
    windows = PureWindowsPath(value)
    absolute = value.startswith(("/", "\\", "~")) or bool(windows.drive or windows.root)
    return bool(value.strip()) and not absolute and ".." not in parts


def _one_of(choices: tuple[str, ...]) -> _Spec:
    return _Spec(str, "one of " + ", ".join(choices), lambda value: value in choices)


_PATH = _Spec(str, "a relative path inside the repository (no '..', not absolute)", _relative_path)
_URL = _Spec(
    str, "an http(s) URL", lambda value: bool(re.fullmatch(r"https?://\S+", value)), optional=True
)
_PRICE = re.compile(r"[^=\s]+=\d+(\.\d+)?/\d+(\.\d+)?")
_TEXT = _Spec(str, "a non-empty string", lambda value: bool(value.strip()))


def _globs(kind: str) -> Callable[[Any], bool]:
    """Check every pattern compiles, so a typo like `[z-a]` is named here, not a traceback later."""

    def ok(patterns: tuple[str, ...]) -> bool:
        for pattern in patterns:
            try:
                if kind == "gitignore":
                    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

                    GitIgnoreSpecPattern(pattern)
                else:
                    re.compile(fnmatch.translate(pattern))
            except (ValueError, re.error):
                return False
        return True

    return ok


_PATTERNS = _Spec(
    tuple, "a list of strings, each a valid gitignore-style pattern", _globs("gitignore")
)
_FNMATCH = _Spec(tuple, "a list of strings, each a valid glob pattern", _globs("fnmatch"))

_SCHEMA: dict[str, _Spec] = {
    "include": _PATTERNS,
    "exclude": _PATTERNS,
    "vendored": _PATTERNS,
    "docs": _Spec(
        tuple,
        "a list drawn from " + ", ".join(DOC_KINDS),
        lambda value: all(kind in DOC_KINDS for kind in value),
    ),
    "readme_path": _PATH,
    "api_path": _PATH,
    "styleguides": _Spec(str, _PATH.expect, _relative_path, optional=True),
    "model": _TEXT,
    "base_url": _URL,
    "api_key": _Spec(str, "a non-empty string", _TEXT.ok, optional=True, secret=True),
    "temperature": _Spec(float, "a number between 0 and 2", lambda value: 0 <= value <= 2),
    "recursion_limit": _Spec(int, "an integer >= 1", lambda value: value >= 1),
    "token_budget": _Spec(int, "an integer >= 1000", lambda value: value >= 1000),
    "planning_interval": _Spec(int, "an integer >= 1", lambda value: value >= 1, optional=True),
    "request_timeout": _Spec(float, "a number > 0", lambda value: 0 < value < math.inf),
    "max_retries": _Spec(int, "an integer >= 0", lambda value: value >= 0),
    "context_budget": _Spec(int, "an integer >= 2000", lambda value: value >= 2000),
    "tool_output_chars": _Spec(int, "an integer >= 500", lambda value: value >= 500),
    "verify_retries": _Spec(int, "an integer >= 0", lambda value: value >= 0),
    "propose_fixes": _Spec(bool, "true or false"),
    "prices": _Spec(
        tuple,
        "a list of 'model=input/output' prices in USD per million tokens",
        lambda value: all(_PRICE.fullmatch(item) for item in value),
    ),
    "embedding": _one_of(EMBEDDINGS),
    "max_file_size": _Spec(int, "an integer >= 1", lambda value: value >= 1),
    "ignore_references": _FNMATCH,
    "check_docs": _PATTERNS,
    "check_exclude": _FNMATCH,
    "check_history": _Spec(bool, "true or false"),
    "chroma.path": _PATH,
    "chroma.url": _URL,
    "github.branch": _TEXT,
    "github.base": _Spec(str, _TEXT.expect, _TEXT.ok, optional=True),
    "github.command": _TEXT,
    "github.min_permission": _one_of(PERMISSIONS),
}

KEYS: tuple[str, ...] = tuple(_SCHEMA)
_DEFAULTS = Config(root=Path())
_INT = re.compile(r"[+-]?\d+")
_FLOAT = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def env_var(key: str) -> str:
    """The environment variable for a dotted key: `github.branch` -> `KLARO_GITHUB_BRANCH`."""
    return "KLARO_" + key.upper().replace(".", "_")


def _get(obj: object, key: str) -> Any:
    for part in key.split("."):
        obj = getattr(obj, part)
    return obj


class _Invalid(Exception):
    """A value of the wrong shape; `_convert` turns it into a ConfigError with context."""


def _from_text(spec: _Spec, text: str) -> Any:
    """Environment and flags are strings: parse them strictly so typos fail, not coerce."""
    text = text.strip()
    if spec.optional and not text:
        return None
    if spec.kind is tuple:
        return tuple(part.strip() for part in text.split(",") if part.strip())
    if spec.kind is bool and text.lower() in {"true", "false", "1", "0", "yes", "no"}:
        return text.lower() in {"true", "1", "yes"}
    if spec.kind is str:
        return text
    if spec.kind is int and _INT.fullmatch(text):
        return int(text)
    if spec.kind is float and _FLOAT.fullmatch(text):
        return float(text)
    raise _Invalid


def _from_value(spec: _Spec, value: object) -> Any:
    """YAML (and typed overrides) must already carry the right type; `bool` is not a number."""
    if value is None and spec.optional:
        return None
    if isinstance(value, bool):
        if spec.kind is bool:
            return value
        raise _Invalid
    if spec.kind is tuple and isinstance(value, list | tuple):
        if all(isinstance(item, str) for item in value):
            return tuple(value)
    elif spec.kind is float and isinstance(value, int | float):
        return float(value)
    elif isinstance(value, spec.kind):
        return value
    raise _Invalid


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _convert(source: str, key: str, raw: object, *, text: bool) -> Any:
    """Parse and validate one value, or raise the one-line error that names where it came from."""
    spec = _SCHEMA[key]
    try:
        value = _from_text(spec, raw) if text and isinstance(raw, str) else _from_value(spec, raw)
        if value is None or spec.ok(value):
            return value
    except _Invalid:
        pass
    got = f"a value of type {type(raw).__name__}" if spec.secret else _show(raw)
    raise ConfigError(f"{source}: key '{key}' must be {spec.expect}, got {got}")


def _unknown(source: str, key: str, known: list[str]) -> ConfigError:
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return ConfigError(f"{source}: unknown key '{key}'{hint}")


def _find_file(root: Path, config_file: Path | str | None) -> Path | None:
    """An explicitly named file must exist; the default file is optional (but not twice)."""
    if config_file is not None:
        path = Path(config_file)
        if path.is_dir():
            raise ConfigError(f"{path}: is a folder, expected a YAML config file")
        if not path.is_file():
            raise ConfigError(f"{path}: config file not found")
        return path
    for name in DEFAULT_FILES:
        if (root / name).exists() and not (root / name).is_file():
            raise ConfigError(f"{name}: is a folder (or not a regular file), expected a YAML file")
    found = [root / name for name in DEFAULT_FILES if (root / name).is_file()]
    if len(found) > 1:
        raise ConfigError(f"{root}: both .klaro.yml and .klaro.yaml exist; keep only one")
    return found[0] if found else None


def _check_file_key(label: str, file_name: str, key: str) -> None:
    """Refuse secrets first (a file is committed, so a key in it has already leaked), then typos."""
    section, _, leaf = key.rpartition(".")
    known = [k for k in KEYS if k.rpartition(".")[0] == section]
    known += [] if section else list(_SECTIONS)
    words = set(re.split(r"[^a-z0-9]+", leaf.lower()))
    if key == "api_key" or (key not in known and words & _SECRET_WORDS):
        fix = "set KLARO_API_KEY" if key == "api_key" else "set it"
        raise ConfigError(
            f"{label}: key '{key}' looks like a secret; secrets do not belong in {file_name}; "
            f"{fix} in the environment"
        )
    if key not in known:
        raise _unknown(label, key, known)


def _read_file(path: Path, label: str) -> dict[str, Any]:
    """The YAML layer, flattened to dotted keys and validated."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{label}: not valid UTF-8 text (bad byte at offset {exc.start})"
        ) from None
    except OSError as exc:
        raise ConfigError(f"{label}: cannot read config file: {exc.strerror}") from None
    import yaml  # only when there is a config file: `klaro --version` never pays for it

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
        raise ConfigError(f"{label}: invalid YAML{where}: {problem}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{label}: the top level must be a mapping of keys, got {_show(data)}")
    out: dict[str, Any] = {}
    for name, value in data.items():
        items = [(str(name), value)]
        if name in _SECTIONS:
            if not isinstance(value, dict | None):
                raise ConfigError(f"{label}: key '{name}' must be a mapping, got {_show(value)}")
            items = [(f"{name}.{sub}", sub_value) for sub, sub_value in (value or {}).items()]
        for key, raw in items:
            _check_file_key(label, path.name, key)
            out[key] = _convert(label, key, raw, text=False)
    return out


def _read_env(env: Mapping[str, str]) -> dict[str, Any]:
    """The environment layer; unknown KLARO_* names are ignored: the environment is shared."""
    out: dict[str, Any] = {}
    for key in KEYS:
        for name in (env_var(key), *_FALLBACK_ENV.get(key, ())):
            raw = env.get(name)
            if raw is not None and raw.strip():
                out[key] = _convert(name, key, raw, text=True)
                break
    return out


def _read_overrides(overrides: Mapping[str, object]) -> dict[str, Any]:
    """The CLI/action layer: dotted keys, None meaning "not given", strings parsed like env."""
    out: dict[str, Any] = {}
    for key, raw in overrides.items():
        if raw is None:
            continue
        flag = "--" + key.replace(".", "-").replace("_", "-")
        if key not in _SCHEMA:
            raise _unknown(flag, key, list(KEYS))
        out[key] = _convert(flag, key, raw, text=True)
    return out


def _existing_readme(root: Path) -> str:
    """The README the repository has: README.md, else README.rst, so no second one is written."""
    if not (root / "README.md").is_file() and (root / "README.rst").is_file():
        return "README.rst"
    return _DEFAULTS.readme_path


def load_config(
    root: Path | str,
    *,
    config_file: Path | str | None = None,
    env: Mapping[str, str] | None = None,
    overrides: Mapping[str, object] | None = None,
) -> Config:
    """Build the Config for a repository, raising ConfigError on the first bad value.

    `config_file` replaces the default `.klaro.yml`/`.klaro.yaml` lookup (a relative path is
    taken from the current directory, as a user typed it); `env` defaults to `os.environ`.
    """
    root_path = Path(root).resolve()
    values: dict[str, Any] = {key: _get(_DEFAULTS, key) for key in KEYS}
    path = _find_file(root_path, config_file)
    if path is not None:
        try:
            label = str(path.resolve().relative_to(root_path))
        except ValueError:
            label = str(path)
        values.update(_read_file(path, label))
    values.update(_read_env(os.environ if env is None else env))
    values.update(_read_overrides(overrides or {}))
    if values["readme_path"] == _DEFAULTS.readme_path:
        values["readme_path"] = _existing_readme(root_path)
    sections: dict[str, dict[str, Any]] = {name: {} for name in _SECTIONS}
    top: dict[str, Any] = {}
    for key, value in values.items():
        section, _, name = key.rpartition(".")
        (sections[section] if section else top)[name] = value
    return Config(
        root=root_path,
        config_file=path,
        chroma=ChromaOptions(**sections["chroma"]),
        github=GitHubOptions(**sections["github"]),
        **top,
    )
