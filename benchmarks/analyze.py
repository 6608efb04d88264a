"""Benchmark the analysis on a large tree (default: this Python's standard library).

Prints files, lines, seconds and lines/s for a full analysis (in one process, and with the
default process pool, cache written), the floor (only reading and `ast.parse` of the same
Python files, one process), their ratios, and a warm re-run from the cache.

    python benchmarks/analyze.py [PATH]
"""

from __future__ import annotations

import ast
import contextlib
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

from klaro.scan.analyze import analyze_repository
from klaro.scan.files import scan_repository


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.__file__))
    warnings.simplefilter("ignore")  # the stdlib's tests hold deliberately bad escapes
    scan = scan_repository(root, max_file_size=5_000_000)
    paths = [root / f.path for f in scan.files if f.path.endswith(".py")]
    start = time.perf_counter()
    for path in paths:
        with contextlib.suppress(SyntaxError, ValueError):
            ast.parse(path.read_bytes())
    floor = time.perf_counter() - start
    start = time.perf_counter()
    analyze_repository(root, max_file_size=5_000_000, workers=1)
    single = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as cache:
        cache_dir = Path(cache)
        start = time.perf_counter()
        analysis = analyze_repository(root, cache_dir=cache_dir, max_file_size=5_000_000)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        analyze_repository(root, cache_dir=cache_dir, max_file_size=5_000_000)
        warm = time.perf_counter() - start
    lines = analysis.lines
    print(f"tree                {root}")
    print(f"python files        {len(paths)} ({len(analysis.errors)} unparsable)")
    print(f"lines               {lines}")
    print(_row("floor (read+parse)", floor, lines, floor))
    print(_row("analysis, 1 process", single, lines, floor))
    print(_row("analysis, pool", cold, lines, floor))
    print(f"cached re-run       {warm:7.2f} s  ({cold / warm:.1f}x faster than the first run)")


def _row(label: str, seconds: float, lines: int, floor: float) -> str:
    rate = lines / seconds
    return f"{label:<20}{seconds:7.2f} s  {rate:9.0f} lines/s  ({seconds / floor:.2f}x floor)"


if __name__ == "__main__":
    main()
