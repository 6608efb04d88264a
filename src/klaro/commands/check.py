"""`klaro check`: verify that every code reference in the docs resolves against the code."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from klaro.commands.common import add_common, analysis_for, config_from_args
from klaro.commands.progress import phase


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
        "--docs", nargs="+", metavar="GLOB", help="documents to check (default: all Markdown)"
    )
    parser.add_argument("--format", choices=("text", "json", "github"), default="text")
    parser.add_argument("--no-cache", action="store_true", help="ignore the analysis cache")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Analyse, check the documents and print the report; 1 when the docs have drifted."""
    from klaro.verify.check import check_repository
    from klaro.verify.format import render

    config = config_from_args(args)
    analysis = analysis_for(config, args)
    with phase("check", args.quiet) as current:
        report = check_repository(config, analysis, args.docs)
        current.summary = (
            f"{len(report.documents)} documents, {report.references} references "
            f"({report.resolved} resolved)"
        )
    sys.stdout.write(render(report, args.format))
    return 1 if report.drift else 0
