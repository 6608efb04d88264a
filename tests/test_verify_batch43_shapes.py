"""Shapes from the blind wild batch 43 (mpi4py, colour-science), on a small repo, each beside
a line that must still be reported.

- A Cython module whose `.pyx` only includes other files, with a `.pyi` stub beside it
  (mpi4py's `MPI.pyi`: 120 false alarms): the stub is what the analysis can read of it.
- A role of another language's domain (`:c:data:`MPI_COMM_WORLD``) claims nothing here.
- A module's `__all__` (`print(colour.colorimetry.__all__)`) exists where the module
  writes one.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

STUB = """\
class Intracomm:
    def Spawn(self, command: str, maxprocs: int = 1) -> Intracomm: ...

COMM_WORLD: Intracomm
"""

DOC = """\
MPI
===

Use ``fast.MPI.COMM_WORLD`` and :meth:`fast.MPI.Intracomm.Spawn`, not
``fast.MPI.COMM_SELF``; :c:data:`MPI_COMM_WORLD` is the C library's.

>>> import fast.util
>>> print(fast.util.__all__)
>>> print(fast.util.__version__)
"""


def test_compiled_modules_through_their_stubs_and_other_domains(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fast"\nversion = "1"\n',
        "src/fast/__init__.py": "",
        "src/fast/MPI.pyx": 'include "MPI.src/MPI.pyx"\n',
        "src/fast/MPI.pyi": STUB,
        "src/fast/util.py": '__all__ = ["helper"]\n\n\ndef helper():\n    pass\n',
        "docs/conf.py": "project = 'fast'\n",
        "docs/index.rst": DOC,
    }
    assert _drift(_write(tmp_path / "fast", files)) == {
        ("docs/index.rst", 5, "fast.MPI.COMM_SELF"),
        ("docs/index.rst", 9, "fast.util.__version__"),
    }


DEVICE = """\
class Device:
    def put(self, attr, value):
        return value
"""

CONF = """\
import shutil

project = "rig"
shutil.unpack_archive("plots.zip", "_static")
"""

RIG_DOC = """\
Rig
===

.. image:: _static/Examples_Plotting.png

.. image:: images/missing.png

>>> from rig.devices import ai
>>> ai().put("VAL", 1)
>>> ai().get("VAL")

rig_msgs
********

- :py:class:`Log <rig.types.rig_msgs__msg__Log>`

Omissions
=========

.. function:: rig.ca_add_exception_event

   *Not implemented*: exceptions are raised instead.

.. function:: rig.ca_client_status
"""


def test_downloads_aliases_namespaces_and_omissions(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "rig"\nversion = "1"\n',
        "rig/__init__.py": "from rig import device\n\nDevice = device.Device\n",
        "rig/device.py": DEVICE,
        "rig/devices.py": "from rig import Device\n\n\nclass ai(Device):\n    pass\n",
        "rig/types.py": "class rig_msgs__msg__Log:\n    pass\n",
        "docs/conf.py": CONF,
        "docs/index.rst": RIG_DOC,
    }
    assert _drift(_write(tmp_path / "rig", files)) == {
        ("docs/index.rst", 6, "images/missing.png"),
        ("docs/index.rst", 10, "rig.devices.ai.get"),
        ("docs/index.rst", 24, "rig.ca_client_status"),
    }
