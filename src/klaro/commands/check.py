"""`klaro check`: verify that every code reference in the docs resolves against the code."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from klaro.commands.common import add_common, analysis_for, config_from_args
from klaro.commands.progress import phase
from klaro.errors import UsageError

if TYPE_CHECKING:
    from klaro.config import Config
    from klaro.scan.model import Analysis


def register(subparsers: Any) -> None:
    """Add the `check` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        help="check that the docs only reference code that exists (exit 1 on drift)",
        description="Exit 0 when every reference resolves, 1 on unresolved references or "
        "dead links, 2 on a usage or configuration error. Undocumented API is reported as "
        "coverage and never fails the check.",
    )
    add_common(parser)
    parser.add_argument(
        "--docs",
        nargs="+",
        metavar="GLOB",
        help="documents to check (default: all Markdown and reStructuredText)",
    )
    parser.add_argument(
        "--include-history",
        action="store_true",
        help="also check changelogs and upgrade/migration guides (skipped by default)",
    )
    parser.add_argument("--format", choices=("text", "json", "github"), default="text")
    parser.add_argument("--no-cache", action="store_true", help="ignore the analysis cache")
    parser.add_argument(
        "--fix",
        action="store_true",
        help="rewrite references to renamed code (proven from git history or "
        ".klaro/state.json) and report the rest; exit 0 when nothing stays unresolved",
    )
    parser.add_argument(
        "--diff", action="store_true", help="with --fix: print the repairs as a diff, write nothing"
    )
    parser.add_argument(
        "--since",
        metavar="REV",
        help="the commit the docs were written for (default: .klaro/state.json, else the PR's "
        "merge base, HEAD with uncommitted edits, else the previous commit): names the code "
        "had there and lacks now are stale, and --fix repairs proven renames since then",
    )
    parser.add_argument(
        "--no-history",
        action="store_true",
        help="do not compare with the documented state (no git, no snapshot)",
    )
    parser.add_argument(
        "--propose",
        action="store_true",
        help="with --fix: let the configured model rewrite lines naming removed or ambiguously "
        "renamed code; a rewrite is kept only when the check passes it",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Analyse, check the documents and print the report; 1 when the docs have drifted."""
    from klaro.verify.check import check_repository
    from klaro.verify.format import render

    if (args.diff or args.propose) and not args.fix:
        raise UsageError("--diff and --propose go with --fix")
    if args.no_history and (args.since or args.fix):
        raise UsageError("--no-history cannot go with --since or --fix (they need the history)")
    overrides = {"check_history": True} if args.include_history else {}
    config = config_from_args(args, **overrides)
    analysis = analysis_for(config, args)
    if args.fix:
        return _fix(config, analysis, args)
    former = None
    if not args.no_history:
        from klaro.scan.analyze import default_cache_dir
        from klaro.verify.former import Former

        cache = None if args.no_cache else default_cache_dir()
        former = Former(config.root, analysis, args.since, cache)
    with phase("check", args.quiet) as current:
        report = check_repository(config, analysis, args.docs, former)
        current.summary = (
            f"{len(report.documents)} documents, {report.references} references "
            f"({report.resolved} resolved)"
        )
    if not report.documents:
        print(
            f"klaro check: no documents to check in {config.root} "
            "(no Markdown or reStructuredText outside tests and changelogs)",
            file=sys.stderr,
        )
    if former is not None and former.problem:
        print(f"klaro check: documented state not used: {former.problem}", file=sys.stderr)
    sys.stdout.write(render(report, args.format))
    return 1 if report.drift else 0


def _fix(config: Config, analysis: Analysis, args: argparse.Namespace) -> int:
    """Repair proven renames (or preview them with --diff); 1 while anything stays unresolved."""
    from klaro import app
    from klaro.verify.fix import render_fix

    report = app.repair(config, analysis, since=args.since, docs=args.docs, propose=args.propose)
    if args.diff:
        sys.stdout.write(report.diff())
    else:
        app.save_repair(config, report)
    sys.stdout.write(render_fix(report, written=not args.diff))
    return 1 if report.unresolved else 0
