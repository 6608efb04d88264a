"""Small arithmetic helpers with a running total."""

from tinycalc.core import Calculator, add

__all__ = ["Calculator", "add"]
