"""Drift found at scale: machine-made renames on real packages, no hand-written cases.

`drift.py` measures hand-written mutations, a few dozen a round; each blind round still finds
shapes no round had. This benchmark asks the same question hundreds of times without a person
choosing the cases: in the shipped docs of real projects (`data/wild_verdicts.yaml` and the
drift packages), it takes the names that the documents write as code (inline spans, example
blocks, command lines) and that the package's own code defines, renames one of them in the
code the way a refactoring tool would, and asks whether `klaro check` reports a line that
names it. Kinds:
- `function`, `method`, `class`, `constant`, `parameter`: a Python identifier the code
  defines with `def`, `class`, a module-level assignment or a parameter; every whole-word
  occurrence in the package's `.py` files is renamed (call sites, keyword arguments,
  `__all__`, docstrings), so the code stays consistent.
- `env`: an upper-case string literal the code reads as an environment variable
  (`os.environ`, `getenv` or a helper: the analysis says which), renamed in string literals.
- `option`: a `--long-option` string literal of the code, renamed in string literals.
A case is *found* when the check reports a new drift finding on a document line that names
the old spelling as a whole word; *precision* counts the new findings on such lines among
all new findings. A miss is a place to look, not always a gap: a name the docs write as an
example's local variable is no claim about the code. `--misses` lists them with their lines.

Cases come from a fixed seed and order, so a run is repeatable. Projects split by a hash of
their name: about a third are `confirm` (`--confirm`), run only to confirm a change made on
the others, never to tune.

Run: `python benchmarks/automutate.py [--confirm | --all] [--project NAME] [--per-project N]
[--kind KIND] [--no-git] [--misses]`. Sdists are cached as for the other benchmarks.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from sdists import Unavailable, fetch_sdist

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.scan.model import Analysis
from klaro.verify.check import check_repository, find_documents
from klaro.verify.former import Former
from klaro.verify.refs import read_document

DATA = Path(__file__).parent / "data"
KINDS = ("function", "method", "class", "constant", "parameter", "env", "option")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_OPTION = re.compile(r"--[a-z][a-z0-9-]+")
# too common to rename as a word without renaming other libraries' names with it
_COMMON = frozenset(
    {
        "self",
        "cls",
        "name",
        "value",
        "data",
        "path",
        "file",
        "text",
        "args",
        "kwargs",
        "type",
        "main",
        "run",
        "get",
        "set",
        "key",
        "keys",
        "items",
        "values",
        "config",
        "options",
        "result",
        "default",
        "help",
        "version",
        "open",
        "close",
        "read",
        "write",
        "start",
        "stop",
        "update",
        "format",
        "print",
        "list",
        "dict",
        "str",
        "int",
        "float",
        "bool",
        "none",
        "true",
        "false",
        "object",
        "call",
        "init",
        "test",
        "setup",
        "load",
        "dump",
        "dumps",
        "loads",
        "parse",
    }
)
Key = tuple[str, int, str]


@dataclass
class Case:
    """One rename: `old` -> `new` of one kind, and the document lines that name `old`."""

    project: str
    kind: str
    old: str
    new: str
    lines: set[tuple[str, int]]
    new_findings: list[Key] = field(default_factory=list)
    error: str = ""

    @property
    def found(self) -> bool:
        return any((f, n) in self.lines for f, n, _ in self.new_findings)


def projects() -> list[tuple[str, str]]:
    """Every pinned project of the wild and drift benchmarks, once, in file order."""
    wild = yaml.safe_load((DATA / "wild_verdicts.yaml").read_text(encoding="utf-8"))
    drift = yaml.safe_load((DATA / "drift_mutations.yaml").read_text(encoding="utf-8"))
    found = {p["name"]: str(p["version"]) for p in wild["projects"]}
    for name, spec in drift["packages"].items():
        found.setdefault(name, str(spec["version"]))
    return list(found.items())


def confirm_project(name: str) -> bool:
    """A stable third of the projects: kept aside to confirm, never to tune."""
    return int(hashlib.sha256(name.encode()).hexdigest(), 16) % 3 == 0


def definitions(analysis: Analysis) -> dict[str, str]:
    """The names the package's own code (not its tests) defines, by kind (the first wins)."""
    kinds: dict[str, str] = {}
    for module in analysis.modules:
        if module.role == "test":
            continue
        callables = [(f, "function") for f in module.functions]
        for cls in module.classes:
            kinds.setdefault(cls.name, "class")
            callables += [(m, "method") for m in cls.methods]
        for function, kind in callables:
            kinds.setdefault(function.name, kind)
            for param in function.parameters:
                kinds.setdefault(param.name, "parameter")
        for constant in module.constants:
            kinds.setdefault(constant.name, "constant")
        for env in module.env_vars:
            if re.fullmatch(r"[A-Z][A-Z0-9_]{3,}", env.name):
                kinds[env.name] = "env"
        for command in module.cli:
            for option in command.options:
                for flag in option.flags:
                    if flag.startswith("--"):
                        kinds.setdefault(flag, "option")
    return kinds


def _python_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if ".git" not in p.parts and p.is_file())


def named_lines(root: Path, docs: list[str]) -> dict[str, set[tuple[str, int]]]:
    """For each word (or `--option`) the documents write in code markup, the lines naming it."""
    marked: dict[str, set[tuple[str, int]]] = defaultdict(set)
    for path in docs:
        try:
            text = (root / path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        doc = read_document(text, path)
        for ref in doc.references:
            if ref.kind == "link":
                continue
            for word in {*_WORD.findall(ref.text), *_OPTION.findall(ref.text)}:
                marked[word].add((path, ref.line))
    return marked


def _renamed(old: str, kind: str) -> str:
    if kind == "env":
        return f"{old}_RENAMED"
    if kind == "option":  # not `--old-renamed`: argparse takes `--old` as its abbreviation
        return f"--renamed-{old[2:]}"
    if kind == "class":
        return f"{old}Renamed"
    return f"{old}_renamed"


def plan(name: str, root: Path, analysis: Analysis, docs: list[str], seed: int) -> list[Case]:
    """The project's candidate renames, in a fixed shuffled order."""
    kinds = definitions(analysis)
    marked = named_lines(root, docs)
    cases = []
    for word, where in sorted(marked.items()):
        kind = kinds.get(word)
        if kind is None or word.lower() in _COMMON or len(word.strip("_-")) < 4:
            continue
        if word.startswith("__") or (kind not in {"env", "option"} and word.startswith("_")):
            continue
        lines = _all_lines(root, docs, word)
        cases.append(Case(name, kind, word, _renamed(word, kind), lines or where))
    random.Random(f"{seed}:{name}").shuffle(cases)
    return cases


def _all_lines(root: Path, docs: list[str], word: str) -> set[tuple[str, int]]:
    """Every document line naming `word` whole (prose included: a finding there is right)."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    found = set()
    for path in docs:
        try:
            lines = (root / path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        found |= {(path, n) for n, line in enumerate(lines, 1) if pattern.search(line)}
    return found


def apply(root: Path, case: Case) -> dict[Path, str] | None:
    """Rename in every `.py` file of the copy; the originals for undoing, None if nothing."""
    if case.kind in {"env", "option"}:
        pattern = re.compile(rf"""(?<=["']){re.escape(case.old)}(?=["'])""")
    else:
        pattern = re.compile(rf"\b{re.escape(case.old)}\b")
    undo: dict[Path, str] = {}
    for path in _python_files(root):
        text = path.read_text(encoding="utf-8", errors="replace")
        changed = pattern.sub(case.new, text)
        if changed != text:
            undo[path] = text
            path.write_text(changed, encoding="utf-8")
    for path, text in undo.items():  # a rename that breaks the code is no refactoring
        if _parses(text) and not _parses(path.read_text(encoding="utf-8")):
            for undone, original in undo.items():
                undone.write_text(original, encoding="utf-8")
            return None
    return undo or None


def _parses(source: str) -> bool:
    try:
        ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    return True


def drift_keys(root: Path, docs: list[str], history: bool) -> set[Key]:
    analysis = analyze_repository(root)
    former = Former(root, analysis) if history else None
    report = check_repository(load_config(root, env={}), analysis, docs, former)
    return {(f.file, f.line, f.reference) for f in report.drift}


def run_project(name: str, version: str, args: argparse.Namespace) -> list[Case]:
    try:
        source = fetch_sdist(name, version)
    except Unavailable as exc:
        print(f"skip {name}: {exc}", file=sys.stderr)
        return []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "p"
        shutil.copytree(source, root, symlinks=True)
        if not args.no_git:
            ident = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
            for cmd in (["init", "-q"], ["add", "-A"], [*ident, "commit", "-qm", "sdist"]):
                subprocess.run(["git", "-C", str(root), *cmd], check=True, capture_output=True)
        try:
            analysis = analyze_repository(root)
            docs = find_documents(load_config(root, env={}), analysis, None)
            before = drift_keys(root, docs, not args.no_git)
        except Exception as exc:  # a crash is a result, not the end of the run
            print(f"error {name}: {exc!r}", file=sys.stderr)
            return []
        cases = plan(name, root, analysis, docs, args.seed)
        if args.kind:
            cases = [c for c in cases if c.kind in args.kind]
        done = []
        for case in cases[: args.per_project]:
            undo = apply(root, case)
            if undo is None:
                continue
            try:
                case.new_findings = sorted(drift_keys(root, docs, not args.no_git) - before)
            except Exception as exc:
                case.error = repr(exc)
            finally:
                for path, text in undo.items():
                    path.write_text(text, encoding="utf-8")
            done.append(case)
        return done


def report(cases: list[Case], misses: bool) -> None:
    by_kind: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        if not case.error:
            by_kind[case.kind].append(case)
    print(
        "{:10} {:>5} {:>5} {:>6} {:>5} {:>5} {:>5}".format(
            "kind", "cases", "found", "recall", "new", "right", "prec"
        )
    )
    totals = [0, 0, 0, 0]
    for kind in KINDS:
        rows = by_kind.get(kind, [])
        if not rows:
            continue
        found = sum(c.found for c in rows)
        new = sum(len(c.new_findings) for c in rows)
        right = sum(1 for c in rows for f, n, _ in c.new_findings if (f, n) in c.lines)
        prec = f"{right / new:5.2f}" if new else "    -"
        recall = found / len(rows)
        print(f"{kind:10} {len(rows):5} {found:5} {recall:6.2f} {new:5} {right:5} {prec}")
        for i, v in enumerate((len(rows), found, new, right)):
            totals[i] += v
    n, found, new, right = totals
    if n:
        print(
            f"overall: recall {found / n:.3f} ({found}/{n}), "
            f"precision {right / new if new else 1:.3f} ({right}/{new})"
        )
    for case in cases:
        if case.error:
            print(f"BROKEN {case.project} {case.kind} {case.old}: {case.error}")
    if misses:
        for case in cases:
            wrong = [k for k in case.new_findings if (k[0], k[1]) not in case.lines]
            if case.error or (case.found and not wrong):
                continue
            where = ", ".join(f"{f}:{n}" for f, n in sorted(case.lines)[:4])
            label = "MISS" if not case.found else "NOISE"
            print(
                f"{label} {case.project} {case.kind} {case.old} -> {case.new} [{where}]"
                + (f" extra={wrong[:3]}" if wrong else "")
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--confirm", action="store_true", help="only the confirmation projects")
    group.add_argument("--all", action="store_true", help="tuning and confirmation projects")
    parser.add_argument("--project", action="append", help="only these projects")
    parser.add_argument("--kind", action="append", choices=KINDS, help="only these kinds")
    parser.add_argument("--per-project", type=int, default=6, help="renames per project")
    parser.add_argument("--limit", type=int, default=0, help="at most this many projects")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--no-git", action="store_true", help="check without history")
    parser.add_argument("--misses", action="store_true", help="list misses and extra findings")
    args = parser.parse_args(argv)
    chosen = [
        (n, v)
        for n, v in projects()
        if (args.project and n in args.project)
        or (not args.project and (args.all or confirm_project(n) == args.confirm))
    ]
    if args.limit:
        chosen = chosen[: args.limit]
    part = "all" if args.all else "confirmation" if args.confirm else "tuning"
    print(f"automutate: {len(chosen)} {part} projects, {args.per_project} renames each")
    start = time.perf_counter()
    cases: list[Case] = []
    for name, version in chosen:
        cases += run_project(name, version, args)
    report(cases, args.misses)
    print(f"time: {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
