"""The agent's tools: plain typed methods whose docstrings are what the model reads.

Reading tools go through `Workspace` (confined, redacted, capped, marked untrusted); code tools
answer from the deterministic analysis and code graph; the two document tools change only the
draft of the one documentation file the task names. A mistake the model can fix raises
`ToolError`, which the graph turns into an observation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Protocol

from langchain_core.tools import BaseTool, InjectedToolArg, StructuredTool

from klaro.agent.feedback import Verifier, blocking, finding_line
from klaro.agent.search import fallback_guides, fallback_search
from klaro.agent.workspace import ToolError, Workspace, untrusted, writable
from klaro.scan.graph import CodeGraph
from klaro.scan.model import Analysis, Class, Function, Module, iter_classes
from klaro.scan.names_build import names_of
from klaro.verify.model import Finding
from klaro.write.regions import RegionError, find_regions, outside_regions

MAX_LINES = 200  # one read_file window
_DOCUMENT_TOOLS = ("edit_document", "submit_document")
MAX_MATCHES = 50
RELATIONS = ("neighbours", "callers", "callees", "dependents", "dependencies")


class Knowledge(Protocol):
    """The knowledge base as the tools use it; absent, they fall back to lexical search."""

    def search(self, query: str, k: int = ...) -> Any: ...
    def retrieve_guides(self, query: str, k: int = ...) -> Any: ...


@dataclass(frozen=True)
class Answer:
    """A tool's answer: what the model reads, and the state it changes (document tools only)."""

    text: str
    update: dict[str, Any] = field(default_factory=dict)


class Toolbox:
    """The tools of one run, bound to its workspace, analysis, code graph and draft."""

    def __init__(
        self,
        workspace: Workspace,
        analysis: Analysis,
        graph: CodeGraph,
        *,
        target: str,
        doc_paths: tuple[str, ...],
        knowledge: Knowledge | None = None,
        protect: str | None = None,
        verifier: Verifier | None = None,
    ) -> None:
        self.ws = workspace
        self.analysis = analysis
        self.graph = graph
        self.target = target
        self.doc_paths = doc_paths
        self.knowledge = knowledge
        self.verifier = verifier
        self._checked: dict[str, list[Finding]] = {}  # draft -> blocking findings
        # text people wrote in the starting draft (outside Klaro's regions) must stay as is
        self._owned = _people_text(protect, target)
        self._regions = [r.name for r in find_regions(protect or "", target)] if self._owned else []
        self.names = names_of(analysis)
        self.tools: dict[str, BaseTool] = {
            fn.__name__: StructuredTool.from_function(fn, description=fn.__doc__ or "")
            for fn in self._functions()
        }

    def _functions(self) -> list[Callable[..., str | Answer]]:
        return [
            self.list_files, self.read_file, self.grep, self.glob, self.analyze_code,
            self.code_graph, self.search_code, self.retrieve_knowledge, self.edit_document,
            self.submit_document,
        ]  # fmt: skip

    def run(self, name: str, args: dict[str, Any], draft: str = "") -> Answer:
        """Run one tool call on the current `draft`; raises ToolError for the model to see."""
        tool = self.tools.get(name)
        if tool is None:
            raise ToolError(f"unknown tool '{name}'; available: {', '.join(self.tools)}")
        if name in _DOCUMENT_TOOLS:
            args = {**args, "draft": draft}  # injected: the model never sees nor sets it
        out = tool.invoke(args)
        return out if isinstance(out, Answer) else Answer(str(out))

    # Reading the repository -------------------------------------------------------------

    def list_files(self, directory: str = ".", depth: int = 2) -> str:
        """List readable files under a directory of the repository, `depth` levels deep."""
        rel = self.ws.relative(directory)
        files = self.ws.under(rel)
        if not files:
            raise ToolError(f"no readable files under '{directory}'")
        base = 0 if rel == "." else rel.count("/") + 1
        shown: dict[str, None] = {}
        for f in files:
            parts = f.split("/")
            cut = base + max(depth, 1)
            shown["/".join(parts[:cut]) + ("/" if len(parts) > cut else "")] = None
        return self.ws.clean(f"{len(files)} files under {rel}:\n" + "\n".join(shown))

    def read_file(self, path: str, start_line: int = 1, end_line: int | None = None) -> str:
        """Read lines `start_line`..`end_line` (at most 200) of a repository file, numbered."""
        lines = self.ws.read_text(path).splitlines()
        start = max(start_line, 1)
        end = min(end_line or start + MAX_LINES - 1, start + MAX_LINES - 1, len(lines))
        if start > max(len(lines), 1):
            raise ToolError(f"'{path}' has only {len(lines)} lines")
        body = "\n".join(f"{n:>5}  {lines[n - 1]}" for n in range(start, end + 1))
        more = (
            f"\n[{len(lines) - end} more lines; read from line {end + 1}]"
            if end < len(lines)
            else ""
        )
        rel = self.ws.relative(path)
        return untrusted("FILE", f"{rel} lines {start}-{end}", self.ws.clean(body)) + more

    def grep(self, pattern: str, path: str = ".", glob: str = "*") -> str:
        """Search repository files under `path` matching `glob` for a Python regex."""
        try:
            regex = re.compile(pattern)
        except re.error as exc:
            raise ToolError(f"invalid regular expression {pattern!r}: {exc}") from None
        hits: list[str] = []
        note = ""
        wanted = set(self.ws.glob(glob))
        for rel in self.ws.under(self.ws.relative(path)):
            if rel not in wanted:
                continue
            try:
                text = self.ws.read_text(rel)
            except ToolError:
                continue
            for n, line in enumerate(text.splitlines(), 1):
                if regex.search(line):
                    hits.append(f"{rel}:{n}: {line.strip()[:200]}")
                    if len(hits) >= MAX_MATCHES:
                        break
            if len(hits) >= MAX_MATCHES:
                note = f"\n[stopped at {MAX_MATCHES} matches; narrow the pattern or path]"
                break
        if not hits:
            return f"no match for {pattern!r}"
        return untrusted("MATCHES", f"for {pattern!r}", self.ws.clean("\n".join(hits))) + note

    def glob(self, pattern: str) -> str:
        """List readable repository files whose path matches a glob such as `src/**/*.py`."""
        found = self.ws.glob(pattern)
        return self.ws.clean("\n".join(found)) if found else f"no file matches {pattern!r}"

    # Facts from the analysis ------------------------------------------------------------

    def analyze_code(self, target: str) -> str:
        """Return the analysed structure (JSON) of a Python file or of a symbol by dotted name."""
        module = next((m for m in self.analysis.modules if m.path == target.strip()), None)
        if module is not None:
            return self.ws.clean(json.dumps(_module_facts(module), indent=1))
        facts = [self._facts(name) for name in self.names.find(target)[:5]]
        if not facts:
            verdict = self.names.verdict(target.strip().replace(":", ".").removesuffix("()"))
            if verdict.status == "unknown" and verdict.target:
                reason = f"`{verdict.target}` may get it from another package; not in the analysis"
                facts = [{"name": target, "status": "unknown", "reason": reason}]
            else:
                raise ToolError(f"no file or symbol '{target}' in the analysis; try search_code")
        return self.ws.clean(json.dumps(facts, indent=1))

    def _facts(self, name: str) -> dict[str, Any]:
        """Facts about one resolved name: a symbol, a module, or a value and its class."""
        obj = self.names.definition(name)
        if isinstance(obj, Class | Function):
            return _symbol_facts(obj)
        if isinstance(obj, Module):
            return _module_facts(obj)
        if obj is None:
            return {"name": name, "status": "re-exported from another package"}
        return {
            self.names.kind(name) or "value": name, "annotation": obj.annotation,
            "value": obj.value, "instance_of": self.names.type_of(name),
        }  # fmt: skip

    def code_graph(self, symbol: str, relation: str = "neighbours", depth: int = 1) -> str:
        """Show a symbol's dependents, dependencies, callers, callees or neighbours (k hops)."""
        if relation not in RELATIONS:
            raise ToolError(f"relation must be one of {', '.join(RELATIONS)}")
        names = self.graph.resolve(symbol)
        if not names:
            raise ToolError(f"no symbol or module '{symbol}' in the code graph")
        out: dict[str, Any] = {}
        for name in names[:3]:
            if relation == "neighbours":
                out[name] = self.graph.neighbours(name, max(1, min(depth, 3)))
            else:
                out[name] = getattr(self.graph, relation)(name)
        return self.ws.clean(json.dumps(out, indent=1))

    def search_code(self, query: str, k: int = 5) -> str:
        """Find the code most relevant to a question: symbols with their file and lines."""
        k = max(1, min(k, 10))
        if self.knowledge is not None:
            rows = [
                f"{r.path}:{r.start_line}-{r.end_line} {r.symbol or ''} "
                f"(score {r.score:.2f}, {r.method})"
                for r in self.knowledge.search(query, k)
            ]
        else:
            rows = fallback_search(self.analysis, query, k)
        return self.ws.clean("\n".join(rows) if rows else f"nothing found for {query!r}")

    def retrieve_knowledge(self, query: str, k: int = 3) -> str:
        """Retrieve the style-guide passages that apply to a documentation question."""
        k = max(1, min(k, 5))
        if self.knowledge is not None:
            passages = [  # each chunk says which guide (and heading) it comes from
                f"[style guide {g.source}: {g.heading}]\n{g.text}"
                if hasattr(g, "source")
                else str(g)
                for g in self.knowledge.retrieve_guides(query, k)
            ]
        else:
            passages = fallback_guides(self.ws, query, k)
        if not passages:
            return "no style guide found; follow the existing document's conventions"
        return self.ws.clean("\n\n---\n\n".join(passages))

    # The document -----------------------------------------------------------------------

    def edit_document(
        self,
        old_string: str,
        new_string: str,
        replace_all: bool = False,
        draft: Annotated[str, InjectedToolArg] = "",
    ) -> Answer:
        """Replace an exact string of the draft; it must occur once unless `replace_all`."""
        text, count = _replace(draft, old_string, new_string, replace_all)
        problems = self._problems(text, draft)
        if problems and problems[0].startswith("text outside"):
            raise ToolError(_refusal("edit", problems))
        note = f"draft edited ({count} replacement(s))"
        if problems:
            note += "; before submitting, fix:\n" + "\n".join(problems)
        return Answer(note, {"document_draft": text})

    def submit_document(
        self,
        path: str,
        summary: str,
        content: str | None = None,
        edits: list[dict[str, str]] | None = None,
        draft: Annotated[str, InjectedToolArg] = "",
    ) -> Answer:
        """Finish: hand in the document at `path`, as full `content` or `edits` to the draft.

        `edits` is a list of {"old_string": ..., "new_string": ...}; with neither, the current
        draft is submitted. Every code reference is then verified against the code.
        """
        if not writable(path, self.doc_paths) or path.strip().removeprefix("./") != self.target:
            raise ToolError(f"you may only write '{self.target}' in this task, not '{path}'")
        text = draft if content is None else content
        for edit in edits or []:
            if set(edit) != {"old_string", "new_string"}:
                raise ToolError("each edit needs exactly 'old_string' and 'new_string'")
            text, _ = _replace(text, edit["old_string"], edit["new_string"], False)
        if not text.strip():
            raise ToolError("the document is empty; submit content")
        problems = self._problems(text)
        if problems and problems[0].startswith("text outside"):
            raise ToolError(_refusal("submission", problems))  # all or nothing
        update = {"document_draft": text, "submitted": True, "summary": summary.strip()[:200]}
        return Answer("submitted; verifying every code reference", update)

    def _problems(self, text: str, before: str | None = None) -> list[str]:
        """Every problem of a draft, people's text first: the model fixes them in one round.

        With `before`, only references the change introduced are reported (the edit is judged,
        not the findings the draft already had).
        """
        problems: list[str] = []
        if self._owned is not None and _people_text(text, self.target) != self._owned:
            allowed = ", ".join(f"'{name}'" for name in self._regions)
            problems.append(
                "text outside Klaro's <!-- klaro:begin/end --> regions (or their markers) "
                f"changed; people wrote it, so keep it byte for byte and edit only inside "
                f"the regions {allowed}"
            )
        if self.verifier is not None:
            found = self._blocking(text)
            if before is not None:
                known = {f.reference for f in self._blocking(before)}
                found = [f for f in found if f.reference not in known]
            problems.extend(finding_line(f) for f in found)
        return problems

    def _blocking(self, text: str) -> list[Finding]:
        """The blocking findings of a draft; the last few are kept, as edits re-check them."""
        if text not in self._checked:
            assert self.verifier is not None
            self._checked[text] = blocking(self.verifier(self.target, text))
            while len(self._checked) > 4:
                del self._checked[next(iter(self._checked))]
        return self._checked[text]


def _refusal(what: str, problems: list[str]) -> str:
    lines = [p if p.startswith("- ") else f"- {p}" for p in problems]
    return (
        f"{what} refused, nothing changed; {len(problems)} problem(s) to fix in one go:\n"
        + "\n".join(lines)
    )


def _replace(text: str, old: str, new: str, replace_all: bool) -> tuple[str, int]:
    """Replace an exact string once (or everywhere with `replace_all`); errors the model can fix."""
    count = text.count(old) if old else 0
    if count == 0:
        raise ToolError("old_string not found in the draft; copy it exactly, spaces included")
    if count > 1 and not replace_all:
        raise ToolError(f"old_string occurs {count} times; add context or set replace_all")
    return text.replace(old, new, -1 if replace_all else 1), count if replace_all else 1


def _people_text(text: str | None, path: str) -> list[str] | None:
    """The parts of a document outside Klaro's regions; None when it has no regions to tell by.

    A draft from the offline writer marks what Klaro owns; a plain draft handed to
    `run_agent` directly is the caller's to protect.
    """
    if text is None:
        return None
    try:
        parts = outside_regions(text, path)
    except RegionError:
        return None
    return parts if len(parts) > 1 else None


def _first_line(doc: str | None) -> str | None:
    return doc.strip().splitlines()[0] if doc and doc.strip() else None


def _symbol_facts(sym: Function | Class) -> dict[str, Any]:
    if isinstance(sym, Function):
        return {
            "function": sym.fullname, "signature": sym.signature, "kind": sym.kind,
            "lines": [sym.lineno, sym.end_lineno], "doc": sym.docstring, "calls": sym.calls[:20],
        }  # fmt: skip
    return {
        "class": sym.fullname, "bases": sym.bases, "lines": [sym.lineno, sym.end_lineno],
        "doc": sym.docstring,
        "methods": {m.name: m.signature for m in sym.methods if m.is_public},
        "attributes": [a.name for a in sym.attributes if a.is_public]
        + [a for a in sym.instance_attributes if not a.startswith("_")],
    }  # fmt: skip


def _module_facts(module: Module) -> dict[str, Any]:
    return {
        "module": module.name,
        "path": module.path,
        "role": module.role,
        "doc": _first_line(module.docstring),
        "classes": {c.qualname: _first_line(c.docstring) for c in iter_classes(module.classes)},
        "functions": {f.name: f.signature for f in module.functions},
        "constants": [v.name for v in module.constants if v.is_public],
        "env_vars": [e.name for e in module.env_vars],
        "cli": [c.name or "(root)" for c in module.cli],
    }
