"""Find the files of a repository that Klaro may read, seeing the tree the way git does.

The walk is top-down and prunes ignored directories, so, as in git, nothing inside an excluded
directory can be re-included. Ignore rules come from `.git/info/exclude`, `.gitignore` at every
level, Klaro's defaults, `.klaroignore` at every level and `extra_ignores`, in rising order of
precedence: a `.klaroignore` can re-include what git ignores, and a `.gitignore` written for git
(say a whitelist with `!*/`) cannot pull `node_modules/` back in. Every ignore file is rewritten
to root-relative patterns and merged into one `GitIgnoreSpec` per directory, so pathspec's
last-match-wins order (file matches beating matches through a parent directory) decides across
levels too. Secrets, binaries, huge files and symlinks leaving the repository are reported in
`skipped` and never read past their first bytes.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from pathspec import GitIgnoreSpec
from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

from klaro.errors import ConfigError, ScanError
from klaro.scan.model import SkippedFile, SourceFile

HEAD_SIZE = 8192  # bytes inspected for NUL bytes and private-key headers

DEFAULT_IGNORES: tuple[str, ...] = (
    ".git/", ".hg/", ".svn/", ".klaro/", ".venv/", "venv/", "node_modules/", "__pycache__/",
    "*.pyc", ".tox/", ".nox/", ".mypy_cache/", ".pytest_cache/", ".ruff_cache/", "build/",
    "dist/", "*.egg-info/", "site-packages/", ".eggs/",
)  # fmt: skip
_ALWAYS_PRUNED = frozenset({".git", ".hg", ".svn", ".klaro"})  # no rule can re-include these
_OUTPUT_DIRS = frozenset({"build", "dist"})  # ignored unless they hold an `__init__.py`
_IGNORE_FILES = (".gitignore", ".klaroignore")
_GLOB_CHARS = re.compile(r"[\\*?\[\]]")

_SECRET_NAME = re.compile(
    r"""\.env(?:\.(?!(?:example|sample|template|dist)$).+)?
    | .*\.(?:pem|key|p12|pfx|jks|keystore) | .*\.tfstate(?:\.backup)?
    | id_(?:rsa|dsa|ecdsa|ed25519) | [._]netrc | \.(?:pypirc|npmrc|git-credentials|htpasswd)
    | credentials\.json | secrets\.ya?ml | service-account.*\.json""",
    re.VERBOSE,
)
_SECRET_TAILS = (".aws/credentials", ".docker/config.json")
_PRIVATE_KEY = re.compile(
    rb"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|PuTTY-User-Key-File-\d+:"
)

_LANGUAGE_BY_EXT = {
    ".py": "python", ".pyi": "python", ".pyw": "python", ".pyx": "cython", ".pxd": "cython",
    ".md": "markdown", ".markdown": "markdown", ".rst": "rst", ".txt": "text", ".yaml": "yaml",
    ".yml": "yaml", ".toml": "toml", ".json": "json", ".ini": "ini", ".cfg": "ini",
    ".sh": "shell", ".bash": "shell", ".zsh": "shell", ".ipynb": "jupyter", ".html": "html",
    ".htm": "html", ".css": "css", ".js": "javascript", ".ts": "typescript", ".c": "c",
    ".h": "c", ".cpp": "cpp", ".cc": "cpp", ".hpp": "cpp", ".rs": "rust", ".go": "go",
    ".java": "java", ".sql": "sql", ".xml": "xml",
}  # fmt: skip
_LANGUAGE_BY_NAME = {
    "dockerfile": "dockerfile", "makefile": "makefile", "license": "text", "copying": "text",
    "authors": "text", "notice": "text", "readme": "text", "changelog": "text",
    ".bashrc": "shell", ".profile": "shell", ".zshrc": "shell",
}  # fmt: skip


@dataclass(frozen=True)
class ScanResult:
    """What the scan found: readable files, files left out with why, and optionally bytes."""

    root: Path
    files: tuple[SourceFile, ...]
    skipped: tuple[SkippedFile, ...]
    contents: Mapping[str, bytes] = field(default_factory=dict)


def is_secret_path(path: str) -> bool:
    """Tell from the name alone whether a file likely holds credentials, so it is never read."""
    norm = path.replace("\\", "/").lower()
    if _SECRET_NAME.fullmatch(norm.rsplit("/", 1)[-1]):
        return True
    return any(norm == tail or norm.endswith("/" + tail) for tail in _SECRET_TAILS)


def looks_like_secret_content(head: bytes) -> bool:
    """Spot a private key in a file's first bytes, whatever the file is called."""
    if b"PRIVATE KEY" not in head and b"PuTTY-User-Key-File-" not in head:
        return False  # substring tests are far faster than the regex on ordinary files
    return _PRIVATE_KEY.search(head) is not None


def language_of(path: str) -> str:
    """Name a file's language from its name, so later stages pick what they can read."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name in _LANGUAGE_BY_NAME:
        return _LANGUAGE_BY_NAME[name]
    return _LANGUAGE_BY_EXT.get(os.path.splitext(name)[1], "other")


def scan_repository(
    root: Path | str,
    *,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    max_file_size: int = 1_000_000,
    keep_content: bool = False,
    extra_ignores: Sequence[str] = (),
) -> ScanResult:
    """List the repository's readable files once, so every stage works from the same set."""
    given = Path(root).expanduser()
    if not given.exists():
        raise ScanError(f"repository path does not exist: {given}")
    if not given.is_dir():
        raise ScanError(f"repository path is not a directory: {given}")
    walker = _Walker(given.resolve(), max_file_size, keep_content)
    walker.include = _config_spec("include", include) if include else None
    walker.exclude = _config_spec("exclude", exclude) if exclude else None
    walker.tail = _config_spec("extra_ignores", extra_ignores).patterns
    walker.walk()
    return ScanResult(
        root=walker.root,
        files=tuple(sorted(walker.files, key=lambda f: f.path)),
        skipped=tuple(sorted(walker.skipped, key=lambda s: s.path)),
        contents=MappingProxyType(walker.contents),
    )


def _config_spec(key: str, patterns: Sequence[str]) -> GitIgnoreSpec:
    """Compile patterns from configuration, naming the bad one instead of skipping it."""
    compiled = []
    for text in patterns:
        try:
            compiled.append(GitIgnoreSpecPattern(text))
        except ValueError as exc:
            raise ConfigError(f"{key}: invalid pattern {text!r}: {exc}") from exc
    return GitIgnoreSpec([p for p in compiled if p.include is not None])


def _rebase(line: str, base: str) -> str | None:
    """Rewrite a line of `base/.gitignore` as a root-relative pattern with the same meaning."""
    if not base:
        return line
    negated = line.startswith("!")
    body = line[1:] if negated else line
    if not body.strip() or line.startswith("#"):
        return None
    anchored = "/" in body.rstrip().rstrip("/")  # a slash before the end anchors to `base`
    body = body[1:] if body.startswith("/") else body
    prefix = _GLOB_CHARS.sub(r"\\\g<0>", base) + ("/" if anchored else "/**/")
    return ("!" if negated else "") + "/" + prefix + body


def _compile(lines: Sequence[str], base: str) -> tuple[GitIgnoreSpecPattern, ...]:
    """Compile an ignore file's lines; like git, a malformed line is ignored, not fatal."""
    out = []
    for line in lines:
        text = _rebase(line, base)
        if text is None:
            continue
        try:
            pattern = GitIgnoreSpecPattern(text)
        except ValueError:
            continue
        if pattern.include is not None:
            out.append(pattern)
    return tuple(out)


def _read_lines(path: str) -> list[str]:
    """Read an ignore file's lines; an unreadable one counts as empty, as in git."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as fh:
            return fh.read().splitlines()
    except OSError:
        return []


def _dir_ignored(spec: GitIgnoreSpec, rel: str) -> bool:
    """Tell whether git skips this whole directory; `x/**` ignores what x holds, not x itself."""
    result = spec.check_file(rel + "/")
    if not result.include or result.index is None:
        return False
    pattern = spec.patterns[result.index]
    return not (str(pattern.pattern).rstrip().endswith("/**") and not pattern.match_file(rel))


@dataclass(frozen=True)
class _Rules:
    """The ignore patterns in force in one directory, compiled once and shared downwards."""

    git: tuple[GitIgnoreSpecPattern, ...]
    klaro: tuple[GitIgnoreSpecPattern, ...]
    spec: GitIgnoreSpec


_Frame = tuple[str, _Rules, bool]  # directory to list, rules of its parent, is build/dist


class _Walker:
    """Hold the walk's settings and findings so each step stays a small method."""

    def __init__(self, root: Path, max_file_size: int, keep_content: bool) -> None:
        self.root = root
        self.max_file_size = max_file_size
        self.keep_content = keep_content
        self.include: GitIgnoreSpec | None = None
        self.exclude: GitIgnoreSpec | None = None
        self.tail: Sequence[GitIgnoreSpecPattern] = ()
        self.files: list[SourceFile] = []
        self.skipped: list[SkippedFile] = []
        self.contents: dict[str, bytes] = {}
        self.head = _compile(_read_lines(str(root / ".git" / "info" / "exclude")), "")
        defaults = [p for p in DEFAULT_IGNORES if p.rstrip("/") not in _OUTPUT_DIRS]
        self.defaults = _compile(defaults, "")

    def walk(self) -> None:
        """Visit every directory top-down, pruning ignored ones before listing them."""
        empty = _Rules((), (), GitIgnoreSpec([]))
        stack: list[_Frame] = [("", empty, False)]
        while stack:
            rel, parent, output_dir = stack.pop()
            try:
                with os.scandir(self.root / rel) as it:
                    entries = list(it)
            except OSError as exc:
                if not rel:
                    raise ScanError(f"cannot read repository {self.root}: {exc.strerror}") from exc
                self._skip(rel, f"unreadable directory ({exc.strerror})")
                continue
            names = {entry.name for entry in entries}
            if (rel and "pyvenv.cfg" in names) or (output_dir and "__init__.py" not in names):
                continue  # a virtualenv, or build output rather than a package called `build`
            rules = self._rules(rel, parent, names)
            for entry in entries:
                if entry.name not in _ALWAYS_PRUNED:
                    self._visit(entry, f"{rel}/{entry.name}" if rel else entry.name, rules, stack)

    def _rules(self, rel: str, parent: _Rules, names: set[str]) -> _Rules:
        """Add this directory's ignore files to its parent's rules; reuse them if it has none."""
        if not rel or any(name in names for name in _IGNORE_FILES):
            here = [_compile(_read_lines(str(self.root / rel / n)), rel) for n in _IGNORE_FILES]
            git, klaro = parent.git + here[0], parent.klaro + here[1]
            patterns = [*self.head, *git, *self.defaults, *klaro, *self.tail]
            return _Rules(git, klaro, GitIgnoreSpec(patterns))
        return parent

    def _visit(self, entry: os.DirEntry[str], rel: str, rules: _Rules, stack: list[_Frame]) -> None:
        """Sort one directory entry into: descend, read, skip with a reason, or drop silently."""
        try:
            if entry.is_symlink():
                self._visit_symlink(entry, rel, rules.spec)
            elif entry.is_dir(follow_symlinks=False):
                if not self._dir_dropped(rules.spec, rel):
                    output_dir = entry.name in _OUTPUT_DIRS
                    if output_dir and rules.spec.check_file(rel + "/").include is not None:
                        output_dir = False  # an explicit rule already decided
                    stack.append((rel, rules, output_dir))
            elif self._wanted(rules.spec, rel):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode):
                    self._read(entry.path, rel, info.st_size)
                else:
                    self._skip(rel, "not a regular file")
        except OSError as exc:
            self._skip(rel, f"unreadable ({exc.strerror or exc})")

    def _visit_symlink(self, entry: os.DirEntry[str], rel: str, spec: GitIgnoreSpec) -> None:
        """Report symlinked directories and outside targets; read inside ones via the link."""
        try:
            info = os.stat(entry.path)
        except OSError:
            if self._wanted(spec, rel):
                self._skip(rel, "broken symlink")
            return
        if stat.S_ISDIR(info.st_mode):
            if not self._dir_dropped(spec, rel):
                self._skip(rel, "symlinked directory")
            return
        if not self._wanted(spec, rel):
            return
        real = os.path.realpath(entry.path)
        if os.path.commonpath([real, self.root]) != str(self.root):
            self._skip(rel, "symlink escapes repository")
            return
        target = Path(real).relative_to(self.root).as_posix()
        if is_secret_path(target) or _ALWAYS_PRUNED.intersection(target.split("/")):
            self._skip(rel, "secret")
        elif not stat.S_ISREG(info.st_mode):
            self._skip(rel, "not a regular file")
        else:
            self._read(entry.path, rel, info.st_size)

    def _dir_dropped(self, spec: GitIgnoreSpec, rel: str) -> bool:
        """Tell whether a directory is ignored or excluded, so the walk never enters it."""
        return _dir_ignored(spec, rel) or (
            self.exclude is not None and _dir_ignored(self.exclude, rel)
        )

    def _wanted(self, spec: GitIgnoreSpec, rel: str) -> bool:
        """Apply ignore rules, then `exclude`, then `include` to a file path."""
        if spec.check_file(rel).include:
            return False
        if self.exclude is not None and self.exclude.check_file(rel).include:
            return False
        return self.include is None or bool(self.include.check_file(rel).include)

    def _read(self, path: str, rel: str, size: int) -> None:
        """Read a file once to hash it, unless its name, size or first bytes rule it out."""
        if is_secret_path(rel):
            return self._skip(rel, "secret")
        limit = self.max_file_size
        if size > limit:
            return self._skip(rel, f"too large ({size:,} bytes; limit {limit:,})")
        try:
            with open(path, "rb") as fh:
                data = fh.read(limit + 1)
        except OSError as exc:
            return self._skip(rel, f"unreadable ({exc.strerror or exc})")
        if len(data) > limit:  # grew since it was listed
            return self._skip(rel, f"too large (over {limit:,} bytes; limit {limit:,})")
        head = data[:HEAD_SIZE]
        if b"\0" in head:
            return self._skip(rel, "binary")
        if looks_like_secret_content(head):
            return self._skip(rel, "secret")
        digest = hashlib.sha256(data).hexdigest()
        self.files.append(SourceFile(rel, language_of(rel), len(data), digest))
        if self.keep_content:
            self.contents[rel] = data

    def _skip(self, rel: str, reason: str) -> None:
        """Record a file left out on purpose, so users see why it is missing."""
        self.skipped.append(SkippedFile(rel, reason))
