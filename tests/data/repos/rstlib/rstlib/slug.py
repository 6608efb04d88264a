"""Turn titles into URL slugs."""

import re


def slugify(title: str, sep: str = "-") -> str:
    """Return `title` as a lowercase slug.

    .. code-block:: python

        >>> slugify("Hello World")
        'hello-world'
    """
    return re.sub(r"[^a-z0-9]+", sep, title.lower()).strip(sep)
