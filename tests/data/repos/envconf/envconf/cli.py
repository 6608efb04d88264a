"""The `envconf` command: show the settings the environment gives."""

import click

from envconf._core import load


@click.group()
@click.option("--prefix", default="ENVCONF_", show_default=True, help="variable prefix")
@click.pass_context
def cli(ctx: click.Context, prefix: str) -> None:
    """Inspect settings read from the environment."""
    ctx.obj = prefix


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@click.pass_obj
def show(prefix: str, as_json: bool) -> None:
    """Print the current settings."""
    settings = load(prefix)
    click.echo(settings.describe())


@cli.command()
@click.argument("name")
@click.option("--token", envvar="ENVCONF_TOKEN", help="token for the settings server")
def check(name: str, token: str) -> None:
    """Check that one setting is present."""
    click.echo(name)
