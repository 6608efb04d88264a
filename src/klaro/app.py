"""Klaro's use cases: the one place that wires the stages together.

Each function takes a `Config` and the ports it needs (model, store, GitHub client) as
arguments, so the CLI, the Action and tests drive the same code with different edges.
"""

from __future__ import annotations

from pathlib import Path

from klaro.config import Config
from klaro.scan.analyze import Progress, analyze_repository
from klaro.scan.model import Analysis


def analyze(
    config: Config, *, cache_dir: Path | None = None, progress: Progress | None = None
) -> Analysis:
    """Scan and analyse the repository `config.root` names."""
    return analyze_repository(
        config.root,
        include=config.include,
        exclude=config.exclude,
        max_file_size=config.max_file_size,
        cache_dir=cache_dir,
        progress=progress,
    )
