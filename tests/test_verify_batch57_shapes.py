"""Shapes from the blind wild batch 57 (climlab, pyfftw, kaskade), on small repos with the
last commit as the documented state.

- `process.state` where `climlab.process` is a sub-package and `Process` its class: the
  module's name written for an instance of its namesake class.
- pyfftw's `pyfftw.pyx` pastes in `utils.pxi` (`include 'utils.pxi'`), whose functions are
  the module's; `N = property(_get_N)` in its `cdef class FFTW` is a class attribute.
- kaskade's `@cloup.option_group("Schema Registry options", cloup.option("--registry"))`:
  the options a group decorator holds are the command's.
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


PYX = """\
# cython: language_level=3
cimport numpy as np

include 'utils.pxi'

cdef class FFTW:
    cdef int _N

    def _get_N(self):
        return self._N

    N = property(_get_N)

    def __cinit__(self, input_array, output_array):
        pass
"""

PXI = """\
cpdef empty_aligned(shape, dtype='float64', order='C', n=None):
    return None


def byte_align(array, n=None, dtype=None):
    return array
"""

FFT_DOC = """\
fft
===

Make arrays with ``fft.empty_aligned(shape, n=16)`` or align them with
``fft.byte_align(a)``; an ``FFTW`` object tells its size as ``FFTW.N``.
"""


def test_cython_includes_and_class_body_properties(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fft"\nversion = "1"\n',
        "fft/__init__.py": "from .fft import FFTW, byte_align, empty_aligned\n",
        "fft/fft.pyx": PYX,
        "fft/utils.pxi": PXI,
        "README.rst": FFT_DOC,
    }
    changes = {"fft/utils.pxi": [("n=None):\n    return None", "align=None):\n    return None")]}
    assert _drift_after(tmp_path / "fft", files, changes) == {("README.rst", 4)}


KASKADE = """\
import cloup


@cloup.group()
def cli():
    pass


@cli.command()
@cloup.option_group(
    "Schema Registry options",
    cloup.option("--registry", help="registry url"),
    cloup.option("--registry-auth"),
)
@cloup.option("-b", "--bootstrap-servers")
def consumer(registry, registry_auth, bootstrap_servers):
    pass


@cli.command()
@cloup.option("--registry")
def sandbox(registry):
    pass
"""

KASKADE_README = """\
# kaskade

```bash
kaskade consumer -b localhost:9092 --registry url=http://localhost:8081
```
"""


def test_options_an_option_group_decorator_holds(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "kaskade"\nversion = "1"\n'
        '[project.scripts]\nkaskade = "kaskade.main:cli"\n',
        "kaskade/__init__.py": "",
        "kaskade/main.py": KASKADE,
        "README.md": KASKADE_README,
    }
    changes = {"kaskade/main.py": [('"-b", "--bootstrap-servers"', '"-s", "--bootstrap-servers"')]}
    assert _drift_after(tmp_path / "kaskade", files, changes) == {("README.md", 4)}
