"""Turn text into words, with Unicode-aware rules."""

from __future__ import annotations

import re

_WORD = re.compile(r"\w+(?:'\w+)?")


class Tokenizer:
    """Split text into words.

    Args:
        lowercase: Fold every word to lower case.
        min_length: Drop words shorter than this.
    """

    def __init__(self, lowercase: bool = True, min_length: int = 1) -> None:
        self.lowercase = lowercase
        self.min_length = min_length

    def tokenize(self, text: str) -> list[str]:
        """Return the words of `text` in order.

        Args:
            text: The text to split.

        Returns:
            The words, folded when `lowercase` is set.

        Raises:
            TypeError: If `text` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError("text must be a string")
        words = _WORD.findall(text)
        if self.lowercase:
            words = [w.lower() for w in words]
        return [w for w in words if len(w) >= self.min_length]

    def _reset(self) -> None:
        pass


def split_words(text: str, *, lowercase: bool = True) -> list[str]:
    """Split `text` into words with a default tokenizer.

    Example:
        >>> split_words("Hello, world")
        ['hello', 'world']
    """
    return Tokenizer(lowercase=lowercase).tokenize(text)
