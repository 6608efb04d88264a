"""Usage examples harvested from the repository, never invented.

A README's usage section is worth reading when it shows the project at work. The examples are
already in the code: doctests and code blocks in docstrings, calls in the tests whose results
are asserted, scripts in `examples/`, and command lines the tests run. Each one found here is
copied with the output its source gives, tagged with where it came from, and ranked by the
centrality of the symbol it shows; the writer keeps only those `klaro check` resolves.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from klaro.scan.model import Analysis, Class, CliCommand, Function, Module
from klaro.write.filters import is_private_name
from klaro.write.symbols import Export, SymbolIndex

_MAX_LINES = 12  # an example a reader takes in at a glance
_MAX_SCRIPT_LINES = 30
_FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*(\w*)")
_RST_CODE = re.compile(r"^(\s*)\.\. (?:code-block|code|sourcecode)::\s*(\w*)\s*$")
_PY_LANGS = {"python", "py", "pycon", "python3", "py3", "pycon3", ""}
_FAILING = re.compile(
    r"!=\s*0|exit_code\s*==\s*[1-9]|returncode\s*==\s*[1-9]|raises\(SystemExit|"
    r"assert\s+not\s+\w+\.exit_code\s*==\s*0|\.exception\b(?!\s+is\s+None)"
)
_FAILING_NAME = re.compile(r"(error|fail|invalid|bad|wrong|missing|abort|reject)", re.I)
_FAKED = re.compile(r"mock|patch|monkeypatch|fake|stub", re.IGNORECASE)
_WORD = re.compile(r"[\w@%+=:,./-]+")
_SUBPROCESS = {"run", "call", "check_call", "check_output", "Popen"}


TestFile = tuple[Module, str, ast.Module]  # a test module, its source and its syntax tree


@dataclass(frozen=True)
class Example:
    """A piece of code that shows the project at work, and where it was found."""

    symbol: str  # the public name it shows (`pkg.load`), or the script for a command line
    lang: str  # python | console
    code: str
    source: str  # repository path it was copied from
    rank: int  # position of the symbol in the centrality ranking (lower is more central)


def python_examples(
    analysis: Analysis, index: SymbolIndex, rank: dict[str, int], tests: list[TestFile]
) -> list[Example]:
    """Every Python example the repository holds for its public API, most central first."""
    public = _public_exports(analysis, index)
    found = list(_docstring_examples(analysis, public, rank))
    found += _test_examples(tests, public, rank)
    found += _script_examples(analysis, public, rank)
    order = {"docstring": 0, "test": 1, "script": 2}
    found.sort(key=lambda e: (e.rank, order[_kind(e)], e.source, e.code))
    return found


def command_examples(
    tests: list[TestFile], script: str, function: str, commands: Sequence[CliCommand]
) -> list[Example]:
    """Command lines the tests run through the console script `script` (target `function`).

    Tests call the program as `runner.invoke(cli, ["add", "--due", "today"])`, `main([...])`
    or `subprocess.run(["tool", ...])`; calls in tests that expect a failure are skipped.
    """
    found: list[Example] = []
    for module, source, tree in tests:
        # `from pkg.cli import cli as dotenv_cli`: the test calls the program by its alias
        aliases = {i.alias for i in module.imports if i.name == function}
        for func in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            text = ast.get_source_segment(source, func) or ""
            if _FAILING.search(text) or _FAILING_NAME.search(func.name):
                continue
            for call in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
                argv = _argv(call, script, function, aliases)
                if argv and _plausible(argv, commands):
                    line = " ".join([script, *argv])
                    found.append(Example(script, "console", line, module.path, -len(argv)))
    unique = {e.code: e for e in found}
    return sorted(unique.values(), key=lambda e: (e.rank, e.code))


def _plausible(argv: list[str], commands: Sequence[CliCommand]) -> bool:
    """Whether a test's argument list is a command line a reader could type to use the tool.

    Every word is plain (no quoting needed), no word asks for help or the version, every
    option is one the program declares, and a program with sub-commands is given one first.
    """
    if not commands or not all(_WORD.fullmatch(w) for w in argv):
        return False
    if {"--help", "-h", "--version", "-V"} & set(argv):
        return False
    flags = {f for c in commands for o in c.options for f in o.flags if f.startswith("-")}
    if any(w.split("=", 1)[0] not in flags for w in argv if w.startswith("-") and w != "-"):
        return False
    subs = {c.name for c in commands if c.parent is not None}
    words = [w for w in argv if not w.startswith("-")]
    return not subs or (bool(words) and words[0] in subs)


def _kind(example: Example) -> str:
    if example.source.startswith("test") or "/test" in example.source:
        return "test"
    return "script" if example.symbol == example.source else "docstring"


def _public_exports(analysis: Analysis, index: SymbolIndex) -> dict[str, Export]:
    """Definition full name -> the export under its shortest public name."""
    found: dict[str, tuple[str, Export]] = {}
    for module in sorted(
        (m for m in analysis.modules if m.role == "package" and m.is_public),
        key=lambda m: (m.name.count("."), m.name),
    ):
        for export in index.exports(module):
            public = f"{module.name}.{export.name}"
            if not is_private_name(public):
                found.setdefault(export.fullname, (module.name, export))
    return {full: Export(f"{mod}.{e.name}", e.fullname, e.obj) for full, (mod, e) in found.items()}


def _docstring_examples(
    analysis: Analysis, public: dict[str, Export], rank: dict[str, int]
) -> Iterator[Example]:
    paths = {m.name: m.path for m in analysis.modules}
    for export in public.values():
        owners: list[tuple[str, str, Class | Function]]
        owners = [(export.name, export.fullname, export.obj)]
        if isinstance(export.obj, Class):
            owners += [
                (f"{export.name}.{m.name}", m.fullname, m)
                for m in export.obj.methods
                if m.is_public and not m.name.startswith("_")
            ]
        for shown, full, obj in owners:
            module, _, name = export.name.rpartition(".")
            for block in doc_blocks(obj.docstring):
                code = _with_import(block, module, name)
                where = paths.get(obj.module, "")
                yield Example(shown, "python", code, where, rank.get(full, len(rank)))


def doc_blocks(doc: str | None) -> list[str]:
    """The Python examples a docstring holds: doctest transcripts and Python code blocks.

    Markdown fences and reStructuredText `.. code-block:: python` directives are read; a
    doctest runs from its first `>>>` to the next blank line, its output included.
    """
    if not doc:
        return []
    lines = textwrap.dedent(_tail(doc)).splitlines()
    blocks: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        rst = _RST_CODE.match(line)
        if fence:
            end = next(
                (j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(fence[2])),
                len(lines),
            )
            if fence[3].lower() in _PY_LANGS:
                blocks.append(textwrap.dedent("\n".join(lines[i + 1 : end])))
            i = end + 1
        elif rst:
            indent = len(rst[1])
            j = i + 1
            body: list[str] = []
            while j < len(lines) and (
                not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent
            ):
                body.append(lines[j])
                j += 1
            if rst[2].lower() in _PY_LANGS:
                blocks.append(textwrap.dedent("\n".join(body)).strip("\n"))
            i = j
        elif line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            # reST literal block ("For example::"): kept when it is Python that calls something
            indent = len(line) - len(line.lstrip())
            j = i + 1
            body = []
            while j < len(lines) and (
                not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent
            ):
                body.append(lines[j])
                j += 1
            code = textwrap.dedent("\n".join(body)).strip("\n")
            if _is_python_call(code):
                blocks.append(code)
            i = max(j, i + 1)
        elif line.lstrip().startswith(">>>"):
            j = i
            while j < len(lines) and lines[j].strip():
                j += 1
            blocks.append(textwrap.dedent("\n".join(lines[i:j])))
            i = j
        else:
            i += 1
    blocks = [b.strip("\n") for b in blocks]
    return [b for b in blocks if b.strip() and len(b.splitlines()) <= _MAX_LINES]


def _is_python_call(code: str) -> bool:
    """Whether a literal block is Python (not a shell session or a data sample) with a call."""
    if not code or code.lstrip().startswith(("$", ">>>")):
        return code.lstrip().startswith(">>>")
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    return any(isinstance(n, ast.Call) for n in ast.walk(tree))


def _tail(doc: str) -> str:
    """A docstring with its first line indented like the rest, so dedent works on the whole."""
    first, _, rest = doc.partition("\n")
    return rest if not first.strip() else " " * _indent(rest) + first.strip() + "\n" + rest


def _indent(text: str) -> int:
    widths = [len(x) - len(x.lstrip()) for x in text.splitlines() if x.strip()]
    return min(widths) if widths else 0


def _with_import(block: str, module: str, name: str) -> str:
    """Prefix the import a doctest takes for granted (its module's globals), when it uses it."""
    top = name.split(".")[0]
    if re.search(rf"\bimport\b.*\b{re.escape(top)}\b", block) or not re.search(
        rf"(?<![\w.]){re.escape(top)}\b", block
    ):
        return block
    prompt = ">>> " if block.lstrip().startswith(">>>") else ""
    return f"{prompt}from {module} import {top}\n{block}"


def _test_examples(
    tests: list[TestFile], public: dict[str, Export], rank: dict[str, int]
) -> list[Example]:
    """`assert f(literal) == literal` in the tests, as a doctest with the asserted output."""
    by_public = {e.name: e for e in public.values()}
    found: list[Example] = []
    for module, source, tree in tests:
        names = {i.alias: i.binds for i in module.imports if i.name}
        for node in _asserts(tree, source):
            if not (
                isinstance(node, ast.Assert)
                and isinstance(node.test, ast.Compare)
                and len(node.test.ops) == 1
                and isinstance(node.test.ops[0], ast.Eq)
            ):
                continue
            left, right = node.test.left, node.test.comparators[0]
            call, expected = (left, right) if isinstance(left, ast.Call) else (right, left)
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
                continue
            export = by_public.get(names.get(call.func.id, ""))
            if (
                export is None
                or not _literal(expected)
                or not all(_literal(a) for a in [*call.args, *(k.value for k in call.keywords)])
            ):
                continue
            if any(k.arg is None for k in call.keywords) or not (call.args or call.keywords):
                continue  # `f()` shows nothing a reader could vary
            module_name, _, name = export.name.rpartition(".")
            call_text = ast.unparse(ast.Call(ast.Name(name), call.args, call.keywords))
            value = repr(ast.literal_eval(expected))
            if len(call_text) > 80 or len(value) > 80:
                continue
            code = f">>> from {module_name} import {name}\n>>> {call_text}\n{value}"
            found.append(
                Example(export.name, "python", code, module.path, rank.get(export.fullname, 10**9))
            )
    return found


def _asserts(tree: ast.Module, source: str) -> Iterator[ast.Assert]:
    """Asserts of tests that run the real code: none from tests that mock or patch it."""
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if _FAKED.search(ast.get_source_segment(source, func) or ""):
            continue
        yield from (n for n in ast.walk(func) if isinstance(n, ast.Assert))


def _script_examples(
    analysis: Analysis, public: dict[str, Export], rank: dict[str, int]
) -> list[Example]:
    """Short scripts under `examples/` that import the package, whole."""
    tops = {e.name.split(".")[0] for e in public.values()}
    fulls = {e.name: e.fullname for e in public.values()}
    found: list[Example] = []
    for module in analysis.modules:
        if module.role != "example" or not module.path.split("/")[0].startswith("example"):
            continue
        used = [f"{i.module}.{i.name}" for i in module.imports if i.module.split(".")[0] in tops]
        if not used:
            continue
        source = _source(analysis, module.path)
        if source is None or len(source.strip().splitlines()) > _MAX_SCRIPT_LINES:
            continue
        best = min((rank.get(fulls.get(u, ""), 10**9) for u in used), default=10**9)
        code = source.strip("\n")
        found.append(Example(module.path, "python", code, module.path, best))
    return found


def _argv(call: ast.Call, script: str, function: str, aliases: set[str]) -> list[str] | None:
    """The arguments a test passes to the program, when the call runs it with literal words."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name == "invoke" and call.args:
        target = call.args[0]
        named = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if named != function and named not in aliases:
            return None
        args = call.args[1] if len(call.args) > 1 else _keyword(call, "args")
        return _words(args)
    if name == function and len(call.args) == 1:
        return _words(call.args[0])
    if (
        isinstance(func, ast.Attribute)
        and dotted_name(func.value) == "sh"
        and func.attr == script.replace("-", "_")
    ):
        return _words(ast.List(list(call.args)))  # the `sh` library: `sh.dotenv("get", "a")`
    if name in _SUBPROCESS and call.args:
        words = _words(call.args[0])
        if words and words[0] == script:
            return words[1:]
    return None


def dotted_name(node: ast.expr) -> str:
    """`a.b.c` for a chain of names, '' for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _words(node: ast.expr | None) -> list[str] | None:
    if isinstance(node, ast.List | ast.Tuple) and node.elts:
        words = [e.value for e in node.elts if isinstance(e, ast.Constant)]
        if len(words) == len(node.elts) and all(isinstance(w, str) for w in words):
            return [str(w) for w in words]
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip():
        return node.value.split()
    return None


def _literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _source(analysis: Analysis, path: str) -> str | None:
    try:
        return (Path(analysis.root) / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def read_tests(analysis: Analysis) -> list[TestFile]:
    """The test modules with their source and syntax tree, read once for every harvester."""
    found: list[TestFile] = []
    for module in analysis.modules:
        if module.role != "test":
            continue
        source = _source(analysis, module.path)
        try:
            tree = ast.parse(source) if source is not None else None
        except (SyntaxError, ValueError):
            tree = None
        if source is not None and tree is not None:
            found.append((module, source, tree))
    return found
