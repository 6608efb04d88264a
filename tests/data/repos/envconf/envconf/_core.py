"""Read settings from the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass

from envconf._errors import SettingError


@dataclass(frozen=True)
class Settings:
    """The settings of an application.

    Attributes:
        home: Folder for data files.
        debug: Whether to log debug messages.
        workers: Number of worker processes.
    """

    home: str
    debug: bool = False
    workers: int = 4

    def describe(self) -> str:
        """Return the settings as one line of text."""
        return f"home={self.home} debug={self.debug} workers={self.workers}"


def load(prefix: str = "ENVCONF_") -> Settings:
    """Load settings from environment variables.

    Args:
        prefix: Prefix of the variable names.

    Returns:
        The settings read.

    Raises:
        SettingError: If a value cannot be converted.
    """
    home = os.environ.get("ENVCONF_HOME", "~/.envconf")
    debug = os.getenv("ENVCONF_DEBUG", "0") == "1"
    raw = os.environ.get("ENVCONF_WORKERS", "4")
    try:
        workers = int(raw)
    except ValueError:
        raise SettingError("ENVCONF_WORKERS", "not an integer") from None
    return Settings(home=home, debug=debug, workers=workers)
