"""`klaro analyze`: print what the deterministic analysis found, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from klaro.commands.common import add_common, analysis_for, config_from_args

if TYPE_CHECKING:
    from klaro.scan.model import Analysis

_MAX_LISTED = 40


def register(subparsers: Any) -> None:
    """Add the `analyze` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "analyze", help="analyse a repository and print the facts Klaro documents from"
    )
    add_common(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--no-cache", action="store_true", help="ignore the analysis cache")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Analyse and print; exit 0 even when some files had syntax errors (they are listed)."""
    config = config_from_args(args)
    analysis = analysis_for(config, args)
    if args.format == "json":
        from klaro.scan.graph_cache import graph_of

        data = analysis.to_dict()
        graph = graph_of(analysis)
        data["central"] = [{"name": n, "score": round(s, 6)} for n, s in graph.central(20)]
        json.dump(data, sys.stdout, indent=2, sort_keys=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(analysis))
    return 0


def render_text(analysis: Analysis) -> str:
    """Render a readable summary: package, modules, public API, CLI, env vars, central symbols."""
    meta = analysis.metadata
    out: list[str] = []
    title = meta.name or analysis.root.rsplit("/", 1)[-1]
    out.append(f"{title} {meta.version or ''}".rstrip())
    if meta.description:
        out.append(f"  {meta.description}")
    modules = [m for m in analysis.modules if m.role == "package"]
    classes = sum(1 for _ in analysis.iter_classes())
    functions = sum(1 for _ in analysis.iter_functions())
    out.append(
        f"  {len(analysis.files)} files, {len(modules)} modules, {analysis.lines} lines of Python,"
        f" {classes} classes, {functions} functions"
    )
    if meta.requires_python:
        out.append(f"  requires Python {meta.requires_python}")
    _section(out, "Modules", [f"{m.name}  {_first_line(m.docstring)}".rstrip() for m in modules])
    api = []
    for module in modules:
        if not module.is_public:
            continue
        names = set(module.public_names())
        for func in module.functions:
            if func.name in names:
                api.append(f"{module.name}.{func.name}{func.signature}")
        for cls in module.classes:
            if cls.name in names:
                api.append(f"{module.name}.{cls.name}  (class)")
    _section(out, "Public API", api)
    scripts = [f"{e.name} = {e.target}" for e in meta.console_scripts]
    _section(out, "Console scripts", scripts)
    cli = []
    for cmd in analysis.cli:
        flags = ", ".join(" ".join(o.flags) for o in cmd.options)
        label = cmd.name or "(program)"
        cli.append(f"{label} [{cmd.framework}] {cmd.path}:{cmd.lineno}  {flags}".rstrip())
    _section(out, "CLI commands", cli)
    env = sorted({e.name: f"{e.name}  {e.path}:{e.lineno}" for e in analysis.env_vars}.values())
    _section(out, "Environment variables", env)
    from klaro.scan.graph_cache import graph_of

    graph = graph_of(analysis)
    _section(out, "Most central symbols", [f"{n}  {s:.4f}" for n, s in graph.central(10)])
    _section(out, "Errors", [f"{e.path}:{e.lineno or 0}: {e.message}" for e in analysis.errors])
    if analysis.skipped:
        out.append(
            f"\n{len(analysis.skipped)} files skipped (secret, binary, too large or ignored)"
        )
    return "\n".join(out) + "\n"


def _section(out: list[str], title: str, rows: list[str]) -> None:
    if not rows:
        return
    out.append(f"\n{title} ({len(rows)})")
    out.extend(f"  {row}" for row in rows[:_MAX_LISTED])
    if len(rows) > _MAX_LISTED:
        out.append(f"  ... and {len(rows) - _MAX_LISTED} more (use --format json for all)")


def _first_line(doc: str | None) -> str:
    return doc.strip().splitlines()[0] if doc and doc.strip() else ""
