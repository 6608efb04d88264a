"""Klaro: documentation that stays true to the code."""

__version__ = "0.1.0"
