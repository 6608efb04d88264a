"""Time `klaro check`: all Markdown of a large tree, and one `verify()` call on a draft.

Usage: python benchmarks/check.py [REPO]  (default: a generated tree of 300 modules and 60
documents, each linking to anchors of the next, ~21,600 references). The analysis is cached
first, as in CI after the first run; the figures are the check itself. Target: under 1 s for
a 10k-line package (printed scaled per 10k lines), a few ms per `verify()` call.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify import verify
from klaro.verify.check import check_repository

MODULES, DOCS = 300, 60


def generate(root: Path) -> None:
    """Write a package with many classes and functions, and docs that reference them."""
    pkg = root / "bigpkg"
    pkg.mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "bigpkg"\n')
    (pkg / "__init__.py").write_text('"""Big package."""\n')
    for i in range(MODULES):
        body = [f'"""Module {i}."""\nimport os\n']
        for j in range(8):
            body.append(
                f"class Thing{i}_{j}:\n    def run(self, x: int) -> int:\n        return x\n"
                f"    def stop(self) -> None:\n        pass\n\n"
                f"def helper_{i}_{j}(a, b=1):\n    return os.environ.get('BIG_{i}_{j}', a)\n"
            )
        (pkg / f"mod{i}.py").write_text("\n".join(body))
    docs = root / "docs"
    docs.mkdir()
    for d in range(DOCS):
        lines = [f"# Guide {d}\n"]
        for k in range(40):
            i, j = (d * 7 + k) % MODULES, k % 8
            lines.append(
                f"## Step {k}\n\nCall `bigpkg.mod{i}.helper_{i}_{j}()` or `Thing{i}_{j}.run`,"
                f" set `BIG_{i}_{j}`, see [step](#step-{k}) and [api](guide{(d + 1) % DOCS}.md)"
                f" ([next step](guide{(d + 1) % DOCS}.md#step-{k})).\n"
                f"\n```python\nfrom bigpkg.mod{i} import Thing{i}_{j}\n"
                f"t = Thing{i}_{j}()\nt.run(1)\n```\n"
            )
        (docs / f"guide{d}.md").write_text("\n".join(lines))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "big"
        if len(sys.argv) == 1:
            generate(root)
        cache = Path(tmp) / "cache"
        analyze_repository(root, cache_dir=cache)  # warm the analysis cache
        start = time.perf_counter()
        analysis = analyze_repository(root, cache_dir=cache)
        analysed = time.perf_counter() - start
        config = load_config(root, env={})
        start, cpu = time.perf_counter(), time.process_time()
        report = check_repository(config, analysis)
        checked, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"tree: {root} ({len(analysis.modules)} modules, {analysis.lines} lines)")
        print(f"analysis from cache: {analysed:.3f} s")
        print(
            f"check of {len(report.documents)} documents, {report.references} references "
            f"(index build included): {checked:.3f} s"
            f" = {checked * 10_000 / max(analysis.lines, 1):.3f} s per 10k lines (target < 1 s);"
            f" CPU {cpu:.3f} s (steadier on a busy machine)"
        )
        readme = next(iter(sorted(report.documents)), None)
        draft = (root / readme).read_text() if readme else "# Empty\n"
        calls = 50
        start = time.perf_counter()
        for _ in range(calls):
            verify(draft, analysis, path=readme or "README.md")
        per_call = (time.perf_counter() - start) / calls
        print(f"verify() on a {len(draft.splitlines())}-line draft: {per_call * 1000:.1f} ms/call")


if __name__ == "__main__":
    main()
