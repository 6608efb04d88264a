"""Geometry helpers: shapes, areas and a command line."""

from .core import Circle, Shape, area_of, scale

__all__ = ["Circle", "Shape", "area_of", "scale"]
__version__ = "1.4.0"
