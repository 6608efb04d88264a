"""Shapes from the blind wild batch 38 (quimb, pyocd, pyzotero, dataretrieval), on a small
repo, each beside a line that must still be reported.

- A MyST page's `[x](#CircuitMPS.sample)` that matches no heading names a definition by
  the last parts of its full name; an inherited member is no definition.
- `TRACE = LOG.getChild("trace")` under `LOG = logging.getLogger(__name__)` makes the
  logger `pkg.ap.trace`, which a page names to configure logging.
- Functions a function defines and hands to a call (`for tool in (a, b): add(tool)`) are
  served by name (pyzotero's MCP tools).
- `api.water.usgs.gov` is a host; "`configure(api_key=...)` no longer works" and "**is
  renamed** ``pkg.config``" say a name is gone.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CIRCUIT = """\
class CircuitBase:
    def sample(self):
        return 1


class Circuit(CircuitBase):
    pass


class CircuitMPS(Circuit):
    def sample(self):
        return 2
"""

AP = """\
import logging

LOG = logging.getLogger(__name__)
TRACE = LOG.getChild("trace")
"""

TOOLS = """\
def register(add):
    def list_item_fields(item_type):
        return item_type

    def create_item(fields):
        return fields

    for tool in (list_item_fields, create_item):
        add(tool)
"""

CONFIG = """\
def configure(*settings):
    return settings
"""

PAGE = """\
# Circuits

Sample with [`sample`](#CircuitMPS.sample), not [`Circuit.sample`](#Circuit.sample).

Set the `pkg.ap.trace` logger to debug and `pkg.ap.trace_all`.

The tools are `list_item_fields` and `create_item` and `list_items_fields`.

The hosts are `api.water.usgs.gov` and `pkg.water.sgs`.

Keyword settings are removed, so ``configure(api_key=...)`` no longer works.

**The module is renamed** ``pkg.config`` to ``pkg.configuration``.
"""


def test_objects_loggers_registered_functions_hosts_and_gone_notes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pkg"\nversion = "1"\n',
        "pkg/__init__.py": "",
        "pkg/circuit.py": CIRCUIT,
        "pkg/ap.py": AP,
        "pkg/tools.py": TOOLS,
        "pkg/configuration.py": CONFIG,
        "docs/conf.py": "extensions = ['myst_parser']\n",
        "docs/circuits.md": PAGE,
    }
    assert _drift(_write(tmp_path / "pkg", files)) == {
        ("docs/circuits.md", 3, "#Circuit.sample"),
        ("docs/circuits.md", 5, "pkg.ap.trace_all"),
        ("docs/circuits.md", 7, "list_items_fields"),
        ("docs/circuits.md", 9, "pkg.water.sgs"),
    }
