"""Settings models (pydantic)."""

from __future__ import annotations

from pydantic import BaseModel


class Settings(BaseModel):
    """Settings of an application."""

    debug: bool = False

    def describe(self) -> str:
        """Say what is set."""
        return str(self.debug)


class Local(Settings):
    """Settings of a local run."""
