"""`klaro index`: bring the knowledge base (code chunks + style guides) up to date."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from klaro.commands.common import add_common, analysis_for, config_from_args
from klaro.commands.progress import phase, progress_bar

if TYPE_CHECKING:
    from klaro.config import Config


def register(subparsers: Any) -> None:
    """Add the `index` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "index", help="index the code and style guides for search and ask"
    )
    add_common(parser)
    parser.add_argument(
        "--rebuild", action="store_true", help="drop the index and build it again from scratch"
    )
    parser.set_defaults(handler=run)


def load_guides(config: Config) -> list[tuple[str, str]]:
    """Return (name, markdown) of the style guides, the repository's overriding ours."""
    from klaro.write import styleguides

    return [(g.name, g.text) for g in styleguides.load_guides(config)]


def run(args: argparse.Namespace) -> int:
    """Analyse, chunk, embed what changed and print the counts."""
    from klaro.knowledge.base import KnowledgeBase

    config = config_from_args(args)
    analysis = analysis_for(config, args)
    kb = KnowledgeBase.from_config(config)
    if args.rebuild:
        kb.rebuild()
    with phase("index", args.quiet) as current:
        stats = kb.index(
            analysis, load_guides(config), progress=progress_bar(args.quiet, "embed", current)
        )
        current.summary = f"{current.items} chunks embedded, {stats.unchanged} unchanged"
    print(
        f"indexed {kb.repository}: {stats.added} added, {stats.updated} updated, "
        f"{stats.removed} removed, {stats.unchanged} unchanged "
        f"(embedding {kb.embedder.name})"
    )
    return 0
