"""Configuration from the environment."""

from __future__ import annotations

import os

_DEBUG = "NAMESLIB_DEBUG"


def setting(name: str, default: str | None = None) -> str | None:
    """Read one setting from the environment."""
    return os.environ.get(name, default)


LEVEL = setting("NAMESLIB_LEVEL", "info")


def find_config() -> str | None:
    """Return the configuration file named by the environment, if any."""
    if os.getenv(_DEBUG):
        return None
    return setting("NAMESLIB_CONFIG")
