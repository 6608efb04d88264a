"""Core shapes and the functions that measure them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapes._private import clamp

DEFAULT_PRECISION: int = 3
UNITS = ("cm", "m")


class Shape:
    """Base class of every shape."""

    sides: int = 0
    label = "shape"

    def area(self) -> float:
        """Return the area."""
        raise NotImplementedError

    def describe(self, *, precise: bool = False) -> str:
        """Describe the shape in words."""
        return f"{self.label} of area {round(self.area(), DEFAULT_PRECISION if precise else 1)}"


@dataclass(frozen=True)
class Circle(Shape):
    """A circle given by its radius.

    Args:
        radius: The radius, in centimetres.
    """

    radius: float = 1.0

    def area(self) -> float:
        return math.pi * self.radius**2

    @property
    def diameter(self) -> float:
        """The diameter."""
        return 2 * self.radius

    @diameter.setter
    def diameter(self, value: float) -> None:
        raise AttributeError("frozen")

    @classmethod
    def unit(cls) -> Circle:
        """Return the unit circle."""
        return cls(1.0)

    @staticmethod
    def from_diameter(d: float, /, precise: bool = True) -> Circle:
        return Circle(clamp(d / 2))


def area_of(shape: Shape, *extra: Shape, rounding: int | None = None, **options: object) -> float:
    """Sum the areas of one or more shapes."""
    total = shape.area() + sum(s.area() for s in extra)
    return round(total, rounding) if rounding is not None else total


def scale(circle: Circle, factor: float = 2.0) -> Circle:
    """Return a circle scaled by `factor`."""
    return Circle(circle.radius * factor)


async def fetch_shape(name: str) -> Shape:
    """Look a shape up by name (asynchronously)."""
    return Circle.unit() if name == "circle" else Shape()
