"""Shapes from the blind wild batch 57 (climlab, pyfftw, kaskade), on small repos with the
last commit as the documented state.

- `process.state` where `climlab.process` is a sub-package and `Process` its class: the
  module's name written for an instance of its namesake class.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PROCESS = """\
class Process:
    def __init__(self):
        self.state = {}
        self.param = {}
"""

ARCH = """\
Architecture
============

Every process has a ``process.state`` dictionary and a ``process.param`` dictionary.
"""


def test_a_modules_name_for_an_instance_of_its_namesake_class(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "clim"\nversion = "1"\n',
        "clim/__init__.py": "from clim.process.process import Process\n",
        "clim/process/__init__.py": "from clim.process.process import Process\n",
        "clim/process/process.py": PROCESS,
        "docs/architecture.rst": ARCH,
    }
    changes = {"clim/process/process.py": [("self.param = {}", "self.params = {}")]}
    assert _drift_after(tmp_path / "clim", files, changes) == {("docs/architecture.rst", 4)}
