"""Command line: add numbers from the arguments."""

from __future__ import annotations

import argparse
import os

from tinycalc.core import Calculator


def main(argv: list[str] | None = None) -> int:
    """Print the total of the numbers given on the command line."""
    parser = argparse.ArgumentParser(prog="tinycalc")
    parser.add_argument("numbers", nargs="*", type=int, help="numbers to add")
    parser.add_argument("--start", type=int, default=int(os.environ.get("TINYCALC_START", "0")))
    args = parser.parse_args(argv)
    calc = Calculator(args.start)
    for number in args.numbers:
        calc.push(number)
    print(calc.total)
    return 0
