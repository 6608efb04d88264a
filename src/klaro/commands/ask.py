"""`klaro ask`: answer questions about the repository with citations (path:line)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from klaro.commands.common import add_common, config_from_args


def register(subparsers: Any) -> None:
    """Add the `ask` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "ask", help="answer a question about the repository, citing path:line"
    )
    parser.add_argument(
        "question",
        nargs="?",
        help="the question; '-' or none: read questions from stdin, one a line",
    )
    add_common(parser)
    parser.add_argument("--trace", action="store_true", help="print the steps taken")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Answer one question, or each line read from stdin until EOF."""
    from klaro import app

    answer = app.answerer(config_from_args(args))
    if args.question and args.question != "-":
        print(app.format_answer(answer(args.question), steps=args.trace))
        return 0
    interactive = sys.stdin.isatty() and not args.quiet
    while True:
        if interactive:
            print("? ", end="", file=sys.stderr, flush=True)
        line = sys.stdin.readline()
        if not line:
            return 0
        if line.strip():
            print(app.format_answer(answer(line.strip()), steps=args.trace))
            print()
