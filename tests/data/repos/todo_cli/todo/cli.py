"""The `todo` command line: add, list and finish items."""

from __future__ import annotations

import argparse
from pathlib import Path

from todo.store import Item, TodoFile


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with its sub-commands."""
    parser = argparse.ArgumentParser(prog="todo", description="Keep a to-do list.")
    parser.add_argument("--file", default="todo.txt", help="the to-do file to use")
    parser.add_argument("-v", "--verbose", action="store_true", help="say more")
    sub = parser.add_subparsers(dest="command")
    add = sub.add_parser("add", help="add an item")
    add.add_argument("text", help="what to do")
    listing = sub.add_parser("list", help="show the items")
    listing.add_argument("--all", action="store_true", help="include finished items")
    done = sub.add_parser("done", help="mark an item as finished")
    done.add_argument("number", type=int, help="item number from `todo list`")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit code."""
    args = build_parser().parse_args(argv)
    store = TodoFile(Path(args.file))
    items = store.load()
    if args.command == "add":
        items.append(Item(args.text))
        store.save(items)
    elif args.command == "done":
        items[args.number - 1].done = True
        store.save(items)
    else:
        for n, item in enumerate(items, 1):
            if args.all or not item.done:
                print(n, item.text)
    return 0
