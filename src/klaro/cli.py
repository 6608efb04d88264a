"""The `klaro` command line: parse arguments, load config, dispatch, map errors to exit codes.

Each sub-command lives in `klaro.commands.<name>` with `register(subparsers)` adding its
arguments and a `run(args) -> int` handler; this module only wires them. A `KlaroError` is a
user mistake: one line on stderr and exit 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence

from klaro import __version__
from klaro.commands import COMMANDS
from klaro.errors import KlaroError


def build_parser() -> argparse.ArgumentParser:
    """Build the parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="klaro",
        description="Documentation that stays true to the code.",
    )
    parser.add_argument("--version", action="version", version=f"klaro {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with warnings.catch_warnings():
            # Parsing a repository's code is not compiling it: its `"\("` is not ours to warn of.
            warnings.simplefilter("ignore", SyntaxWarning)
            warnings.filterwarnings("ignore", "invalid escape sequence", DeprecationWarning)
            code: int = args.handler(args)
    except KlaroError as exc:
        print(f"klaro: error: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("klaro: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # output piped into `head`: not an error worth a traceback
        return 0
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
