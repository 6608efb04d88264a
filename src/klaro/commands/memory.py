"""`klaro memory`: list or clear what maintainers decided about Klaro's text.

The Action learns these decisions from Klaro's pull requests (closed unmerged, edited before
merging, reviewed) and from edits inside Klaro's regions, and keeps them in
`.klaro/memory.json`; clearing an entry lets Klaro propose that region's text again.
"""

from __future__ import annotations

import argparse
from typing import Any

from klaro.commands.common import add_common, config_from_args
from klaro.errors import UsageError


def register(subparsers: Any) -> None:
    """Add the `memory` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "memory", help="list or clear the maintainer decisions Klaro remembers"
    )
    parser.add_argument("action", choices=("list", "clear"), help="what to do")
    add_common(parser)
    parser.add_argument("--region", metavar="NAME", help="only this region (e.g. installation)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """List the decisions, one a line, or forget them."""
    from klaro.write.memory import MEMORY_PATH, load_memory, save_memory

    config = config_from_args(args)
    memory = load_memory(config.root)
    if args.action == "clear":
        gone = memory.clear(args.region)
        if args.region and not gone:
            raise UsageError(f"--region '{args.region}': no decision remembered for that region")
        if (config.root / MEMORY_PATH).is_file():
            save_memory(config.root, memory)
        if not args.quiet:
            print(f"klaro: forgot {gone} decision(s)")
        return 0
    shown = [e for e in memory.entries() if args.region in (None, e[1])]
    if not shown:
        print(
            "no maintainer decisions remembered" + (f" for '{args.region}'" if args.region else "")
        )
    for file, name, kind, decision in shown:
        text = " ".join(decision.text.split())
        text = text if len(text) <= 80 else text[:79] + "…"
        print(f"{file} [{name}] {kind}: {decision.reason}\n    {text}")
    return 0
