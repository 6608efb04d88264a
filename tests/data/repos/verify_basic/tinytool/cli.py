"""The tinytool command line."""

import argparse

from tinytool.core import greet


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tinytool")
    parser.add_argument("--version", action="version", version="1.2.0")
    sub = parser.add_subparsers(dest="command")
    hello = sub.add_parser("hello", help="greet someone")
    hello.add_argument("name")
    hello.add_argument("--shout", action="store_true", help="greet loudly")
    hello.add_argument("--times", type=int, default=1, help="how many greetings")
    sub.add_parser("settings", help="print the settings")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "hello":
        text = greet(args.name, times=args.times)
        print(text.upper() if args.shout else text)
    return 0
