"""Greet people from Python or the command line."""

from tinytool.core import Greeter, greet, load_settings

__all__ = ["Greeter", "greet", "load_settings"]
