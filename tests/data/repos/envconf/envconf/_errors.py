"""Errors raised while reading settings."""


class SettingError(ValueError):
    """A setting is missing or has the wrong type."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
