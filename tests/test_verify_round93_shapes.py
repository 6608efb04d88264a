"""Shapes from the blind sets of round 29 and the findings left from round 28, each on a small
repo that has it:

- a reST link embedding a page name with a long lower-case tail (`<scheduler.schedulers>`)
  that is not there is reported, while MyST links to autosummary pages named by a class or a
  function (`_autosummary/xee.EarthStore`, `_autosummary/xee.open_dataset`) are pages;
- "The provider is `pkgs.goget`, not `pkgs.go_get`": the page disowns the second name, while
  "use `pkgs.goget()` instead of `pkgs.get_go()`" says both exist, so a missing one is
  reported;
- a console script setup.py names with an f-string of a name it imports from the project
  (`f"{APP} = ..."`, `APP` from `_metadata.py`): the program and its options are known;
- keywords a maker hands on to the class given as its `cls=` (`click.group(cls=ColorGroup,
  headers_color="yellow")`): one the class took and lost is stale, the maker's own are not;
- a value an option does not take among its integer choices (`--effort=4` of
  `choices=[1, 2, 3]`);
- a renamed console script named as the one to "invoke", or as the name another program
  (`dmb`, `python3 -m dmb`) stands "instead of", is stale; the span of a link to another
  project's script of the same name is that project's;
- a typer app whose group class looks commands up itself (`typer.Typer(cls=_RootGroup)`,
  `_RootGroup` built on an imported `LazyTyperGroup`): its other commands are not reported;
- a page a program wrote (`.. this page created by ./docs/make_tables.py`): a near miss of a
  project name (``omega_t`` beside `omega`) is another vocabulary's, not a typo;
- "`-m`/`--models`/`--model` which are deprecated": each flag of the list is said old, and
  the words after `--model` are read after its own span, not after `--models`;
- `from .zipfile import *` binds only what the source's `__all__` lists, unless the list is
  changed by a call (`__all__.append(...)`), which leaves it unread;
- "There is no `a`, no `b`, no `app.callback`" and a list under "they do not exist in the
  API:" deny the names they give, while a list under another lead-in is checked;
- a section titled by a signature (`bysize (size: int, newline: bool = False) -> None`):
  the method's name and the title's parameters are checked, and so are the parameters its
  body lists, though a private helper keeps their names;
- values a sentence gives for an option that takes listed ones ("the `--scope` option with
  one of the next values: `session`, `module`"): one it no longer takes is reported;
- a notebook's name (`make_probe`, of `docs/tutorials/make_probe.ipynb`) near a function's
  (`make_probes`) is the notebook's;
- optparse's `OptionParser(version=...)` gives the program `--version`, stale once dropped;
- a constant an example sets (`DELIMITERS = " -_"`) is stale once the code renames it, while
  the example's own (`API_KEY = "..."`) is not checked;
- a variable of a family the page writes with a placeholder first (`CHROME_BINARY` beside
  `{PLUGIN}_BINARY`) is one of that family, while a near miss of a read one is reported;
- an MkDocs page's link that leads out of the docs folder (`../images/x.png` on
  `docs/guide.md`) starts at the URL the site serves the page at, where the image is; on
  the index page it still leads nowhere;
- a reST directive whose path holds a substitution (`.. image:: |author|_diagram.png`) names
  a template an extension fills in;
- a member written with a stand-in (`gy.constants.FONTWEIGHT_XXX`) is any of the module's
  `FONTWEIGHT_*` names; one with no such names is reported;
- ``typed=True`` in a sentence naming no callable, once the one public function that took
  it (and that the page names) has dropped it;
- a systemd unit named like the package (`bx.slice`) is a file, not a member, and
  `bx.foobar` a placeholder;
- an image the page's example writes (`Out[1]: PosixPath("demo.svg")` above `.. image::
  ./demo.svg`) is made by the build, while one nothing names is reported;
- a method signature a page copies (`def stop(self, exception, raiseEvery=2.0):`) once a
  parameter is renamed: the method took the shown parameters at the documented state;
- a lower camel case name quoted in a sentence ('"allowOverride"') the code had and lost;
- a method the class had and lost, though its name starts like those a `getattr(self,
  "get_%s" % endpoint)` reaches (`stock.get_price_target()`, `get_history()`);
- a link inside an HTML comment, Sphinx's own `genindex` in a toctree and the pattern
  `ekh.submodule.operation(...)` are no claims, while a dead link outside the comment is;
- a heading that writes a method with its parameters (`### MailServer.send_mail(recipients,
  mail, timeout=None)`) is checked as a signature: a dropped parameter is stale;
- the keys of a `[tool.zimp]` table in an untagged block (or a setup.cfg's `[tool:zimp]`);
- the options of a program setup.py's `scripts=` installs from a folder of scripts
  (`scripts/agraph`, no suffix): its renamed option is stale;
- a setting of an ```ini block whose value runs our program (`pager=tview -d ',' --quoting
  NONE -`): its options are checked, another program's are not;
- a call whose keyword value is written as words in angle brackets (`size=<the size in
  bytes>,`) is still read, so its other keywords are checked;
- a list item that starts by naming a retirement ("Deprecation of high level `cr.tl`
  functions, including `cr.tl.lineages`", "Removal of the `cr.external`") and a path with a
  letter standing for any component (`src/cr/X/`) are no claims;
- a span that makes an object and calls its method (`yag.Client().feedback('x')`): the
  method the class lost is stale, though the call that makes the object holds (the
  method's arguments are not counted: `Client().send()` names the method);
- "after starting the ``python`` shell" names the interpreter, though the code lost a name
  `python`;
- the keywords of a `NamedTuple` class's call are its fields (`DKIM(domain=..., key=...)`);
- names a module sets on itself through `sys.modules` (`THIS_LIB = sys.modules[__name__]`,
  not those set on a module fetched by a computed key), and a page a local Sphinx
  extension beside the docs' source writes (`doc/ext/traits.py`);
- "so there is no" at the end of a line denies the span that opens the next, and "the
  ``PROCAR_*`` files" is a glob of file names, no family of variables.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

SCHEDULER_PAGE = """\
Scheduling
==========

Read `the scheduler page <scheduler.schedulers>`_ for the choices.
"""

XEE_PAGE = """\
# API

See [the store](_autosummary/xee.EarthStore) and [opening](_autosummary/xee.open_dataset).
"""


def test_a_page_name_with_a_long_tail_is_a_link_and_object_pages_are_pages(
    tmp_path: Path,
) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "xee"\nversion = "1"\n',
        "xee/__init__.py": "class EarthStore:\n    pass\n\n\ndef open_dataset(path):\n    pass\n",
        "docs/conf.py": 'extensions = ["myst_parser", "sphinx.ext.autosummary"]\n',
        "docs/api.md": XEE_PAGE,
        "docs/functionality.rst": SCHEDULER_PAGE,
        "docs/_autosummary/xee.EarthStore.rst": "xee.EarthStore\n==============\n",
        "docs/_autosummary/xee.open_dataset.rst": "xee.open_dataset\n================\n",
    }
    drift = {(path, ref) for path, _, ref in _drift(_write(tmp_path / "xee", files))}
    assert drift == {("docs/functionality.rst", "scheduler.schedulers")}


def test_a_name_the_page_disowns(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pkgs"\nversion = "1"\n',
        "pkgs/__init__.py": "def goget(name):\n    return name\n",
        "README.md": "# pkgs\n\nThe provider is `pkgs.goget`, not `pkgs.go_get`.\n"
        "Use `pkgs.goget()` instead of `pkgs.get_go()`.\n",
    }
    found = {name for _, _, name in _drift(_write(tmp_path / "pkgs", files))}
    assert found == {"pkgs.get_go()"}


DMB_SETUP = """\
from setuptools import setup

from dmb._metadata import APP

setup(
    name=APP,
    entry_points={
        "console_scripts": [
            f"{APP} = dmb.__main__:main",
            "dmb = dmb.__main__:main",
        ],
    },
)
"""

DMB_MAIN = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--yes", action="store_true")
    parser.parse_args()
"""

DMB_README = """\
# delete-merged

Run `delete-merged --yes` (or the short `dmb --yes`).

    $ delete-merged --no
"""


def test_a_console_script_named_from_an_imported_name(tmp_path: Path) -> None:
    files = {
        "setup.py": DMB_SETUP,
        "dmb/__init__.py": "",
        "dmb/_metadata.py": 'APP = "delete-merged"\n',
        "dmb/__main__.py": DMB_MAIN,
        "README.md": DMB_README,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "dmb", files))}
    assert found == {(5, "delete-merged --no")}


COLOR_GROUP = """\
import click


class ColorGroup(click.Group):
    def __init__(self, *args, headers_color=None, options_color=None, **kwargs):
        self.headers_color = headers_color
        self.options_color = options_color
        super().__init__(*args, **kwargs)
"""

COLOR_README = """\
# colorhelp

```python
import click
from colorhelp import ColorGroup

@click.group(
    cls=ColorGroup,
    headers_color="yellow",
    options_color="green",
    invoke_without_command=True,
)
def cli():
    pass
```
"""


def test_keywords_a_maker_hands_on_to_its_cls(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "colorhelp"\nversion = "1"\n',
        "colorhelp/__init__.py": COLOR_GROUP,
        "README.md": COLOR_README,
    }
    renamed = {"colorhelp/__init__.py": [("options_color=None", "option_color=None")]}
    assert _drift_after(tmp_path / "colorhelp", files, renamed) == {("README.md", 10)}


EFFORT = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="prune")
    parser.add_argument("--effort", type=int, choices=[1, 2, 3], default=1)
    parser.parse_args()
"""


def test_a_value_outside_integer_choices(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "prune"\nversion = "1"\n\n'
        '[project.scripts]\nprune = "prune:main"\n',
        "prune/__init__.py": EFFORT,
        "README.md": "# prune\n\nRun `prune --effort=3` or `prune --effort=4`.\n",
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "prune", files))}
    assert found == {(3, "prune --effort=4")}


TWO_SCRIPTS = """\
# dmb

Another tool ships [a script named `dmb-long`](https://github.com/other/tools/blob/main/dmb-long).

- Invoke command `dmb` instead of `dmb-long`
- Invoke `python3 -m dmb` instead of `dmb-long`
- Invoke `dmb-long` with its absolute path.
"""


def test_a_renamed_script_invoked_or_stood_in_for(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "dmb"\nversion = "1"\n\n[project.scripts]\n'
        'dmb-long = "dmb:main"\ndmb = "dmb:main"\n',
        "dmb/__init__.py": "def main():\n    pass\n",
        "dmb/__main__.py": "from dmb import main\n\nmain()\n",
        "README.md": TWO_SCRIPTS,
    }
    renamed = {"pyproject.toml": [('dmb-long = "dmb:main"', 'dmb-full = "dmb:main"')]}
    found = _drift_after(tmp_path / "dmb", files, renamed)
    assert found == {("README.md", 5), ("README.md", 6), ("README.md", 7)}


LAZY_CLI = """\
import typer

from lazycli._lazy import LazyTyperGroup


class _RootGroup(LazyTyperGroup):
    def invoke(self, ctx):
        return super().invoke(ctx)


app = typer.Typer(cls=_RootGroup)


@app.command()
def install(fast: bool = typer.Option(False, "--fast")):
    pass
"""

LAZY_README = """\
# lazycli

    $ lazycli install --fast
    $ lazycli model download --url x
    $ lazycli install --slow
"""


def test_a_typer_app_whose_group_looks_commands_up(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "lazycli"\nversion = "1"\n\n'
        '[project.scripts]\nlazycli = "lazycli.cli:app"\n',
        "lazycli/__init__.py": "",
        "lazycli/_lazy.py": "import typer.core\n\n\nclass LazyTyperGroup(typer.core.TyperGroup):\n"
        "    def get_command(self, ctx, name):\n        return None\n",
        "lazycli/cli.py": LAZY_CLI,
        "README.md": LAZY_README,
    }
    found = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "lazycli", files))}
    assert found == {(5, "lazycli install --slow")}


AXES = """\
.. this page created by ./docs/make_tables.py

Axes
====

* real axes: ``omega_t``, ``mu``, ``gamma``
"""


def test_a_page_a_program_wrote_and_a_list_said_deprecated(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hkl"\nversion = "1"\n\n'
        '[project.scripts]\nhkl = "hkl:main"\n',
        "hkl/__init__.py": "import argparse\n\nomega = 1\n\n\ndef main():\n"
        "    parser = argparse.ArgumentParser()\n    parser.add_argument('--select')\n"
        "    parser.parse_args()\n",
        "docs/axes.rst": AXES,
        "docs/hand.rst": "Axes\n====\n\nThe axis ``omega_t`` moves.\n",
        "README.md": "# hkl\n\nUse `--select` instead of `-m`/`--models`/`--model` which are "
        "deprecated, or `--modls`.\n",
    }
    found = {(path, ref) for path, _, ref in _drift(_write(tmp_path / "hkl", files))}
    assert found == {("docs/hand.rst", "omega_t"), ("README.md", "--modls")}


def test_a_star_import_binds_what_all_lists(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pz"\nversion = "1"\n',
        "pz/__init__.py": "from .zipfile import *\nfrom .extra import *\n",
        "pz/zipfile.py": '__all__ = ["ZipFile"]\n\nZIP_LZMA = 14\n\n\nclass ZipFile:\n    pass\n',
        "pz/extra.py": '__all__ = ["crc"]\n__all__.append("adler")\n\n\ndef crc():\n'
        "    pass\n\n\ndef adler():\n    pass\n",
        "README.md": "# pz\n\nUse `pz.ZipFile` with `pz.ZIP_LZMA`; check with `pz.adler()`.\n",
    }
    assert _drift(_write(tmp_path / "pz", files)) == {("README.md", 3, "pz.ZIP_LZMA")}


DENIED = """\
# merc

Changing a widget re-runs the cells. There is no `merc.on_change()`, no
`merc.callback`. Do not write them.

Do not write any of these — they do not exist in the API:

- `merc.session_state`
- `merc.rerun()`

The widgets are:

- `merc.Slider`
- `merc.TextBox`
"""


def test_names_a_page_denies_in_a_sentence_or_a_list(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "merc"\nversion = "1"\n',
        "merc/__init__.py": "class Slider:\n    pass\n\n\nclass Text:\n    pass\n",
        "README.md": DENIED,
    }
    assert _drift(_write(tmp_path / "merc", files)) == {("README.md", 14, "merc.TextBox")}


SPLIT = """\
class Split:
    def bysize(self, size, newline=False):
        self._process(size, newline)

    def _process(self, size, newline):
        pass
"""

SPLIT_README = """\
fsplit
======

bysize (size: int, newline: bool = False) -> None
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

Splits the file by size.

``newline`` (bool, Optional): no partial lines.
"""


def test_a_section_titled_by_a_signature(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fsplit"\nversion = "1"\n',
        "fsplit/__init__.py": SPLIT,
        "README.rst": SPLIT_README,
    }
    keyword = {
        "fsplit/__init__.py": [
            ("size, newline=False", "size, whole_lines=False"),
            ("(size, newline)\n", "(size, whole_lines)\n"),
        ]
    }
    assert _drift_after(tmp_path / "kw", files, keyword) == {("README.rst", 4), ("README.rst", 9)}
    method = {"fsplit/__init__.py": [("def bysize(", "def by_size(")]}
    assert _drift_after(tmp_path / "name", files, method) == {("README.rst", 4)}


SCOPE = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="rep")
    parser.add_argument("--scope", choices=["module", "function"], default="function")
    parser.parse_args()
"""

SCOPE_README = """\
rep
===

Use the :code:`--scope` option with one of the next values: :code:`session`,
:code:`module` or :code:`function` (default). The :code:`count` fixture repeats.
"""


def test_values_a_sentence_gives_for_an_option(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "rep"\nversion = "1"\n\n'
        '[project.scripts]\nrep = "rep:main"\n',
        "rep/__init__.py": SCOPE,
        "README.rst": SCOPE_README,
    }
    assert _drift(_write(tmp_path / "rep", files)) == {("README.rst", 4, "session")}


def test_a_notebook_named_like_a_function(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ks"\nversion = "1"\n',
        "ks/__init__.py": "def make_probes():\n    pass\n\n\ndef run_sorter():\n    pass\n",
        "docs/tutorials/make_probe.ipynb": "{}",
        "README.md": "# ks\n\nThe tutorials: `make_probe`, then `run_sortr`.\n",
    }
    assert _drift(_write(tmp_path / "ks", files)) == {("README.md", 3, "run_sortr")}


ARCHIVE = """\
from optparse import OptionParser


def main():
    parser = OptionParser(usage="usage: %prog [options] OUTPUT", version="1.24")
    parser.add_option("--prefix")
    parser.parse_args()
"""


def test_optparse_version_keyword(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "gaa"\nversion = "1"\n\n'
        '[project.scripts]\ngaa = "gaa:main"\n',
        "gaa/__init__.py": ARCHIVE,
        "README.md": "# gaa\n\n    $ gaa --version\n    $ gaa --prefix x out.zip\n",
    }
    dropped = {"gaa/__init__.py": [(', version="1.24")', ")")]}
    assert _drift_after(tmp_path / "gaa", files, dropped) == {("README.md", 3)}


CASES_README = """\
# cc

```python
from cc import camel

API_KEY = "secret"
DELIMITERS = " -_"
camel("a b")
```
"""


def test_a_constant_an_example_sets(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cc"\nversion = "1"\n',
        "cc/__init__.py": 'DELIMITERS = " -_"\n\n\ndef camel(text):\n    return text\n',
        "README.md": CASES_README,
    }
    renamed = {"cc/__init__.py": [("DELIMITERS = ", "DEFAULT_DELIMITERS = ")]}
    assert _drift_after(tmp_path / "cc", files, renamed) == {("README.md", 7)}


PLUGINS = """\
import os


def settings(config, plugin):
    sandbox = os.environ.get("CHROME_SANDBOX"), os.environ.get("CHROME_PROFILE")
    return config.get(f"{plugin.upper()}_BINARY", plugin), sandbox
"""

PLUGINS_README = """\
# abx

- `CHROME_SANDBOX` - run Chrome sandboxed
- `{PLUGIN}_BINARY` - the binary to use (e.g. `CHROME_BINARY=/usr/bin/chromium`)
- `CHROME_SANDBOXED` - no such variable
"""


def test_a_variable_of_a_family_the_page_writes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "abx"\nversion = "1"\n',
        "abx/__init__.py": PLUGINS,
        "README.md": PLUGINS_README,
    }
    assert _drift(_write(tmp_path / "abx", files)) == {("README.md", 5, "CHROME_SANDBOXED")}


def test_mkdocs_links_out_of_the_docs_folder_and_substituted_paths(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hc"\nversion = "1"\n',
        "hc/__init__.py": "",
        "mkdocs.yml": "site_name: hc\n",
        "docs/images/cell.png": "png",
        "docs/guide.md": "# Guide\n\n![cell](../images/cell.png) ![gone](../images/gone.png)\n",
        "docs/index.md": "# hc\n\n![cell](../images/cell.png)\n",
        "sample/conf.py": "rst_prolog = '.. |author| replace:: Eleanor'\n",
        "sample/Eleanor_diagram.png": "png",
        "sample/index.rst": "Sample\n======\n\n.. image:: |author|_diagram.png\n"
        "\n.. image:: missing.png\n",
    }
    found = {(path, ref) for path, _, ref in _drift(_write(tmp_path / "hc", files))}
    assert found == {
        ("docs/guide.md", "../images/gone.png"),
        ("docs/index.md", "../images/cell.png"),
        ("sample/index.rst", "missing.png"),
    }


def test_a_member_written_with_a_stand_in(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "gy"\nversion = "1"\n',
        "gy/__init__.py": "",
        "gy/constants.py": "FONTWEIGHT_BOLD = 700\nFONTWEIGHT_NORMAL = 400\n",
        "README.md": "# gy\n\nPass `gy.constants.FONTWEIGHT_XXX` or `gy.constants.COLOR_XXX`.\n",
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "gy", files))}
    assert found == {"gy.constants.COLOR_XXX"}


def test_a_keyword_setting_the_page_s_one_function_dropped(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "lru"\nversion = "1"\n',
        "lru/__init__.py": "def cache(maxsize=128, typed=False):\n"
        "    return _wrap(maxsize, typed)\n\n\ndef _wrap(maxsize, typed):\n"
        "    return maxsize, typed\n",
        "README.md": "# lru\n\nDecorate with `@cache(maxsize=32)`.\n\n"
        "Set ``typed=True`` to cache by type.\n",
    }
    dropped = {
        "lru/__init__.py": [
            ("maxsize=128, typed=False", "maxsize=128"),
            ("_wrap(maxsize, typed)\n", "_wrap(maxsize, False)\n"),
        ]
    }
    assert _drift_after(tmp_path / "lru", files, dropped) == {("README.md", 5)}


def test_a_systemd_unit_named_like_the_package(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "bx"\nversion = "1"\n',
        "bx/__init__.py": "def run():\n    pass\n",
        "README.md": "# bx\n\nCreate the `bx.slice` unit, then call `bx.runn()`.\n"
        "Write your tool's module as `bx.foobar`.\n",
    }
    assert {ref for _, _, ref in _drift(_write(tmp_path / "bx", files))} == {"bx.runn()"}


PLOT_PAGE = """\
Plots
=====

.. ipython::

   In [1]: c.get("plot")
   Out[1]: PosixPath("demo.svg")

.. image:: ./demo.svg

.. image:: ./other.svg
"""


def test_an_image_the_page_s_example_writes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "gn"\nversion = "1"\n',
        "gn/__init__.py": "",
        "doc/conf.py": "",
        "doc/plots.rst": PLOT_PAGE,
    }
    assert {ref for _, _, ref in _drift(_write(tmp_path / "gn", files))} == {"./other.svg"}


THREAD = """\
class StoppableThread:
    def stop(self, exception, raiseEvery=2.0):
        return exception, raiseEvery
"""

THREAD_README = """\
# ft

```python
def stop(self, exception, raiseEvery=2.0):
    \'\'\'Stops the thread, raising `exception` every `raiseEvery` seconds.\'\'\'
```
"""


def test_a_copied_signature_of_a_method_that_renamed_a_parameter(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ft"\nversion = "1"\n',
        "ft/__init__.py": THREAD,
        "README.md": THREAD_README,
    }
    renamed = {
        "ft/__init__.py": [
            ("raiseEvery=2.0", "interval=2.0"),
            ("exception, raiseEvery\n", "exception, interval\n"),
        ]
    }
    assert _drift_after(tmp_path / "ft", files, renamed) == {("README.md", 4)}


def test_a_quoted_camel_case_name_the_code_lost(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ft"\nversion = "1"\n',
        "ft/__init__.py": "def set_timeout(timeout, allowOverride=False):\n"
        "    return timeout, allowOverride\n",
        "README.md": '# ft\n\nTakes two arguments, "timeout" and "allowOverride".\n',
    }
    renamed = {"ft/__init__.py": [("allowOverride", "allow_override")]}
    assert _drift_after(tmp_path / "ft", files, renamed) == {("README.md", 3)}


STOCKS = """\
class Stock:
    def get_quote(self):
        return 1

    def get_price_target(self):
        return 2

    def fetch(self, endpoint):
        return getattr(self, "get_%s" % endpoint)()


def get_history(symbol):
    return symbol
"""

STOCKS_README = """\
# iex

```python
from iex import Stock, get_history

stock = Stock()
stock.get_quote()
stock.get_price_target()
get_history("AAPL")
```
"""


def test_a_method_gone_though_named_like_getattr_dispatch(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "iex"\nversion = "1"\n',
        "iex/__init__.py": STOCKS,
        "README.md": STOCKS_README,
    }
    removed = {
        "iex/__init__.py": [
            ("    def get_price_target(self):\n        return 2\n\n", ""),
            ("def get_history(symbol):", "def get_historical(symbol):"),
        ]
    }
    assert _drift_after(tmp_path / "iex", files, removed) == {("README.md", 4), ("README.md", 8)}


HYDRO_README = """\
# ekh

<!-- <a href="#quick-start">Quick start</a> -->
<a href="#usage">Usage</a>

Call `ekh.submodule.operation(...)`.
"""

HYDRO_INDEX = """\
ekh
===

.. toctree::

   genindex
   missing
"""


def test_comments_sphinx_pages_and_a_pattern_of_names(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ekh"\nversion = "1"\n',
        "ekh/__init__.py": "def flow():\n    pass\n",
        "README.md": HYDRO_README,
        "docs/conf.py": "",
        "docs/index.rst": HYDRO_INDEX,
    }
    found = {(path, ref) for path, _, ref in _drift(_write(tmp_path / "ekh", files))}
    assert found == {("README.md", "#usage"), ("docs/index.rst", "missing.rst")}


MAIL = """\
class MailServer:
    def send_mail(self, recipients, mail, timeout=None, auto_add_from=False):
        return recipients, mail, timeout, auto_add_from
"""

MAIL_README = """\
# zm

### MailServer.send_mail(recipients, mail, timeout=None, auto_add_from=False)

Sends a mail.
"""


def test_a_heading_writing_a_method_with_its_parameters(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "zm"\nversion = "1"\n',
        "zm/__init__.py": MAIL,
        "README.md": MAIL_README,
    }
    dropped = {
        "zm/__init__.py": [
            ("mail, timeout=None, auto", "mail, auto"),
            ("mail, timeout, auto", "mail, None, auto"),
        ]
    }
    assert _drift_after(tmp_path / "zm", files, dropped) == {("README.md", 3)}


ZIMP = """\
def options(config):
    return config.get("black-line-length"), config.get("keep-unused")
"""

ZIMP_README = """\
zimp
====

Configure it::

    # pyproject.toml

    [tool.zimp]
    black-line-length = 79

    # setup.cfg

    [tool:zimp]
    keep-unused = true
"""


def test_tool_settings_in_an_untagged_block(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "zimp"\nversion = "1"\n',
        "zimp/__init__.py": ZIMP,
        "README.rst": ZIMP_README,
    }
    renamed = {
        "zimp/__init__.py": [
            ('"black-line-length"', '"line-length"'),
            ('"keep-unused"', '"keep-unused-imports"'),
        ]
    }
    assert _drift_after(tmp_path / "zimp", files, renamed) == {
        ("README.rst", 9),
        ("README.rst", 14),
    }


AGRAPH = """\
#!/usr/bin/env python
from optparse import OptionParser


def main():
    parser = OptionParser()
    parser.add_option("-F", "--float-format", dest="fmt")
    parser.parse_args()


main()
"""


def test_a_script_setup_py_installs_from_a_scripts_folder(tmp_path: Path) -> None:
    files = {
        "setup.py": "from setuptools import setup\n\nsetup(name='agraph', "
        "packages=['agraph'], scripts=['scripts/agraph'])\n",
        "agraph/__init__.py": "",
        "scripts/agraph": AGRAPH,
        "README.md": "# agraph\n\n    $ agraph --float-format '{0:.2f}'\n",
    }
    renamed = {"scripts/agraph": [("--float-format", "--number-format")]}
    assert _drift_after(tmp_path / "agraph", files, renamed) == {("README.md", 3)}


TVIEW = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="tview")
    parser.add_argument("-d", "--delimiter")
    parser.add_argument("--quoting")
    parser.add_argument("file")
    parser.parse_args()
"""

TVIEW_README = """\
# tview

```ini
[core]
pager=tview -d ',' --quoting NONE -
editor=vim -u NONE
```
"""


def test_a_config_setting_that_runs_our_program(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tview"\nversion = "1"\n\n'
        '[project.scripts]\ntview = "tview:main"\n',
        "tview/__init__.py": TVIEW,
        "README.md": TVIEW_README,
    }
    dropped = {"tview/__init__.py": [('    parser.add_argument("--quoting")\n', "")]}
    assert _drift_after(tmp_path / "tview", files, dropped) == {("README.md", 5)}


SIZED_README = """\
# sized

```python
import sized

sized.make(
    name="x",
    size=<the size in bytes>,
)
```
"""


def test_a_call_with_a_keyword_value_in_angle_brackets(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sized"\nversion = "1"\n',
        "sized/__init__.py": "def make(name, size=0):\n    return name, size\n",
        "README.md": SIZED_README,
    }
    renamed = {
        "sized/__init__.py": [("name, size=0", "label, size=0"), ("name, size\n", "label, size\n")]
    }
    assert _drift_after(tmp_path / "sized", files, renamed) == {("README.md", 7)}


RETIRED = """\
# cr

- Deprecation of high level `cr.tl` functions, including `cr.tl.lineages` and
  `cr.tl.states`: use `cr.kernels` now.
- Removal of the `cr.external`: contribute to `cr.kernels` instead.
- Tests mirror `src/cr/X/`; see `src/cr/missing/`.
- Use `cr.kernel` for transitions.
"""


def test_a_retirement_named_first_and_a_letter_for_a_component(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cr"\nversion = "1"\n',
        "src/cr/__init__.py": "",
        "src/cr/kernels.py": "def transition():\n    pass\n",
        "README.md": RETIRED,
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "cr", files))}
    assert found == {"src/cr/missing/", "cr.kernel"}


def test_a_span_calling_a_method_of_what_it_makes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "yag"\nversion = "1"\n',
        "yag/__init__.py": "class Client:\n    def feedback(self, text):\n        return text\n\n"
        "    def send(self, to):\n        return to\n",
        "README.md": "# yag\n\nSay thanks with `yag.Client().feedback('Great job!')`.\n\n"
        "Send with `yag.Client().send()`.\n",
    }
    removed = {"yag/__init__.py": [("    def feedback(self, text):\n        return text\n\n", "")]}
    assert _drift_after(tmp_path / "yag", files, removed) == {("README.md", 3)}


def test_the_interpreter_named_like_a_removed_function(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ppx"\nversion = "1"\n',
        "ppx/__init__.py": "def python():\n    pass\n\n\ndef run():\n    pass\n",
        "README.md": "# ppx\n\nAfter starting the ``python`` shell, call `ppx.run()`.\n",
    }
    removed = {"ppx/__init__.py": [("def python():\n    pass\n\n\n", "")]}
    assert _drift_after(tmp_path / "ppx", files, removed) == set()


DKIM_README = """\
# ym

```python
from ym import DKIM

dkim = DKIM(
    domain="a.com",
    private_key=b"...",
)
```
"""


def test_the_keywords_of_a_named_tuple(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ym"\nversion = "1"\n',
        "ym/__init__.py": "from typing import NamedTuple\n\n\nclass DKIM(NamedTuple):\n"
        "    domain: str\n    private_key: bytes\n",
        "README.md": DKIM_README,
    }
    renamed = {"ym/__init__.py": [("    private_key: bytes", "    key: bytes")]}
    assert _drift_after(tmp_path / "ym", files, renamed) == {("README.md", 8)}


TRAITS = """\
import sys

THIS_LIB = sys.modules[__name__]


def _symbolize(mod_name, traits):
    leaf_mod = sys.modules[mod_name]
    for trait in traits:
        setattr(THIS_LIB, trait, trait)
        setattr(leaf_mod, trait, trait)
"""

TRAITS_INDEX = """\
Traits
======

.. toctree::

   reference/traits
   guide/missing

Use ``ot.HW_CPU_X86_SSE42`` or ``ot.hw.cpu.AVX``.
"""


def test_names_set_through_sys_modules_and_a_page_an_extension_writes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ot"\nversion = "1"\n',
        "ot/__init__.py": TRAITS,
        "ot/hw/__init__.py": "",
        "ot/hw/cpu.py": "TRAITS = ['AVX']\n",
        "doc/source/conf.py": "extensions = ['ext.traits']\n",
        "doc/source/index.rst": TRAITS_INDEX,
        "doc/ext/traits.py": "def setup(app):\n    path = 'reference/traits.rst'\n",
    }
    found = {ref for _, _, ref in _drift(_write(tmp_path / "ot", files))}
    assert found == {"guide/missing.rst", "ot.hw.cpu.AVX"}


NO_WRAPPER = """\
# aac

mparray implements the API directly, so there is no
`aac.mparray` wrapper. Put the ``PROCAR_*`` files in the list; set ``AAC_*`` to tune it.
"""


def test_a_denial_across_a_line_break_and_a_glob_of_files(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "aac"\nversion = "1"\n',
        "aac/__init__.py": "import os\n\nLEVEL = os.environ.get('AAC_LEVEL')\n"
        "DEBUG = os.environ.get('AAC_DEBUG')\n\n\ndef array_namespace():\n    pass\n",
        "README.md": NO_WRAPPER,
    }
    assert _drift(_write(tmp_path / "aac", files)) == set()
