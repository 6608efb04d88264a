"""`klaro ask`: answer questions about the repository with citations (path:line)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from klaro.commands.common import config_from_args
from klaro.commands.search import open_index

if TYPE_CHECKING:
    from klaro.config import Config
    from klaro.knowledge.ask import Answer


def register(subparsers: Any) -> None:
    """Add the `ask` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "ask", help="answer a question about the repository, citing path:line"
    )
    parser.add_argument(
        "question", nargs="?", help="the question (default: read questions from stdin)"
    )
    parser.add_argument("--repo", dest="path", default=".", help="repository root (default: .)")
    parser.add_argument("--config", metavar="FILE", help="config file (default: .klaro.yml)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no prompt on stderr")
    parser.add_argument("--trace", action="store_true", help="print the steps taken")
    parser.set_defaults(handler=run)


def chat_model(config: Config) -> Any | None:
    """The configured chat model, or None when no model is configured."""
    if not config.has_model:
        return None
    from klaro.agent.model import make_chat_model

    return make_chat_model(config)


def _print(answer: Answer, trace: bool) -> None:
    if trace:
        for step in answer.steps:
            print(f"[{step.name}] {step.detail}")
    print(answer.text)
    if answer.used_model and answer.citations:
        print("Sources: " + ", ".join(answer.citations))


def run(args: argparse.Namespace) -> int:
    """Answer one question, or each line read from stdin until EOF."""
    from klaro import app
    from klaro.knowledge.ask import ask
    from klaro.knowledge.base import KnowledgeBase

    config = config_from_args(args)
    kb = KnowledgeBase.from_config(config)
    open_index(kb)
    model = chat_model(config)
    redactor = app.run_redactor(config)
    if args.question:
        _print(ask(kb, args.question, model, redactor=redactor), args.trace)
        return 0
    interactive = sys.stdin.isatty() and not args.quiet
    while True:
        if interactive:
            print("? ", end="", file=sys.stderr, flush=True)
        line = sys.stdin.readline()
        if not line:
            return 0
        if line.strip():
            _print(ask(kb, line.strip(), model, redactor=redactor), args.trace)
            print()
