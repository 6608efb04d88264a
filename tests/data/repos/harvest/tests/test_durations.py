from click.testing import CliRunner

from harvest import parse_duration, to_celsius
from harvest.cli import cli


def test_hours_and_minutes():
    assert parse_duration("1h30m") == 5400


def test_boiling_point():
    assert to_celsius(212) == 100.0


def test_cli_temp():
    result = CliRunner().invoke(cli, ["temp", "212", "--unit", "f"])
    assert result.exit_code == 0


def test_cli_bad_unit_fails():
    result = CliRunner().invoke(cli, ["temp", "x"])
    assert result.exit_code != 0
