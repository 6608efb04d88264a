"""Klaro's name resolver against jedi (static inference as IDEs do it) on the same questions.

Each case is a small example as a README writes it (`c = Console()` then `c.print(soft_wrap=`)
and the truth: `resolved` (exists), `unresolved` (drift: a missing member or keyword) or
`unknown` (may come from another package). Both engines answer without running the code;
jedi through `Script.goto`/`get_signatures` on the repository as a project, Klaro through
`klaro.scan.names`. A checker is judged on drift: an answer is right when it flags exactly the
`unresolved` cases. Time is per question, after building (jedi parses lazily on first use).

Run: `python benchmarks/names_vs_jedi.py` (needs `pip install jedi`; rich from its sdist).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from sdists import Unavailable, fetch_sdist

from klaro.scan.analyze import analyze_repository
from klaro.scan.names import Names
from klaro.scan.names_build import names_of

REPOS = Path(__file__).resolve().parents[1] / "tests" / "data" / "repos"
# (setup statements, expression, truth); `f(kw=` asks whether `f` takes keyword `kw`
RICH = [
    ("from rich.console import Console;c = Console()", "c.print", "resolved"),
    ("from rich.console import Console;c = Console()", "c.prnt", "unresolved"),
    ("from rich.console import Console;c = Console()", "c.print(soft_wrap=", "resolved"),
    ("from rich.console import Console;c = Console()", "c.print(softwrap=", "unresolved"),
    ("from rich.console import Console", "Console(force_terminal=", "resolved"),
    ("from rich.console import Console", "Console(force_term=", "unresolved"),
    ("import rich", "rich.print_json", "resolved"),
    ("import rich", "rich.pprint", "unresolved"),
    ("from rich.progress import Progress;p = Progress()", "p.add_task", "resolved"),
    ("from rich.progress import Progress;p = Progress()", "p.add_job", "unresolved"),
    ("from rich.table import Table;t = Table()", "t.add_column(justify=", "resolved"),
    ("from rich.table import Table;t = Table()", "t.add_column(align=", "unresolved"),
    ("from rich.logging import RichHandler;h = RichHandler()", "h.setLevel", "unknown"),
    ("from rich.text import Text;x = Text()", "x.stylise", "unresolved"),
    ("from rich.live import Live;l = Live()", "l.console", "resolved"),
    ("from rich.panel import Panel", "Panel.fits", "unresolved"),
    ("from rich.prompt import Prompt", "Prompt.ask(choices=", "resolved"),
    ("from rich.prompt import Prompt", "Prompt.ask(options=", "unresolved"),
]
NAMESLIB = [
    ("import nameslib", "nameslib.console.prnt", "unresolved"),
    ("import nameslib", "nameslib.console.width", "resolved"),
    ("from nameslib import get_app;a = get_app()", "a.stop", "unresolved"),
    ("from nameslib import Local;m = Local()", "m.model_validate", "unknown"),  # pydantic
    ("from nameslib import Local;m = Local()", "m.describe", "resolved"),
    ("from nameslib import open_file", "open_file(strict=", "resolved"),
    ("from nameslib import open_file", "open_file(strikt=", "unresolved"),
]


def ask_jedi(project: object, setup: str, expr: str) -> str:
    import jedi

    code = setup.replace(";", "\n") + "\n" + expr
    line, col = code.count("\n") + 1, len(expr)
    script = jedi.Script(code=code, project=project)
    if "(" in expr:
        signatures = script.get_signatures(line, col)
        if not signatures:
            return "unknown"
        params = signatures[0].params
        keyword = expr.rsplit("(", 1)[1].rstrip("=")
        star = any(p.kind.name == "VAR_KEYWORD" for p in params)
        return "resolved" if star or keyword in {p.name for p in params} else "unresolved"
    return "resolved" if script.goto(line, col, follow_imports=True) else "unresolved"


def ask_names(names: Names, setup: str, expr: str) -> str:
    bound: dict[str, tuple[str, bool]] = {}  # name -> (dotted, is an instance)
    for stmt in (s.strip() for s in setup.split(";")):
        if stmt.startswith("from "):
            module, _, imported = stmt[5:].partition(" import ")
            bound.update((n.strip(), (f"{module}.{n.strip()}", False)) for n in imported.split(","))
        elif stmt.startswith("import "):
            bound[stmt[7:]] = (stmt[7:], False)
        else:
            var, value = (x.strip() for x in stmt.split("=", 1))
            head, _, rest = value.split("(")[0].partition(".")
            dotted = bound[head][0] + (f".{rest}" if rest else "")
            bound[var] = (dotted, value.endswith(")"))
    target, _, keyword = expr.partition("(")
    head, _, rest = target.partition(".")
    dotted, instance = bound[head]
    if instance:
        full = names.lookup(dotted)
        cls = full if full and names.kind(full) == "class" else names.type_of(full or "")
        if cls is None:
            return "unknown"
        dotted = cls
    dotted += f".{rest}" if rest else ""
    if not keyword:
        status = names.verdict(dotted).status
        return "unknown" if status == "external" else status
    full = names.lookup(dotted)
    if full is None:
        return "unknown"
    return "unresolved" if names.check_call(full, [keyword.rstrip("=")]) else "resolved"


def run(label: str, root: Path, src: Path, cases: list[tuple[str, str, str]]) -> None:
    import jedi

    project = jedi.Project(root, sys_path=[str(src)], smart_sys_path=False)
    start = time.perf_counter()
    jedi_answers = [ask_jedi(project, s, e) for s, e, _ in cases]
    jedi_time = time.perf_counter() - start
    start = time.perf_counter()
    names = names_of(analyze_repository(root))
    build = time.perf_counter() - start
    start = time.perf_counter()
    own = [ask_names(names, s, e) for s, e, _ in cases]
    own_time = time.perf_counter() - start
    for (_, expr, truth), j, k in zip(cases, jedi_answers, own, strict=True):
        print(f"  {expr:32} truth {truth:10} jedi {j:10} klaro {k}")

    def right(answers: list[str]) -> int:
        return sum(
            (a == "unresolved") == (c[2] == "unresolved")
            for a, c in zip(answers, cases, strict=True)
        )

    n = len(cases)
    print(
        f"{label}: {n} cases; drift verdict right: jedi {right(jedi_answers)}/{n}, "
        f"klaro {right(own)}/{n}; jedi {1000 * jedi_time / n:.1f} ms/question, klaro "
        f"{1000 * own_time / n:.3f} ms/question after a {1000 * build:.0f} ms analysis"
    )


def main() -> int:
    try:
        import jedi  # noqa: F401
    except ImportError:
        print("names_vs_jedi: pip install jedi first", file=sys.stderr)
        return 2
    run("names_lib (sample)", REPOS / "names_lib", REPOS / "names_lib" / "src", NAMESLIB)
    try:
        rich = fetch_sdist("rich", "13.7.1")
    except Unavailable as exc:
        print(f"skip rich: {exc}", file=sys.stderr)
        return 0
    run("rich 13.7.1", rich, rich, RICH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
