"""The same tool, with click."""

import click


@click.group()
@click.version_option()
def cli():
    """Shapes, the click edition."""


@cli.command("draw")
@click.argument("name")
@click.option("--size", "-s", default=10, help="size in pixels")
@click.option("--fill/--no-fill", default=False, help="fill the shape")
@click.option("--color", envvar="SHAPES_COLOR", help="colour name")
def draw_command(name, size, fill, color):
    """Draw a shape."""
