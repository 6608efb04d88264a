"""Console output and the application object."""

from __future__ import annotations


class Console:
    """Write text to a terminal."""

    def __init__(self, width: int = 80, *, color: bool = True) -> None:
        self.width = width
        self.file = None

    def print(self, *objects: object, sep: str = " ", end: str = "\n") -> None:
        """Print objects separated by `sep`."""

    def log(self, message: str, **kwargs: str) -> None:
        """Print a message with a time stamp; keyword arguments go to `print`."""
        self.print(message, **kwargs)


console = Console()


class App:
    """An application that serves requests."""

    name = "app"

    def run(self, host: str = "127.0.0.1", port: int = 8000) -> None:
        """Serve until interrupted."""


def get_app() -> App:
    """Return the application."""
    return App()


def load(path: str, strict: bool = False) -> dict[str, str]:
    """Load a file."""
    return {}


def open_file(path: str, **options: bool) -> dict[str, str]:
    """Open a file; options are those of `load`."""
    return load(path, **options)


def make_console(width=40):
    """Return a console of the given width (no annotation: every return says what)."""
    if width < 10:
        return Console(10)
    return Console(width)
