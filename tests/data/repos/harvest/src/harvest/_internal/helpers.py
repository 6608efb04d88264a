"""Helpers the package uses internally."""


def _resolve_alias(name: str) -> str:
    """Map a unit alias to its canonical name."""
    return {"c": "celsius", "f": "fahrenheit"}.get(name, name)
