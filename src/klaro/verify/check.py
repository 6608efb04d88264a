"""`klaro check` as a function: verify every document of a repository and measure coverage.

Drift is any `unresolved` reference or `dead-link`; `undocumented` findings (public API, CLI
options and environment variables that no checked document mentions) are coverage, reported
but never drift, so a repository can adopt the check before its docs are complete.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pathspec

from klaro.config import Config
from klaro.errors import UsageError
from klaro.scan.layout import is_test_path, is_vendored
from klaro.scan.model import Analysis
from klaro.verify import project_index, to_finding
from klaro.verify.former import Former
from klaro.verify.links import BOOK_CONFIGS, sphinx_list
from klaro.verify.mentions import TEMPLATE_TAGS
from klaro.verify.model import DOCUMENT_SUFFIXES, Finding
from klaro.verify.refs import Document, read_document
from klaro.verify.resolve import Resolver, ignored_path
from klaro.verify.sections import HISTORY_NAME

DRIFT = frozenset({"unresolved", "dead-link"})
# `changes.rst`, `HISTORY-1.x.md`, coverage's `whatsnew5x.rst`, and a predecessor's history
# kept beside the project's (pyramid's `BFG_HISTORY.rst`)
_HISTORY = re.compile(
    r"^(?:\w+[._-](?=(?:change[ _-]?logs?|changes|history|news|release[ _-]?notes)\b)"
    # or a release's: `v0_13_migration.md`, `2.0-upgrade.rst`, `praw8_migration.rst`
    r"|[a-z]*?v?\d+(?:[._-]\d+)*[._-])?"
    rf"{HISTORY_NAME}(\d[\w.-]*|[._-].*)?\.(md|markdown|rst)$",
    re.I,
)
_HISTORY_DIR = re.compile(rf"(^|/){HISTORY_NAME}([._-][^/]*)?/", re.I)
# design notes propose what the code does not have yet: `z_docs/ideas/`, `docs/rfcs/`,
# enhancement proposals (`peps/`, ctapipe's `ceps/`, `neps/`, `eps/`); and architecture
# decision records (`docs/adr/`, `architecture/decisions/`) are kept as written when they
# were decided, the options they turned down included; an assistant's `plans/`, and
# OpenStack-style design specs filed by status (`doc/specs/implemented/`)
_PROPOSALS_DIR = re.compile(
    r"(^|/)(drafts?|ideas|proposals?|rfcs?|[a-z]?eps|design[ _-]?notes|adrs?|decisions|plans"
    r"|specs?/(?:implemented|approved|proposed|backlog|abandoned|rejected|in[ _-]?progress))/",
    re.I,
)
# a roadmap states what the project intends to have (zarr's `docs/roadmap.md`)
# (and a to-do list: reikna's TODO.rst, "FEATURE: add `Thread.fork()`")
_PROPOSAL_FILE = re.compile(
    r"^(?:roadmap|proposals?|todo|to-do|vision)(?:[._-][^/]*)?\.(?:md|markdown|rst|txt)$", re.I
)
# a JOSS paper (`paper.md`, beside its `paper.bib`): dated, naming the API of its day
_PAPER_FILE = re.compile(r"^paper\.(?:md|markdown|rst)$", re.I)
_UNIVERSAL = {"--help", "-h", "--version"}


@dataclass(frozen=True)
class CheckReport:
    """What `klaro check` found across the documents of a repository."""

    documents: tuple[str, ...]
    references: int  # claims about the project that were checked
    resolved: int
    findings: tuple[Finding, ...]
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def drift(self) -> tuple[Finding, ...]:
        """Findings that make the check fail: unresolved references and dead links."""
        return tuple(f for f in self.findings if f.kind in DRIFT)

    def to_dict(self) -> dict[str, Any]:
        """Return the documented JSON form of `klaro check --format json`."""
        return {
            "references": self.references,
            "resolved": self.resolved,
            "findings": [f.to_dict() for f in self.findings],
            "coverage": self.coverage,
        }


def find_documents(config: Config, analysis: Analysis, docs: Sequence[str] | None) -> list[str]:
    """Return the documents to check: the given globs, else every Markdown and
    reStructuredText document outside tests, Python packages (their data), changelogs and
    upgrade guides (those only with `check_history`)."""
    globs = tuple(docs) if docs else config.check_docs
    # A page quoting an example private key (a JWT or TLS guide) is kept from the analysis, so
    # that no model ever reads it; the check reads it here, locally, like any other document.
    quoted_keys = {s.path for s in analysis.skipped if s.reason == "secret"}
    candidates = sorted(
        {f.path for f in analysis.files} | quoted_keys | _documents_on_disk(config.root)
    )
    if globs:
        try:
            spec = pathspec.PathSpec.from_lines("gitignore", globs)
        except (ValueError, re.error) as exc:
            raise UsageError(f"--docs: invalid pattern in {', '.join(globs)}: {exc}") from None
        chosen = [p for p in candidates if spec.match_file(p)]
        if not chosen:
            raise UsageError(f"--docs: no document matches {', '.join(globs)}")
    else:
        packages = {m.path.rpartition("/")[0] for m in analysis.modules if m.is_package}
        # a Sphinx source made importable (execnet's doc/__init__.py beside doc/conf.py) is
        # the docs all the same
        # and so is a Jupyter Book's (pymedphys' lib/pymedphys/docs/_toc.yml) or a MyST site's
        sites = {
            f.path.rpartition("/")[0]
            for f in analysis.files
            if "/" in f.path and f.path.rpartition("/")[2] in {"conf.py", *BOOK_CONFIGS}
        }
        sites |= _mkdocs_sources(config.root, candidates)  # xsdata's docs/__init__.py
        packages = {p for p in packages if not any(p == s or p.startswith(f"{s}/") for s in sites)}
        unbuilt = _sphinx_excluded(config.root, candidates)
        chosen = [
            p
            for p in candidates
            if p.lower().endswith(DOCUMENT_SUFFIXES)
            and not is_test_path(p)
            and (config.check_history or not is_history(p))
            # a docs site kept inside the package (bugwarrior/docs/conf.py) is docs all the same
            and (not _package_data(p, packages) or any(p.startswith(f"{s}/") for s in sites))
            and p not in unbuilt
            and not _template(config.root, p)
            and not _bundled(p)
        ]
    return [p for p in chosen if not ignored_path(p, config.check_exclude)]


def _bundled(path: str) -> bool:
    """Whether a document belongs to another project copied in: a vendored folder's, or a
    bundled C library's (pycares' `deps/c-ares/README.md`, c-ares' own docs)."""
    return is_vendored(path) or "deps" in path.split("/")[:-2]


_DOCS_DIR = re.compile(r"^docs_dir:\s*['\"]?([^'\"\s#]+)", re.MULTILINE)


def _mkdocs_sources(root: Path, paths: list[str]) -> set[str]:
    """The source folders of the MkDocs sites a repository builds (`docs_dir`, `docs` by
    default, beside each `mkdocs.yml`): pages all the same where the folder is also a
    Python package. Read as text: a config's `!!python/name:` tags stop a YAML loader."""
    found: set[str] = set()
    for config in (p for p in paths if p.rpartition("/")[2] in {"mkdocs.yml", "mkdocs.yaml"}):
        base = config.rpartition("/")[0]
        try:
            text = (root / config).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        named = _DOCS_DIR.search(text)
        folder = (named.group(1) if named else "docs").strip("/")
        found.add(f"{base}/{folder}" if base else folder)
    return found


_TEMPLATE_FOLDERS = frozenset({"templates", "template", "_templates"})


def _template(root: Path, path: str) -> bool:
    """Whether a document is a template a script renders into the real one (aria2p's
    `scripts/templates/README.md`, full of `{{ main_usage }}`): a copy with holes, whose
    claims the rendered page makes."""
    if not _TEMPLATE_FOLDERS.intersection(path.split("/")[:-1]):
        return False
    try:
        return bool(TEMPLATE_TAGS.search((root / path).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False


def _sphinx_excluded(root: Path, paths: list[str]) -> set[str]:
    """The documents a Sphinx project leaves out of its build (`exclude_patterns` in its
    `conf.py`, matched as Sphinx does against paths below the source folder): archived or
    draft pages nobody reads, so they make no claims."""
    excluded: set[str] = set()
    for conf in (p for p in paths if p == "conf.py" or p.endswith("/conf.py")):
        source = conf.rpartition("/")[0]
        patterns = sphinx_list(root / conf, "exclude_patterns")
        prefix = f"{source}/" if source else ""
        for path in paths:
            if not path.startswith(prefix) or not path.lower().endswith(DOCUMENT_SUFFIXES):
                continue
            inner = path[len(prefix) :]
            folders = [inner.rsplit("/", k)[0] for k in range(1, inner.count("/") + 1)]
            if any(fnmatch.fnmatch(p, g) for g in patterns for p in (inner, *folders)):
                excluded.add(path)
    return excluded


def _package_data(path: str, packages: set[str]) -> bool:
    """Whether a document ships inside a Python package (a vendored specification, a
    template): data the code reads, not the project's documentation."""
    folder = path.rpartition("/")[0]
    while folder:
        if folder in packages:
            return True
        folder = folder.rpartition("/")[0]
    return False


def is_history(path: str) -> bool:
    """Whether a document is a changelog, release notes, an upgrade/migration guide, a
    design proposal or a published paper: each names things the code no longer has, or does
    not have yet, on purpose."""
    name = path.rsplit("/", 1)[-1]
    return bool(
        _HISTORY.match(name)
        or _HISTORY_DIR.search(path)
        or _PROPOSALS_DIR.search(path)
        or _PROPOSAL_FILE.match(name)
        or _PAPER_FILE.match(name)
    )


def _documents_on_disk(root: Path) -> set[str]:
    """Top-level documents, in case the scan's filters left a README out."""
    if not root.is_dir():
        return set()
    return {p.name for p in root.iterdir() if p.suffix.lower() in DOCUMENT_SUFFIXES and p.is_file()}


def check_repository(
    config: Config,
    analysis: Analysis,
    docs: Sequence[str] | None = None,
    former: Former | None = None,
) -> CheckReport:
    """Check every document against the analysis; findings sorted by file and line.

    With `former` (the names of the documented state), a bare name the code once had is
    stale wherever a document names it.
    """
    index = project_index(analysis)
    resolver = Resolver(index, config.ignore_references, former)
    paths = find_documents(config, analysis, docs)
    parsed: list[Document] = []
    findings: list[Finding] = []
    references = resolved = 0
    targets: set[str] = set()
    for path in paths:
        text = (config.root / path).read_text(encoding="utf-8", errors="replace")
        parsed.append(read_document(text, path))
        resolver.remember(parsed[-1], text)  # anchors, includes, conventional instances
    for doc in parsed:
        history = set() if config.check_history else doc.history
        for outcome in resolver.resolve_document(doc):
            if outcome.status == "ignored" or outcome.reference.line in history:
                continue
            references += 1
            if outcome.status == "resolved":
                resolved += 1
                targets.add(outcome.target)
            else:
                findings.append(to_finding(outcome))
    undocumented, coverage = _coverage(analysis, parsed, targets)
    findings.sort(key=lambda f: (f.file, f.line, f.reference))
    return CheckReport(tuple(paths), references, resolved, tuple(findings + undocumented), coverage)


def _coverage(
    analysis: Analysis, docs: list[Document], targets: set[str]
) -> tuple[list[Finding], dict[str, dict[str, int]]]:
    """Find the public API, CLI options and env vars that no document mentions."""
    words: set[str] = set().union(*(d.words for d in docs)) if docs else set()
    found: list[Finding] = []
    counts: dict[str, dict[str, int]] = {}

    index = project_index(analysis)
    where = {c.fullname: (m.path, c.lineno) for m in analysis.modules for c in m.classes}
    where.update((f.fullname, (m.path, f.lineno)) for m in analysis.modules for f in m.functions)
    api: dict[str, tuple[str, str, int]] = {}
    for module in analysis.modules:
        if module.role != "package" or not module.is_public:
            continue
        for name in module.public_names():  # re-exports from private modules count too
            full = index.names.lookup(f"{module.name}.{name}")
            if full in where and full not in api:
                api[full] = (name, *where[full])
    missing = [(f, *a) for f, a in api.items() if f not in targets and a[0] not in words]
    counts["api"] = {"documented": len(api) - len(missing), "total": len(api)}
    found += [
        Finding("undocumented", path, line, full, f"public `{full}` is not mentioned in any doc")
        for full, _, path, line in missing
    ]

    options: dict[tuple[str, ...], tuple[str, int, str]] = {}
    for command in analysis.cli:
        for option in command.options:
            flags = tuple(f for f in option.flags if f not in _UNIVERSAL)
            if not option.positional and flags:
                options.setdefault(flags, (command.path, command.lineno, command.name))
    missing_opts = [(f, w) for f, w in options.items() if not any(x in words for x in f)]
    counts["cli_options"] = {"documented": len(options) - len(missing_opts), "total": len(options)}
    for flags, (path, line, name) in missing_opts:
        owner = f"command `{name}`" if name else "the program"
        message = f"option `{' '.join(flags)}` of {owner} is not mentioned in any doc"
        found.append(Finding("undocumented", path, line, flags[0], message))

    env: dict[str, tuple[str, int]] = {}
    for var in analysis.env_vars:
        env.setdefault(var.name, (var.path, var.lineno))
    missing_env = [(n, w) for n, w in env.items() if not _mentioned(n, words)]
    counts["env_vars"] = {"documented": len(env) - len(missing_env), "total": len(env)}
    for name, (path, line) in missing_env:
        message = f"environment variable `{name}` is not mentioned in any doc"
        found.append(Finding("undocumented", path, line, name, message))
    return found, counts


def _mentioned(name: str, words: set[str]) -> bool:
    """A variable is documented when named; a run-time family (`KLARO_*`, `*_LOG_FRIENDLY`)
    by any member."""
    if name.endswith("*"):
        return name in words or any(w.startswith(name[:-1]) for w in words)
    if name.startswith("*"):
        return any(w.endswith(name[1:]) for w in words)
    return name in words
