"""The greeting logic."""

import os


class Greeter:
    """Say hello in a chosen style."""

    default_style = "plain"

    def __init__(self, style: str = "plain") -> None:
        self.style = style

    def hello(self, name: str) -> str:
        """Return a greeting for `name`."""
        return _decorate(f"Hello, {name}!", self.style)

    @property
    def shouting(self) -> bool:
        return self.style == "loud"


def greet(name: str, *, times: int = 1) -> str:
    """Greet `name` `times` times."""
    return " ".join(Greeter().hello(name) for _ in range(times))


def load_settings() -> dict[str, str]:
    """Read settings from the folder named by TINYTOOL_HOME."""
    home = os.environ.get("TINYTOOL_HOME", "~/.tinytool")
    return {"home": home}


def _decorate(text: str, style: str) -> str:
    return text.upper() if style == "loud" else text
