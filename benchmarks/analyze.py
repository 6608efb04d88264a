"""Benchmark the analysis against its floor and against griffe, on one tree, in one run.

Prints, for the same Python files: the floor (only reading and `ast.parse`, one process);
griffe loading the same packages (static analysis only, no inspection, aliases unresolved);
Klaro's first run with its code graph built and ranked (in one process, and with the default
process pool, cache written); and Klaro's cached re-run, graph and ranking read back. Targets:
first run no slower than griffe; cached re-run at least 10x faster than the first.

    python benchmarks/analyze.py [PATH]      (default: this Python's standard library)
"""

from __future__ import annotations

import ast
import contextlib
import logging
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

from klaro.scan.analyze import analyze_repository
from klaro.scan.files import scan_repository
from klaro.scan.graph_cache import graph_of

_MAX = 5_000_000


def _klaro(root: Path, cache_dir: Path | None, workers: int | None) -> tuple[float, int]:
    """Seconds for an analysis with its graph and ranking, and the lines it counted."""
    start = time.perf_counter()
    analysis = analyze_repository(root, cache_dir=cache_dir, max_file_size=_MAX, workers=workers)
    graph_of(analysis).central(10)
    return time.perf_counter() - start, analysis.lines


def _top_level(root: Path, files: list[str]) -> dict[str, Path]:
    """Importable top-level packages and modules of the tree, by name, with their folder.

    A name found twice (`conftest` in several test folders) is loaded once: griffe then does
    slightly less work than Klaro, never more.
    """
    found: dict[str, Path] = {}
    for path in files:
        top = root / path
        while top.parent != root.parent and (top.parent / "__init__.py").is_file():
            top = top.parent
        name = top.name.removesuffix(".py")
        if name.isidentifier() and name != "__init__":
            found.setdefault(name, top.parent)
    return found


def _griffe(packages: dict[str, Path]) -> tuple[float, int]:
    """Seconds for griffe to load every package statically; how many it could not load."""
    import griffe

    logging.getLogger("griffe").setLevel(logging.CRITICAL)
    failed = 0
    start = time.perf_counter()
    for name, folder in sorted(packages.items()):
        try:
            griffe.load(
                name,
                search_paths=[folder],
                allow_inspection=False,
                resolve_aliases=False,
                try_relative_path=False,
            )
        except Exception:  # a package griffe cannot load statically is left out, and counted
            failed += 1
    return time.perf_counter() - start, failed


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.__file__)).resolve()
    warnings.simplefilter("ignore")  # the stdlib's tests hold deliberately bad escapes
    scan = scan_repository(root, max_file_size=_MAX)
    files = [f.path for f in scan.files if f.path.endswith(".py")]
    start = time.perf_counter()
    for path in files:
        with contextlib.suppress(SyntaxError, ValueError):
            ast.parse((root / path).read_bytes())
    floor = time.perf_counter() - start
    packages = _top_level(root, files)
    import networkx  # noqa: F401  (imports are not timed, for griffe either)

    griffe_s, griffe_failed = _griffe(packages)
    single, lines = _klaro(root, None, 1)
    with tempfile.TemporaryDirectory() as cache:
        first, _ = _klaro(root, Path(cache), None)
        cached, _ = _klaro(root, Path(cache), None)
    print(f"tree                {root}")
    print(f"python files        {len(files)}, {lines} lines, {len(packages)} top-level names")
    print(f"load average        {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(_row("floor (read+parse)", floor, lines, floor))
    print(_row("griffe", griffe_s, lines, floor) + f"  ({griffe_failed} not loadable)")
    print(_row("klaro, 1 process", single, lines, floor) + f"  ({single / griffe_s:.2f}x griffe)")
    print(_row("klaro, first run", first, lines, floor) + f"  ({first / griffe_s:.2f}x griffe)")
    print(_row("klaro, cached", cached, lines, floor) + f"  ({first / cached:.1f}x faster)")


def _row(label: str, seconds: float, lines: int, floor: float) -> str:
    rate = lines / seconds
    return f"{label:<20}{seconds:7.2f} s  {rate:9.0f} lines/s  ({seconds / floor:.2f}x floor)"


if __name__ == "__main__":
    main()
