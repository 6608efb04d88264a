"""Shapes from the blind wild batch 32 (rasterio, pyzmq, Chameleon, zarr, repo2docker), on
small repos, each beside a line that must still be reported.

- A Cython module (`crs.pyx`, built by `setup.py`) is a module with the `def`/`cpdef`
  functions and `cdef class` classes Python sees; a `.pyx` beside its `.py` twin is not read.
- `globals().update(_ns)` makes a module's names at run time, also for a package that
  star-imports it (pyzmq's backend).
- `{k[10:]: v for k, v in os.environ.items() if k.lower().startswith('chameleon_')}` reads
  every `CHAMELEON_*` variable.
- `--bounds $(fio info x.shp --bounds)`: the substituted command is another program's.
- `from zarr._version import version as __version__`, where `_version.py` is the file a build
  hook writes: `zarr.__version__` exists.
- A variable a shell script on the page reads (`"$R2D_COMPARE_TO"`) is the page's own; a
  roadmap (`docs/roadmap.md`) states intentions.
- traitlets' `--Repo2Docker.base_image=...` sets a trait of the project's class.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository

CRS_PYX = """\
# cython: language_level=3
include "gdal.pxi"
from rasterio._err cimport exc_wrap_pointer
from rasterio.errors import CRSError

cdef int _helper(int x) except -1:
    return x


cdef class CRS:
    \"\"\"A coordinate reference system.\"\"\"
    cdef public object _epsg
    cdef OGRSpatialReferenceH _osr

    def __init__(self, initialdata=None, **kwargs):
        self._wkt = None

    property data:
        def __get__(self):
            return self._data

    @staticmethod
    def from_epsg(code):
        return CRS()

    cpdef to_wkt(self, morph_to_esri_dialect=False, version=None):
        return self._wkt

    cdef _set(self, int flag):
        pass


cpdef int epsg_treats_as_latlong(object crs) except -1:
    return 0


def auth_preference(np.ndarray[double, ndim=1] arr, int n=3, *, str kind="x"):
    return arr
"""


def test_a_cython_module_gives_what_python_sees(tmp_path: Path) -> None:
    files = {
        "geo/__init__.py": "",
        "geo/crs.pyx": CRS_PYX,
        "geo/speed.py": "def fast():\n    pass\n",
        "geo/speed.pyx": "def slow():\n    pass\n",
        "README.md": (
            "# geo\n\n```python\nfrom geo.crs import CRS, auth_preference\n\n"
            "crs = CRS('EPSG:4326')\ncrs.to_wkt(version=2)\ncrs.data\nauth_preference(a, n=2)\n"
            "crs.to_wkt(dialect=2)\ncrs.to_proj4()\nCRS.from_epsg(4326)\n```\n\n"
            "See `geo.speed.fast` and `geo.speed.slow`.\n"
        ),
    }
    root = _write(tmp_path / "geo", files)
    crs = next(m for m in analyze_repository(root).modules if m.name == "geo.crs")
    assert [f.name for f in crs.functions] == ["epsg_treats_as_latlong", "auth_preference"]
    (cls,) = crs.classes
    assert [m.name for m in cls.methods] == ["__init__", "from_epsg", "to_wkt"]
    assert {a.name for a in cls.attributes} >= {"_epsg", "data", "_wkt"}
    assert _drift(root) == {
        ("README.md", 10, "geo.crs.CRS.to_wkt"),
        ("README.md", 11, "geo.crs.CRS.to_proj4"),
        ("README.md", 15, "geo.speed.slow"),
    }


BACKEND = """\
from .select import select_backend

_ns = select_backend("cython")
globals().update(_ns)
"""


def test_names_a_module_makes_with_globals_update(tmp_path: Path) -> None:
    files = {
        "mq/__init__.py": "from mq.backend import *\nfrom mq.sugar import Context\n",
        "mq/backend/__init__.py": BACKEND,
        "mq/backend/select.py": "def select_backend(name):\n    return {}\n",
        "mq/sugar.py": "class Context:\n    pass\n",
        "README.md": "# mq\n\nCall `mq.proxy()` or `mq.Context`; `mq.sugar.Contxt` is a typo.\n",
    }
    # `mq` star-imports the backend, whose names we cannot list: not `mq.sugar`
    assert _drift(_write(tmp_path / "mq", files)) == {("README.md", 3, "mq.sugar.Contxt")}


CONFIG = """\
import os

environment = {
    k[10:]: v
    for (k, v) in ((j.lower(), x) for (j, x) in os.environ.items())
    if k.startswith('chameleon_')
}
EAGER = environment.pop('eager', 'false')
"""


def test_a_mapping_of_the_environment_filtered_by_prefix(tmp_path: Path) -> None:
    files = {
        "chameleon/__init__.py": "",
        "chameleon/config.py": CONFIG,
        "README.md": "# chameleon\n\nSet `CHAMELEON_EAGER` or `CHAMELEON_DEBUG`.\n",
    }
    root = _write(tmp_path / "chameleon", files)
    reads = {e.name for m in analyze_repository(root).modules for e in m.env_vars}
    assert "CHAMELEON_*" in reads
    assert _drift(root) == set()


CLI_PY = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="rio")
    parser.add_argument("--bounds")
    parser.parse_args()
"""

PYPROJECT = """\
[project]
name = "rio"
version = "1.0"
dependencies = ["traitlets"]

[project.scripts]
rio = "rio.cli:main"

[tool.hatch.build.hooks.vcs]
version-file = "rio/_version.py"
"""

APP_PY = """\
from traitlets import Unicode
from traitlets.config import Application


class Repo2Docker(Application):
    base_image = Unicode("buildpack-deps")
"""

COMMANDS_MD = """\
# rio

```console
$ rio --bounds $(fio info features.shp --bounds)
$ rio --bonds 1
$ rio --Repo2Docker.base_image=ubuntu --Repo2Docker.base_imag=x
```

The version is `rio.__version__`. Save this script:

```bash
#!/bin/bash
compare "$R2D_COMPARE_TO"
```

and set `R2D_COMPARE_TO` first; `RIO_DEBUG` is not read.
"""


def test_command_substitutions_built_versions_page_scripts_and_traits(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "rio/__init__.py": "from rio._version import version as __version__\n",
        "rio/cli.py": CLI_PY,
        "rio/app.py": APP_PY + "\nimport os\nDEBUG = os.environ.get('RIO_VERBOSE')\n",
        "docs/commands.md": COMMANDS_MD,
        "docs/roadmap.md": "# Roadmap\n\nWe intend to add `rio.read_into`.\n",
    }
    assert _drift(_write(tmp_path / "rio", files)) == {
        ("docs/commands.md", 5, "rio --bonds 1"),
        ("docs/commands.md", 6, "rio --Repo2Docker.base_image=ubuntu --Repo2Docker.base_imag=x"),
        ("docs/commands.md", 16, "RIO_DEBUG"),
    }


CONTRIBUTING = """\
# Contributing

For example, if we had `src/usekit/_a.py` and were splitting it into `usekit/_a/b.py`, the
tests would follow. For a tool named Xyz, define `XyzToolSpec(ToolSpec)` in `usekit.impl.xyz`.
Line endings differ depending on git's `core.autocrlf` setting.

Additional configuration in `pyproject.toml`:

- `tool.usekit.sonar.verbose`
- `tool.coverage.xml.output`

Call `usekit.impl.missing` and `usekit.core.halt_all` now.
"""


def test_supposed_names_placeholders_table_paths_and_another_programs_keys(
    tmp_path: Path,
) -> None:
    files = {
        "usekit/__init__.py": "",
        "usekit/core.py": "def run():\n    pass\n",
        "usekit/impl/__init__.py": "class ToolSpec:\n    pass\n\n\nclass MissingSpecs:\n    pass\n",
        "usekit/tool.py": "def verbose():\n    pass\n",
        "CONTRIBUTING.md": CONTRIBUTING,
    }
    assert _drift(_write(tmp_path / "usekit", files)) == {
        ("CONTRIBUTING.md", 12, "usekit.impl.missing"),
        ("CONTRIBUTING.md", 12, "usekit.core.halt_all"),
    }


def test_a_name_gone_from_a_package_that_fills_its_namespace(tmp_path: Path) -> None:
    """natsort's `__init__.py` runs `globals().update(ns.__members__)`, so its names cannot be
    listed; `realsorted`, re-exported from `natsort.natsort` and then renamed, is still stale."""
    init = (
        "from natsort.natsort import realsorted\nfrom natsort.ns_enum import ns\n\n"
        "globals().update({name: value for name, value in ns.__members__.items()})\n"
    )
    files = {
        "natsort/__init__.py": init,
        "natsort/natsort.py": "def realsorted(seq):\n    return seq\n",
        "natsort/ns_enum.py": "import enum\n\n\nclass ns(enum.IntEnum):\n    REAL = 1\n",
        "README.md": "# natsort\n\n```python\n>>> from natsort import realsorted, REAL\n```\n",
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
    for name in ("natsort/__init__.py", "natsort/natsort.py"):
        path = tmp_path / name
        path.write_text(path.read_text().replace("realsorted", "real_sorted"))
    assert _drift_since_commit(tmp_path) == {("README.md", 4, "natsort.realsorted")}
