"""Shapes from the blind drift round 48 (currencyconverter, airtable-export), on a small repo
with the last commit as the documented state.

- An exception a doctest transcript shows raised (`Traceback ...` then `RateNotFoundError:
  BGN has no rate`) names the project's class: stale once the class is renamed.
- "configured with the ``fallback_method`` parameter": a keyword the constructor no longer
  takes is stale, though an attribute keeps the name (`self.fallback_method = ...`).
- A prompt-less command continued with `\\` (`rates export base \\` then `--json --yaml`) is
  one command, whose flags are checked (`--json`, renamed, on the line it starts).
- A flag's sentence that says "export as JSON" names a format: the project's `--json`,
  renamed `--json-array`, is still checked, though the code imports `json`.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PYPROJECT = """\
[project]
name = "rates"
version = "1.0"

[project.scripts]
rates = "rates.cli:main"
"""

CONVERTER = """\
class RateNotFoundError(Exception):
    pass


class Converter:
    def __init__(self, fallback_method="linear"):
        self.fallback_method = fallback_method

    def convert(self, amount, currency):
        raise RateNotFoundError(currency)
"""

CLI = """\
import json

import click


@click.group()
def main():
    pass


@main.command()
@click.argument("base")
@click.option("--json", "as_json", is_flag=True)
@click.option("--yaml", "as_yaml", is_flag=True)
def export(base, as_json, as_yaml):
    click.echo(json.dumps({"base": base}))
"""

README = """\
rates
=====

The fallback can be configured with the ``fallback_method`` parameter.

.. code-block:: python

    >>> from rates.converter import Converter
    >>> Converter().convert(100, "BGN")
    Traceback (most recent call last):
    ...
    RateNotFoundError: BGN has no rate

Export as JSON with the ``--json`` option::

    rates export base \\
        --json --yaml
"""


def test_raised_exceptions_parameter_words_and_continued_commands(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "src/rates/__init__.py": "",
        "src/rates/converter.py": CONVERTER,
        "src/rates/cli.py": CLI,
        "README.rst": README,
    }
    changes = {
        "src/rates/converter.py": [
            ("RateNotFoundError", "MissingRateError"),
            ('def __init__(self, fallback_method="linear")', 'def __init__(self, method="linear")'),
            ("self.fallback_method = fallback_method", "self.fallback_method = method"),
        ],
        "src/rates/cli.py": [
            ('"--json",', '"--json-array",'),
        ],
    }
    assert _drift_after(tmp_path / "rates", files, changes) == {
        ("README.rst", 4),  # ``fallback_method`` parameter
        ("README.rst", 12),  # RateNotFoundError: ...
        ("README.rst", 14),  # ``--json``
        ("README.rst", 17),  # `rates export base \` `--json --yaml`
    }
