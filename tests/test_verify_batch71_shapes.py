"""Shapes from the blind wild batches 71 to 73 (demucs, evotorch, yawsso, ridgeplot,
pytrilogy, pycoin, mkdocs-rss-plugin, pytest-databases), each a page that is right, on a
small repo that has it:

- demucs' "otherwise `wav.device` is assumed": the tensor its functions take as `wav`, not
  its submodule `demucs.wav` named by its last part; and `htdemucs_ft`, a pretrained model
  the package ships as `remote/htdemucs_ft.yaml` and loads by that name;
- evotorch's `clone()` annotated with its base (`-> "Clonable"`) that returns
  `object.__new__(type(self))`: an instance of the receiver's class, whose members chain;
  and a subclass sketched around one call (`def __init__(self): ... super().__init__(x=1)`);
- yawsso's `-p 'lab*' dev prod`, where `-p` takes `nargs="*"`: three values, no command;
- ridgeplot's link into the folder autosummary writes (`:toctree: public/`);
- pytrilogy's group whose class (`LazyGroup`) another module of the project defines and
  which imports its commands when one is typed;
- pycoin's networks, which a factory gives attributes their class never sets;
- mkdocs-rss-plugin's links to the feeds it writes, and pytest-databases' `POSTGRES_NN_PORT`.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

DEMUCS_API = """\
def separate_tensor(wav, sr=None, device=None):
    return wav.to(device or wav.device)
"""

DEMUCS_README = """\
# demucs

`separate_tensor(wav)`: if `device` is not given, `wav.device` is assumed.

Use the fine-tuned model `htdemucs_ft` for the best quality.
"""


def test_a_parameter_named_like_a_submodule_and_a_model_shipped_as_data(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "demucs"\nversion = "1"\n',
        "demucs/__init__.py": "",
        "demucs/api.py": DEMUCS_API,
        "demucs/wav.py": "def convert_audio(wav):\n    return wav\n",
        "demucs/htdemucs.py": "class HTDemucs:\n    pass\n",
        "demucs/remote/htdemucs_ft.yaml": "models: [a, b, c, d]\n",
        "README.md": DEMUCS_README,
    }
    assert _drift(_write(tmp_path / "demucs", files)) == set()
    # the submodule's own member, written in full, is still checked
    (tmp_path / "demucs" / "README.md").write_text(
        DEMUCS_README + "\nCall `demucs.wav.convert_wav()`.\n", encoding="utf-8"
    )
    assert {line for _, line, _ in _drift(tmp_path / "demucs")} == {7}


EVOTORCH = """\
class Clonable:
    def clone(self) -> "Clonable":
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new


class Solution(Clonable):
    def to_batch(self):
        return [self]


class Problem:
    def __init__(self, objective_sense, network, *, num_gpus_per_actor=None):
        self.network = network
"""

EVOTORCH_README = """\
# evo

```python
from evo.core import Problem, Solution

sol = Solution()
cloned = sol.clone()
print(cloned.to_batch())


class CustomProblem(Problem):
    def __init__(self):
        ...
        super().__init__(num_gpus_per_actor="all")
```
"""


def test_a_clone_of_the_receivers_class_and_a_sketched_subclass(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "evo"\nversion = "1"\n',
        "evo/__init__.py": "",
        "evo/core.py": EVOTORCH,
        "README.md": EVOTORCH_README,
    }
    assert _drift(_write(tmp_path / "evo", files)) == set()


YAWSSO = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="yawsso")
    parser.add_argument("-p", "--profiles", nargs="*")
    parser.add_argument("-e", "--export-tokens", action="store_true")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("login")
    sub.add_parser("decrypt")
    return parser.parse_args(argv)
"""

YAWSSO_README = """\
# yawsso

```
yawsso -p 'lab*' dev prod
yawsso -p dev -e login
yawsso -e logon
```
"""


def test_a_flag_taking_every_word_up_to_the_next_flag(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "yawsso"\nversion = "1"\n'
            '[project.scripts]\nyawsso = "yawsso.cli:main"\n'
        ),
        "yawsso/__init__.py": "",
        "yawsso/cli.py": YAWSSO,
        "README.md": YAWSSO_README,
    }
    # after a flag's values, a word is a command again: `logon` is none
    assert {line for _, line, _ in _drift(_write(tmp_path / "yawsso", files))} == {6}


RIDGE_INDEX = """\
API
===

.. autosummary::
   :toctree: public/

   ridge.ridgeplot
"""


def test_a_link_into_the_folder_autosummary_writes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ridge"\nversion = "1"\n',
        "ridge/__init__.py": "def ridgeplot(samples):\n    return samples\n",
        "docs/conf.py": "extensions = ['sphinx.ext.autosummary']\n",
        "docs/index.rst": "Ridge\n=====\n\n.. toctree::\n\n   api/index\n   start\n",
        "docs/api/index.rst": RIDGE_INDEX,
        "docs/start.md": "# Start\n\nSee [ridgeplot](api/public/ridge.ridgeplot.rst).\n"
        "And [the missing page](api/reference/ridge.rst).\n",
    }
    assert {(f, line) for f, line, _ in _drift(_write(tmp_path / "ridge", files))} == {
        ("docs/start.md", 4)
    }


TRILOGY_UTILS = """\
import importlib

import click


class LazyGroup(click.Group):
    def get_command(self, ctx, name):
        module = importlib.import_module(f"trilogy.commands.{name}")
        return module.command
"""

TRILOGY_CLI = """\
import click

from trilogy.click_utils import LazyGroup


@click.group(cls=LazyGroup, lazy_subcommands={"run": "trilogy.commands.run.command"})
def cli():
    pass
"""

TRILOGY_README = """\
# trilogy

```
trilogy run 'select 1;' duckdb --path db.duckdb
```
"""


def test_a_lazy_group_class_from_another_module(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "trilogy"\nversion = "1"\n'
            '[project.scripts]\ntrilogy = "trilogy.cli:cli"\n'
        ),
        "trilogy/__init__.py": "",
        "trilogy/click_utils.py": TRILOGY_UTILS,
        "trilogy/cli.py": TRILOGY_CLI,
        "README.md": TRILOGY_README,
    }
    assert _drift(_write(tmp_path / "trilogy", files)) == set()


PYCOIN = """\
class API:
    pass


class Network:
    def __init__(self, symbol):
        self.symbol = symbol


def create_network(symbol):
    network = Network(symbol)
    network.keys = API()
    network.keys.private = lambda secret: secret
    network.parse = API()
    return network
"""

PYCOIN_README = """\
# coin

```python
from coin.btc import network

key = network.keys.private(secret_exponent=1)
print(network.parse, network.symbol)
print(network.address)
```
"""


def test_attributes_a_factory_sets_on_the_instance_it_makes(tmp_path: Path) -> None:
    """pycoin's `create_bitcoinish_network` makes a `Network` and sets `keys`, `parse` and
    the rest on it: every network has them, though the class sets none; one it never sets
    (`address`) is still missing."""
    files = {
        "pyproject.toml": '[project]\nname = "coin"\nversion = "1"\n',
        "coin/__init__.py": "",
        "coin/networks.py": PYCOIN,
        "coin/btc.py": 'from .networks import create_network\n\nnetwork = create_network("BTC")\n',
        "README.md": PYCOIN_README,
    }
    assert {line for _, line, _ in _drift(_write(tmp_path / "coin", files))} == {8}


RSS_PLUGIN = """\
from mkdocs.config import config_options
from mkdocs.plugins import BasePlugin


class RssPlugin(BasePlugin):
    config_scheme = (("rss_created", config_options.Type(str, default="feed_rss_created.xml")),)
"""

DB_PORTS = """\
import os


def postgres_port():
    return os.environ.get("POSTGRES_PORT"), os.environ.get("POSTGRES_16_PORT")
"""


def test_files_the_plugin_writes_and_a_version_stand_in(tmp_path: Path) -> None:
    """mkdocs-rss-plugin links the feed it writes beside the page (`feed_rss_created.xml`,
    its `default=`); pytest-databases' `POSTGRES_NN_PORT` stands for `POSTGRES_16_PORT`."""
    files = {
        "pyproject.toml": '[project]\nname = "rss"\nversion = "1"\n',
        "rss/__init__.py": "",
        "rss/plugin.py": RSS_PLUGIN,
        "rss/ports.py": DB_PORTS,
        "mkdocs.yml": "site_name: rss\nplugins:\n  - rss\n",
        "docs/index.md": "# rss\n\nThe feed: [feed_rss_created.xml](feed_rss_created.xml).\n"
        "See [the guide](guide.md).\n\nSet `POSTGRES_NN_PORT` or `POSTGRES_NN_HOST`.\n",
    }
    assert {(line, name) for _, line, name in _drift(_write(tmp_path / "rss", files))} == {
        (4, "guide.md"),
        (6, "POSTGRES_NN_HOST"),
    }
