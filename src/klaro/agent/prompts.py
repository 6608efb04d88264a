"""Prompt templates: data files in `prompts/`, rendered strictly so no slot goes unfilled."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from string import Template

_SLOT = re.compile(r"\$(\w+)")


@cache
def _template(name: str) -> str:
    return resources.files("klaro.agent").joinpath("prompts", f"{name}.md").read_text("utf-8")


def render(name: str, **values: object) -> str:
    """Fill template `name`; a missing or an unknown value is a programming error and raises."""
    text = _template(name)
    slots = set(_SLOT.findall(text))
    if slots != set(values):
        missing, extra = sorted(slots - set(values)), sorted(set(values) - slots)
        raise KeyError(f"prompt {name!r}: missing {missing}, unexpected {extra}")
    return Template(text).substitute({k: str(v) for k, v in values.items()}).strip()


def doc_format(path: str) -> str:
    """The markup a document is written in, as the prompts name it."""
    return "reStructuredText" if path.lower().endswith((".rst", ".rest")) else "Markdown"
