"""Prompt tokens the agent spends on a medium repository, with a scripted model.

    python benchmarks/agent.py [REPO] [--budget TOKENS]

The scripted model explores like a diligent agent (reads every Python file in 200-line windows,
greps, asks the analysis), then submits. Tokens are the fake's usage fields, estimated at four
characters per token from exactly what each request carried. The point: per-call context stays
under `context_budget` however much the agent reads, because old observations are dropped.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent / "src"))

from langchain_core.messages import AIMessage  # noqa: E402

from fakes.chat_model import ScriptedChatModel, call  # noqa: E402
from klaro.agent import run_agent  # noqa: E402
from klaro.config import load_config  # noqa: E402
from klaro.scan.analyze import analyze_repository  # noqa: E402
from klaro.scan.graph import build_graph  # noqa: E402
from klaro.verify.model import Finding  # noqa: E402
from klaro.write.model import DocChange  # noqa: E402


def script_for(analysis_files: list[str], symbols: list[str]) -> list[AIMessage]:
    steps: list[AIMessage] = [call("list_files", directory=".", depth=2)]
    for path in analysis_files:
        steps.append(call("read_file", path=path, start_line=1, end_line=200))
    for name in symbols:
        steps.append(call("analyze_code", target=name))
    steps.append(call("grep", pattern=r"def \w+\(", glob="*.py"))
    steps.append(call("edit_document", old_string="# Project", new_string="# Project\n\nIntro."))
    steps.append(call("submit_document", path="README.md", summary="benchmark"))
    return steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", nargs="?", default=str(HERE.parent), help="default: this repo")
    parser.add_argument("--budget", type=int, default=16_000, help="context_budget (tokens)")
    args = parser.parse_args()
    root = Path(args.repo).resolve()
    analysis = analyze_repository(root)
    graph = build_graph(analysis)
    files = [m.path for m in analysis.modules if m.role == "package"]
    symbols = [name for name, _ in graph.central(10)]
    script = script_for(files, symbols)
    overrides = {"context_budget": args.budget, "token_budget": 10_000_000, "recursion_limit": 1000}
    config = load_config(root, env={}, overrides=overrides)
    model = ScriptedChatModel(script=script)

    def no_findings(path: str, text: str) -> list[Finding]:
        return []

    draft = DocChange("README.md", None, "# Project\n\nOffline draft.\n")
    start = time.perf_counter()
    result = run_agent(
        config, analysis, graph, draft, model=model, verifier=no_findings, environ={}
    )
    elapsed = time.perf_counter() - start
    per_call = [given for given, _ in result.usage.per_call]
    read_chars = sum(len(str(m.content)) for m in model.requests[-1] if m.type == "tool")
    print(f"repo: {root.name}: {len(analysis.modules)} modules, {analysis.lines} lines")
    print(f"status: {result.status}, model calls: {result.usage.calls}, wall: {elapsed:.2f}s")
    print(f"tool calls scripted: {len(script)} ({len(files)} file reads)")
    print(f"prompt tokens per run: {result.usage.input_tokens}")
    print(
        f"prompt tokens per call: mean {statistics.mean(per_call):.0f}, "
        f"median {statistics.median(per_call):.0f}, max {max(per_call)}"
    )
    print(f"context budget: {args.budget} tokens; max call uses {max(per_call) / args.budget:.0%}")
    print(f"tool-result characters in the last request: {read_chars}")
    return 0 if max(per_call) <= args.budget else 1


if __name__ == "__main__":
    raise SystemExit(main())
