"""Shapes from the blind sets of round 30 and the findings left from round 29, each on a small
repo that has it:

- a module that holds a private key's header as a constant (`PEM_HEADER =
  b"-----BEGIN PRIVATE KEY-----\\n"`) is code that handles keys, not a key: it is read, and
  the names it exports are known; a file with a key's body after the header is still left
  out unread;
- a separate-layout Sphinx build's output folder (`sphinx/build/html/`) is made by the build,
  while a missing file of the same source folder is reported;
- scikit-build-core's `{ env = "NAME" }` defines and `if.env.NAME` overrides in pyproject.toml
  read those variables, while an unread variable of the project's family is reported;
- "support for ``predict_params`` in sklearn" names the library the name belongs to, while
  a name of the project's it lost, in a sentence that names the library further on, is
  reported;
- a key path of a YAML file the package ships (`reporting.report_dir` of `reporting:` and
  `report_dir:`) is a setting, while one the file lacks is reported;
- a page a script converting notebooks writes (`scripts/convert_ipynb_to_mdx.py` makes
  `docs/tutorials/<id>/index.mdx`) is made by the build, while a missing guide is reported;
- an example that passes an argument by position and again by keyword (`dual(a, b,
  ctype=...)` once `dual` takes one pair before `ctype`) fails, as Python says;
- an argument table under a paragraph that is the callable's span alone (`` `sync.run` ``)
  names its parameters, bare (`| verbose | bool |`) or in backticks;
- a placeholder in braces of a web API's path (`/companies/public_treasury/{coin_id}`) is
  the API's, no name the project lost with the method that took it;
- a dataclass whose method reads the environment with one of its fields (`Setting(key,
  environment_key, ...)`, `os.environ.get(self.environment_key)`) makes each construction a
  read of the variable it names; the setting's short name in a value (`$DESTINATION_PREFIX/
  notus`) on a page that names the variable in full is that setting's, while `export
  DESTINATION_PREFIX=...` is a wrong variable;
- a distribution named as a suite (`gvm-tools`) that installs several commands, none
  called like it (`gvm-cli` and `gvm-script`), names its suite of programs, even in a
  `{program}` role, while a wrong option of one of its commands is reported;
- folders without `__init__.py` two levels inside a package (`TTS/demos/xtts_ft_demo/`) are
  namespace subpackages: `TTS.demos.xtts_ft_demo.xtts_demo` is a module;
- a call of a name only the test suite defines (`[func(1,2), func(3,4)]` beside a test's
  `def func(x)`) has no signature the docs promise, while a library function's does;
- MyST's {command}`get_report_formats` (an OS or protocol command) is no Python name;
- a new file the reader writes (`TTS/tts/layers/new_model.py`) in a folder the repository
  has is no claim, while one in a folder it lacks (`TTS/tts/model/`) is reported;
- a page a makefile rule makes (`tutorials/tutorial.rst: tutorials/tutorial.t` in
  `docs/makefile`) is made by the build, while a page nothing makes is reported;
- the help of a stub module (`run_server.py` only prints that it moved to another package)
  is another program's, while the help of the module the one script runs is checked;
- a flag whose dest the code reads off a parse result (`args.continue_path` after
  `parser.parse_known_args()` on a parser coqpit builds) is an option, while a misspelt
  flag of a parser we read is reported;
- a class's decorator (`@classmethod def _output_format(cls, func, override=None)`) whose
  wrapper hands every argument on (`func(self, *args, **kwargs)`) keeps the method's
  signature, so a keyword the method lost is reported;
- a variable the project's C sources read (`getenv("CYSIG_CRASH_QUIET")`) is read, while
  an unread one of the family is reported;
- a shell script's expansion of a variable another program sets (`$PROJECT_SOURCE`) makes
  no family of the project's, so the page's placeholder `$PROJECT_ROOT` is not one;
- a block listing a signature's parameters with annotations (`fullwidth: bool = False,`)
  claims each keyword, as `fullwidth=False,` lines do;
- `**kwargs` handed to a parameter whose default is a class (`atomic_write(path,
  writer_cls=AtomicWriter, **cls_kwargs)`) go to that class: a keyword it lacks is reported;
- a migration guide named after the release it leads to ("Theine V2 Migration Guide") shows
  old calls on purpose, while the API section below it is checked;
- a file a step of the page makes (`cp config-example.json eta/config.json`) is the reader's
  copy, wherever on the page it is named, while another missing file is reported;
- a page whose source lies in a sibling folder named for it (`api/audb` from `api-src/`) is
  made by the build, and "`Protocol.instruction` methods" names a kind of method;
- a click group made with `chain=True` runs several of its commands on one line (`geedim
  search -r x download -dt uint8`), each with its own flags, while a flag under the wrong
  command is reported;
- an rst list under "You can set the following ``tcolor`` arguments:" whose item joins two
  names with a slash (``color``/``bg_color``) claims each as a keyword of `tcolor`;
- a to-do list (`TODO.rst`) proposes, C's ``size_t`` is C's, and a class a module's
  docstring declares (`.. py:class:: DeviceParameters`) is documented there;
- an item a class's `__getattr__` serves (`return self[method]`) may be called when its
  `__getitem__` gives a callable (tronpy's `ContractMethod` with `__call__`), while a
  member of the contract itself it lacks is reported;
- a name bound to `globals()` and handed to a call (protobuf's generated `_globals`, filled
  by `_builder.BuildTopDescriptorsAndMessages`) opens the module: its classes are made at
  run time;
- a folder a passive sentence says the build writes ("the wheel will be generated under
  `python/dist/`") is its output, while a missing source folder is reported.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.scan.files import scan_repository
from klaro.verify.check import check_repository

UTILS = """\
PEM_HEADER = b"-----BEGIN PRIVATE KEY-----\\n"
PEM_FOOTER = b"-----END PRIVATE KEY-----\\n"


def verify_signature(signature, message, public_key):
    return True
"""


def test_a_module_holding_a_key_header_is_read_and_a_key_is_not(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "curve"\nversion = "1"\n',
        "curve/__init__.py": "from curve.utils import verify_signature\n",
        "curve/utils.py": UTILS,
        "tests/data/key.txt": "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIYn\n",
        "docs/api.md": "# API\n\nCall `curve.verify_signature` or `curve.verify_sig`.\n",
    }
    root = _write(tmp_path / "curve", files)
    scan = scan_repository(root)
    assert {s.path: s.reason for s in scan.skipped} == {"tests/data/key.txt": "secret"}
    assert {ref for _, _, ref in _drift(root)} == {"curve.verify_sig"}


def test_a_sphinx_build_output_folder_is_made_by_the_build(tmp_path: Path) -> None:
    page = (
        "# Website\n\nRun `cd sphinx/ && make html`. The build output is in "
        "`sphinx/build/html/`.\nThe pages start at `sphinx/source/intro.rst`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "axe"\nversion = "1"\n',
        "axe/__init__.py": "def run():\n    pass\n",
        "sphinx/source/conf.py": 'project = "axe"\n',
        "sphinx/source/index.rst": "Axe\n===\n",
        "website/README.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "axe", files))}
    assert found == {"sphinx/source/intro.rst"}


SKBUILD = """\
[build-system]
requires = ["scikit-build-core"]
build-backend = "scikit_build_core.build"

[project]
name = "curve"
version = "1"

[tool.scikit-build.cmake.define]
VENDORED_REF = { env = "CURVE_UPSTREAM_REF", default = "v0.6" }

[[tool.scikit-build.overrides]]
if.env.CURVE_SYSTEM_LIB = true
cmake.define.USE_SYSTEM = "ON"
"""


def test_scikit_build_core_env_defines_are_reads(tmp_path: Path) -> None:
    page = (
        "# Install\n\nSet `CURVE_UPSTREAM_REF` to build another release, "
        "`CURVE_SYSTEM_LIB` to link the system's, or `CURVE_STATIC` for a static build.\n"
    )
    files = {
        "pyproject.toml": SKBUILD,
        "CMakeLists.txt": "project(curve)\n",
        "curve/__init__.py": 'import os\n\nDEBUG = os.environ.get("CURVE_DEBUG")\n',
        "docs/install.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "curve", files))}
    assert found == {"CURVE_STATIC"}


def test_a_name_said_to_be_in_another_library(tmp_path: Path) -> None:
    page = (
        "Getting started\n===============\n\n"
        "Since support for ``predict_params`` in sklearn is sparse, ``prot_attr`` is an "
        "argument.\nCall ``fit_fair`` in a pipeline of sklearn to fit.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "fairlib"\nversion = "1"\n'
        'dependencies = ["scikit-learn"]\n',
        "fairlib/__init__.py": "import sklearn\n\n\ndef fit_fairly(X, prot_attr=None):\n"
        "    return sklearn\n\n\ndef predict_proba(X):\n    return X\n",
        "docs/start.rst": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "fairlib", files))}
    assert found == {"fit_fair"}


def test_a_key_path_of_a_shipped_yaml_file_is_a_setting(tmp_path: Path) -> None:
    page = (
        "# FAQ\n\nRuns go to the config param `reporting.report_dir`; the `reporting.report_path`"
        " param is gone.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "probe"\nversion = "1"\n',
        "probe/__init__.py": "",
        "probe/_config.py": "class Sub:\n    pass\n\n\nreporting = Sub()\n",
        "probe/resources/__init__.py": "",
        "probe/resources/core.yaml": "reporting:\n  report_dir: runs\n  taxonomy: null\n",
        "FAQ.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "probe", files))}
    assert found == {"reporting.report_path"}


CONVERT = """\
from pathlib import Path

DOCS_DIR = Path(__file__).parents[1].joinpath("docs")
TUTORIALS_DIR = DOCS_DIR.joinpath("tutorials")


def write(name, text):
    folder = TUTORIALS_DIR / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.mdx").write_text(text)
"""


def test_pages_a_notebook_converting_script_writes(tmp_path: Path) -> None:
    page = (
        "# Attach a trial\n\nStart with [the tutorial](../tutorials/getting_started/index.mdx)"
        " and [the guide](../guides/trials.md).\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "axe"\nversion = "1"\n',
        "axe/__init__.py": "def run():\n    pass\n",
        "scripts/convert_ipynb_to_mdx.py": CONVERT,
        "tutorials/getting_started/getting_started.ipynb": "{}\n",
        "docs/intro.md": "# Intro\n",
        "docs/recipes/attach-trial.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "axe", files))}
    assert found == {"../guides/trials.md"}


def test_an_argument_given_by_position_and_by_keyword(tmp_path: Path) -> None:
    page = (
        "# Pixels\n\n```python\nfrom pix import dual\n\n"
        "dual((0, 128, 0), (128, 0, 0), ctype='256', palette='default')\n"
        "dual((0, 128, 0), ctype='256')\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "pix"\nversion = "1"\n',
        "pix/__init__.py": "def dual(pixels, ctype='8', palette='default'):\n    return pixels\n",
        "README.md": page,
    }
    root = _write(tmp_path / "pix", files)
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    assert [(f.line, f.message) for f in report.drift] == [
        (6, "`dual()` gets `ctype` twice: as positional argument 2 and by keyword")
    ]


RSYNC_API = """\
# sync

## API

`sync.run`

| argument  | type | default | description |
| --------- | ---- | ------- | ----------- |
| cwd  | str  | `os.getcwd()` | working directory |
| verbose | bool | `False` | prints the command first |
| **kwargs | dict | Not Applicable | forwarded to `sync.command` |

`sync.command`

| argument  | type | default | description |
| --------- | ---- | ------- | ----------- |
| source | str | - | Source folder |
| private_key | str | None | a key for --rsh |
"""


def test_argument_table_under_a_span_naming_the_callable(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sync"\nversion = "1"\n',
        "sync/__init__.py": "from sync.runner import run\nfrom sync.maker import command\n",
        "sync/runner.py": "from sync.maker import command\n\n\n"
        "def run(cwd=None, echo=False, **kwargs):\n    return command(**kwargs)\n",
        "sync/maker.py": "def command(source, destination, private_key=None):\n    return []\n",
        "README.md": RSYNC_API,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "sync", files))}
    assert found == {(10, "sync.run(verbose=...)")}


COINS = """\
class Api:
    def get_coin_by_id(self, id):
        return id

    def get_treasury_by_coin_id(self, coin_id="bitcoin"):
        return coin_id
"""
COINS_PAGE = """\
# coins

```python
from coins import Api
cg = Api()
```

<details><summary>companies</summary>
<p>

* **/companies/public_treasury/{coin_id}**

   _Query public companies' holdings_
    ```python
    cg.get_treasury_by_coin_id()
    ```
</details>
"""


def test_a_placeholder_in_braces_of_an_endpoint_path_is_no_name(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "coins"\nversion = "1"\n',
        "coins/__init__.py": "from coins.api import Api\n",
        "coins/api.py": COINS,
        "README.md": COINS_PAGE,
    }
    removed = {"coins/api.py": [(COINS[COINS.index("    def get_treasury") :], "")]}
    assert _drift_after(tmp_path / "coins", files, removed) == {("README.md", 15)}


FEED_CONFIG = """\
import os
from dataclasses import dataclass


@dataclass
class Setting:
    config_key: str
    environment_key: str
    default_value: str | None

    def resolve(self, values):
        if self.environment_key in os.environ:
            return os.environ.get(self.environment_key)
        return values.get(self.config_key, self.default_value)


CONFIG_FILE = os.environ.get("FEED_SYNC_CONFIG")
SETTINGS = (
    Setting("destination-prefix", "FEED_SYNC_DESTINATION_PREFIX", "/var/lib"),
    Setting("notus-destination", "FEED_SYNC_NOTUS_DESTINATION", None),
)
"""
FEED_PAGE = """\
# feed-sync

### destination-prefix

| Name                 | Value                                   |
| -------------------- | --------------------------------------- |
| Environment Variable | `FEED_SYNC_DESTINATION_PREFIX`          |
| Default Value        | `/var/lib`                              |

### notus-destination

| Name                 | Value                                   |
| -------------------- | --------------------------------------- |
| Environment Variable | `FEED_SYNC_NOTUS_DESTINATION`           |
| Default Value        | `$DESTINATION_PREFIX/notus`             |

### nasl-destination

| Name                 | Value                                   |
| -------------------- | --------------------------------------- |
| Environment Variable | `FEED_SYNC_NASL_DESTINATION`            |

Or run `export DESTINATION_PREFIX=/srv` first.
"""


def test_variables_a_dataclass_field_names_are_read(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "feed-sync"\nversion = "1"\n',
        "feed_sync/__init__.py": "",
        "feed_sync/config.py": FEED_CONFIG,
        "README.md": FEED_PAGE,
    }
    root = _write(tmp_path / "feed", files)
    reads = {e.name for m in analyze_repository(root).modules for e in m.env_vars}
    assert {"FEED_SYNC_DESTINATION_PREFIX", "FEED_SYNC_NOTUS_DESTINATION"} <= reads
    found = {(line, ref) for _, line, ref in _drift(root)}
    assert found == {
        (21, "FEED_SYNC_NASL_DESTINATION"),
        (23, "export DESTINATION_PREFIX=/srv"),
    }


GVM_SETUP = """\
[project]
name = "gvm-tools"
version = "1"

[project.scripts]
gvm-cli = "gvmtools.cli:main"
gvm-script = "gvmtools.script:main"
"""


def test_a_distribution_installing_several_commands_names_the_suite(tmp_path: Path) -> None:
    page = (
        "# Tools\n\nCurrently, {program}`gvm-tools` comes with two command line programs:\n"
        "{program}`gvm-cli` and {program}`gvm-script`. Run `gvm-cli --tls-cert x` for TLS.\n"
    )
    files = {
        "pyproject.toml": GVM_SETUP,
        "gvmtools/__init__.py": "",
        "gvmtools/cli.py": "import argparse\n\n\ndef main():\n"
        "    parser = argparse.ArgumentParser(prog='gvm-cli')\n"
        "    parser.add_argument('--hostname')\n    parser.parse_args()\n",
        "gvmtools/script.py": "import argparse\n\n\ndef main():\n"
        "    argparse.ArgumentParser(prog='gvm-script').parse_args()\n",
        "docs/conf.py": 'extensions = ["myst_parser"]\n',
        "docs/tools.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "gvm", files))}
    assert found == {"gvm-cli --tls-cert x"}


def test_a_namespace_folder_two_levels_inside_a_package_is_importable(tmp_path: Path) -> None:
    page = (
        "# XTTS\n\nRun the demo with `python -m TTS.demos.xtts_ft_demo.xtts_demo`, "
        "built on `TTS.demos.xtts_ft_demo.xtts_demo.train`, with `TTS.api.talk`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "tts"\nversion = "1"\n',
        "TTS/__init__.py": "",
        "TTS/api.py": "def speak():\n    pass\n",
        "TTS/demos/xtts_ft_demo/xtts_demo.py": "def train():\n    pass\n\n\n"
        'if __name__ == "__main__":\n    train()\n',
        "docs/xtts.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "tts", files))}
    assert found == {"TTS.api.talk"}


def test_a_call_of_a_name_only_the_tests_define_is_not_checked(tmp_path: Path) -> None:
    page = (
        "Pool\n====\n\n.. method:: starmap(func, iterable)\n\n"
        "   An `iterable` of `[(1,2), (3, 4)]` results in `[func(1,2), func(3,4)]`.\n"
        "   See also `starmap_async(f, 1, 2, 3)`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "pool"\nversion = "1"\n',
        "pool/__init__.py": "def starmap_async(func, iterable):\n    return func\n",
        "t/unit/test_pool.py": "def func(x):\n    return x\n\n\n"
        "def test_it():\n    assert func(1)\n",
        "Doc/pool.rst": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "pool", files))}
    assert found == {"starmap_async(f, 1, 2, 3)"}


def test_a_myst_command_role_is_no_python_name(tmp_path: Path) -> None:
    page = (
        "# Scripting\n\nSend the {command}`get_report_formats` request, then call "
        "`gmp.get_report_format()` or `gmp.get_report_formatz()`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "gvm"\nversion = "1"\n',
        "gvm/__init__.py": "from gvm.gmp import gmp\n",
        "gvm/gmp.py": "class Gmp:\n    def get_report_format(self):\n        pass\n\n\n"
        "    def create_report_formats(self):\n        pass\n\n\ngmp = Gmp()\n",
        "docs/conf.py": 'extensions = ["myst_parser"]\n',
        "docs/scripting.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "gvm", files))}
    assert found == {"gmp.get_report_formatz()"}


def test_a_new_file_the_reader_writes_in_an_existing_folder(tmp_path: Path) -> None:
    page = (
        "# New model\n\nImplement the layers under `TTS/tts/layers/new_model.py` or in the "
        "model file `TTS/tts/model/new_model.py`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "tts"\nversion = "1"\n',
        "TTS/__init__.py": "",
        "TTS/tts/__init__.py": "",
        "TTS/tts/layers/__init__.py": "",
        "TTS/tts/models/__init__.py": "",
        "docs/new_model.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "tts", files))}
    assert found == {"TTS/tts/model/new_model.py"}


EVOLVE_MAKEFILE = """\
SPHINXBUILD ?= python3 -m sphinx -b html

.PHONY: all
all: tutorials/tutorial.rst static/logo.ico
\t$(SPHINXBUILD) . ../html/

tutorials/tutorial.rst: tutorials/tutorial.t test2rst.py
\tpython3 test2rst.py $<
"""


def test_a_page_a_makefile_rule_makes(tmp_path: Path) -> None:
    page = "Issues\n======\n\n.. toctree::\n\n   faq\n   tutorials/tutorial\n   tutorials/topics\n"
    files = {
        "pyproject.toml": '[project]\nname = "evolve"\nversion = "1"\n',
        "evolve/__init__.py": "",
        "docs/conf.py": 'project = "evolve"\n',
        "docs/makefile": EVOLVE_MAKEFILE,
        "docs/test2rst.py": "import sys\n",
        "docs/faq.rst": "FAQ\n===\n",
        "docs/tutorials/tutorial.t": "  $ hg init\n",
        "docs/index.rst": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "evolve", files))}
    assert found == {"tutorials/topics.rst"}


SPICE_README = """\
# spice

```text
usage: run_server.py [-h] [-p PORT] [-l PARALLEL] [timeout]

options:
  -h, --help            show this help message and exit
  -p, --port PORT       Port to run the server.
  -l, --parallel PARALLEL
                        Maximum number of parallel simulations.
```

```text
usage: raw_convert.py [-h] [-o OUTFILE] [-x]

options:
  -o, --output OUTFILE  Output file.
  -x, --xtra            More.
```
"""
RAW_CONVERT = """\
from optparse import OptionParser


def main():
    parser = OptionParser(usage="usage: %prog [options] RAWFILE")
    parser.add_option("-o", "--output", dest="outfile")
    parser.parse_args()
"""


def test_the_help_of_a_stub_module_is_another_programs(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "spice"\nversion = "1"\n\n'
        '[project.scripts]\nspice = "spice.raw_convert:main"\n',
        "spice/__init__.py": "",
        "spice/raw_convert.py": RAW_CONVERT,
        "spice/run_server.py": 'print("run_server.py was moved into the spicelib package.")\n',
        "README.md": SPICE_README,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "spice", files))}
    assert found == {
        (14, "raw_convert.py -x"),
        (18, "raw_convert.py -x"),
        (18, "raw_convert.py --xtra"),
    }


TRAIN = """\
from dataclasses import dataclass

from trainer import TrainerArgs


@dataclass
class TrainArgs(TrainerArgs):
    config_path: str = ""


def main(argv=None):
    parser = TrainArgs().init_argparse(arg_prefix="")
    args, overrides = parser.parse_known_args(argv)
    if args.continue_path:
        return args.continue_path
    return overrides
"""
SYNTH = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="tts")
    parser.add_argument("host")
    parser.add_argument("--config_path")
    parser.add_argument("--model_name")
    args = parser.parse_args()
    return args.host
"""


def test_a_dest_read_off_a_parser_another_library_builds(tmp_path: Path) -> None:
    page = (
        "# FAQ\n\nResume with `--continue_path <DIR>`; name a model with `--model_name`, "
        "or `--modle_name` for short.\nThe server takes `--host`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "tts"\nversion = "1"\ndependencies = ["trainer"]\n'
        '\n[project.scripts]\ntts = "tts.synth:main"\ntrain = "tts.train:main"\n',
        "tts/__init__.py": "",
        "tts/train.py": TRAIN,
        "tts/synth.py": SYNTH,
        "docs/faq.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "tts", files))}
    assert found == {"--modle_name", "--host"}


AV_BASE = """\
from functools import wraps


class AlphaVantage:
    def __init__(self, key=None):
        self.key = key

    @classmethod
    def _output_format(cls, func, override=None):
        @wraps(func)
        def _format_wrapper(self, *args, **kwargs):
            data = func(self, *args, **kwargs)
            return data
        return _format_wrapper
"""
AV_SERIES = """\
from .alphavantage import AlphaVantage as av


class TimeSeries(av):
    @av._output_format
    def get_intraday(self, symbol, interval="15min", output_size="compact"):
        return "TIME_SERIES_INTRADAY", symbol
"""


def test_a_classmethod_decorator_that_hands_every_argument_on(tmp_path: Path) -> None:
    page = (
        "# av\n\n```python\nfrom av import TimeSeries\n\nts = TimeSeries(key='KEY')\n"
        "data = ts.get_intraday(symbol='MSFT', interval='1min', outputsize='full')\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "av"\nversion = "1"\n',
        "av/__init__.py": "from .timeseries import TimeSeries\n",
        "av/alphavantage.py": AV_BASE,
        "av/timeseries.py": AV_SERIES,
        "README.md": page,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "av", files))}
    assert {line for line, _ in found} == {7}


def test_a_variable_the_c_sources_read(tmp_path: Path) -> None:
    page = (
        "Crashes\n=======\n\nSet ``CYSIG_CRASH_QUIET`` to keep quiet, ``CYSIG_CRASH_LOGS`` "
        "for a folder, or ``CYSIG_CRASH_LOUD``.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "cysig"\nversion = "1"\n',
        "src/cysig/__init__.py": "import os\n\nLOGS = os.environ.get('CYSIG_CRASH_LOGS')\n",
        "src/cysig/implementation.c": 'int quiet(void) {\n  return getenv("CYSIG_CRASH_QUIET")'
        " != NULL;\n}\n",
        "docs/crash.rst": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "cysig", files))}
    assert found == {"CYSIG_CRASH_LOUD"}


def test_a_shell_scripts_expansion_makes_no_family(tmp_path: Path) -> None:
    page = (
        "# Isolation\n\nThe cache goes to `$PROJECT_ROOT/.ansible` or `$VIRTUAL_ENV/.ansible`;"
        " set `ADT_CACHE_DIRS` or `ADT_CACHE_DIR`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "adt"\nversion = "1"\n',
        "adt/__init__.py": "import os\n\nCACHE = os.environ.get('ADT_CACHE_DIR')\n",
        "devspaces/entrypoint.sh": '#!/bin/bash\ncd "$PROJECT_SOURCE" || exit 1\n',
        "docs/isolation.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "adt", files))}
    assert found == {"ADT_CACHE_DIRS"}


BOXEN = """\
def boxen(
    *text, color: str = "white", padding: int = 0, title: str = None, fullwidth: bool = False
):
    return text
"""
BOXEN_PAGE = """\
# boxen

Available options include:

```py
color: str = "white",
padding: Union[int, tuple[int]] = 0,
title: str = None,
fullwidth: bool = False,
```
"""


def test_a_signature_listing_with_annotations(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "boxen"\nversion = "1"\n',
        "boxen/__init__.py": BOXEN,
        "README.md": BOXEN_PAGE,
    }
    renamed = {"boxen/__init__.py": [("fullwidth", "full_width")]}
    assert _drift_after(tmp_path / "boxen", files, renamed) == {("README.md", 9)}


ATOMIC = """\
class AtomicWriter:
    def __init__(self, path, mode="w", replace=False):
        self.path = path


def atomic_write(path, writer_cls=AtomicWriter, **cls_kwargs):
    return writer_cls(path, **cls_kwargs)
"""


def test_keywords_handed_to_a_parameter_whose_default_is_a_class(tmp_path: Path) -> None:
    page = (
        "Usage\n=====\n\n.. code-block:: python\n\n    from atomic import atomic_write\n\n"
        "    with atomic_write('foo.txt', overwrite=True) as f:\n        f.write('x')\n"
        "    with atomic_write('foo.txt', mode='wb') as f:\n        f.write(b'x')\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "atomic"\nversion = "1"\n',
        "atomic/__init__.py": ATOMIC,
        "README.rst": page,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "atomic", files))}
    assert {line for line, _ in found} == {8}


THEINE_PAGE = """\
# Theine

## Theine V2 Migration Guide

#### Renaming `timeout` to `ttl`

Old:
```python
@Memoize(Cache("tlfu", 1000), timeout=timedelta(seconds=100))
def foo(a:int) -> int:
    return a
```

## API

```python
@Memoize(Cache("tlfu", 1000), ttl=timedelta(seconds=100))
def foo(a:int) -> int:
    return a

@Memoize(Cache("tlfu", 1000), expire=timedelta(seconds=100))
def bar(a:int) -> int:
    return a
```
"""


def test_a_migration_guide_named_after_the_project(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "theine"\nversion = "2"\n',
        "theine/__init__.py": "class Cache:\n    def __init__(self, policy, size):\n"
        "        pass\n\n\nclass Memoize:\n    def __init__(self, cache, ttl=None):\n"
        "        pass\n\n    def __call__(self, fn):\n        return fn\n",
        "README.md": THEINE_PAGE,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "theine", files))}
    assert {line for line, _ in found} == {21}


ETA_PAGE = """\
# eta

When `eta` is imported, it reads the `eta/config.json` file and `eta/models.json`.

To set up your environment, copy the example configuration file:

```shell
cp config-example.json eta/config.json
```
"""


def test_a_file_a_later_step_of_the_page_copies(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "eta"\nversion = "1"\n',
        "eta/__init__.py": "",
        "config-example.json": "{}\n",
        "README.md": ETA_PAGE,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "eta", files))}
    assert found == {"eta/models.json"}


def test_a_page_copied_from_a_source_folder_and_a_family_of_methods(tmp_path: Path) -> None:
    index = (
        "audb\n====\n\n.. toctree::\n    :hidden:\n\n    api/audb\n    api/audb.info\n"
        "    api/audb.core\n\nBuild with `Protocol.instruction` methods, or `Protocol.sealer`.\n"
        "The `audb.api.Protocol` methods take a mount point.\n"
        "Only the `Protocol.seal()` and `Protocol.spin_down()` functions take it.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "audb"\nversion = "1"\n',
        "audb/__init__.py": "class Protocol:\n    def seal(self):\n        pass\n\n"
        "    def spin(self):\n        pass\n",
        "audb/info.py": "def header(name):\n    return name\n",
        "docs/conf.py": 'extensions = ["sphinx_apipages"]\n',
        "docs/api-src/audb.rst": "audb\n====\n",
        "docs/api-src/audb.info.rst": "audb.info\n=========\n",
        "docs/index.rst": index,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "audb", files))}
    assert found == {
        "api/audb.core.rst",
        "Protocol.sealer",
        "audb.api.Protocol",
        "Protocol.spin_down()",
    }


GEEDIM_CLI = """\
import click


@click.group(chain=True)
def cli():
    pass


@cli.command()
@click.option("-r", "--region")
def search(region):
    pass


@cli.command()
@click.option("-dt", "--dtype")
def download(dtype):
    pass
"""


def test_a_chained_click_group_runs_several_commands_on_one_line(tmp_path: Path) -> None:
    page = (
        "Usage\n=====\n\n.. code-block:: bash\n\n"
        "    geedim search -r region.json download -dt uint8\n"
        "    geedim search -r region.json -dt uint8\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "geedim"\nversion = "1"\n\n'
        '[project.scripts]\ngeedim = "geedim.cli:cli"\n',
        "geedim/__init__.py": "",
        "geedim/cli.py": GEEDIM_CLI,
        "README.rst": page,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "geedim", files))}
    assert {line for line, _ in found} == {7}


TCOLOR = """\
def tcolor(string, color=None, background=None, styles=None):
    return string
"""
TCOLOR_PAGE = """\
tcolorpy
========

You can set the following ``tcolor`` arguments:

- ``color``/``bg_color``
    - color names (``"red"``, ``"green"``, etc.)
- ``styles``
    - ``"bold"``, ``"italic"``, etc.
"""


def test_an_rst_list_of_arguments_joined_by_a_slash(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tcolorpy"\nversion = "1"\n',
        "tcolorpy/__init__.py": TCOLOR,
        "README.rst": TCOLOR_PAGE,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "tcolorpy", files))}
    assert found == {(6, "tcolor(bg_color=...)")}


CLUDA_API = '''\
"""
.. py:class:: DeviceParameters(device)

    An assembly of device parameters necessary for optimizations.
"""

class Thread:
    def synchronize(self):
        pass

    def sizes(self):
        pass

    def size(self):
        pass
'''


def test_a_todo_list_a_c_type_and_a_class_a_docstring_declares(tmp_path: Path) -> None:
    page = (
        "API\n===\n\nUse `reikna.cluda.api.DeviceParameters` and `reikna.cluda.api.Thread`, "
        "whose sizes come from `reikna.cluda.api.Thread.sizez`.\nThe macro gives a ``size_t``.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "reikna"\nversion = "1"\n',
        "reikna/__init__.py": "",
        "reikna/cluda/__init__.py": "",
        "reikna/cluda/api.py": CLUDA_API,
        "TODO.rst": "TODO\n====\n\n* FEATURE: add ``Thread.fork()``\n",
        "doc/api.rst": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "reikna", files))}
    assert found == {"reikna.cluda.api.Thread.sizez"}


TRON = """\
class ContractMethod:
    def __init__(self, abi):
        self.abi = abi

    def __call__(self, *args):
        return self.abi

    def call(self, *args):
        return self.abi


class ContractFunctions:
    def __init__(self, abi):
        self._abi = abi

    def __getitem__(self, method):
        return ContractMethod(self._abi[method])

    def __getattr__(self, method):
        try:
            return self[method]
        except KeyError:
            raise AttributeError(method) from None


class Contract:
    def __init__(self, abi):
        self.functions = ContractFunctions(abi)
"""


def test_an_item_served_as_an_attribute_may_be_a_callable(tmp_path: Path) -> None:
    page = (
        "# Contracts\n\n```python\nfrom tron import Contract\n\ncntr = Contract({})\n"
        "print(cntr.functions.symbol())\nprint(cntr.functionz.symbol())\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "tron"\nversion = "1"\n',
        "tron/__init__.py": TRON,
        "README.md": page,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "tron", files))}
    assert {line for line, _ in found} == {8}


PB2 = """\
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf.internal import builder as _builder

DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b"...")

_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, "api_pb2", _globals)
"""


def test_classes_protobuf_builds_into_a_namespace_bound_to_globals(tmp_path: Path) -> None:
    page = (
        "# dgraph\n\n```python\nimport dgraph\n\nop = dgraph.Operation(drop_all=True)\n"
        "client = dgraph.client.Clientz()\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "dgraph"\nversion = "1"\n',
        "dgraph/__init__.py": "from dgraph.proto.api_pb2 import *\nfrom dgraph import client\n",
        "dgraph/client.py": "class Client:\n    pass\n",
        "dgraph/proto/__init__.py": "",
        "dgraph/proto/api_pb2.py": PB2,
        "README.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "dgraph", files))}
    assert found == {"dgraph.client.Clientz"}


def test_a_folder_a_passive_sentence_says_the_build_writes(tmp_path: Path) -> None:
    page = (
        "# Build\n\nRun `python -m build`; the wheel will be generated under `python/dist/`.\n"
        "The sources are in `python/srcs/`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "sudachi"\nversion = "1"\n',
        "python/sudachi/__init__.py": "",
        "python/README.md": page,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "sudachi", files))}
    assert found == {"python/srcs/"}
