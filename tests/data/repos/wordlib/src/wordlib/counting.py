"""Count words and rank the most frequent ones."""

from __future__ import annotations

from collections.abc import Iterable

from wordlib.tokenize import split_words


class Counter:
    """A running count of words.

    Parameters
    ----------
    words : Iterable[str], optional
        Words to count at once.
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        self.counts: dict[str, int] = {}
        self.update(words)

    def update(self, words: Iterable[str]) -> None:
        """Add words to the count.

        Parameters
        ----------
        words : Iterable[str]
            The words to add.
        """
        for word in words:
            self.counts[word] = self.counts.get(word, 0) + 1

    def most_common(self, n: int = 10) -> list[tuple[str, int]]:
        """Return the `n` most frequent words with their counts.

        Parameters
        ----------
        n : int
            How many words to return.

        Returns
        -------
        list of tuple
            Pairs of word and count, most frequent first.
        """
        return sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def top_words(text: str, n: int = 10) -> list[tuple[str, int]]:
    """Return the most frequent words of a text.

    :param text: The text to read.
    :param n: How many words to return.
    :returns: Pairs of word and count.
    """
    return Counter(split_words(text)).most_common(n)
