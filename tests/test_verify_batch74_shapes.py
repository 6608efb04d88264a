"""Shapes from the blind wild batch 74 (changelog-gen, bioio, hats-import, kedro-mlflow) and
the older pyzmq, each a page that is right, on a small repo that has it:

- changelog-gen's `app = typer.Typer(name="changelog")`, installed as `changelog`: its
  commands are the program's (`changelog init`), not a `changelog` group's; and its MkDocs
  site's absolute links carry the `site_url` path (`/changelog-gen/configuration`);
- bioio's writers, which entry points put in the module's `globals()`;
- hats-import's "The ``collection.properties`` file", a file with a long extension;
- kedro-mlflow's "With `kedro-mlflow` installed": the distribution, no program;
- pyzmq's build variables, read by its CMakeLists.txt; deap's classes its examples make by
  name.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CHANGELOG_CLI = """\
import typer


def _callback(verbose: bool = False) -> None:
    pass


app = typer.Typer(name="changelog", callback=_callback)


@app.command("init")
def init(force: bool = False) -> None:
    pass


@app.command("generate")
def generate(dry_run: bool = False) -> None:
    pass
"""

CHANGELOG_USAGE = """\
# Usage

Start with `changelog init`, then run `changelog generate --dry-run`.

See [the configuration](/changelog-gen/configuration) and [a page](/changelog-gen/nowhere).
"""


def test_a_typer_app_a_script_runs_and_a_site_served_under_a_path(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "changelog-gen"\nversion = "1"\n'
            '[project.scripts]\nchangelog = "changelog_gen.cli:app"\n'
        ),
        "changelog_gen/__init__.py": "",
        "changelog_gen/cli.py": CHANGELOG_CLI,
        "mkdocs.yml": "site_name: changelog\nsite_url: https://example.github.io/changelog-gen/\n",
        "docs/index.md": "# changelog\n",
        "docs/configuration.md": "# Configuration\n",
        "docs/usage.md": CHANGELOG_USAGE,
    }
    found = _drift(_write(tmp_path / "changelog", files))
    assert {(f, line) for f, line, _ in found} == {("docs/usage.md", 5)}
    assert {name for _, _, name in found} == {"/changelog-gen/nowhere"}


WRITERS = """\
from importlib.metadata import entry_points

for ep in entry_points(group="bioio.writers"):
    globals()[ep.name] = ep.load()
"""

BIOIO_README = """\
# bio

```python
from bio.writers import OmeTiffWriter
```

The ``collection.properties`` file links the tables.

With `bio-tools` installed, read your images.
"""


def test_module_names_made_at_run_time_and_words_that_are_no_code(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "bio-tools"\nversion = "1"\n',
        "bio/__init__.py": "",
        "bio/writers.py": WRITERS,
        "bio/collection/__init__.py": "def load():\n    return None\n",
        "README.md": BIOIO_README,
    }
    assert _drift(_write(tmp_path / "bio", files)) == set()


CMAKE = """\
cmake_minimum_required(VERSION 3.15)
project(pyx)
option(PYX_DRAFT_API "build the draft API" OFF)
set(PYX_LIB_VERSION "4.3.5" CACHE STRING "the bundled library's version")
foreach(_optname PYX_DRAFT_API PYX_NO_BUNDLE)
  if (DEFINED ENV{${_optname}})
    set(${_optname} "$ENV{${_optname}}")
  endif()
endforeach()
"""

BUILD_PAGE = """\
# Building

Set `PYX_DRAFT_API=1`, `PYX_NO_BUNDLE` or `PYX_LIB_VERSION` before `pip install`, and pass
CMake flags in `CMAKE_ARGS`. `PYX_NO_SUCH_THING` does nothing.
"""


def test_variables_the_cmake_build_reads(tmp_path: Path) -> None:
    """pyzmq's CMakeLists.txt reads the options it loops over from the environment
    (`DEFINED ENV{${_optname}}`): those of the project's name are its variables."""
    files = {
        "pyproject.toml": '[project]\nname = "pyx"\nversion = "1"\n',
        "pyx/__init__.py": "import os\n\nDEBUG = os.environ.get('PYX_DEBUG')\n",
        "CMakeLists.txt": CMAKE,
        "docs/build.md": BUILD_PAGE,
    }
    found = _drift(_write(tmp_path / "pyx", files))
    assert {name for _, _, name in found} == {"PYX_NO_SUCH_THING"}


DEAP_CREATOR = """\
def create(name, base, **kwargs):
    globals()[name] = type(name, (base,), kwargs)
"""

DEAP_EXAMPLE = """\
from evo import creator, base

creator.create("FitnessMax", base.Fitness, weights=(1.0,))
toolbox = base.Toolbox()
toolbox.register("mate", base.crossover)
"""

DEAP_PAGE = """\
One Max
=======

.. currentmodule:: evo

.. literalinclude:: /../examples/onemax.py

First we define the class :class:`FitnessMax`, then register :func:`mate` on the toolbox;
:class:`FitnessMix` is no class of the example.
"""


def test_names_an_included_example_makes_by_name(tmp_path: Path) -> None:
    """deap's pages include an example that makes `FitnessMax` with `creator.create(...)`
    and registers `mate` on a toolbox: the roles naming them mean those, not the package's
    own (an included file named from the docs' source folder, `/../examples/...`)."""
    files = {
        "pyproject.toml": '[project]\nname = "evo"\nversion = "1"\n',
        "evo/__init__.py": "",
        "evo/creator.py": DEAP_CREATOR,
        "evo/base.py": "class Fitness:\n    pass\n\n\nclass Toolbox:\n    pass\n\n\n"
        "def crossover(a, b):\n    return a, b\n",
        "examples/onemax.py": DEAP_EXAMPLE,
        "doc/conf.py": "extensions = []\n",
        "doc/examples/onemax.rst": DEAP_PAGE,
        "doc/index.rst": "Evo\n===\n\n.. toctree::\n\n   examples/onemax\n",
    }
    found = _drift(_write(tmp_path / "evo", files))
    assert {name for _, _, name in found} == {"FitnessMix"}
