"""A vendored compatibility shim."""

import os

text_type = str
VENDOR_DEBUG = os.environ.get("SIX_LITE_DEBUG")


def ensure_text(value):
    """Return `value` as text."""
    return text_type(value)


class MovedAttribute:
    """A vendored helper class."""
