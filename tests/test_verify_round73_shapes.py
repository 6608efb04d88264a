"""Shapes from the blind drift rounds 73 to 76 (mailchimp3, aws-google-auth, kb-manager,
feedsearch, pymsteams, pywhat, docker-squash), on small repos with the last commit as the
documented state.

- mailchimp3's `client.search_members.get()` after `client = MailChimp(...)`: once the
  client's attribute is renamed the chain breaks at a step the line writes, through the
  name the page gave the instance.
- kb-manager's `kb sync info`: the choices of a sub-command's first argument.
- feedsearch's bullets naming `search()`'s keywords in bold (`- **cms**: *bool*: ...`).
- aws-google-auth's pasted `--help`, whose option rows name the variables they fall back
  on (`The ARN of the role to assume ($AWS_ROLE_ARN)`): renamed in the code, stale.
- pymsteams' `MS_TEAMS_WEBHOOK`, read by its tests only; pywhat's `what --rarity 0.2:0.8
  https://skerritt.blog`, a command span with an address in it.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CLIENT = """\
class SearchMembers:
    def __init__(self, client):
        self.client = client

    def get(self, query=None):
        return query


class MailChimp:
    def __init__(self, mc_api=None, timeout=None):
        self.search_members = SearchMembers(self)
"""

CLIENT_README = """\
mc
==

Make a client::

    from mc import MailChimp
    client = MailChimp(mc_api='KEY')

Search members::

    client.search_members.get()
"""


def test_an_attribute_of_an_instance_the_page_named(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "mc"\nversion = "1"\n',
        "mc/__init__.py": "from .client import MailChimp\n",
        "mc/client.py": CLIENT,
        "README.rst": CLIENT_README,
    }
    changes = {"mc/client.py": [("self.search_members =", "self.member_search =")]}
    assert _drift_after(tmp_path / "mc", files, changes) == {("README.rst", 11)}


AUTH = """\
import argparse
import os


def main(argv=None):
    parser = argparse.ArgumentParser(prog="aga")
    parser.add_argument("-r", "--role-arn", default=os.getenv("AWS_ROLE_ARN"))
    parser.add_argument("-d", "--duration", default=os.getenv("DURATION", 3600))
    parser.add_argument("-p", "--profile", default=os.getenv("AGA_PROFILE"))
    return parser.parse_args(argv)
"""

AUTH_README = """\
aga
===

Usage::

    usage: aga [-h] [-r ROLE_ARN] [-d DURATION] [-p PROFILE]

    optional arguments:
      -h, --help            show this help message and exit
      -r ROLE_ARN, --role-arn ROLE_ARN
                            The ARN of the role to assume ($AWS_ROLE_ARN)
      -d DURATION, --duration DURATION
                            Credential duration (defaults to value of $DURATION)
      -p PROFILE, --profile PROFILE
                            The profile, else the environment variable AGA_PROFILE.
"""


def test_variables_a_pasted_help_text_names(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "aga"\nversion = "1"\n[project.scripts]\naga = "aga.cli:main"\n'
        ),
        "aga/__init__.py": "",
        "aga/cli.py": AUTH,
        "README.rst": AUTH_README,
    }
    changes = {
        "aga/cli.py": [
            ('"AWS_ROLE_ARN"', '"AGA_ROLE_ARN"'),
            ('"DURATION"', '"AGA_TTL"'),
            ('"AGA_PROFILE"', '"AGA_AWS_PROFILE"'),
        ]
    }
    assert _drift_after(tmp_path / "aga", files, changes) == {
        ("README.rst", 11),
        ("README.rst", 13),
        ("README.rst", 15),
    }


KB = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="kb")
    sub = parser.add_subparsers(dest="command")
    sync = sub.add_parser("sync")
    sync.add_argument("operation", choices=["push", "pull", "info"])
    sync.add_argument("--force", action="store_true")
    erase = sub.add_parser("erase")
    erase.add_argument("title")
    return parser.parse_args(argv)
"""

KB_README = """\
# kb

```bash
kb sync --force push
kb sync info
kb erase info
```
"""


def test_a_sub_commands_first_argument_and_its_choices(tmp_path: Path) -> None:
    """kb-manager's `kb sync info`, once `sync` takes `status` instead; `erase` takes any
    title, `info` among them."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "kb"\nversion = "1"\n[project.scripts]\nkb = "kb.cli:main"\n'
        ),
        "kb/__init__.py": "",
        "kb/cli.py": KB,
        "README.md": KB_README,
    }
    changes = {"kb/cli.py": [('"pull", "info"]', '"pull", "status"]')]}
    assert _drift_after(tmp_path / "kb", files, changes) == {("README.md", 5)}


FEEDS = """\
def search(url, info=False, max_redirects=30, cms=True):
    return [url, info, max_redirects, cms]
"""

FEEDS_RST = """\
feeds
=====

In addition to the URL, the ``search`` function takes the following optional keyword arguments:

- **info**: *bool*: Get Feed and Site Metadata. Defaults False.
- **max_redirects**: *int*: Maximum number of redirects for each request.
  Defaults to 30.
- **cms**: *bool*: Check default CMS feed location. Defaults True.
"""

FEEDS_MD = """\
# feeds

The `search` function accepts the following arguments:

- **info** *(bool)*: get the feed's metadata
- **cms** *(bool)*: check the CMS feed location
"""


def test_bold_names_in_a_list_of_a_functions_arguments(tmp_path: Path) -> None:
    """feedsearch's bullets naming `search()`'s keywords in bold, in reST and Markdown."""
    files = {
        "pyproject.toml": '[project]\nname = "feeds"\nversion = "1"\n',
        "feeds/__init__.py": "from .core import search\n",
        "feeds/core.py": FEEDS,
        "README.rst": FEEDS_RST,
        "docs/usage.md": FEEDS_MD,
    }
    changes = {"feeds/core.py": [(", cms=True", ""), (", cms]", "]")]}
    assert _drift_after(tmp_path / "feeds", files, changes) == {
        ("README.rst", 9),
        ("docs/usage.md", 6),
    }


TEAMS_TEST = """\
import os


def test_send():
    url = os.getenv("MS_TEAMS_WEBHOOK")
    assert url is None or url.startswith("https://")
"""

TEAMS_README = """\
# teams

To run the tests, set the environment variable `MS_TEAMS_WEBHOOK` to a webhook.

Check an address with `teams --timeout 5 https://example.org/hook`.
"""

TEAMS_CLI = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="teams")
    parser.add_argument("--timeout", type=int)
    parser.add_argument("url")
    return parser.parse_args(argv)
"""


def test_a_variable_the_tests_read_and_a_command_span_with_an_address(tmp_path: Path) -> None:
    """pymsteams documents the variable only its tests read: renamed there, it is stale;
    and pywhat's command span whose argument is an address is a command line still."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "teams"\nversion = "1"\n'
            '[project.scripts]\nteams = "teams.cli:main"\n'
        ),
        "teams/__init__.py": "",
        "teams/cli.py": TEAMS_CLI,
        "tests/test_send.py": TEAMS_TEST,
        "README.md": TEAMS_README,
    }
    changes = {
        "tests/test_send.py": [('"MS_TEAMS_WEBHOOK"', '"TEAMS_WEBHOOK_URL"')],
        "teams/cli.py": [('"--timeout"', '"--wait"')],
    }
    assert _drift_after(tmp_path / "teams", files, changes) == {
        ("README.md", 3),
        ("README.md", 5),
    }


SQUASH = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="squash")
    parser.add_argument("--version", action="version", version="1.0")
    parser.add_argument("-f", "--from-layer")
    return parser.parse_args(argv)
"""

SQUASH_README = """\
squash
======

Check what you run with ``squash --version``, then squash with ``squash -f 3``.
"""


def test_a_version_flag_the_parser_dropped(tmp_path: Path) -> None:
    """docker-squash's `--version`, which argparse does not add by itself: once the parser
    stops declaring it, `squash --version` is stale."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "squash"\nversion = "1"\n'
            '[project.scripts]\nsquash = "squash.cli:main"\n'
        ),
        "squash/__init__.py": "",
        "squash/cli.py": SQUASH,
        "README.rst": SQUASH_README,
    }
    changes = {
        "squash/cli.py": [
            ('    parser.add_argument("--version", action="version", version="1.0")\n', "")
        ]
    }
    assert _drift_after(tmp_path / "squash", files, changes) == {("README.rst", 4)}


ZYTE_KEY = """\
import os


def get_apikey(key=None):
    return key or os.environ.get("ZYTE_API_KEY")
"""

ZYTE_TEST = """\
import os


def test_key(monkeypatch):
    monkeypatch.setenv("ZYTE_API_KEY", "a")
    assert os.environ.get("ZYTE_API_KEY") == "a"
"""


def test_a_variable_the_package_stops_reading_though_its_tests_still_do(tmp_path: Path) -> None:
    """zyte-api's `ZYTE_API_KEY`, renamed in the package: its tests, not yet updated, still
    read the old name, which keeps no variable of the package alive."""
    files = {
        "pyproject.toml": '[project]\nname = "zyte"\nversion = "1"\n',
        "zyte/__init__.py": "",
        "zyte/apikey.py": ZYTE_KEY,
        "tests/test_key.py": ZYTE_TEST,
        "README.md": "# zyte\n\nSet `ZYTE_API_KEY` to your key.\n",
    }
    changes = {"zyte/apikey.py": [('"ZYTE_API_KEY"', '"ZYTE_API_TOKEN"')]}
    assert _drift_after(tmp_path / "zyte", files, changes) == {("README.md", 3)}


ARGS_CLIENT = """\
class BaseClient:
    def __init__(self, mc_api=None, timeout=None):
        self.api, self.timeout = mc_api, timeout


class Client(BaseClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ready = True
"""


def test_positional_arguments_handed_on_whole(tmp_path: Path) -> None:
    """mailchimp3's `MailChimp.__init__(self, *args, **kwargs)` hands everything to its
    base: once the base takes `timeout` by keyword only, `Client('KEY', 10)` is stale."""
    files = {
        "pyproject.toml": '[project]\nname = "mc"\nversion = "1"\n',
        "mc/__init__.py": "from .client import Client\n",
        "mc/client.py": ARGS_CLIENT,
        "README.md": "# mc\n\n```python\nfrom mc import Client\n\nc = Client('KEY', 10)\n```\n",
    }
    changes = {"mc/client.py": [("mc_api=None, timeout=None", "mc_api=None, *, timeout=None")]}
    assert _drift_after(tmp_path / "mc", files, changes) == {("README.md", 6)}
