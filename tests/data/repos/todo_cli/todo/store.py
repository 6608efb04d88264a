"""Read and write the to-do file, one item per line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Item:
    """One to-do item."""

    text: str
    done: bool = False


class TodoFile:
    """The to-do list stored in a text file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> list[Item]:
        """Return the items in the file, oldest first."""
        if not self.path.exists():
            return []
        items = []
        for line in self.path.read_text().splitlines():
            done = line.startswith("[x] ")
            items.append(Item(line[4:], done))
        return items

    def save(self, items: list[Item]) -> None:
        """Write the items back to the file."""
        lines = [("[x] " if i.done else "[ ] ") + i.text for i in items]
        self.path.write_text("\n".join(lines) + "\n")
