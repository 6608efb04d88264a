"""A file backend for greetings."""

from pathlib import Path


class FileBackend:
    """Append greetings to a text file."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)

    def save(self, text: str) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(text + "\n")
