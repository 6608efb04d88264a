"""Shapes from the blind drift round 28 (tmuxp) and wild batch 27 (pyinfra, fastapi-users),
on small repos.

A function that fills a sub-command's parser (`create_load_subparser(parser)` in its own
module) reads as a program of its own with that sub-command's flags: they are the
sub-command's, not the program's, and a short flag the sub-command took at the documented
state is stale once dropped, though the code still spells it elsewhere. A link without a
suffix finds the page a site serves there; a page a build script under `scripts/` writes
exists; `Cls[T](...)` makes an instance of the generic class.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _drift, _write

CLI = """\
import argparse

from mux.load import create_load_subparser
from mux.convert import create_convert_subparser


def create_parser():
    parser = argparse.ArgumentParser(prog="mux")
    parser.add_argument("--log-level")
    subparsers = parser.add_subparsers(dest="subparser_name")
    load_parser = subparsers.add_parser("load")
    create_load_subparser(load_parser)
    convert_parser = subparsers.add_parser("convert")
    create_convert_subparser(convert_parser)
    return parser


def cli():
    create_parser().parse_args()
"""

LOAD = """\
def create_load_subparser(parser):
    parser.add_argument("-s", dest="new_session_name")
    parser.add_argument("-d", dest="detached", action="store_true")
    parser.add_argument("--yes", "-y", dest="answer_yes", action="store_true")
    return parser
"""

CONVERT = """\
def create_convert_subparser(parser):
    parser.add_argument("--yes", "-y", dest="answer_yes", action="store_true")
    return parser


TMUX_ARGS = ["new-session", "-d", "-s", "name"]
"""

README = """\
# mux

    $ mux load -s work -d ./session.yaml
    $ mux convert --yes session.yaml
"""


def test_a_sub_command_s_own_parser_keeps_its_flags(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "mux"\nversion = "1"\n'
        '[project.scripts]\nmux = "mux.cli:cli"\n',
        "mux/__init__.py": "",
        "mux/cli.py": CLI,
        "mux/load.py": LOAD,
        "mux/convert.py": CONVERT,
        "README.md": README,
    }
    root = _write(tmp_path / "mux", files)
    _first_commit(root)
    assert _drift_since_commit(root) == set()
    (root / "mux/load.py").write_text(
        LOAD.replace('"-s", dest', '"--session-name", dest').replace(
            '"-d", dest', '"--detach", dest'
        )
    )
    (root / "mux/convert.py").write_text(CONVERT.replace('"--yes", "-y"', '"--assume-yes", "-y"'))
    # `-s` and `-d` are still spelled (tmux's argv), but `load` no longer takes them
    assert _drift_since_commit(root) == {
        ("README.md", 3, "mux load -s work -d ./session.yaml"),
        ("README.md", 4, "mux convert --yes session.yaml"),
    }


def test_site_links_generated_pages_and_generic_classes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "users"\nversion = "1"\n',
        "users/__init__.py": "from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\n\n"
        "class Users(Generic[T]):\n    def current_user(self, active=False):\n        pass\n",
        "scripts/generate_connector_docs.py": "import os\n\n"
        "def main(docs):\n    os.makedirs(os.path.join(docs, 'connectors'))\n",
        "mkdocs.yml": "site_name: users\n",
        "docs/index.md": "# Users\n\nSee [getting started](./getting-started), "
        "[ssh](connectors/ssh.md), [gone](./gone) and [the index](connectors/index.md).\n",
        "docs/getting-started.md": "# Start\n\n```python\nimport users\n\n"
        "users = users.Users[int]()\n```\n",
        "docs/usage.md": "# Usage\n\n```python\ncurrent = users.current_user(active=True)\n"
        "users.current_usr()\n```\n",
    }
    root = _write(tmp_path / "users", files)
    assert _drift(root) == {
        ("docs/index.md", 3, "./gone"),
        ("docs/index.md", 3, "connectors/index.md"),
        ("docs/usage.md", 5, "users.current_usr"),
    }


def test_an_upper_case_constant_once_defined_is_stale_in_a_span(tmp_path: Path) -> None:
    """markdownify's ``ATX_CLOSED`` (found by automutate.py): no environment variable, so
    nothing without history; a module constant the documented state had, so stale once
    renamed."""
    code = "ATX = 'atx'\nATX_CLOSED = 'atx_closed'\n\n\ndef convert(html, heading_style=ATX):\n"
    code += "    return html\n"
    files = {
        "pyproject.toml": '[project]\nname = "mdify"\nversion = "1"\n',
        "mdify/__init__.py": code,
        "README.rst": "mdify\n=====\n\nAccepted values are ``ATX`` and ``ATX_CLOSED``.\n",
    }
    root = _write(tmp_path / "mdify", files)
    _first_commit(root)
    (root / "mdify/__init__.py").write_text(code.replace("ATX_CLOSED", "ATX_SHUT"))
    assert _drift(root) == set()
    assert _drift_since_commit(root) == {("README.rst", 4, "ATX_CLOSED")}


def test_a_file_the_reader_is_to_write_is_a_placeholder(tmp_path: Path) -> None:
    """streamlink's "Implement the plugin in ``src/streamlink/plugins/pluginname.py``" and
    pyinfra's "a new `src/pyinfra/operations/mytool.py`" (wild batch 27)."""
    files = {
        "pyproject.toml": '[project]\nname = "stream"\nversion = "1"\n',
        "src/stream/__init__.py": "",
        "src/stream/plugins/__init__.py": "",
        "README.md": "# stream\n\nImplement it in `src/stream/plugins/pluginname.py` or "
        "`src/stream/plugins/mytool.py`; see `src/stream/plugins/twitch.py`.\n",
    }
    root = _write(tmp_path / "stream", files)
    assert _drift(root) == {("README.md", 3, "src/stream/plugins/twitch.py")}
