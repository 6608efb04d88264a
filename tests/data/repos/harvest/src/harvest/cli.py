"""The `harvest` command line."""

from __future__ import annotations

import click

from harvest.convert import to_celsius
from harvest.durations import parse_duration


def common_options(func):
    """Options every sub-command takes."""
    func = click.option("--quiet", "-q", is_flag=True, help="print only the number")(func)
    return func


@click.group()
@click.version_option()
def cli() -> None:
    """Convert temperatures and durations."""


@cli.command()
@click.argument("degrees", type=float)
@click.option("--unit", default="f", help="unit of the input")
def temp(degrees: float, unit: str) -> None:
    """Convert a temperature to Celsius."""
    click.echo(to_celsius(degrees))


@cli.command()
@click.argument("text")
@common_options
def duration(text: str, quiet: bool) -> None:
    """Convert a duration to seconds."""
    click.echo(parse_duration(text))
