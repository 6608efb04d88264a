"""`klaro generate`: write the README and API reference, like a formatter writes code.

By default the files are updated in place (only Klaro's regions change); `--diff` prints a
unified diff and writes nothing, exiting 1 when something would change (like `black
--check`); `--output FILE` / `-o -` sends one document elsewhere instead.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from klaro.commands.common import add_common, analysis_for, config_from_args, write_output
from klaro.errors import UsageError
from klaro.write.model import format_cost

if TYPE_CHECKING:
    from klaro.write.model import DocsRun

_DOC_CHOICES = ("readme", "api", "all")  # "all": every document app.DOCS can write


def register(subparsers: Any) -> None:
    """Add the `generate` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "generate", help="write the README and API reference from the code"
    )
    add_common(parser)
    parser.add_argument(
        "--doc",
        choices=_DOC_CHOICES,
        help="which document to write (default: the configured `docs`)",
    )
    parser.add_argument(
        "--offline", action="store_true", help="use the deterministic writer, never a model"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--diff", action="store_true", help="print a unified diff, write nothing; exit 1 if changes"
    )
    mode.add_argument(
        "-o", "--output", metavar="FILE", help="write the document to FILE ('-' for stdout)"
    )
    parser.add_argument("--no-cache", action="store_true", help="ignore the analysis cache")
    parser.add_argument(
        "--trace", metavar="FILE", help="write the agent's trace as JSON to FILE ('-' for stderr)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Generate the documents and write, diff or print them."""
    from klaro import app

    config = config_from_args(args)
    docs = (app.DOCS if args.doc == "all" else (args.doc,)) if args.doc else None
    selected = [d for d in (docs or config.docs) if d in app.DOCS]
    if not selected:
        raise UsageError("nothing to generate: `docs` names no readme or api document")
    if args.output is not None and len(selected) != 1:
        raise UsageError("--output takes one document; add --doc readme or --doc api")
    if not args.offline and not config.has_model:
        print(
            "klaro: no model configured (KLARO_API_KEY or base_url); using the offline writer",
            file=sys.stderr,
        )
    result = app.docs_for(
        config, docs=selected, offline=args.offline, analysis=analysis_for(config, args)
    )
    _report(result, args.trace, args.quiet)
    changes = result.changes
    if not changes:
        print(
            "klaro: nothing to write: no public Python modules for an API reference",
            file=sys.stderr,
        )
        return 0
    if args.diff:
        for change in changes:
            sys.stdout.write(change.diff())
        return 1 if any(c.changed for c in changes) else 0
    if args.output == "-":
        sys.stdout.write(changes[0].after)
        return 0
    if args.output is not None:
        write_output("--output", args.output, changes[0].after)
        return 0
    app.write_changes(config, changes)
    if not args.quiet:
        for change in changes:
            state = "created" if change.before is None else "updated"
            state = state if change.changed else "unchanged"
            print(f"klaro: {state} {change.path}", file=sys.stderr)
    return 0


def _report(result: DocsRun, trace: str | None, quiet: bool) -> None:
    """Say how the agent's runs ended and what they cost; write the trace if asked."""
    if result.writer != "agent":
        if trace:
            print("klaro: no agent run (offline writer), no trace written", file=sys.stderr)
        return
    if trace:
        text = "[" + ",\n".join(t.to_json() for t in result.traces) + "]\n"
        if trace == "-":
            sys.stderr.write(text)
        else:
            write_output("--trace", trace, text)
    if not quiet:
        for path, status in result.statuses.items():
            print(f"klaro: agent {status} {path}", file=sys.stderr)
        print(
            f"klaro: {result.tokens} tokens, {format_cost(result.cost_usd)}"
            + (f", {len(result.findings)} finding(s) left" if result.findings else ""),
            file=sys.stderr,
        )
