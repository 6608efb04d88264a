"""Arguments and helpers shared by sub-commands: repository path, config file, quiet mode."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from klaro import safeio
from klaro.commands.progress import phase, progress_bar
from klaro.errors import UsageError

if TYPE_CHECKING:
    from klaro.config import Config
    from klaro.scan.model import Analysis


class Deprecated(argparse.Action):
    """An old spelling that still works, with one line on stderr naming the new one."""

    def __init__(self, *args: Any, instead: str, **kwargs: Any) -> None:
        self.instead = instead
        super().__init__(*args, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        print(
            f"klaro: warning: {option_string} is deprecated; {self.instead}",
            file=sys.stderr,
        )
        setattr(namespace, self.dest, values)


def add_common(parser: argparse.ArgumentParser) -> None:
    """Add PATH, --config and --quiet, which every repository command takes.

    The repository is always the last positional argument, default `.`, as in `ruff check
    PATH` or `black PATH`: `klaro check .`, `klaro search QUERY PATH`, `klaro ask QUESTION
    PATH`. `--repo PATH`, which `ask` used to take, still works with a deprecation line.
    """
    parser.add_argument("path", nargs="?", default=".", help="repository root (default: .)")
    parser.add_argument(
        "--repo",
        action=Deprecated,
        instead="name the repository as the last argument (PATH)",
        metavar="PATH",
        help=argparse.SUPPRESS,
    )
    parser.add_argument("--config", metavar="FILE", help="config file (default: .klaro.yml)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def config_from_args(args: argparse.Namespace, **overrides: Any) -> Config:
    """Load the config for the repository named on the command line."""
    from klaro.config import load_config

    if getattr(args, "repo", None) is not None:
        if args.path not in (".", args.repo):
            raise UsageError(f"two repositories named: '{args.path}' and --repo '{args.repo}'")
        args.path = args.repo
    root = Path(args.path)
    if not root.exists():
        raise UsageError(f"path '{args.path}' does not exist")
    if not root.is_dir():
        raise UsageError(f"path '{args.path}' is not a directory")
    return load_config(root, config_file=args.config, overrides=overrides)


def analysis_for(config: Config, args: argparse.Namespace) -> Analysis:
    """Analyse the repository as the command line asks: cached unless --no-cache, quiet or not."""
    from klaro import app
    from klaro.scan.analyze import default_cache_dir

    with phase("analyse", args.quiet) as current:
        analysis = app.analyze(
            config,
            cache_dir=None if getattr(args, "no_cache", False) else default_cache_dir(),
            progress=progress_bar(args.quiet, "analyse", current),
        )
        python = len(analysis.modules) + len(analysis.errors)
        current.summary = (
            f"{python} Python files ({current.items} parsed, {python - current.items} from "
            f"cache), {analysis.lines} lines"
        )
    return analysis


def write_output(flag: str, value: str, text: str) -> None:
    """Write a file the user named on the command line, atomically, creating its folder.

    The user chose the place, so it may lie outside the repository; a folder given as the
    file, or a file standing where a folder must be, is a typo worth one line, not a traceback.
    """
    target = Path(value).expanduser().absolute()
    if target.is_dir():
        raise UsageError(f"{flag} '{value}' is a folder, expected a file")
    existing = next(p for p in target.parents if p.exists())
    if not existing.is_dir():
        raise UsageError(f"{flag} '{value}': {existing} is a file, not a folder")
    parent = safeio.ensure_dir(existing, target.parent, what=f"{flag} '{value}'")
    safeio.write_text(parent, parent / target.name, text, what=f"{flag} '{value}'")
