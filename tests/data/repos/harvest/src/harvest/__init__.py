"""Convert temperatures and durations between units."""

from harvest._internal.helpers import _resolve_alias
from harvest.convert import Converter, to_celsius
from harvest.durations import parse_duration

__all__ = ["Converter", "parse_duration", "to_celsius", "_resolve_alias"]
