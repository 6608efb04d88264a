"""The `shapes` command line (argparse)."""

import argparse
import os

from shapes.core import Circle, area_of

HOME_VAR = "SHAPES_HOME"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shapes", description="Measure shapes.")
    parser.add_argument("-v", "--verbose", action="store_true", help="say more")
    sub = parser.add_subparsers(dest="command")
    area = sub.add_parser("area", help="print the area of a circle")
    area.add_argument("radius", type=float, help="the radius")
    area.add_argument("--precision", "-p", type=int, default=3, help="digits to keep")
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    home = os.environ.get(HOME_VAR, "~/.shapes")
    debug = os.getenv("SHAPES_DEBUG", "0")
    if "SHAPES_NO_COLOR" in os.environ:
        pass
    print(area_of(Circle(args.radius)), home, debug)
    return 0
