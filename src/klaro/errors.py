"""Errors Klaro reports to people.

A `KlaroError` is a user-facing problem (bad config, bad argument, unreadable input): the CLI
prints its message as one line and exits with its `exit_code`, never a traceback. Anything else
that escapes is a bug in Klaro and is allowed to show its traceback.
"""

from __future__ import annotations


class KlaroError(Exception):
    """A problem the user can fix; the message says what and where."""

    exit_code: int = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ConfigError(KlaroError):
    """A configuration key, value or file is wrong."""


class UsageError(KlaroError):
    """A command-line argument is wrong."""


class ScanError(KlaroError):
    """The repository cannot be read at all (missing path, not a directory)."""
