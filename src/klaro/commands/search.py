"""`klaro search`: hybrid search over the indexed code."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from klaro.commands.common import Deprecated, add_common, config_from_args
from klaro.errors import UsageError

if TYPE_CHECKING:
    from klaro.knowledge.base import KnowledgeBase


def register(subparsers: Any) -> None:
    """Add the `search` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "search", help="search the indexed code (semantic + lexical + code graph)"
    )
    parser.add_argument("query", help="what to look for, in words or names")
    add_common(parser)
    parser.add_argument("--within", metavar="DIR", help="only files under DIR (in the repository)")
    parser.add_argument(
        "--path",
        dest="within",
        action=Deprecated,
        instead="use --within DIR (PATH names the repository in every command)",
        help=argparse.SUPPRESS,
    )
    parser.add_argument("--k", type=int, default=5, help="number of results (default: 5)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(handler=run)


def open_index(kb: KnowledgeBase) -> None:
    """Refuse to search a repository that was never indexed, saying how to fix it."""
    if kb.code.collection() is None:
        raise UsageError(f"no index for '{kb.repository}' yet; run `klaro index` first")


def run(args: argparse.Namespace) -> int:
    """Search and print results as text or JSON."""
    if args.k < 1:
        raise UsageError(f"--k must be at least 1, got {args.k}")
    from klaro.knowledge.base import KnowledgeBase

    config = config_from_args(args)
    kb = KnowledgeBase.from_config(config)
    open_index(kb)
    results = kb.search(args.query, k=args.k, path=args.within)
    if args.format == "json":
        json.dump({"results": [r.to_dict() for r in results]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if not results:
        print("no results")
    for r in results:
        print(
            f"{r.score:.4f}  {r.path}:{r.start_line}-{r.end_line}  {r.symbol}  [{r.method}"
            + (f", hop {r.hop}]" if r.hop else "]")
        )
    return 0
