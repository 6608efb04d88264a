"""Shapes from the blind drift round 44 (jsonmerge, sshuttle, ollama), on a small repo with
the last commit as the documented state.

- "The Merger constructor takes the following arguments (all optional, except schema):"
  over a reStructuredText definition list: each term is a keyword of `Merger()`.
- `.. option:: --method <auto|nat|ipfw>`: each value is one the option must take.
- A flag the parser dropped stays gone though a string of the code still spells it
  (sshuttle's `-N`, also an iptables flag its code passes), alone or in a cluster (`-NHr`).
- `except pkg.ResponseError as e:` makes `e` an instance of the class caught.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PYPROJECT = """\
[project]
name = "tunnel"
version = "1.0"

[project.scripts]
tunnel = "tunnel.cmd:main"
"""

CMD = """\
import argparse
import subprocess


def ipt(*args):
    return subprocess.call(["iptables", "-w", *args])


def setup(chain):
    ipt("-N", chain)


def main():
    parser = argparse.ArgumentParser(prog="tunnel")
    parser.add_argument("-N", "--auto-nets", action="store_true")
    parser.add_argument("-H", "--auto-hosts", action="store_true")
    parser.add_argument("-r", "--remote")
    parser.add_argument("--method", choices=["auto", "nat", "ipfw"])
    parser.parse_args()
"""

MERGE = """\
class ResponseError(Exception):
    def __init__(self, error, status_code=-1):
        self.error = error
        self.status_code = status_code


class Merger:
    def __init__(self, schema, strategies=(), validatorclass=None):
        self.schema = schema

    def merge(self, base, head):
        return head
"""

MANPAGE = """\
tunnel
======

.. option:: -N, --auto-nets

    Guess the networks to route.

.. option:: --method <auto|nat|ipfw>

    Which method to use.

Run ``tunnel -NHr example.com``.

The Merger constructor takes the following arguments (all optional, except
schema):

schema
   The JSON Schema.

strategies
   A dictionary mapping strategy names to instances.

validatorclass
   A validator class.

Example::

    from tunnel.merge import Merger, ResponseError

    try:
        Merger({}).merge({}, {})
    except ResponseError as e:
        print(e.status_code)
"""

FILES = {
    "pyproject.toml": PYPROJECT,
    "tunnel/__init__.py": "",
    "tunnel/cmd.py": CMD,
    "tunnel/merge.py": MERGE,
    "docs/manpage.rst": MANPAGE,
}


def test_a_dropped_flag_a_string_still_spells(tmp_path: Path) -> None:
    edits = {"tunnel/cmd.py": [('"-N", "--auto-nets"', '"--auto-nets"')]}
    assert _drift_after(tmp_path, FILES, edits) == {
        ("docs/manpage.rst", 4),
        ("docs/manpage.rst", 12),
    }


def test_a_value_an_option_directive_lists(tmp_path: Path) -> None:
    edits = {"tunnel/cmd.py": [('"nat", "ipfw"]', '"nat"]')]}
    assert _drift_after(tmp_path, FILES, edits) == {("docs/manpage.rst", 8)}


def test_a_keyword_a_definition_list_gives_the_constructor(tmp_path: Path) -> None:
    edits = {"tunnel/merge.py": [("strategies=()", "extra_strategies=()")]}
    assert _drift_after(tmp_path, FILES, edits) == {("docs/manpage.rst", 20)}


def test_an_attribute_of_the_exception_caught(tmp_path: Path) -> None:
    edits = {"tunnel/merge.py": [("self.status_code = status_code", "self.status = status_code")]}
    assert _drift_after(tmp_path, FILES, edits) == {("docs/manpage.rst", 33)}
