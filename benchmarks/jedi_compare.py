"""jedi (static inference as IDEs do it) against Klaro's own name resolution, on real docs.

For the Python references `klaro check` reads (imports and attribute chains of the documents'
Python examples, calls with keywords, dotted names and calls in code spans) it asks jedi the
same question Klaro's checker answers, without running any code:

- a reference in an example: the document's Python blocks, in order, are one jedi script (names
  bound in one block stay bound in the next, as Klaro reads them); jedi `goto` at the name's
  place on its line. Nothing found: `complete` at the same place lists what the owner has; an
  owner jedi knows without the name is *missing*, an owner it cannot infer is *unknown*.
- a call with keywords: `get_signatures` inside the parentheses; a keyword none of the
  parameters has (and no `**kwargs`) is a *bad keyword*. No signature: unchecked.
- a code span (`pkg.mod.func`, `Cls.meth`, `load(path, strict=True)`): a two-line script, the
  import of its first name (the project module of that name, else the one definition
  `Project.search` finds) and the span itself.

jedi sees the project (its root and `src/`) and the standard library only: no site-packages,
as in a CI runner where the documented package's dependencies are not installed.
`names_vs_jedi.py` asks both engines 25 hand-written questions; this benchmark asks the
questions the shipped docs of real packages ask, on the cases the checker is judged on.

Three measures, one command each:
- `--drift`: on the drift benchmark's mutated sdist copies (`drift.py`'s own edits), is the
  stale reference flagged by Klaro, by jedi (a reference on a stale line that jedi resolved on
  the pristine copy is missing or takes a bad keyword on the mutated one), by either? On decoys,
  does jedi flag anything new? Rounds 6 and 7 plus a fixed sample of 40 other cases.
- `--wild`: on the wild projects (`wild.py`), does jedi agree with every Python reference Klaro
  resolves; for each hand-judged finding, would jedi resolve it (a second opinion removes a
  false alarm, or loses true drift)?
- `--cost`: jedi's import time, time per query (median, p95) and in total on click 8.1.7
  (10.9k lines), with a cold and a warm jedi cache (`~/.cache/jedi`), in fresh processes.

Run: `python benchmarks/jedi_compare.py [--drift] [--wild] [--cost] [--project NAME]` (no flag:
all three). Needs `pip install jedi`.

Measured 2026-11-24, jedi 0.20.1 (parso 0.8), on main 7c8940d, 2 cores shared with other jobs:

| drift, 98 mutations: rounds 6-7 and 35 others (`--drift`)   | Klaro       | jedi        |
|--------------------------------------------------------------|-------------|-------------|
| found, all kinds                                             | 91 (0.929)  | 44 (0.449)  |
| found, Python kinds (method, rename, kwarg, removed, arity: 70) | 63       | 44          |
| found, CLI options and commands, env vars (28)               | 28          | 0           |
| found by Klaro or jedi                                       | 91 (0.929)  |             |
| decoys flagged (24)                                          | 0           | 0           |

| wild, 68 projects (`--wild`)                   | jedi's verdict                                 |
|------------------------------------------------|------------------------------------------------|
| 6940 Python references Klaro resolves          | resolved 5337, cannot tell 1381, missing 101,  |
|                                                | bad keyword 49, bad arity 72                   |
| 3 false alarms Klaro reports today on Python   | resolved 0, missing 1, cannot tell 2           |
| references                                     |                                                |
| 19 true drift Klaro reports today              | bad arity 2, missing 6, cannot tell 11         |
| 116 false alarms judged before (Klaro fixed    | resolved 19, missing 77, bad arity 1,          |
| them since with its own rules)                 | cannot tell 19                                 |
| time per query, 6981 queries                   | median 9 ms, p95 175 ms; 303 s in all          |

| cost on click 8.1.7, 10.1k lines, fresh process (`--cost`) | cold jedi cache | warm cache |
|------------------------------------------------------------|-----------------|------------|
| Klaro analysis + check (no analysis cache)                 | 0.91 s          | 0.91 s     |
| jedi on its 545 Python references                          | 12.4 s          | 8.6 s      |
| `import jedi`; first query                                 | 50 ms; 218 ms   | 50; 209 ms |
| written to the jedi cache (~/.cache/jedi)                  | 14.4 MB         | 0          |

A fresh CI runner starts with an empty ~/.cache/jedi, so every run pays the cold column. Caching
that directory (14 MB of parso pickles, one per parsed file, by path) would help only for the
standard library and typeshed: parso drops a pickle older than its file, and a fresh checkout
gives every project file a new modification time.

Reading: as a second opinion before reporting `unresolved` (jedi resolves it: drop the
finding), jedi removes none of the 3 false alarms Klaro reports today on Python references and
loses none of the 19 true drift (it resolves none of them either): it changes nothing, for
about 0.3 s per run (import and first query). Treating its "cannot tell" as a reason to drop
would remove 2 of 3 false alarms and lose 11 of 19 true drift. As a replacement it finds
under half the drift (0.449 against 0.929), is blind to CLI and environment claims, cannot tell
1381 of the references Klaro resolves and calls 222 of them missing or badly called, each
inspected class a jedi mistake: names a dependency re-exports (`webargs.fields.Str` from
`from marshmallow.fields import *`: 79), decorators and `@overload`s (`nox.session` 31, cloup,
rich-click, loguru, serde, catalogue), an instance called through `__call__`
(`decouple.config(...)`: 26), a module importing an absent dependency (`structlog.twisted`:
13), `**kwargs` followed into the wrong callee (sqlite-utils `db.table(name, pk=...)`,
configargparse); at 9 to 14 times Klaro's whole analysis and check. As an extra finder it adds
nothing: the 7 mutations Klaro misses, jedi misses too (on main 7c88acb, before Klaro's union
results, jedi found 2 Klaro missed: attributes of `parse.parse(...)`'s result). Not adopted.
"""

from __future__ import annotations

import argparse
import ast
import random
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from sdists import Unavailable, fetch_sdist

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.scan.names import Names
from klaro.verify import project_index, refs, rst
from klaro.verify.check import find_documents
from klaro.verify.former import Former
from klaro.verify.outcome import Outcome
from klaro.verify.pyblocks import _strip_prompts, call_arguments
from klaro.verify.refs import Reference, read_document
from klaro.verify.resolve import Resolver
from klaro.verify.sections import history_lines

HERE = Path(__file__).parent
DRIFT = HERE / "data" / "drift_mutations.yaml"
WILD = HERE / "data" / "wild_verdicts.yaml"
_SPAN = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(\(.*\))?$")
_ENV = re.compile(r"^[A-Z][A-Z0-9_]+$")
BAD = {"missing", "badkw", "arity"}
# positional count (None: unknown), keywords, and whether the call is written out in full (an
# example) rather than sketched in prose (`unparse()` names a function): Klaro's conventions
Call = tuple[int | None, tuple[str, ...], bool] | None


@dataclass(frozen=True)
class Verdict:
    """jedi's answer on one reference: resolved (to `target`), missing, badkw or unknown."""

    status: str
    target: str = ""
    seconds: float = 0.0


# -- the documents, as Klaro reads them --------------------------------------------------------

_BLOCKS: list[tuple[str, int, str]] = []  # (document path, first line, source) of Python blocks


def _recording(original: Any) -> Any:
    def add_block(doc: refs.Document, info: str, content: str, start: int) -> None:
        lang = info.split()[0].lower().strip("{}.") if info else ""
        lines = content.splitlines()
        if lang in refs._PYTHON_INFO or (not lang and any(x.startswith(">>> ") for x in lines)):
            _BLOCKS.append((doc.path, start, content))
        original(doc, info, content, start)

    return add_block


refs.add_block = _recording(refs.add_block)  # the benchmark listens to Klaro's own reader
rst.add_block = refs.add_block


@dataclass
class Program:
    """A document's Python blocks as one script, with each document line's script line."""

    code: str = ""
    lines: dict[int, int] = field(default_factory=dict)  # document line -> script line (1-based)

    @classmethod
    def of(cls, blocks: list[tuple[int, str]]) -> Program:
        program, out = cls(), []
        for start, content in blocks:
            code = textwrap.dedent(_strip_prompts(content)).splitlines()
            for k, line in enumerate(code):
                out.append(line)
                program.lines[start + k] = len(out)
            out.append("")
        program.code = "\n".join(out) + "\n"
        return program


@dataclass
class Checked:
    """One project's documents checked by Klaro: outcomes in order, and their Python programs."""

    outcomes: list[Outcome]
    programs: dict[str, Program]
    env: frozenset[str]
    names: Names


def klaro_outcomes(root: Path, docs: list[str] | None, history: bool) -> Checked:
    """Every outcome `klaro check` counts (history sections left out), as check_repository."""
    config = load_config(root, env={})
    analysis = analyze_repository(root)
    index = project_index(analysis)
    former = Former(root, analysis) if history else None
    resolver = Resolver(index, config.ignore_references, former)
    _BLOCKS.clear()
    parsed = []
    for path in find_documents(config, analysis, docs):
        text = (root / path).read_text(encoding="utf-8", errors="replace")
        parsed.append(read_document(text, path))
        resolver.links.remember(parsed[-1], text)
    outcomes = []
    for doc in parsed:
        skip = set() if config.check_history else history_lines(doc.lines)
        outcomes += [o for o in resolver.resolve_document(doc) if o.reference.line not in skip]
    per_doc: dict[str, list[tuple[int, str]]] = {}
    for path, start, content in _BLOCKS:
        per_doc.setdefault(path, []).append((start, content))
    programs = {path: Program.of(blocks) for path, blocks in per_doc.items()}
    return Checked(outcomes, programs, frozenset(index.env_vars), index.names)


# -- jedi ----------------------------------------------------------------------------------------


class Oracle:
    """jedi on one project tree; every query timed."""

    def __init__(self, root: Path) -> None:
        import jedi

        self.root = root
        paths = [str(root / "src")] if (root / "src").is_dir() else []
        stdlib = dict.fromkeys(sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib"))
        self.project = jedi.Project(
            root, sys_path=[*paths, str(root), *stdlib], smart_sys_path=False
        )
        self.times: list[float] = []
        self._heads: dict[str, str | None] = {}

    def _script(self, code: str) -> Any:
        import jedi

        return jedi.Script(code, path=self.root / "__klaro_doc__.py", project=self.project)

    def ask(self, code: str, line: int, col: int, name: str, call: Call = None) -> Verdict:
        """Resolve the name at (line, col) of `code`; check the call's arguments (positional
        count or None, keywords) against its signature."""
        start = time.perf_counter()
        try:
            verdict = self._ask(code, line, col, name, call)
        except Exception as exc:  # jedi's own crash is "cannot tell", as in an editor
            verdict = Verdict("unknown", f"jedi error {type(exc).__name__}")
        seconds = time.perf_counter() - start
        self.times.append(seconds)
        return Verdict(verdict.status, verdict.target, seconds)

    def _ask(self, code: str, line: int, col: int, name: str, call: Call) -> Verdict:
        script = self._script(code)
        found = script.goto(line, col, follow_imports=True)
        if not found:
            members = {c.name for c in script.complete(line, col)}
            return Verdict("missing" if members and name not in members else "unknown")
        target = found[0].full_name or str(found[0].module_path or "")
        text = code.splitlines()[line - 1]
        paren = text.find("(", col + len(name))
        if call is None or paren < 0 or text[col + len(name) : paren].strip():
            return Verdict("resolved", target)
        signatures = script.get_signatures(line, paren + 1)
        if not signatures:
            return Verdict("resolved", target)
        return Verdict(_call_fault(signatures[0].params, *call) or "resolved", target)

    def head_import(self, head: str) -> str | None:
        """How a snippet imports a code span's first name: its module, or its one definition."""
        if head in self._heads:
            return self._heads[head]
        found = self._script(f"import {head}\n").goto(1, 7, follow_imports=True)
        line = None
        if found and found[0].module_path and self.root in Path(found[0].module_path).parents:
            line = f"import {head}"
        else:
            defs = {
                d.full_name
                for d in self.project.search(head)
                if d.full_name
                and d.full_name.rpartition(".")[2] == head
                and "test" not in d.full_name.split(".")[0]
            }
            if len(defs) == 1:
                module, _, _ = next(iter(defs)).rpartition(".")
                line = f"from {module} import {head}" if module else None
        self._heads[head] = line
        return line


def jedi_verdict(oracle: Oracle, outcome: Outcome, checked: Checked) -> Verdict | None:
    """jedi's answer to the question the reference asks; None when it asks none jedi can."""
    ref = outcome.reference
    if ref.kind in {"import", "python"}:
        return _in_example(oracle, ref, checked.programs.get(ref.file))
    if ref.kind == "code" and (
        outcome.status == "unresolved" or checked.names.kind(outcome.target) is not None
    ):  # a span Klaro resolved as a Python name (not a path, option or variable)
        return _in_span(oracle, ref, checked)
    return None


def _in_example(oracle: Oracle, ref: Reference, program: Program | None) -> Verdict | None:
    if program is None or ref.line not in program.lines or ref.context == "override":
        return None
    line = program.lines[ref.line]
    text = program.code.splitlines()[line - 1]
    name = ref.text.rsplit(".", 1)[-1]
    if ref.kind == "import":
        after = text.find(" import ") + 8 if ref.context == "from" else 0
        match = re.compile(rf"\b{re.escape(name)}\b").search(text, max(after, 0))
    else:  # `.name` as written, else the name itself (`TinyDB(...)` for `tinydb.TinyDB`)
        match = re.compile(rf"(?<=\.)\s*{re.escape(name)}\b").search(text)
        match = match or re.compile(rf"\b{re.escape(name)}\b").search(text)
    if match is None:
        return None
    col = match.end() - len(name)
    args = call_arguments(ref.context)
    verdict = oracle.ask(program.code, line, col, name, (args[1], args[2], True) if args else None)
    if ref.context.startswith("free") and verdict.status == "missing":
        return Verdict("unknown", seconds=verdict.seconds)  # a name the snippet never bound
    module, _, _ = ref.text.rpartition(".")
    if verdict.status == "unknown" and ref.context == "from" and "." in module:
        # `from pkg.gone import X`: jedi knows no owner of X; is it `pkg` that lacks `gone`?
        at = text.find(module)
        if at >= 0:
            last = module.rsplit(".", 1)[1]
            again = oracle.ask(program.code, line, at + len(module) - len(last), last)
            if again.status == "missing":
                return Verdict("missing", seconds=verdict.seconds + again.seconds)
    return verdict


def _in_span(oracle: Oracle, ref: Reference, checked: Checked) -> Verdict | None:
    text = ref.text.strip().rstrip(";,")
    match = _SPAN.match(text)
    if match is None or text in checked.env or _ENV.match(text):
        return None
    dotted, call = match.group(1), match.group(2) or ""
    arguments: Call = None
    if call:
        try:
            node = ast.parse(text, mode="eval").body
        except (SyntaxError, ValueError):
            node = None
        if isinstance(node, ast.Call):
            unknown = any(
                isinstance(a, ast.Starred) or (isinstance(a, ast.Constant) and a.value is ...)
                for a in node.args
            )  # and `load(in_data, many)`: names only, a signature sketched in prose
            unknown = unknown or (
                bool(node.args) and all(isinstance(a, ast.Name) for a in node.args)
            )
            keywords = tuple(k.arg or "**" for k in node.keywords)
            arguments = (None if unknown else len(node.args), keywords, False)
    head = dotted.split(".")[0]
    start = time.perf_counter()
    imported = oracle.head_import(head)
    if imported is None:
        return Verdict("unknown", seconds=time.perf_counter() - start)
    code = f"{imported}\n{text}\n"
    name = dotted.rsplit(".", 1)[-1]
    col = len(dotted) - len(name)
    verdict = oracle.ask(code, 2, col, name, arguments)
    return Verdict(verdict.status, verdict.target, time.perf_counter() - start)


def _call_fault(
    params: list[Any], positional: int | None, keywords: tuple[str, ...], complete: bool
) -> str:
    """ "badkw" for a keyword no parameter takes, "arity" for too many positional arguments
    or (in a complete call) too few, where certain; "" when the call fits the signature."""
    kinds = {p.name: p.kind.name for p in params}
    words = [k for k in keywords if k != "**"]
    if "VAR_KEYWORD" not in kinds.values() and any(
        kinds.get(k) not in {"POSITIONAL_OR_KEYWORD", "KEYWORD_ONLY"} for k in words
    ):
        return "badkw"
    if positional is None or "**" in keywords:
        return ""
    slots = [p for p in params if p.kind.name in {"POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD"}]
    if positional > len(slots) and "VAR_POSITIONAL" not in kinds.values():
        return "arity"
    required = [
        p for p in params
        if p.kind.name != "VAR_POSITIONAL" and p.kind.name != "VAR_KEYWORD"
        and "=" not in p.to_string() and p.name not in words
    ]  # fmt: skip
    unfilled = [p for p in required if p.kind.name == "KEYWORD_ONLY" or p not in slots[:positional]]
    return "arity" if unfilled and complete else ""


# -- drift ---------------------------------------------------------------------------------------


def drift_cases(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Rounds 6 and 7, and 40 cases of the earlier ones drawn with a fixed seed (later rounds
    are left out, so the sample stays the same as rounds are added)."""
    recent = [c for c in data["cases"] if c.get("round") in {6, 7}]
    others = [c for c in data["cases"] if c.get("round", 1) < 6]
    return recent + random.Random(10).sample(others, 40)


def run_drift(packages: list[str] | None) -> dict[str, Any]:
    import drift

    data = yaml.safe_load(DRIFT.read_text(encoding="utf-8"))
    cases = [c for c in drift_cases(data) if not packages or c["package"] in packages]
    rows: list[dict[str, Any]] = []
    times: list[float] = []
    for name, spec in data["packages"].items():
        mine = [c for c in cases if c["package"] == name]
        if not mine:
            continue
        try:
            source = fetch_sdist(name, str(spec["version"]))
        except Unavailable as exc:
            print(f"skip {name}: {exc}", file=sys.stderr)
            continue
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / name
            shutil.copytree(source, root)
            drift.commit_all(root)
            rows += _drift_package(root, spec.get("docs"), mine, times)
        print(f"  {name}: {len(mine)} cases", file=sys.stderr)
    return {"rows": rows, "times": times}


def _verdicts(
    root: Path, checked: Checked, lines: set[tuple[str, int]] | None
) -> dict[tuple[str, int, str], Verdict]:
    """jedi's verdict on each reference (on `lines` only, when given)."""
    oracle = Oracle(root)
    found = {}
    for outcome in checked.outcomes:
        ref = outcome.reference
        if lines is None or (ref.file, ref.line) in lines:
            verdict = jedi_verdict(oracle, outcome, checked)
            if verdict is not None:
                found[(ref.file, ref.line, ref.text)] = verdict
    return found


def _drift_package(
    root: Path, docs: list[str] | None, cases: list[dict[str, Any]], times: list[float]
) -> list[dict[str, Any]]:
    import drift

    before = drift_keys(root, docs)
    pristine_checked = klaro_outcomes(root, docs, True)
    pristine = _verdicts(root, pristine_checked, None)
    times += [v.seconds for v in pristine.values()]
    rows = []
    for case in cases:
        decoy = case["kind"] == "decoy"
        try:
            targets = drift.stale_lines(root, case)
            undo = drift.apply(root, case["edits"])
        except (ValueError, OSError) as exc:
            print(f"broken {case['id']}: {exc}", file=sys.stderr)
            continue
        try:
            after = drift_keys(root, docs)
            checked = klaro_outcomes(root, docs, True)
            mutated = _verdicts(root, checked, None if decoy else targets)
        finally:
            drift.restore(undo)
        new = after - before
        flagged = [
            k
            for k, v in mutated.items()
            if v.status in BAD and k in pristine and pristine[k].status not in BAD
        ]
        rows.append(
            {
                "id": case["id"],
                "kind": case["kind"],
                "round": case.get("round"),
                "klaro": bool({k for k in new if (k[0], k[1]) in targets}),
                "klaro_noise": len(new) if decoy else 0,
                "jedi": bool([k for k in flagged if (k[0], k[1]) in targets]),
                "jedi_noise": len(flagged) if decoy else 0,
                "asked": sum(1 for k in mutated if (k[0], k[1]) in targets),
                "jedi_pristine": Counter(
                    pristine[k].status for k in mutated if k in pristine and (k[0], k[1]) in targets
                ),
            }
        )
    return rows


def drift_keys(root: Path, docs: list[str] | None) -> set[tuple[str, int, str]]:
    checked = klaro_outcomes(root, docs, True)
    return {
        (o.reference.file, o.reference.line, o.reference.text)
        for o in checked.outcomes
        if o.status in {"unresolved", "dead-link"}
    }


def print_drift(result: dict[str, Any], misses: bool) -> None:
    rows = result["rows"]
    mutations = [r for r in rows if r["kind"] != "decoy"]
    decoys = [r for r in rows if r["kind"] == "decoy"]
    print(f"drift: {len(mutations)} mutations, {len(decoys)} decoys")
    print(f"{'kind':12} {'cases':>5} {'klaro':>5} {'jedi':>5} {'either':>6} {'asked':>5}")
    for kind in sorted({r["kind"] for r in mutations}):
        mine = [r for r in mutations if r["kind"] == kind]
        k = sum(r["klaro"] for r in mine)
        j = sum(r["jedi"] for r in mine)
        e = sum(r["klaro"] or r["jedi"] for r in mine)
        a = sum(bool(r["asked"]) for r in mine)
        print(f"{kind:12} {len(mine):5} {k:5} {j:5} {e:6} {a:5}")
    n = len(mutations) or 1
    for label, pick in (
        ("klaro", lambda r: r["klaro"]),
        ("jedi", lambda r: r["jedi"]),
        ("klaro or jedi", lambda r: r["klaro"] or r["jedi"]),
    ):
        found = sum(bool(pick(r)) for r in mutations)
        print(f"recall {label:14} {found / n:.3f} ({found}/{len(mutations)})")
    for group, label in (({6, 7}, "rounds 6-7"), (None, "sample of others")):
        mine = [r for r in mutations if (r["round"] in {6, 7}) == (group is not None)]
        print(
            f"  {label}: {len(mine)} mutations, klaro {sum(r['klaro'] for r in mine)},"
            f" jedi {sum(r['jedi'] for r in mine)},"
            f" either {sum(r['klaro'] or r['jedi'] for r in mine)}"
        )
    asked = [r for r in mutations if r["asked"]]
    print(f"mutations with a Python reference jedi was asked on a stale line: {len(asked)}")
    pristine: Counter[str] = Counter()
    for r in mutations:
        pristine.update(r["jedi_pristine"])
    print(f"jedi on those references before the edit: {dict(pristine)}")
    print(
        f"decoys flagged: klaro {sum(bool(r['klaro_noise']) for r in decoys)}/{len(decoys)},"
        f" jedi {sum(bool(r['jedi_noise']) for r in decoys)}/{len(decoys)}"
        f" ({sum(r['jedi_noise'] for r in decoys)} new jedi findings)"
    )
    if misses:
        for r in rows:
            print(f"  {r['id']:40} {r['kind']:10} klaro {r['klaro']!s:5} jedi {r['jedi']!s:5}"
                  f" asked {r['asked']} noise {r['jedi_noise']}")  # fmt: skip
    _print_times(result["times"])


# -- wild ----------------------------------------------------------------------------------------


def run_wild(names: list[str] | None, show: bool) -> dict[str, Any]:
    projects = yaml.safe_load(WILD.read_text(encoding="utf-8"))["projects"]
    agree: Counter[str] = Counter()
    same = 0
    judged: Counter[tuple[str, str, str]] = Counter()  # (reported now?, verdict, jedi)
    times: list[float] = []
    for project in projects:
        if names and project["name"] not in names:
            continue
        try:
            root = fetch_sdist(project["name"], str(project["version"]))
        except Unavailable as exc:
            print(f"skip {project['name']}: {exc}", file=sys.stderr)
            continue
        try:
            checked = klaro_outcomes(root, None, False)
        except Exception as exc:  # a crash is a result, not the end
            print(f"{project['name']}: klaro failed {exc!r}", file=sys.stderr)
            continue
        verdicts = project.get("verdicts") or {}
        oracle = Oracle(root)
        for outcome in checked.outcomes:
            ref = outcome.reference
            key = f"{ref.file}:{ref.line}: {ref.text}"
            judged_as = verdicts.get(key, {}).get("verdict")
            if outcome.status != "resolved" and not judged_as:
                continue
            verdict = jedi_verdict(oracle, outcome, checked)
            if verdict is None:
                continue
            times.append(verdict.seconds)
            if outcome.status == "resolved":
                agree[verdict.status] += 1
                last = outcome.target.rsplit(".", 1)[-1]
                same += verdict.status == "resolved" and verdict.target.endswith(last)
                if show and verdict.status in BAD:
                    print(f"    [klaro resolved, jedi {verdict.status}] {key} ({outcome.target})")
            if judged_as in {"false-alarm", "drift"}:
                now = "now" if outcome.status == "unresolved" else "past"
                judged[(now, judged_as, verdict.status)] += 1
                if show:
                    print(
                        f"    [{judged_as} {now}] {key} -> jedi {verdict.status} {verdict.target}"
                    )
        print(f"  {project['name']}: {sum(agree.values())} resolved so far", file=sys.stderr)
    return {"agree": agree, "same": same, "judged": judged, "times": times}


def print_wild(result: dict[str, Any]) -> None:
    agree: Counter[str] = result["agree"]
    total = sum(agree.values())
    print(f"wild: {total} Python references Klaro resolves and jedi was asked about")
    print(f"  jedi: {dict(agree)}; same definition (last name) {result['same']}")
    judged: Counter[tuple[str, str, str]] = result["judged"]
    for now in ("now", "past"):
        for label in ("false-alarm", "drift"):
            row = {j: n for (w, v, j), n in judged.items() if w == now and v == label}
            what = "reported today" if now == "now" else "judged earlier, reference still read"
            print(f"  {label} ({what}): {sum(row.values())} asked, jedi {row}")
    _print_times(result["times"])


def _print_times(times: list[float]) -> None:
    if not times:
        return
    ms = sorted(1000 * t for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(
        f"jedi per query: median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms,"
        f" {len(ms)} queries, {sum(ms) / 1000:.1f} s in all"
    )


# -- cost ----------------------------------------------------------------------------------------


def cost_child(root: Path, cache: str) -> None:
    """In a fresh process: klaro's analysis and check, then jedi on every Python reference."""
    start = time.perf_counter()
    import jedi

    imported = time.perf_counter() - start
    jedi.settings.cache_directory = cache
    start = time.perf_counter()
    checked = klaro_outcomes(root, None, False)
    klaro = time.perf_counter() - start
    start = time.perf_counter()
    oracle = Oracle(root)
    asked = [v for o in checked.outcomes if (v := jedi_verdict(oracle, o, checked)) is not None]
    spent = time.perf_counter() - start
    ms = [1000 * v.seconds for v in asked] or [0.0]
    first, ms = ms[0], sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(
        f"import jedi {1000 * imported:.0f} ms; klaro analysis+check {klaro:.2f} s;"
        f" jedi {len(asked)} queries {spent:.2f} s (first {first:.0f} ms,"
        f" median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms)"
    )


def run_cost() -> None:
    try:
        root = fetch_sdist("click", "8.1.7")
    except Unavailable as exc:
        print(f"skip cost: {exc}", file=sys.stderr)
        return
    lines = sum(
        len(p.read_text(errors="replace").splitlines()) for p in (root / "src").rglob("*.py")
    )
    print(f"cost on click 8.1.7 ({lines} lines under src/), each run a fresh process:")
    with tempfile.TemporaryDirectory() as cache:
        code = (
            f"import sys; sys.path.insert(0, {str(HERE)!r}); from pathlib import Path\n"
            f"import jedi_compare; jedi_compare.cost_child(Path({str(root)!r}), {cache!r})"
        )
        for label in ("cold jedi cache", "warm jedi cache"):
            out = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=False
            )
            print(f"  {label}: {out.stdout.strip() or out.stderr.strip()[-300:]}")
            size = sum(p.stat().st_size for p in Path(cache).rglob("*") if p.is_file())
            print(f"    jedi cache directory now {size / 1e6:.1f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drift", action="store_true", help="the drift cases")
    parser.add_argument("--wild", action="store_true", help="the wild projects")
    parser.add_argument("--cost", action="store_true", help="import and query times")
    parser.add_argument("--project", action="append", help="only these packages / projects")
    parser.add_argument("--list", action="store_true", help="print every case / judged finding")
    args = parser.parse_args(argv)
    try:
        import jedi
    except ImportError:
        print("jedi_compare: pip install jedi first", file=sys.stderr)
        return 2
    every = not (args.drift or args.wild or args.cost)
    print(f"jedi {jedi.__version__}")
    start = time.perf_counter()
    if args.drift or every:
        print_drift(run_drift(args.project), args.list)
    if args.wild or every:
        print_wild(run_wild(args.project, args.list))
    if args.cost or every:
        run_cost()
    print(f"time: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
