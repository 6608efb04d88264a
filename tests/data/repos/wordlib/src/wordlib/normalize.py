"""Normalise words before counting."""

import unicodedata


def strip_accents(word: str) -> str:
    """Remove combining accents from a word."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))
