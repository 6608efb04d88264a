"""Typed settings read from environment variables."""

from envconf._core import Settings, load
from envconf._errors import SettingError

__all__ = ["Settings", "SettingError", "load"]
