"""The documented state to compare against: from git history, else from Klaro's snapshot.

Only `git` is run, read-only (`rev-parse`, `status`, `archive`, `log`): the old tree is
extracted into a temporary directory and analysed there, exactly as the current one is.
Without history (a shallow checkout, a tarball), `.klaro/state.json`, which `klaro generate`,
`klaro check --fix` and the Action keep beside the docs, describes the last documented state.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import subprocess
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from klaro import safeio
from klaro.errors import KlaroError, UsageError
from klaro.scan.files import language_of
from klaro.scan.model import Analysis
from klaro.scan.state import STATE_PATH, State, build_state, load_state

Analyse = Callable[[Path], Analysis]
_TIMEOUT = 60
# files whose uncommitted edits change what the code exposes (modules, their stubs and Cython
# sources, scripts, entry points): also a `.pth` file, whose imports run at start-up
# (tbvaccine's reads `TBVACCINE`), and an egg-info's `entry_points.txt`
_CODE_FILES = (
    ".py",
    ".pyi",
    ".pyx",
    ".pxd",
    ".pth",
    "pyproject.toml",
    "setup.cfg",
    "entry_points.txt",
)


@dataclass(frozen=True)
class Baseline:
    """The state the docs were written for, and where that evidence came from."""

    state: State
    origin: str  # "git <sha>" | "snapshot <path>"
    revision: str = ""  # the git commit, when it came from history


def baseline(
    root: Path,
    analyse: Analyse,
    *,
    since: str | None = None,
    bodies: bool = True,
    cache_dir: Path | None = None,
) -> Baseline | None:
    """The documented state of `root`: git `since`, else the snapshot, else the last commit.

    The snapshot wins over history because it records what Klaro last documented, which may
    be several commits back; its source commit (when git has it) still names the commits.
    `bodies=False` asks for names only (see `build_state`); with `cache_dir`, the state of a
    commit is kept there, keyed by the commit and Klaro's code, so it is computed once.
    """
    top = _git(root, "rev-parse", "--show-toplevel")
    if since and top is None:
        raise UsageError(f"--since {since}: {root} is not in a git repository")
    snapshot = None if since else load_state(root / STATE_PATH)
    if snapshot is not None:
        known = top is not None and snapshot.source and _commit(root, snapshot.source)
        return Baseline(snapshot, f"snapshot {STATE_PATH}", snapshot.source if known else "")
    if top is None:
        return None
    revision = _revision(root, since)
    if revision is None or not _tracked(root, Path(top), revision):
        return None  # no commit to compare with, or `root` is not in it (an untracked folder)
    state = _cached_state_at(root, Path(top), revision, analyse, bodies, cache_dir)
    return Baseline(state, f"git {revision[:12]}", revision)


def _prefix(root: Path, top: Path) -> str:
    """`root` relative to the repository's top folder, as git names paths ("." for the top)."""
    return root.resolve().relative_to(top.resolve()).as_posix()


def _tracked(root: Path, top: Path, revision: str) -> bool:
    """Whether `revision` holds the folder `root` (a path git ignores or never had does not)."""
    prefix = _prefix(root, top)
    return prefix == "." or _git(root, "cat-file", "-e", f"{revision}:{prefix}") is not None


def require_commit(root: Path, since: str) -> str:
    """The commit `--since` names; a clear error when there is no git or no such commit."""
    if _git(root, "rev-parse", "--show-toplevel") is None:
        raise UsageError(f"--since {since}: {root} is not in a git repository")
    found = _revision(root, since)  # raises for a `since` it cannot find
    if found is None:
        raise UsageError(f"--since {since}: no such commit in {root}")
    return found


def head_commit(root: Path) -> str:
    """The commit checked out in `root`, or "" outside git."""
    return _commit(root, "HEAD") or ""


def _commit(root: Path, revision: str) -> str | None:
    return _git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")


def _is_code(top: Path, status: str) -> bool:
    """Whether a `git status --porcelain` line names a file whose edit changes what the code
    exposes: a module, the packaging files, or a script without a suffix that runs Python;
    or a file moved or deleted, whatever it is."""
    # `XY path`; the output's first line comes without its leading blank (" M" as "M")
    path = status[2:].split(" -> ")[-1].strip().strip('"')
    if {"D", "R"} & set(status[:2]):
        return True  # a file moved or deleted: a page naming it (`CHANGES.rst`) goes stale
    if path.endswith(_CODE_FILES):
        return True
    if "." in path.rsplit("/", 1)[-1]:
        return False
    try:
        with (top / path).open("rb") as fh:
            head = fh.read(256)
    except OSError:
        return False
    return language_of(path, head) == "python"


def _revision(root: Path, since: str | None) -> str | None:
    """The commit to compare with: the one asked for, the PR's merge base, or the last one."""
    if since:
        found = _git(root, "rev-parse", "--verify", "--quiet", f"{since}^{{commit}}")
        if found is None:
            raise UsageError(f"--since {since}: no such commit in {root}")
        return found
    base_ref = os.environ.get("GITHUB_BASE_REF", "")
    if base_ref:
        merge_base = _git(root, "merge-base", "HEAD", f"origin/{base_ref}")
        if merge_base:
            return merge_base
    dirty = _git(root, "status", "--porcelain", "--untracked-files=no")
    top = Path(_git(root, "rev-parse", "--show-toplevel") or root) if dirty else root
    if dirty and any(_is_code(top, line) for line in dirty.splitlines()):
        return _git(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    return _git(root, "rev-parse", "--verify", "--quiet", "HEAD~1^{commit}")


def _cached_state_at(
    root: Path, top: Path, revision: str, analyse: Analyse, bodies: bool, cache_dir: Path | None
) -> State:
    """`_state_at`, kept in `cache_dir` (the user's cache, never the repository) by commit.

    A commit's tree never changes, so its state is valid as long as Klaro's analyser is the
    same; a damaged entry is recomputed.
    """
    if cache_dir is None:
        return _state_at(root, top, revision, analyse, bodies)
    from klaro.scan.analyze import code_fingerprint

    prefix = _prefix(root, top)
    key = f"{revision}\0{prefix}\0{bodies}\0{code_fingerprint()}"
    path = cache_dir / f"state-{hashlib.sha256(key.encode()).hexdigest()[:20]}.json"
    try:
        cached = load_state(path)
    except KlaroError:
        cached = None
    if cached is not None:
        return cached
    state = _state_at(root, top, revision, analyse, bodies)
    with contextlib.suppress(KlaroError):  # an unwritable cache only costs time next run
        safeio.write_text(path.parent, path, state.to_json())
    return state


def _state_at(root: Path, top: Path, revision: str, analyse: Analyse, bodies: bool = True) -> State:
    """Analyse the tree of `revision` in a temporary directory and fingerprint it."""
    prefix = _prefix(root, top)
    args = ["git", "-C", str(top), "archive", "--format=tar", revision]
    if prefix != ".":
        args += ["--", prefix]
    try:
        done = subprocess.run(args, capture_output=True, check=True, timeout=_TIMEOUT)
    except (OSError, subprocess.SubprocessError) as exc:
        raise KlaroError(f"git archive {revision[:12]} failed: {exc}") from None
    with tempfile.TemporaryDirectory(prefix="klaro-base-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
            archive.extractall(tmp, filter=safeio.data_or_skip)  # links out are left out
        old_root = Path(tmp) / prefix if prefix != "." else Path(tmp)
        old_root.mkdir(parents=True, exist_ok=True)
        return build_state(analyse(old_root), old_root, revision, bodies=bodies)


def commit_of(root: Path, revision: str, token: str, path: str = "") -> str:
    """The commit after `revision` that removed `token` from the code, or ""."""
    if not revision or not token:
        return ""
    args = ["log", "-n1", "--format=%H", f"-S{token}", f"{revision}..HEAD", "--", path or "."]
    return _git(root, *args) or ""


def _git(root: Path, *args: str) -> str | None:
    """Run one read-only git command in `root`; None when git or the repository is missing."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args],
            capture_output=True,
            text=True,
            timeout=_TIMEOUT,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"},
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None
