"""Arguments and helpers shared by sub-commands: repository path, config file, quiet mode."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from klaro import safeio
from klaro.errors import UsageError

if TYPE_CHECKING:
    from klaro.config import Config
    from klaro.scan.model import Analysis


def add_common(parser: argparse.ArgumentParser) -> None:
    """Add PATH, --config and --quiet, which every repository command takes."""
    parser.add_argument("path", nargs="?", default=".", help="repository root (default: .)")
    parser.add_argument("--config", metavar="FILE", help="config file (default: .klaro.yml)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def config_from_args(args: argparse.Namespace, **overrides: Any) -> Config:
    """Load the config for the repository named on the command line."""
    from klaro.config import load_config

    root = Path(args.path)
    if not root.exists():
        raise UsageError(f"path '{args.path}' does not exist")
    if not root.is_dir():
        raise UsageError(f"path '{args.path}' is not a directory")
    return load_config(root, config_file=args.config, overrides=overrides)


def progress_bar(quiet: bool, label: str) -> Callable[[int, int, str], None] | None:
    """Return a progress callback drawing a bar on stderr, or None when quiet or not a TTY."""
    if quiet or not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    bar: dict[str, Any] = {}

    def update(done: int, total: int, item: str) -> None:
        if "bar" not in bar:
            bar["bar"] = tqdm(total=total, desc=label, unit="file", file=sys.stderr, leave=False)
        bar["bar"].update(1)
        if done >= total:
            bar["bar"].close()

    return update


def analysis_for(config: Config, args: argparse.Namespace) -> Analysis:
    """Analyse the repository as the command line asks: cached unless --no-cache, quiet or not."""
    from klaro import app
    from klaro.scan.analyze import default_cache_dir

    return app.analyze(
        config,
        cache_dir=None if getattr(args, "no_cache", False) else default_cache_dir(),
        progress=progress_bar(args.quiet, "analyse"),
    )


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
