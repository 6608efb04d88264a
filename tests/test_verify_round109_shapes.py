"""Shapes from the blind sets of round 31, each on a small repo that has it:

- argopt's `parser = argopt(__doc__)` is an argparse parser of a docopt text: the options
  the text declares are the program's (prefixes taken, as argparse takes them), and shtab's
  `add_argument_to(parser)` adds `--print-completion`, while a flag the text lacks is
  reported;
- two programs with sub-commands of one name (`lsb hide`, `wav hide`) take each their own
  flags: `lsb hide -f` is wrong where only `wav hide` takes `-f`;
- a doctest statement shown failing with an error its call did not make (an IndexError from
  deep in the code it reached, frames pasted at the traceback's indent) still names its
  callables, while one failing with a TypeError is the page's wrong call on purpose;
- an uncommitted edit of a `.pth` file (whose imports run at start-up) changes the code: a
  variable it no longer reads is stale against the last commit;
- a console script named after a pipe in a plain block (`./myscript.py 2>&1 | tool`) is a
  command line of the project's, stale once the script is renamed;
- a function a page's block defines (`def rescale_image`, whose docstring holds a `>>>`
  example: the block is code, not a transcript) and then calls on the package
  (`ants.rescale_image`) is the reader's addition, and `ants.dosomething` a placeholder;
- what `next(...)` takes from a generator over a container of the project's objects
  (`next((s for s in self.services if ...), None)`) is one of them: `redis.get_url()` on
  the result is checked;
- a decorator renamed while a parameter and an attribute keep its name (`Timer(timer=...)`)
  is gone where the page calls it (`@timer(...)`, ``@timer``) or names its path
  (``contexttimer.timer``, no systemd unit), and `@timeout(limit=5)` calls the function
  `timeout` of the module `timeout`;
- a `__getattr__` that makes names from a table it reads by changing them (`key[5:] ==
  name` over `self.VALID_GLOBAL_KEYS`) may serve any name;
- a parser handed by keyword to a class built on another package's (`AIServe(parser=p)`
  on panel's `Serve`) takes options we cannot name, while another command's flag stays
  checked; so does a command named by a value we cannot read (`add_parser(Serve.name)`);
- a toctree entry kept as a Quarto notebook (`StartHere.qmd`) and a module the scan left
  unread as too large exist, and a span after "import" (`tidy as td`) is an import, not a
  command line;
- a call sketch whose names were the callable's parameters (``get(tag, nth)``) is stale once
  one is renamed, though two positional arguments still fit;
- IPython's `%load_ext imgcat` needs the module's `load_ipython_extension`, whatever the
  page bound `imgcat` to, and a dunder the code renamed (``__version__``) is stale;
- the last of a list of spans after their owner ("Plotly.js's `plotly_hover` and
  `plotly_unhover`") is the owner's too;
- a helper a function imports itself (`from .base import _add_default_args` in `main`) adds
  the options of its module's table of `dict(args=[...], kwargs=dict(...))` entries, which
  it spreads with `add_argument(*a, **k)`: those flags are the program's, another is not;
- a member in capitals that names a kind (`eispac.FUNCTION()`) is a placeholder, and a
  site's root-absolute link that starts with the repository's name (`/flags/api/state`)
  is served by GitHub Pages under that name;
- a sentence's name that starts with an acronym (`DTDForbidden`), or whose underscore is
  escaped (`make\\_parser()`), is a name the code lost when it is renamed, even where the
  page's changelog names it too;
- an accessor's methods (`.simlab.run` of `@register_dataset_accessor("simlab")`), a file
  the page's own code saves (`filename='savefig/x.png'`), a function a star-imported
  subpackage binds over its module (`ants.registration`), a Django management command
  (``cities``) and a word a synopsis brackets (`[blkdev_size]`) are no false alarms;
- guards against regressions the intermediate runs caught: an import of a name the page
  then defines still fails, a dotted root imported from another package (`mkdocs.config`)
  is not the project's class of that name, and a parser class built on argparse's keeps
  its flags closed.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_after, _drift_since_commit, _edit
from test_verify_wild import _drift, _write

GITFAME = '''\
"""Usage:
  fame [--help | options] [<gitdir>...]

Options:
  -h, --help     Print this help and exit.
  --sort=<key>   [default: loc]|commits|files.
  -w, --ignore-whitespace  Ignore whitespace.
  --format=<format>        Table format.
"""


def get_main_parser():
    import shtab
    from argopt import argopt

    parser = argopt(__doc__, version="1.0")
    shtab.add_argument_to(parser)
    return parser


def main(args=None):
    parser = get_main_parser()
    return parser.parse_args(args=args)
'''


def test_an_argopt_parser_takes_the_options_of_its_docopt_text(tmp_path: Path) -> None:
    readme = (
        "# fame\n\n```console\n$ fame --sort=commits -w ./repo\n$ fame --print-completion bash\n"
        "$ fame --form json\n$ fame --output json\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "fame"\nversion = "1"\n\n'
        '[project.scripts]\nfame = "fame.cli:main"\n',
        "fame/__init__.py": "",
        "fame/cli.py": GITFAME,
        "README.md": readme,
    }
    root = _write(tmp_path / "fame", files)
    assert {(line, ref) for _, line, ref in _drift(root)} == {(7, "fame --output json")}


LSB = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="{prog}")
    subparsers = parser.add_subparsers()
    hide = subparsers.add_parser("hide")
    hide.add_argument("-i", "--input")
    {secret}
    subparsers.add_parser("reveal")
    return parser.parse_args()
"""


def test_programs_with_sub_commands_of_one_name_take_their_own_flags(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "steg"\nversion = "1"\n\n[project.scripts]\n'
        'steg-lsb = "steg.lsb:main"\nsteg-wav = "steg.wav:main"\n',
        "steg/__init__.py": "",
        "steg/lsb.py": LSB.format(prog="steg-lsb", secret='hide.add_argument("--file")'),
        "steg/wav.py": LSB.format(prog="steg-wav", secret='hide.add_argument("-f")'),
        "README.md": "# steg\n\n```console\n$ steg-wav hide -i a.wav -f secret.txt\n"
        "$ steg-lsb hide -i a.png --file secret.txt\n$ steg-lsb hide -i a.png -f secret.txt\n```\n",
    }
    root = _write(tmp_path / "steg", files)
    assert {line for _, line, _ in _drift(root)} == {6}


GENERATORS = """\
def eratosthenes():
    yield 2


def reveal(path, generator=None):
    return path
"""

SESSION = """\
# steg

```python
>>> from steg import generators
>>> generators.reveal("image.png", generators.fibonacci())
Traceback (most recent call last):
File "/home/me/steg/tools.py", line 165, in encode_pixel
    r, g, b = image.getpixel(coordinate)
IndexError: image index out of range
>>> generators.reveal("image.png", generators.lucas())
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
AttributeError: module 'steg.generators' has no attribute 'lucas'
>>> generators.reveal("image.png", generators.eratosthenes())
```
"""


def test_a_statement_failing_deep_in_the_code_still_names_its_callables(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "steg"\nversion = "1"\n',
        "steg/__init__.py": "",
        "steg/generators.py": GENERATORS,
        "README.md": SESSION,
    }
    root = _write(tmp_path / "steg", files)
    assert {(line, ref) for _, line, ref in _drift(root)} == {(5, "steg.generators.fibonacci")}


def test_an_uncommitted_edit_of_a_pth_file_changes_the_code(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "vaccine"\nversion = "1"\n',
        "vaccine/__init__.py": "def add_hook():\n    pass\n",
        "vaccine.pth": "import os; exec(\"if os.environ.get('VACCINE'):\\n    import vaccine\\n"
        '    vaccine.add_hook()")\n',
        "README.md": "# vaccine\n\nSet the `VACCINE` environment variable to 1.\n",
    }
    changes = {"vaccine.pth": [("'VACCINE'", "'VACCINE_ON'")]}
    assert _drift_after(tmp_path / "vaccine", files, changes) == {("README.md", 3)}


def test_a_script_after_a_pipe_in_a_plain_block(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "vaccine"\nversion = "1"\n\n'
        '[project.scripts]\nvaccine = "vaccine:main"\n',
        "vaccine/__init__.py": "def main():\n    pass\n",
        "README.rst": "vaccine\n=======\n\nPipe STDERR into it::\n\n"
        "    ./myscript.py 2>&1 | vaccine\n\nDone.\n",
    }
    root = tmp_path / "vaccine"
    _write(root, files)
    _first_commit(root)
    assert _drift_since_commit(root) == set()
    _edit(root, {"pyproject.toml": [('vaccine = "vaccine:main"', 'vax = "vaccine:main"')]})
    assert _drift_since_commit(root) == {("README.rst", 6, "vaccine")}


DEFUSED = """\
class DTDForbidden(ValueError):
    pass


def make_parser(parser_list=()):
    return None
"""

DEFUSED_README = """\
# defused

Parsers raise a *DTDForbidden* exception on a DTD.

### defused.sax

parse(), make\\_parser()

## Changelog

- Add missing parser\\_list argument to sax.make\\_parser().
"""


def test_prose_names_with_an_acronym_or_an_escaped_underscore(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "defused"\nversion = "1"\n',
        "defused/__init__.py": "",
        "defused/sax.py": "def parse(source):\n    return source\n\n\n" + DEFUSED,
        "README.md": DEFUSED_README,
    }
    changes = {
        "defused/sax.py": [("class DTDForbidden", "class DoctypeForbidden")],
    }
    assert _drift_after(tmp_path / "one", files, changes) == {("README.md", 3)}
    changes = {"defused/sax.py": [("def make_parser", "def build_parser")]}
    assert _drift_after(tmp_path / "two", files, changes) == {("README.md", 7)}


ACCESSOR = """\
from xarray import register_dataset_accessor


@register_dataset_accessor("simlab")
class SimlabAccessor:
    def __init__(self, ds):
        self._ds = ds

    def run(self, model=None):
        return self._ds

    def update_vars(self, model=None):
        return self._ds
"""


def test_methods_of_an_accessor_named_like_the_package(tmp_path: Path) -> None:
    page = (
        "Running\n=======\n\nA simulation runs by calling :meth:`.simlab.run`, or\n"
        "``simlab.run()`` on a Dataset; see :meth:`.simlab.update_vars` and\n"
        ":meth:`.simlab.update_clocks`.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "simlab"\nversion = "1"\ndependencies = ["xarray"]\n',
        "simlab/__init__.py": "from simlab import accessor\n",
        "simlab/accessor.py": ACCESSOR,
        "doc/run.rst": page,
        "doc/conf.py": "project = 'simlab'\n",
    }
    root = _write(tmp_path / "simlab", files)
    assert {(line, ref) for _, line, ref in _drift(root)} == {(6, "simlab.update_clocks")}


def test_a_file_the_pages_own_code_saves(tmp_path: Path) -> None:
    page = (
        "Graphs\n======\n\n.. ipython:: python\n   :suppress:\n\n"
        "    from simlab import dot_graph\n"
        "    dot_graph(model, show_inputs=True,\n"
        "              filename='savefig/model_inputs.png')\n\n"
        ".. image:: savefig/model_inputs.png\n\n.. image:: savefig/model_outputs.png\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "simlab"\nversion = "1"\n',
        "simlab/__init__.py": "def dot_graph(model, show_inputs=False, filename=None):\n"
        "    return filename\n",
        "doc/graphs.rst": page,
        "doc/conf.py": "project = 'simlab'\n",
    }
    root = _write(tmp_path / "simlab", files)
    assert {(line, ref) for _, line, ref in _drift(root)} == {(13, "savefig/model_outputs.png")}


def test_a_function_a_star_imported_subpackage_binds_over_its_module(tmp_path: Path) -> None:
    readme = (
        "# ants\n\n```python\nimport ants\n"
        'tx = ants.registration(fixed, moving, type_of_transform="Affine")\n'
        'tx = ants.registration(fixed, moving, kind="Affine")\n```\n'
    )
    files = {
        "pyproject.toml": '[project]\nname = "ants"\nversion = "1"\n',
        "ants/__init__.py": "from .registration import *\n",
        "ants/registration/__init__.py": "from .registration import registration\n",
        "ants/registration/registration.py": '__all__ = ["registration"]\n\n\n'
        'def registration(fixed, moving, type_of_transform="SyN"):\n    return fixed\n',
        "README.md": readme,
    }
    root = _write(tmp_path / "ants", files)
    assert {line for _, line, _ in _drift(root)} == {6}


TUTORIAL = """\
# Adding a function

```python
def rescale_image(image, lower=0, upper=1):
    '''Rescale the intensity of an image.

    >>> img = ants.rescale_image(ants.image_read("x.png"))
    '''
    return image.clone()
```

Add it to the `ants` package, then call it:

```python
import ants
img = ants.image_read("x.png")
img = ants.rescale_image(img)
img = ants.dosomething(img)
img = ants.image_reed("x.png")
```
"""


def test_a_function_the_page_writes_and_a_do_something_placeholder(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ants"\nversion = "1"\n',
        "ants/__init__.py": "def image_read(path):\n    return path\n",
        "CONTRIBUTING.md": TUTORIAL,
    }
    root = _write(tmp_path / "ants", files)
    assert {(line, ref) for _, line, ref in _drift(root)} == {(19, "ants.image_reed")}


def test_a_django_management_command_is_no_script(tmp_path: Path) -> None:
    command = (
        "from django.core.management.base import BaseCommand\n\n\n"
        "class Command(BaseCommand):\n"
        "    def add_arguments(self, parser):\n"
        '        parser.add_argument("--force", action="store_true")\n\n'
        "    def handle(self, *args, **options):\n        pass\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "django-cities"\nversion = "1"\n',
        "cities/__init__.py": "",
        "cities/management/__init__.py": "",
        "cities/management/commands/__init__.py": "",
        "cities/management/commands/cities.py": command,
        "docs/index.rst": "Cities\n======\n\nThe ``cities`` command imports the data.\n",
    }
    root = _write(tmp_path / "cities", files)
    assert _drift(root) == set()
    other = dict(files)
    other["cities/cli.py"] = command.replace("class Command(BaseCommand)", "class Other")
    other["cities/management/commands/load.py"] = other.pop("cities/management/commands/cities.py")
    root = _write(tmp_path / "other", other)
    assert {line for _, line, _ in _drift(root)} == {4}


def test_a_word_a_synopsis_brackets_is_a_placeholder(tmp_path: Path) -> None:
    page = (
        "pack\n====\n\n::\n\n  pack <volume_dir> [blkdev_size]\n\n"
        "Give the block device by ``blkdev_size`` (e.g. ``10M``), or see ``getblkdevsiz()``.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "xdf"\nversion = "1"\n',
        "xdf/__init__.py": "def getblkdevsize(name):\n    return 0\n",
        "docs/pack.rst": page,
    }
    root = _write(tmp_path / "xdf", files)
    assert {ref for _, _, ref in _drift(root)} == {"getblkdevsiz()"}


CFENV = """\
import json
import os


class Service:
    def __init__(self, env):
        self.env = env
        self.credentials = env.get("credentials", {})

    def get_url(self, **keys):
        return self.credentials.get("uri")


class AppEnv:
    def __init__(self):
        self.services = [
            Service(each)
            for services in json.loads(os.getenv("VCAP_SERVICES", "{}")).values()
            for each in services
        ]

    def get_service(self, **kwargs):
        return next(
            (service for service in self.services if service.env.get("label") == kwargs),
            None,
        )
"""


def test_what_next_takes_from_a_generator_over_a_container(tmp_path: Path) -> None:
    readme = (
        "# cfenv\n\n```python\nfrom cfenv import AppEnv\n\nenv = AppEnv()\n"
        "redis = env.get_service(label='redis')\nredis.credentials\n"
        "redis.get_url(host='hostname')\nredis.get_uri(host='hostname')\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "cfenv"\nversion = "1"\n',
        "cfenv/__init__.py": CFENV,
        "README.md": readme,
    }
    root = _write(tmp_path / "cfenv", files)
    assert {line for _, line, _ in _drift(root)} == {10}


CONTEXTTIMER = """\
import time


class Timer(object):
    def __init__(self, timer=time.perf_counter, factor=1):
        self.timer = timer
        self.factor = factor


def timer(logger=None, **timer_kwargs):
    def wrapped(f):
        return f
    return wrapped
"""

TIMEOUT = """\
def timeout(limit, handler=None):
    def wrapped(f):
        return f
    return wrapped
"""

CONTEXTTIMER_README = """\
contexttimer
============

The ``contexttimer.timer`` decorator, or ``@timer``, times a function::

    @timer(logger=logging.getLogger())
    def function_to_time():
        pass

And ``@timeout`` stops one::

    @timeout(limit=5, handler=on_timeout)
    def slow():
        pass
"""


def test_a_renamed_decorator_whose_name_lives_on_as_a_parameter(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "contexttimer"\nversion = "1"\n',
        "contexttimer/__init__.py": CONTEXTTIMER,
        "contexttimer/timeout.py": TIMEOUT,
        "README.rst": CONTEXTTIMER_README,
    }
    changes = {
        "contexttimer/__init__.py": [("def timer(logger", "def timed(logger")],
        "contexttimer/timeout.py": [("limit, handler", "seconds, handler")],
    }
    assert _drift_after(tmp_path / "ct", files, changes) == {
        ("README.rst", 4),
        ("README.rst", 6),
        ("README.rst", 12),
    }


SIGMF = """\
from sigmf import keys


class SigMFFile:
    VALID_GLOBAL_KEYS = keys.VALID_GLOBAL_KEYS

    def get_global_field(self, key):
        return key

    def __getattr__(self, name):
        for key in self.VALID_GLOBAL_KEYS:
            if key.startswith("core:") and key[5:] == name:
                return self.get_global_field(key)
        raise AttributeError(name)
"""


def test_names_a_getattr_makes_from_a_table_it_changes(tmp_path: Path) -> None:
    readme = (
        "# sigmf\n\n```python\nfrom sigmf import SigMFFile\n\nhandle = SigMFFile()\n"
        "print(handle.sample_rate, handle.author)\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "sigmf"\nversion = "1"\n',
        "sigmf/__init__.py": "from sigmf.sigmffile import SigMFFile\n",
        "sigmf/keys.py": 'VALID_GLOBAL_KEYS = ["core:sample_rate", "core:author"]\n',
        "sigmf/sigmffile.py": SIGMF,
        "README.md": readme,
    }
    root = _write(tmp_path / "sigmf", files)
    assert _drift(root) == set()


LUMEN = """\
import argparse

from panel.command import Serve


class AIServe(Serve):
    def __init__(self, parser):
        super().__init__(parser=parser)
        parser.add_argument("--provider")


def main():
    parser = argparse.ArgumentParser(prog="lumen")
    subs = parser.add_subparsers()
    serve_parser = subs.add_parser("serve")
    AIServe(parser=serve_parser)
    build_parser = subs.add_parser("build")
    build_parser.add_argument("--out")
    return parser.parse_args()
"""


def test_a_parser_handed_to_a_class_another_package_builds_on(tmp_path: Path) -> None:
    readme = (
        "# lumen\n\n```bash\nlumen serve app.yaml --show --provider openai\n"
        "lumen build --out x --show\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "lumen"\nversion = "1"\ndependencies = ["panel"]\n'
        '\n[project.scripts]\nlumen = "lumen.cli:main"\n',
        "lumen/__init__.py": "",
        "lumen/cli.py": LUMEN,
        "README.md": readme,
    }
    root = _write(tmp_path / "lumen", files)
    assert {line for _, line, _ in _drift(root)} == {5}


def test_notebooks_kept_as_quarto_text_and_modules_the_scan_left_unread(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "optics"\nversion = "1"\n',
        "optics/__init__.py": "",
        "optics/tables.py": "X = [\n" + "    1.0,\n" * 150_000 + "]\n",
        "notebooks/StartHere.qmd": "# Start here\n",
        "notebooks/docs/index.rst": "Optics\n======\n\n.. toctree::\n\n   ../StartHere\n"
        "   ../GoneAway\n\nSee :mod:`optics.tables` and the folder `optics/lenses`.\n",
    }
    root = _write(tmp_path / "optics", files)
    assert {ref for _, _, ref in _drift(root)} == {"../GoneAway.rst", "optics/lenses"}


def test_a_span_an_import_sentence_gives(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tidy"\nversion = "1"\n\n'
        '[project.scripts]\ntidy = "tidy.cli:main"\n',
        "tidy/__init__.py": "",
        "tidy/cli.py": "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        "    commands = parser.add_subparsers()\n"
        '    commands.add_parser("run")\n    parser.parse_args()\n',
        "AGENTS.md": "# Agents\n\nIn tests, import `tidy as td`.\n\nNever run `tidy as td`.\n",
    }
    root = _write(tmp_path / "tidy", files)
    assert {(line, ref) for _, line, ref in _drift(root)} == {(5, "tidy as td")}


def test_commands_named_by_values_we_cannot_read_take_their_own_flags(tmp_path: Path) -> None:
    cli = LUMEN.replace('subs.add_parser("serve")', "subs.add_parser(Serve.name)").replace(
        "AIServe(parser=serve_parser)", "Serve(serve_parser)"
    )
    readme = "# lumen\n\n```bash\nlumen serve app.yaml --show\nlumen --show\n```\n"
    files = {
        "pyproject.toml": '[project]\nname = "lumen"\nversion = "1"\n\n'
        '[project.scripts]\nlumen = "lumen.cli:main"\n',
        "lumen/__init__.py": "",
        "lumen/cli.py": cli.replace('    build_parser = subs.add_parser("build")\n', "").replace(
            '    build_parser.add_argument("--out")\n', ""
        ),
        "README.md": readme,
    }
    root = _write(tmp_path / "lumen", files)
    assert {line for _, line, _ in _drift(root)} == {5}


FIX = """\
class FixMessage:
    def get(self, tag, nth=1):
        return tag

    def encode(self, raw=False):
        return b""
"""


def test_a_sketch_naming_a_parameter_the_callable_lost(tmp_path: Path) -> None:
    readme = (
        "simplefix\n=========\n\nUse ``get(tag, nth)`` to read a field, and\n"
        "``encode()`` to write the message.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "simplefix"\nversion = "1"\n',
        "simplefix/__init__.py": FIX,
        "README.rst": readme,
    }
    changes = {"simplefix/__init__.py": [("tag, nth=1", "tag, occurrence=1")]}
    assert _drift_after(tmp_path / "fix", files, changes) == {("README.rst", 4)}


def test_an_import_of_a_name_the_page_then_defines_still_fails(tmp_path: Path) -> None:
    guide = (
        "# Guide\n\n```python\nfrom keys.models import HasKey\n"
        "from keys.permissions import BaseHasKey\n\n\nclass HasKey(BaseHasKey):\n"
        "    keyword = 'Bearer'\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "keys"\nversion = "1"\n',
        "keys/__init__.py": "",
        "keys/models.py": "class APIKey:\n    pass\n",
        "keys/permissions.py": "class BaseHasKey:\n    keyword = 'Api-Key'\n",
        "docs/guide.md": guide,
    }
    root = _write(tmp_path / "keys", files)
    assert {(line, ref) for _, line, ref in _drift(root)} == {(4, "keys.models.HasKey")}


def test_an_ipython_extension_the_page_loads(tmp_path: Path) -> None:
    readme = (
        "# imgcat\n\n```python\nfrom imgcat import imgcat\nimgcat(open('a.png'))\n```\n\n"
        "```\n%load_ext autoreload\n%load_ext imgcat\n%imgcat chelsea()\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "imgcat"\nversion = "1"\n',
        "imgcat/__init__.py": "from .imgcat import imgcat as imgcat\n\n\n"
        "def load_ipython_extension(ipython):\n    ipython.register_magics(object)\n",
        "imgcat/imgcat.py": "def imgcat(data):\n    return data\n",
        "README.md": readme,
    }
    changes = {
        "imgcat/__init__.py": [
            ("def load_ipython_extension(ipython):\n    ipython.register_magics(object)\n", "")
        ]
    }
    assert _drift_after(tmp_path / "imgcat", files, changes) == {("README.md", 10)}


def test_a_dunder_the_code_renamed(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "genderize"\nversion = "1"\n',
        "genderize/__init__.py": '__version__ = "0.3.1"\n',
        "README.rst": "genderize\n=========\n\nThe version is in ``__version__``, beside "
        "``__name__``.\n",
    }
    changes = {"genderize/__init__.py": [("__version__ =", "VERSION =")]}
    assert _drift_after(tmp_path / "gender", files, changes) == {("README.rst", 4)}


def test_the_last_of_a_list_of_names_after_their_owner(tmp_path: Path) -> None:
    page = (
        "# Events\n\nThe widget listens to Plotly.js's `plotly_hover` and `plotly_unhover` DOM\n"
        "events; our `plotly_hive` draws, and `plotly_hiv` is a typo.\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "viz"\nversion = "1"\n',
        "viz/__init__.py": "def plotly_hive(graph):\n    return graph\n",
        "docs/events.md": page,
    }
    root = _write(tmp_path / "viz", files)
    assert {ref for _, _, ref in _drift(root)} == {"plotly_hiv"}


def test_a_dotted_root_the_page_imports_from_another_package(tmp_path: Path) -> None:
    usage = (
        "# Usage\n\n```python\nfrom duty import duty\nfrom mkdocs import build, config\n\n\n"
        "@duty\ndef docs(ctx):\n    ctx.run(build.build, args=[config.load_config()])\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "duty"\nversion = "1"\n',
        "duty/__init__.py": "def duty(func):\n    return func\n",
        "duty/callables/__init__.py": "",
        "duty/callables/mkdocs.py": "def build():\n    pass\n",
        "duty/tools/__init__.py": "class mkdocs:\n    def build(self):\n        pass\n",
        "docs/usage.md": usage,
    }
    root = _write(tmp_path / "duty", files)
    assert _drift(root) == set()


HEN_BASE = """\
DEFAULT_PARSER_ARGS = {}
DEFAULT_PARSER_ARGS["loglevel"] = dict(
    args=["--loglevel"], kwargs=dict(help="logging level", default="WARNING", type=str)
)
DEFAULT_PARSER_ARGS["nproc"] = dict(args=["--nproc"], kwargs=dict(default=1, type=int))
DEFAULT_PARSER_ARGS["debug"] = {"args": ["-d", "--debug"], "kwargs": {"action": "store_true"}}


def _add_default_args(parser, list_of_args):
    for key in list_of_args:
        arg = DEFAULT_PARSER_ARGS[key]
        a = arg["args"]
        k = arg["kwargs"]
        parser.add_argument(*a, **k)
    return parser
"""

HEN_SCRIPT = """\
import argparse


def main(args=None):
    from .base import _add_default_args

    parser = argparse.ArgumentParser(prog="HENreadevents")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--gti-string")
    _add_default_args(parser, ["loglevel", "nproc", "debug"])
    return parser.parse_args(args)
"""


def test_options_a_helper_the_function_imports_spreads_from_a_table(tmp_path: Path) -> None:
    readme = (
        "hen\n===\n\n::\n\n    $ HENreadevents a.evt --nproc 4 -d --loglevel DEBUG\n"
        "    $ HENreadevents a.evt --gtistring 'GTI,STDGTI'\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "hen"\nversion = "1"\n\n'
        '[project.scripts]\nHENreadevents = "hen.read_events:main"\n',
        "hen/__init__.py": "",
        "hen/base.py": HEN_BASE,
        "hen/read_events.py": HEN_SCRIPT,
        "README.rst": readme,
    }
    root = _write(tmp_path / "hen", files)
    assert {line for _, line, _ in _drift(root)} == {7}


def test_a_placeholder_member_in_capitals_and_a_project_site_under_its_name(
    tmp_path: Path,
) -> None:
    page = (
        "# Usage\n\nCall functions like `flags.FUNCTION()` or `flags.flag_stat()`.\n\n"
        "See [the API](/flags/api/state) and [the other API](/flags/api/gone).\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "flags"\nversion = "1"\n\n'
        '[project.urls]\nSource = "https://github.com/acme/flags"\n',
        "flags/__init__.py": "def flag_state(name):\n    return name\n",
        "mkdocs.yml": "site_name: flags\nrepo_url: https://github.com/acme/flags/\n",
        "docs/usage.md": page,
        "docs/api/state.md": "# State\n",
    }
    root = _write(tmp_path / "flags", files)
    assert {ref for _, _, ref in _drift(root)} == {"flags.flag_stat()", "/flags/api/gone"}


def test_a_parser_class_built_on_argparse_keeps_its_flags_closed(tmp_path: Path) -> None:
    cli = (
        "import argparse\n\n\nclass RepoParser(argparse.ArgumentParser):\n"
        "    def error(self, message):\n        raise SystemExit(message)\n\n\n"
        "def run():\n    parser = RepoParser(description='pack a repository')\n"
        '    parser.add_argument("--no-git-sort-by-changes", action="store_true")\n'
        "    return parser.parse_args()\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "repomix"\nversion = "1"\n\n'
        '[project.scripts]\nrepomix = "repomix.cli:run"\n',
        "repomix/__init__.py": "",
        "repomix/cli.py": cli,
        "README.md": "# repomix\n\n```bash\nrepomix --no-git-sort-by-changes\n"
        "repomix --config-override '{}'\n```\n",
    }
    root = _write(tmp_path / "repomix", files)
    assert {line for _, line, _ in _drift(root)} == {5}
