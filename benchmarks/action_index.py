"""Action knowledge base: how long a run spends indexing before the agent or `/docs ask` starts.

An Action run starts on a clean machine, so it indexes the style guides and the code in the
runner's temporary folder (`app.ephemeral_knowledge`). This prints, for real packages from
pinned sdists (cached under ~/.cache/klaro-bench), the chunks and seconds of the cold build,
of the update a second step of the same job does (nothing changed), and of the analysis.
Run: `python benchmarks/action_index.py [--sets click,httpx]`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from retrieval import fetch_sdist

from klaro import app
from klaro.config import load_config

PACKAGES = {"click": ("click", "8.1.7"), "httpx": ("httpx", "0.27.0")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="click,httpx")
    args = parser.parse_args()
    print("package        files  chunks  analyze  cold index  warm update")
    for name in args.sets.split(","):
        root = fetch_sdist(*PACKAGES[name])
        config = load_config(root, env={})
        start = time.perf_counter()
        analysis = app.analyze(config)
        analyzed = time.perf_counter() - start
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            _, cold = app.ephemeral_knowledge(config, analysis, Path(tmp))
            cold_s = time.perf_counter() - start
            start = time.perf_counter()
            _, warm = app.ephemeral_knowledge(config, analysis, Path(tmp))
            warm_s = time.perf_counter() - start
        assert warm.written == 0, warm
        label = "-".join(PACKAGES[name])
        print(
            f"{label:<14} {len(analysis.files):>5}  {cold.added:>6}  {analyzed:>6.2f}s"
            f"  {cold_s:>9.2f}s  {warm_s:>10.2f}s"
        )


if __name__ == "__main__":
    main()
