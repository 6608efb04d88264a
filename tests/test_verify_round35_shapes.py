"""Shapes from the blind drift round 35 (diceware, redmail, simple-term-menu, pook), on
small repos with the last commit as the documented state.

- An argparse `--caps` has a `--no-caps` only while the parser declares one: once the
  declared `--no-caps` is renamed, the docs' `--no-caps` is stale (argparse makes no
  negations but for BooleanOptionalAction, whose `--no-X` stays good).
- "Pass `show_search_hint=True` to the `Menu` constructor": a keyword the one callable the
  sentence names took and takes no more, though another function still takes it.
- `email.send(...)` on a page that never binds `email` (the other pages' convention): a
  renamed keyword is reported on the keyword's own line, not the call's first.
- `res = Response() if new else self._response; return res`: a method returns either; the
  attribute is typed by `self._response = response or Response()` (a parameter beside its
  default) and by `self._response = res`, that local read back.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit, _edit
from test_verify_wild import _write

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="dice")
    parser.add_argument("-c", "--caps", action="store_true")
    parser.add_argument("--no-caps", action="store_false", dest="caps")
    parser.add_argument("--sort", action=argparse.BooleanOptionalAction)
    parser.parse_args()
"""

MENU = """\
class Search:
    def __init__(self, show_search_hint=False):
        self.show_search_hint = show_search_hint


class Menu:
    def __init__(self, entries, show_search_hint=False, cycle=True):
        self._search = Search(show_search_hint)


class Response:
    def status(self, code):
        return self

    def json(self, data):
        return self


class Mock:
    def __init__(self, response=None):
        self._response = response or Response()

    def reply(self, code, new=False):
        res = Response() if new else self._response
        res.status(code)
        self._response = res
        return res


class Sender:
    def send(self, subject=None, receivers=None, body_params=None):
        return subject


def mock():
    return Mock()
"""

README = """\
# dice

Run `dice --no-caps` for lower case, and `dice --no-sort` to keep the order.

Pass `show_search_hint=True` to the `Menu` constructor to show a hint, and
`cycle=False` to the `Menu` constructor to stop at the ends.

```python
import dice

dice.mock().reply(404).json({"error": "not found"})
```
"""

SETUP_MD = """\
# Setup

```python
from dice import Sender

email = Sender()
```
"""

SENDING_MD = """\
# Sending

```python
email.send(
    subject="email subject",
    receivers=["first.last@example.com"],
    body_params={
        "client": "Customer LTD",
    },
)
```
"""


def test_declared_negations_sentence_callees_keyword_lines_and_either_returns(
    tmp_path: Path,
) -> None:
    files = {
        "dice/__init__.py": "from dice.menu import Menu, Sender, mock\n",
        "dice/menu.py": MENU,
        "dice/cli.py": CLI,
        "pyproject.toml": '[project]\nname = "dice"\nversion = "1"\n\n'
        '[project.scripts]\ndice = "dice.cli:main"\n',
        "README.md": README,
        "docs/setup.md": SETUP_MD,
        "docs/sending.md": SENDING_MD,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    changes = {
        "dice/cli.py": [('"--no-caps"', '"--lower"')],
        "dice/menu.py": [
            ("entries, show_search_hint=False, cycle", "entries, search_hint=False, cycle"),
            ("Search(show_search_hint)", "Search(search_hint)"),
            ("def json(self, data)", "def json_body(self, data)"),
            ("receivers=None, body_params=None", "receivers=None, params=None"),
        ],
    }
    _edit(tmp_path, changes)
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 3, "dice --no-caps"),
        ("README.md", 5, "show_search_hint=True"),
        ("README.md", 11, "dice.mock.reply.json"),
        ("docs/sending.md", 7, "email.send"),
    }


SETTINGS = """\
import argparse


def create_config():
    def set_global(**options):
        return options

    set_global(dual_line=False, force_tty=None)
    return set_global


class Menu:
    def __init__(self, status_bar_below=False):
        self._status_bar_below = status_bar_below


def main():
    parser = argparse.ArgumentParser(prog="menu")
    parser.add_argument("--status-bar-below", action="store_true", dest="status_bar_below")
    args = parser.parse_args()
    Menu(status_bar_below=args.status_bar_below)
"""

SETTINGS_README = """\
# menu

Settings:

- `dual_line`: the text goes below the bar
- `force_tty`: animate in any terminal
- `status_bar_below`: the status bar goes below the preview
"""


def test_keys_and_parameters_the_documented_state_spelled(tmp_path: Path) -> None:
    """A setting's key the code no longer spells (a keyword its calls passed) and a parameter
    whose name lives on only as an option's `dest` are gone, named bare in a list."""
    _write(tmp_path, {"menu/__init__.py": SETTINGS, "README.md": SETTINGS_README})
    _first_commit(tmp_path)
    text = SETTINGS.replace("dual_line=False", "two_lines=False")
    text = text.replace(
        "def __init__(self, status_bar_below=False)", "def __init__(self, at_bottom=False)"
    )
    text = text.replace("= status_bar_below\n", "= at_bottom\n")
    text = text.replace("Menu(status_bar_below=", "Menu(at_bottom=")
    (tmp_path / "menu/__init__.py").write_text(text)
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 5, "dual_line"),
        ("README.md", 7, "status_bar_below"),
    }


def test_a_local_name_read_through_itself_gives_no_result(tmp_path: Path) -> None:
    """`value = value if value else Default()`: an unbound read of itself, which the
    returns' reader must not follow forever (transitions hung the analysis)."""
    source = (
        "class Default:\n    pass\n\n\n"
        "def pick(value=None):\n    value = value if value else Default()\n    return value\n"
    )
    _write(tmp_path, {"loop/__init__.py": source, "README.md": "# loop\n\nCall `pick()`.\n"})
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
