"""Find the files of a repository that Klaro may read, seeing the tree the way git does.

The walk is top-down and prunes ignored directories, so nothing inside an excluded directory
comes back. Rules, in rising precedence: `.git/info/exclude`, every `.gitignore`, Klaro's
defaults, every `.klaroignore`, `extra_ignores`; so a `.klaroignore` may re-include what git
ignores, while a git whitelist (`*`, `!*/`) cannot pull `node_modules/` back. Ignore files are
rewritten root-relative and merged into one rule list per directory, shared below it, so the
last pattern matching the path itself wins across levels too, as in git.
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
from pathspec.patterns.gitignore.spec import _DIR_MARK, GitIgnoreSpecPattern

from klaro.errors import ConfigError, ScanError
from klaro.scan.model import SkippedFile, SourceFile

HEAD_SIZE = 8192  # bytes inspected for NUL bytes and private-key headers

DEFAULT_IGNORES: tuple[str, ...] = (
    ".git/", ".hg/", ".svn/", ".klaro/", ".venv/", "venv/", "node_modules/", "__pycache__/",
    "*.pyc", ".tox/", ".nox/", ".mypy_cache/", ".pytest_cache/", ".ruff_cache/", "build/",
    "dist/", "*.egg-info/", "site-packages/", ".eggs/", "_build/",
)  # fmt: skip
_ALWAYS_PRUNED = frozenset({".git", ".hg", ".svn", ".klaro"})  # no rule can re-include these
# ignored unless they hold one of these (Sphinx's and Jupyter Book's `_build` is output too)
_OUTPUT_DIRS = frozenset({"build", "dist", "_build"})
_SOURCE_MARKS = frozenset({"__init__.py", "conf.py"})
_IGNORE_FILES = (".gitignore", ".klaroignore")
_GLOB_CHARS = re.compile(r"[\\*?\[\]]")
# A compiled pattern, whether it ignores (False for `!`), whether its regex marks directories.
_Rule = tuple[re.Pattern[str], bool, bool]

_SECRET_NAME = re.compile(
    r"""\.env(?:\.(?!(?:example|sample|template|dist)$).+)?
    | .*\.(?:pem|key|p12|pfx|jks|keystore) | .*\.tfstate(?:\.backup)?
    | id_(?:rsa|dsa|ecdsa|ed25519) | [._]netrc | \.(?:pypirc|npmrc|git-credentials|htpasswd)
    | credentials\.json | secrets\.ya?ml | service-account.*\.json""",
    re.VERBOSE,
)
_SECRET_TAILS = (".aws/credentials", ".docker/config.json")
# A key is its header followed by a body: base64 on the next line (a real or an escaped line
# break, after optional `Proc-Type:`-style headers). The header alone is code that handles keys:
# coincurve's utils.py holds `PEM_HEADER = b"-----BEGIN PRIVATE KEY-----\\n"`, and skipping it
# as a secret lost the module's every name.
_BREAK = rb"(?:\r?\n|(?:\\r)?\\n)"  # written `\n` below
_PRIVATE_KEY = re.compile(
    (
        rb"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
        rb"(?:\n[ \t]*[A-Za-z-]+:[^\r\x0a\\]*)*\n(?:[ \t]*\n)?[ \t]*[A-Za-z0-9+/]{4}"
    ).replace(rb"\n", _BREAK)
    + rb"|PuTTY-User-Key-File-\d+:"
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
_LANGUAGE_BY_SHEBANG = {
    "python": "python", "pypy": "python", "sh": "shell", "bash": "shell", "zsh": "shell",
    "dash": "shell", "ksh": "shell",
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


def language_of(path: str, head: bytes = b"") -> str:
    """Name a file's language from its name, so later stages pick what they can read.

    A name without a suffix says nothing: its first line may (`bin/num2words` starts with
    `#!/usr/bin/env python`, the program setup.py's `scripts=` installs).
    """
    name = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name in _LANGUAGE_BY_NAME:
        return _LANGUAGE_BY_NAME[name]
    suffix = os.path.splitext(name)[1]
    if not suffix and head.startswith(b"#!"):
        return _LANGUAGE_BY_SHEBANG.get(_interpreter(head), "other")
    return _LANGUAGE_BY_EXT.get(suffix, "other")


def _interpreter(head: bytes) -> str:
    """The program a `#!` line runs: `python3` of `#!/usr/bin/env -S python3 -u`."""
    words = head[2:].split(b"\n", 1)[0].decode("latin-1").split()
    if words and words[0].rsplit("/", 1)[-1] == "env":
        words = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
    program = words[0].rsplit("/", 1)[-1] if words else ""
    return re.sub(r"[\d.]+$", "", program)  # python3.11 -> python


def is_python_module(file: SourceFile) -> bool:
    """Whether a file is Python code to analyse: a `.py` module, a Cython `.pyx` module (read
    for what Python sees of it, `scan.cython`), or a script with no suffix whose `#!` line
    runs Python. Stubs (`.pyi`) describe code and can lag it: not read."""
    name = file.path.rsplit("/", 1)[-1]
    return name.endswith((".py", ".pyx")) or (file.language == "python" and "." not in name)


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
    _compile(include, config_key="include")
    # pathspec's own matching counts a match through a parent: `include = ["src/"]` works
    walker.include = GitIgnoreSpec.from_lines(include) if include else None
    walker.exclude = _compile(exclude, config_key="exclude")
    walker.tail = _compile(extra_ignores, config_key="extra_ignores")
    walker.walk()
    return ScanResult(
        root=walker.root,
        files=tuple(sorted(walker.files, key=lambda f: f.path)),
        skipped=tuple(sorted(walker.skipped, key=lambda s: s.path)),
        contents=MappingProxyType(walker.contents),
    )


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


def _compile(lines: Sequence[str], base: str = "", config_key: str = "") -> tuple[_Rule, ...]:
    """Compile ignore lines; a bad one is skipped like git does, or named if from config."""
    out: list[_Rule] = []
    for line in lines:
        text = _rebase(line, base)
        if text is None:
            continue
        if text.endswith("/**/"):  # pathspec reads `x/**/` as `x/`; git, as directories in x
            text += "*/"
        try:
            pattern = GitIgnoreSpecPattern(text)
        except (ValueError, re.error) as exc:  # `\\` is a ValueError, `[z-a]` a re.error
            if config_key:
                raise ConfigError(f"{config_key}: invalid pattern {line!r}: {exc}") from None
            continue  # as git does with a line it cannot read in an ignore file
        if pattern.include is not None and pattern.regex is not None:
            regex = pattern.regex
            out.append((regex, pattern.include, _DIR_MARK in regex.groupindex))
    return tuple(out)


def _read_lines(path: str) -> list[str]:
    """Read an ignore file's lines; an unreadable one counts as empty, as in git."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as fh:
            return fh.read().splitlines()
    except OSError:
        return []


def _verdict(rules: Sequence[_Rule], rel: str, is_dir: bool) -> bool | None:
    """Say whether the last rule matching this very path ignores it; None when none matches.

    pathspec's regexes also match paths below a matching directory (group `ps_d` marks where
    it ends). Parents are already decided, so as in git only a match of the path itself counts:
    for a file, one without the mark; for a directory (tested as `rel/`), one whose mark is its
    own slash, or an open prefix such as `^x/` (`x/**`: what x holds, not x) going past it.
    """
    text = rel + "/" if is_dir else rel
    end = len(rel)
    for regex, ignores, marked in reversed(rules):
        match = regex.search(text)
        if match is None:
            continue
        mark = match.start(_DIR_MARK) if marked else -1
        if not is_dir:
            if mark == -1:
                return ignores
        elif mark == end or (mark == -1 and match.end() < len(text)):
            return ignores
        elif marked and (again := regex.search(text, end)) and again.start(_DIR_MARK) == end:
            return ignores  # an unanchored `*/` first found an ancestor's slash
    return None


@dataclass(frozen=True)
class _Rules:
    """The ignore rules in force in one directory, compiled once and shared downwards."""

    git: tuple[_Rule, ...]
    klaro: tuple[_Rule, ...]
    merged: tuple[_Rule, ...]  # everything in force, in rising precedence


_Frame = tuple[str, _Rules, bool]  # directory to list, its parent's rules, is build/dist output


class _Walker:
    """Hold the walk's settings and findings so each step stays a small method."""

    def __init__(self, root: Path, max_file_size: int, keep_content: bool) -> None:
        self.root = root
        self.max_file_size = max_file_size
        self.keep_content = keep_content
        self.include: GitIgnoreSpec | None = None
        self.exclude: tuple[_Rule, ...] = ()
        self.tail: tuple[_Rule, ...] = ()
        self.files: list[SourceFile] = []
        self.skipped: list[SkippedFile] = []
        self.contents: dict[str, bytes] = {}
        self.head = _compile(_read_lines(str(root / ".git" / "info" / "exclude")))
        self.defaults = _compile([p for p in DEFAULT_IGNORES if p[:-1] not in _OUTPUT_DIRS])

    def walk(self) -> None:
        """Visit every directory top-down, pruning ignored ones before listing them."""
        stack: list[_Frame] = [("", _Rules((), (), ()), False)]
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
            if (rel and "pyvenv.cfg" in names) or (output_dir and not names & _SOURCE_MARKS):
                # a virtualenv, or build output rather than a package called `build` or
                # the Sphinx sources of a `doc/build/` (mako's), whose `conf.py` says so
                continue
            rules = self._rules(rel, parent, names)
            for entry in entries:
                path = f"{rel}/{entry.name}" if rel else entry.name
                if entry.name in _ALWAYS_PRUNED:
                    continue
                if not entry.name.isascii():  # later stages write paths as UTF-8
                    shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                    if shown != path:
                        self._skip(shown, "file name is not valid UTF-8")
                        continue
                self._visit(entry, path, rules, stack)

    def _rules(self, rel: str, parent: _Rules, names: set[str]) -> _Rules:
        """Add this directory's ignore files to its parent's rules; reuse them if it has none."""
        if not rel or any(name in names for name in _IGNORE_FILES):
            here = [_compile(_read_lines(str(self.root / rel / n)), rel) for n in _IGNORE_FILES]
            git, klaro = parent.git + here[0], parent.klaro + here[1]
            return _Rules(git, klaro, (*self.head, *git, *self.defaults, *klaro, *self.tail))
        return parent

    def _visit(self, entry: os.DirEntry[str], rel: str, rules: _Rules, stack: list[_Frame]) -> None:
        """Sort one directory entry into: descend, read, skip with a reason, or drop silently."""
        try:
            if entry.is_symlink():
                self._visit_symlink(entry, rel, rules.merged)
            elif entry.is_dir(follow_symlinks=False):
                verdict = _verdict(rules.merged, rel, True)
                if not verdict and not _verdict(self.exclude, rel, True):
                    # a build/ or dist/ that no rule names is output unless it is a package
                    stack.append((rel, rules, verdict is None and entry.name in _OUTPUT_DIRS))
            elif self._wanted(rules.merged, rel):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode):
                    self._read(entry.path, rel, info.st_size)
                else:
                    self._skip(rel, "not a regular file")
        except OSError as exc:
            self._skip(rel, f"unreadable ({exc.strerror or exc})")

    def _visit_symlink(self, entry: os.DirEntry[str], rel: str, rules: Sequence[_Rule]) -> None:
        """Report symlinked directories and outside targets; read inside ones via the link."""
        try:
            info = os.stat(entry.path)
        except OSError:
            if self._wanted(rules, rel):
                self._skip(rel, "broken symlink")
            return
        if stat.S_ISDIR(info.st_mode):
            if not _verdict(rules, rel, True) and not _verdict(self.exclude, rel, True):
                self._skip(rel, "symlinked directory")
            return
        if not self._wanted(rules, rel):
            return
        real = os.path.realpath(entry.path)
        if os.path.commonpath([real, self.root]) != str(self.root):
            self._skip(rel, "symlink escapes repository")
            return
        target = Path(real).relative_to(self.root).as_posix()
        if is_secret_path(target) or _ALWAYS_PRUNED.intersection(target.split("/")):
            self._skip(rel, "secret")  # never read credentials or .git/config through a link
        elif not stat.S_ISREG(info.st_mode):
            self._skip(rel, "not a regular file")
        else:
            self._read(entry.path, rel, info.st_size)

    def _wanted(self, rules: Sequence[_Rule], rel: str) -> bool:
        """Apply ignore rules, then `exclude`, then `include` to a file path."""
        if _verdict(rules, rel, False) or _verdict(self.exclude, rel, False):
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
        self.files.append(SourceFile(rel, language_of(rel, head), len(data), digest))
        if self.keep_content:
            self.contents[rel] = data

    def _skip(self, rel: str, reason: str) -> None:
        """Record a file left out on purpose, so users see why it is missing."""
        self.skipped.append(SkippedFile(rel, reason))
