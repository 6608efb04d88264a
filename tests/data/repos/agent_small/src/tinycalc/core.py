"""Arithmetic with a memory of the running total."""

from __future__ import annotations


def add(a: int, b: int) -> int:
    """Return the sum of two integers."""
    return a + b


class Calculator:
    """Keep a running total across operations."""

    def __init__(self, start: int = 0) -> None:
        self.total = start

    def push(self, value: int) -> int:
        """Add `value` to the running total and return the new total."""
        self.total = add(self.total, value)
        return self.total

    def reset(self) -> None:
        """Set the running total back to zero."""
        self.total = 0
