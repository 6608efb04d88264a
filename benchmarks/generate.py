"""Time `klaro generate --offline` on a medium and a large tree; print seconds per stage.

    python benchmarks/generate.py [PATH ...]

Without paths it uses click 8.1.7's sdist from the test cache (`pytest -m realworld` fetches
it) as the medium tree and this Python's standard library (analysed in place) as the large
one. Target: under 2 s for a ~10k-line package. Each tree runs without the analysis cache,
so the figures include parsing every file.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
from pathlib import Path

from klaro import app
from klaro.cli import main
from klaro.config import load_config
from klaro.scan.graph import build_graph

ROOT = Path(__file__).resolve().parent.parent
CLICK = ROOT / ".pytest_cache" / "d" / "sdists" / "click-8.1.7" / "click-8.1.7"


def stages(path: Path) -> dict[str, float]:
    """Time analysis, graph and writing separately."""
    config = load_config(path, env={})
    t0 = time.perf_counter()
    analysis = app.analyze(config)
    t1 = time.perf_counter()
    graph = build_graph(analysis)
    t2 = time.perf_counter()
    changes = app.generate(config, analysis, graph, docs=["readme", "api"])
    t3 = time.perf_counter()
    size = sum(len(c.after) for c in changes)
    return {
        "lines": analysis.lines,
        "modules": len(analysis.modules),
        "analyse_s": t1 - t0,
        "graph_s": t2 - t1,
        "write_s": t3 - t2,
        "output_kb": size / 1024,
    }


def end_to_end(path: Path) -> float:
    """Time the command as a user runs it: `klaro generate PATH --offline --doc all -o -`."""
    sink = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(io.StringIO()):
        argv = ["generate", str(path), "--offline", "--doc", "readme", "-o", "-", "--no-cache"]
        code = main(argv)
    elapsed = time.perf_counter() - t0
    if code != 0:
        raise SystemExit(f"klaro generate failed on {path} (exit {code})")
    return elapsed


def run(path: Path, label: str) -> None:
    figures = stages(path)
    total = end_to_end(path)
    print(
        f"{label:<8} {figures['lines']:>8,} lines {figures['modules']:>5} modules  "
        f"analyse {figures['analyse_s']:.2f}s  graph {figures['graph_s']:.2f}s  "
        f"write readme+api {figures['write_s']:.2f}s  "
        f"`generate --doc readme -o -` {total:.2f}s  ({figures['output_kb']:.0f} KiB of docs)"
    )


def main_() -> None:
    paths = [Path(p) for p in sys.argv[1:]]
    if paths:
        for path in paths:
            run(path, path.name[:8])
        return
    if CLICK.is_dir():
        run(CLICK, "click")
    else:
        print("click 8.1.7 sdist not cached: run `pytest -m realworld` first, or pass a path")
    run(Path(os.path.dirname(os.__file__)), "stdlib")


if __name__ == "__main__":
    main_()
