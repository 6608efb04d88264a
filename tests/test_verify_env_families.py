"""Variables a project's docstrings say apply as a family (caldav: "``CALDAV_*`` variables
apply"), read by the configuration library the code hands its settings to: names the code
never spells, which its pages are right to name, as long as the code reads none of the
family itself."""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CONFIG = '''\
"""Where the connection comes from."""

import os

import calendaring_config


def get_connection(environment=True):
    """The connection the user set up.

    With ``environment``, ``DAVIO_*`` variables apply as in calendaring-config.
    """
    if os.environ.get("PYTHON_DAVIO_DEBUG"):
        print("looking for a connection")
    return calendaring_config.load("davio", environment=environment)
'''

PLAIN = '''\
"""Where the connection comes from."""

import os

import calendaring_config


def get_connection(environment=True):
    """The connection the user set up."""
    if os.environ.get("PYTHON_DAVIO_DEBUG"):
        print("looking for a connection")
    return calendaring_config.load("davio", environment=environment)
'''

PAGE = """\
# Configuration

Set `DAVIO_URL` and `DAVIO_PASSWORD` in the environment, or any `DAVIO_<KEY>`;
`PYTHON_DAVIO_DEBUG=1` prints where the connection comes from.
"""


def _files(config: str) -> dict[str, str]:
    return {
        "pyproject.toml": '[project]\nname = "davio"\nversion = "1"\n',
        "davio/__init__.py": "",
        "davio/config.py": config,
        "docs/config.md": PAGE,
    }


def test_a_family_the_docstrings_name_is_open(tmp_path: Path) -> None:
    assert _drift(_write(tmp_path / "davio", _files(CONFIG))) == set()


def test_without_it_the_variables_are_unread(tmp_path: Path) -> None:
    found = _drift(_write(tmp_path / "davio", _files(PLAIN)))
    assert {name for _, _, name in found} == {"DAVIO_URL", "DAVIO_PASSWORD", "DAVIO_<KEY>"}


def test_a_family_the_code_reads_some_of_itself_stays_checked(tmp_path: Path) -> None:
    # fsspec's docstrings say "``FSSPEC_*``" while it reads `FSSPEC_CONFIG_DIR` itself: a
    # page's `FSSPEC_CONFIG_DIRECTORY` is a typo, not a variable a dependency reads
    config = CONFIG.replace('"PYTHON_DAVIO_DEBUG"', '"DAVIO_CONFIG_DIR"')
    files = {**_files(config), "docs/config.md": "Set `DAVIO_CONFIG_DIRECTORY` to a folder.\n"}
    found = _drift(_write(tmp_path / "davio", files))
    assert {name for _, _, name in found} == {"DAVIO_CONFIG_DIRECTORY"}
