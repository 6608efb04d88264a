"""Slugify titles for URLs."""

from rstlib.slug import slugify

__all__ = ["slugify"]
