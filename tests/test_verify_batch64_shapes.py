"""Shapes from the blind wild batches 64 and 65 (uiautomator2, clusterscope, cellpose), on
small repos.

- uiautomator2's `exists(**kwargs)` handing its keywords to `self(**kwargs)`, the class's
  `__call__`.
- clusterscope's pasted help of `cscope job-gen task slurm [OPTIONS]`: the usage line's
  command is four words deep; its Docusaurus site serves `website/docs/` pages without their
  suffix and makes a page for each category with a generated index.
- cellpose's "``models.Cellpose`` class which has been removed in Cellpose 4", and a name
  under "## Old updates": kept on purpose.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

DEVICE = """\
from functools import cached_property


class Selector:
    def click(self, timeout=None):
        pass


class XPathEntry:
    def __call__(self, xpath: str) -> Selector:
        return Selector()

    def click(self, xpath: str, timeout: float = 10) -> None:
        pass


class Device:
    def __init__(self, serial=None, *, port=7912):
        self.serial = serial

    def __call__(self, text=None, className=None) -> Selector:
        return Selector()

    def exists(self, **kwargs) -> bool:
        return bool(self(**kwargs))

    @cached_property
    def xpath(self) -> XPathEntry:
        return XPathEntry()


def connect(serial=None) -> Device:
    return Device(serial)
"""

DEVICE_README = """\
# dev

```python
import dev

d = dev.connect()
d.exists(text="Settings")
d.exists(txt="Settings")
```
"""


def test_keywords_handed_to_the_instance(tmp_path: Path) -> None:
    root = tmp_path / "dev"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "dev"\nversion = "1"\n',
            "dev/__init__.py": DEVICE,
            "README.md": DEVICE_README,
        },
    )
    # `text` is a parameter of `__call__`, `txt` of nothing the instance's call takes
    assert {(f, n) for f, n, _ in _drift(root)} == {("README.md", 8)}


CLUSTER = """\
import click


@click.group()
def cli():
    pass


@cli.group(name="job-gen")
def job_gen():
    pass


@job_gen.group(name="task")
def task():
    pass


@task.command()
@click.option("--partition", required=True)
@click.option("--nodes", type=int)
def slurm(partition, nodes):
    pass
"""

JOB_GEN_PAGE = """\
# cscope job-gen

CLI version of [`cscope job-gen` command](../py_lib/job-gen-task-slurm), see also
[the library](../py_lib/gone-page).

```shell
$ cscope job-gen task slurm --help
Usage: cscope job-gen task slurm [OPTIONS]

Options:
  --partition TEXT                Partition to query  [required]
  --nodes INTEGER                 Number nodes to request
  --tasks INTEGER                 Tasks per node
  --help                          Show this message and exit.
```
"""

STARTED = """\
# Getting started

Check out our [CLI Docs](./category/cli---command-line-interface) and the
[Python Library Docs](./category/python-library), not [this](./category/nothing-here).
"""


def test_a_docusaurus_site_and_a_deep_usage_line(tmp_path: Path) -> None:
    root = tmp_path / "cscope"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "cscope"\nversion = "1"\n'
            '[project.scripts]\ncscope = "cscope:cli"\n',
            "cscope/__init__.py": CLUSTER,
            "website/docusaurus.config.js": "module.exports = {title: 'cscope'};\n",
            "website/docs/getting_started.md": STARTED,
            "website/docs/CLI/_category_.json": '{"label": "CLI - Command Line Interface", '
            '"link": {"type": "generated-index"}}\n',
            "website/docs/py_lib/_category_.json": '{"label": "Python Library", '
            '"link": {"type": "generated-index"}}\n',
            "website/docs/CLI/cscope-job-gen.md": JOB_GEN_PAGE,
            "website/docs/py_lib/job-gen-task-slurm.md": "# job-gen\n",
        },
    )
    assert {(f, n) for f, n, _ in _drift(root)} == {
        ("website/docs/CLI/cscope-job-gen.md", 4),  # no such page
        ("website/docs/CLI/cscope-job-gen.md", 13),  # `slurm` takes no `--tasks`
        ("website/docs/getting_started.md", 4),  # no category makes `nothing-here`
    }


MODELS = """\
class CellposeModel:
    def eval(self, x, flow3D_smooth=0):
        return x
"""

MODELS_README = """\
# cells

.. warning::
    Cellpose 3 used ``models.Cellpose`` class which has been removed in Cellpose 4.

## Old updates

* new options like `flow3D_smooth` and `pretrained_model_orthogonal`

## Usage

Call ``models.CellposeModel`` and not ``models.Cellpos``.
"""


def test_names_kept_as_gone_on_purpose(tmp_path: Path) -> None:
    root = tmp_path / "cells"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "cells"\nversion = "1"\n',
            "cells/__init__.py": "",
            "cells/models.py": MODELS,
            "README.md": MODELS_README,
        },
    )
    assert {(f, n) for f, n, _ in _drift(root)} == {("README.md", 12)}
