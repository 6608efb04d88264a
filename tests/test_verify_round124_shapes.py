"""Shapes from the blind sets of round 34, each on a small repo that has it:

- a class `__getattr__` that answers a family of names by their start (`if key.startswith(
  "get_"): return partial(self.get, key[4:])`, ancpbids' `layout.get_subjects()`) serves
  every name of that family, while a name outside it is still reported;
- the variables a plugin's suffixless shell files read (DevStack's `devstack/settings`), the
  pages an MkDocs gen-files script writes wherever it lies, and the settings a Django app
  reads (`settings.ACCT_OPEN_SIGNUP`) or declares in an appconf class are no false alarms;
- `python -m pkg` is stale once its `__main__.py` (or the plain module) only defines;
- a vendored program's flags (`pkg/_vendor/...`) do not excuse a flag the project lost.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

GETTERS = """\
from functools import partial


class Layout:
    def __init__(self, root):
        self.root = root

    def __getattr__(self, key):
        if key.startswith("get_"):
            return partial(self.get, key[4:])
        raise AttributeError(key)

    def get(self, target, **filters):
        return [target, filters]
"""
GETTERS_README = """\
# bl

```python
from bl import Layout

layout = Layout("data")
layout.get_subjects(task="rest")
layout.get_tasks()
layout.subjects()
```

Every entity has a getter: `bl.Layout.get_runs`.
"""


def test_a_hook_answering_a_family_of_names_by_their_start(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "bl"\nversion = "1"\n',
        "bl/__init__.py": GETTERS,
        "README.md": GETTERS_README,
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "bl", files))}
    assert report == {(9, "bl.Layout.subjects")}


def test_variables_a_plugin_s_suffixless_shell_files_read(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cl"\nversion = "1"\n',
        "cl/__init__.py": "def run():\n    return 1\n",
        "devstack/settings": "# Defaults\nCL_SAMPLE_DIR=${CL_CONF_DIR:-/etc/cl}\n"
        "CL_SAMPLE=$CL_SAMPLE_DIR/cl.py\nCL_FROM_GIT=$(trueorfalse True CL_FROM_GIT)\n",
        "devstack/override-defaults": 'if [[ "$CL_FROM_GIT" == "True" ]]; then\n'
        '    PROJECTS="cl $PROJECTS"\nfi\n',
        "README.rst": "cl\n==\n\nInstall from PyPI with ``CL_FROM_GIT``::\n\n"
        "    CL_FROM_GIT=False\n\n"
        "The sample is written to ``$CL_SAMPLE_DIR/cl.py``; ``CL_FROM_PIP`` is no setting.\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "cl", files))}
    assert report == {(8, "CL_FROM_PIP")}


GEN_PAGES = """\
from pathlib import Path

import mkdocs_gen_files

for path in sorted(Path("src").rglob("*.py")):
    with mkdocs_gen_files.open(Path("reference", path.stem + ".md"), "w") as fd:
        fd.write("::: " + path.stem)
"""


def test_pages_a_gen_files_script_writes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "kr"\nversion = "1"\n',
        "kr/__init__.py": "def run():\n    return 1\n",
        "mkdocs.yml": "site_name: kr\nplugins:\n- search\n- gen-files:\n    scripts:\n"
        "      - scripts/documentation/gen_api.py\n- literate-nav\n",
        "scripts/documentation/gen_api.py": GEN_PAGES,
        "docs/index.md": "# kr\n\nSee the [API reference](reference/) and [the guide](guide/).\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "kr", files))}
    assert report == {(3, "guide/")}


REVIEW_MAIN = """\
import sys


def main():
    sys.stdout.write("done\\n")
"""
TOOL = """\
def edit(path):
    return path
"""


def test_a_module_run_as_a_program_that_only_defines(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pr"\nversion = "1"\n',
        "pr/__init__.py": "",
        "pr/__main__.py": REVIEW_MAIN + "\n\nif __name__ == '__main__':\n    main()\n",
        "tool.py": TOOL + '\n\nif __name__ == "__main__":\n    edit("x")\n',
        "runner/__init__.py": "",
        "runner/__main__.py": "from runner.cli import main\n\nmain()\n",
        "runner/cli.py": REVIEW_MAIN,
        "README.md": "# pr\n\n```console\n$ python -m pr\n$ python -m tool\n"
        "$ python -m runner\n```\n",
    }
    changes = {
        "pr/__main__.py": [("\n\nif __name__ == '__main__':\n    main()\n", "\n")],
        "tool.py": [('\n\nif __name__ == "__main__":\n    edit("x")\n', "\n")],
    }
    assert _drift_after(tmp_path / "pr", files, changes) == {("README.md", 4), ("README.md", 5)}


PG_CLI = """\
import click


@click.group()
def main():
    pass


@click.command()
@click.option("-r", "--requirement-file")
def check(requirement_file):
    click.echo(requirement_file)


@click.command()
@click.option("-f", "--requirement-file")
def generate(requirement_file):
    click.echo(requirement_file)


main.add_command(check)
main.add_command(generate)
"""
VENDORED_CLI = """\
from optparse import OptionGroup, OptionParser


class ShowCommand:
    def __init__(self):
        self.parser = OptionParser(usage="%prog [options] <package> ...")
        self.cmd_opts = OptionGroup(self.parser, "Show Options")

    def add_options(self):
        self.cmd_opts.add_option("-f", "--files", dest="files", action="store_true")
        self.parser.insert_option_group(0, self.cmd_opts)
"""


def test_a_vendored_program_s_flags_are_not_the_project_s(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pg"\nversion = "1"\n\n'
        '[project.scripts]\npg = "pg.cli:main"\n',
        "pg/__init__.py": "",
        "pg/cli.py": PG_CLI,
        "pg/_vendor/__init__.py": "",
        "pg/_vendor/tool/__init__.py": "",
        "pg/_vendor/tool/commands/__init__.py": "",
        "pg/_vendor/tool/commands/show.py": VENDORED_CLI,
        "README.md": "# pg\n\n```console\n$ pg check -r requirements.txt\n"
        "$ pg check -f requirements.txt\n$ pg generate -f out.txt\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "pg", files))}
    assert report == {(5, "pg check -f requirements.txt")}


APPCONF = """\
from appconf import AppConf
from django.conf import settings  # noqa


class AccountAppConf(AppConf):
    LOGIN_URL = "account_login"
    OPEN_SIGNUP = True
"""
VIEWS = """\
from django.conf import settings


def signup_open():
    return settings.ACCT_OPEN_SIGNUP and getattr(settings, "ACCT_EMAIL_UNIQUE", True)
"""


def test_settings_a_django_app_reads_or_declares(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "acct"\nversion = "1"\n'
        'dependencies = ["django", "django-appconf"]\n',
        "acct/__init__.py": "",
        "acct/conf.py": APPCONF,
        "acct/views.py": VIEWS,
        "docs/conf.py": "",
        "docs/settings.rst": "Settings\n========\n\n``ACCT_LOGIN_URL``\n  Where to log in.\n\n"
        "``ACCT_OPEN_SIGNUP``, ``ACCT_EMAIL_UNIQUE`` and ``ACCT_DELETION_CALLBACK``.\n",
    }
    found = _drift(_write(tmp_path / "acct", files))
    assert {(line, ref) for _, line, ref in found} == {(7, "ACCT_DELETION_CALLBACK")}


CHUNKS = """\
def chunkerify(tokenizer, chunk_size=None):
    return Chunker(tokenizer, chunk_size)


def chunk(text, chunk_size, offsets=False):
    return [text]


class Chunker:
    def __init__(self, tokenizer, chunk_size):
        self.tokenizer = tokenizer

    def __call__(self, text, processes=1, overlap=None):
        return [text]
"""
CHUNKS_README = """\
# sc

```python
import sc

chunker = sc.chunkerify('gpt-4', 4) or sc.chunkerify('cl100k_base', 4)
chunker("text", overlap=0.5)
```

Call `chunk()` for one text.
"""


def test_a_project_function_named_like_a_stdlib_module(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sc"\nversion = "1"\n',
        "sc/__init__.py": CHUNKS,
        "README.md": CHUNKS_README,
    }
    changes = {
        "sc/__init__.py": [
            ("def chunk(text", "def chunk_text(text"),
            ("processes=1, overlap=None", "processes=1"),
        ]
    }
    assert _drift_after(tmp_path / "sc", files, changes) == {
        ("README.md", 7),  # a chooser of chunkers: `or` gives one of them
        ("README.md", 10),  # `chunk()`, the project's, although `chunk` is a stdlib module
    }


def test_a_signature_pasted_without_its_body(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ld"\nversion = "1"\n',
        "ld/__init__.py": "def load(path, *, strict=False, encoding='utf-8'):\n    return path\n",
        "README.md": "# ld\n\n### `load()`\n\n```python\ndef load(\n    path: str,\n    *,\n"
        "    strict: bool = False,\n    encoding: str = 'utf-8',\n) -> dict:\n```\n",
    }
    changes = {"ld/__init__.py": [("strict=False", "check=False")]}
    assert _drift_after(tmp_path / "ld", files, changes) == {("README.md", 9)}


def test_file_names_and_a_module_named_for_mysql(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tc"\nversion = "1"\n',
        "tc/__init__.py": "",
        "tc/drivers/__init__.py": "",
        "tc/drivers/mysql_store.py": "class MySQLStore:\n    pass\n",
        "README.md": "# tc\n\nLink against the `tc.lib` file, or serve on `tc.sock`.\n\n"
        "The store is `tc.drivers.mysql.MySQLDriver`.\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "tc", files))}
    assert report == {(5, "tc.drivers.mysql.MySQLDriver")}


PULSAR = """\
class Pulsar:
    def __init__(self, toas, theta=0.0):
        self.toas = toas
        self.theta = theta
"""


def test_an_attribute_the_page_gives_an_instance_read_back(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hs"\nversion = "1"\n',
        "hs/__init__.py": PULSAR,
        "README.md": "# hs\n\n```python\nimport hs\n\npsrs = []\nfor name in names:\n"
        "    psr = hs.Pulsar(toas=[1.0])\n    psr.name = name\n    psrs.append(psr)\n"
        "    print(psr.name, psr.theta)\n\nfor p in psrs:\n    print(p.name, p.phi)\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "hs", files))}
    assert report == {(14, "hs.Pulsar.phi")}


def test_a_name_the_sentence_says_is_to_come(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ml"\nversion = "1"\n',
        "ml/__init__.py": "class StreamViewer:\n    pass\n",
        "README.rst": "ml\n==\n\nQt serves the legacy ``ml.StreamViewer`` and the future "
        "``ml.Viewer``.\nThe ``ml.Plotter`` draws.\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "ml", files))}
    assert report == {(5, "ml.Plotter")}


def test_options_a_sentence_says_are_available_to_a_callable(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "el"\nversion = "1"\n',
        "el/__init__.py": "_args = {}\n\n\ndef start(*urls, mode='chrome', port=8000, "
        "shutdown_delay=1.0):\n    _args.update({'shutdown_delay': shutdown_delay})\n",
        "README.md": "# el\n\nThe following options are available to `start()`:\n"
        " - **mode**, a string naming the browser.\n - **port**, an int.\n"
        " - **shutdown_delay**, how long it waits.\n",
    }
    changes = {
        "el/__init__.py": [
            ("shutdown_delay=1.0", "shutdown_timeout=1.0"),
            (": shutdown_delay}", ": shutdown_timeout}"),
        ]
    }
    assert _drift_after(tmp_path / "el", files, changes) == {("README.md", 6)}


def test_a_name_the_code_gives_as_a_string(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "am"\nversion = "1"\n',
        "am/__init__.py": "",
        "am/api.py": "from fastapi import FastAPI\n\n"
        'app = FastAPI(title="AlchemiscaleComputeAPI")\n\n\n'
        "class AlchemiscaleComputeClient:\n    pass\n",
        "README.md": "# am\n\nThe ``AlchemiscaleComputeAPI`` serves the "
        "``AlchemiscaleComputeClient``; the ``AlchemiscaleComputeClients`` are many, the "
        "``AlchemiscaleComputeClent`` is no class.\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "am", files))}
    assert report == {(3, "AlchemiscaleComputeClent")}


JOB_SCRIPT = """\
az
==

The modules follow the pattern ``az.module_name``; ``az.compute`` runs the services.

An example job script::

    # don't limit stack size
    ulimit -s unlimited

    AZ_SCRATCH=/scratch/${USER}/${JOBID}
    mkdir -p $AZ_SCRATCH
    az compute --scratch $AZ_SCRATCH

Set ``AZ_SETTINGS`` to the settings file, never ``AZ_SETTING``.
"""


def test_a_job_script_s_own_variable_and_a_module_pattern(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "az"\nversion = "1"\n\n'
        '[project.scripts]\naz = "az.cli:main"\n',
        "az/__init__.py": "",
        "az/compute.py": "import os\n\nSETTINGS = os.environ.get('AZ_SETTINGS')\n",
        "az/cli.py": "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n"
        "    sub = p.add_subparsers()\n    c = sub.add_parser('compute')\n"
        "    c.add_argument('--scratch')\n    p.parse_args()\n",
        "README.rst": JOB_SCRIPT,
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "az", files))}
    assert report == {(15, "AZ_SETTING")}


ZIPPER = """\
import click


@click.command()
@click.help_option("--help", "-h")
@click.option("--level", default=1)
def main(level):
    click.echo(level)
"""


def test_a_click_program_s_short_help_dropped(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "zf"\nversion = "1"\n\n'
        '[project.scripts]\nzf = "zf.cli:main"\n',
        "zf/__init__.py": "",
        "zf/cli.py": ZIPPER,
        "README.md": "# zf\n\n```console\n$ zf -h\n$ zf --help\n$ zf --level 2\n```\n",
    }
    changes = {
        "zf/cli.py": [('@click.help_option("--help", "-h")', '@click.help_option("--help")')]
    }
    assert _drift_after(tmp_path / "zf", files, changes) == {("README.md", 4)}


def test_a_long_capital_literal_is_scanned(tmp_path: Path) -> None:
    data = "Ab" + "ABCDEFGHIJ" * 40 + "=="  # base64-like: no CamelCase word, no endless scan
    files = {
        "pyproject.toml": '[project]\nname = "bl64"\nversion = "1"\n',
        "bl64/__init__.py": f'BLOB = "{data}"\n\n\ndef load():\n    return BLOB\n',
        "README.md": "# bl64\n\nCall `bl64.load()`; `bl64.loads()` is no function.\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "bl64", files))}
    assert report == {(3, "bl64.loads()")}


def test_a_family_hook_that_refuses_some_names(tmp_path: Path) -> None:
    hook = GETTERS.replace(
        "            return partial(self.get, key[4:])\n",
        '            if key[4:] not in ("subjects", "tasks"):\n'
        "                raise ValueError(key)\n"
        "            return partial(self.get, key[4:])\n",
    )
    files = {
        "pyproject.toml": '[project]\nname = "bl"\nversion = "1"\n',
        "bl/__init__.py": hook,
        "README.md": GETTERS_README,
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "bl", files))}
    assert (12, "bl.Layout.get_runs") in report  # the hook refuses names it does not know
