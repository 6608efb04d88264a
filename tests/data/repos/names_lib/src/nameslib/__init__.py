"""nameslib: the public API lives in private modules and is lifted here."""

from ._core import App, Console, console, get_app, load, open_file
from .config import find_config, setting
from .models import Local, Settings

__all__ = [
    "App", "Console", "Local", "Settings", "console", "find_config", "get_app", "load",
    "open_file", "setting",
]
