"""Startup benchmark: how long `klaro` commands take from the shell, against a bare interpreter.

On a copy of a pinned real package (default requests 2.32.3, ~10.7k lines of Python, fetched
once from PyPI and cached like benchmarks/retrieval.py does), with its analysis cached and its
knowledge base indexed first, it times each command as a user runs it (the `klaro` console
script in a fresh process) and prints the median of several runs:

    bare interpreter      python -c pass
    klaro --version       target 0.25 s
    klaro check PATH      target 1 s (analysis read from the cache)
    klaro search Q PATH   target 1 s (index open, query, print)

    python benchmarks/startup.py [--package NAME==VERSION] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from retrieval import fetch_sdist

TARGETS = {"klaro --version": 0.25, "klaro check": 1.0, "klaro search": 1.0}


def _timed(argv: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU (user+system) seconds of `argv` over `runs` fresh processes.

    One warm-up run first. CPU time does not grow with other processes' load; wall time does.
    """
    walls, cpus = [], []
    for i in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in (0, 1):  # check exits 1 on drift: still a complete run
            raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr}")
        if i:
            walls.append(elapsed)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", default="requests==2.32.3", help="NAME==VERSION on PyPI")
    parser.add_argument("--runs", type=int, default=5, help="runs per command (median)")
    parser.add_argument("--query", default="send a request with a timeout and retries")
    args = parser.parse_args()
    name, _, version = args.package.partition("==")
    klaro = shutil.which("klaro", path=str(Path(sys.executable).parent)) or "klaro"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / f"{name}-{version}"
        shutil.copytree(fetch_sdist(name, version), root)
        env = {**os.environ, "KLARO_CACHE_DIR": str(Path(tmp) / "cache")}
        # an installed package has its bytecode compiled (pip does it); a sandbox that forbids
        # writing .pyc would recompile Klaro's modules on every run, so keep it in the temp dir
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        for name_ in ("KLARO_API_KEY", "OPENAI_API_KEY", "KLARO_BASE_URL", "OPENAI_BASE_URL"):
            env.pop(name_, None)  # offline: no model is ever called
        lines = sum(p.read_bytes().count(b"\n") for p in root.rglob("*.py"))
        # warm the analysis cache and build the knowledge base once, untimed
        for argv in ([klaro, "check", str(root), "-q"], [klaro, "index", str(root), "-q"]):
            subprocess.run(argv, env=env, capture_output=True, check=False)
        rows = [
            ("bare interpreter", _timed([sys.executable, "-c", "pass"], env, args.runs)),
            ("klaro --version", _timed([klaro, "--version"], env, args.runs)),
            ("klaro check", _timed([klaro, "check", str(root), "-q"], env, args.runs)),
            ("klaro search", _timed([klaro, "search", args.query, str(root)], env, args.runs)),
        ]
    bare = rows[0][1][0]
    print(f"package             {name} {version} ({lines} lines of Python), {args.runs} runs")
    print(f"load average        {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for label, (seconds, cpu) in rows:
        target = TARGETS.get(label)
        verdict = (
            ""
            if target is None
            else f"  target {target:.2f} s  " + ("ok" if seconds <= target else "MISSED")
        )
        print(
            f"{label:<20}{seconds:6.3f} s  (cpu {cpu:5.3f} s)  {seconds / bare:5.1f}x bare{verdict}"
        )


if __name__ == "__main__":
    main()
