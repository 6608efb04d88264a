"""Split, count and normalise words in plain text."""

from wordlib.counting import Counter, top_words
from wordlib.tokenize import Tokenizer, split_words

__version__ = "1.2.0"
