"""`klaro action`: the GitHub Action entrypoint (the container's ENTRYPOINT runs it)."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from klaro.github.context import Steps


def register(subparsers: Any) -> None:
    """Add the `action` sub-command; it takes no arguments, GitHub passes everything in env."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "action",
        help="run as a GitHub Action (reads INPUT_* and GITHUB_* from the environment)",
        description="Run Klaro as a GitHub Action: the event, inputs and repository come from "
        "the GITHUB_* and INPUT_* variables the runner sets.",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the action for the current event and return its exit code."""
    from klaro.action import run_action

    return run_action(os.environ, steps())


def steps() -> Steps:
    """The application steps this build of Klaro offers to the action.

    Agent runs and `/docs ask` index the style guides and code afresh in the runner's
    temporary folder: an Action run starts from a clean machine, with no `klaro index`.
    """
    from klaro import app
    from klaro.github.context import Steps
    from klaro.scan.analyze import default_cache_dir

    cache = default_cache_dir()
    temp = app.run_temp(os.environ)
    return Steps(
        generate=lambda config: app.docs_for(
            config, cache_dir=cache, knowledge_dir=temp, repair=True
        ),
        check=lambda config, base: app.drift(config, cache_dir=cache, base=base),
        ask=lambda config, question: app.answer(
            config, question, knowledge_dir=temp, cache_dir=cache
        ),
    )
