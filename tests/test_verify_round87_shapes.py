"""Shapes from the blind sets of round 28 and the false alarms left from round 27, each on a
small repo that has it:

- a wrapper's docs giving the flags it hands on to the program it runs ("Pass extra flags to
  Terrascan", then `--severity HIGH`): that program's flags, while the wrapper's own
  renamed flag is still reported;
- docs that keep serving an older release line ("## Tool v0.5.x", "v0.5.x emits ...", a
  `# v0.5.x` comment over a command line): its names are the old line's, while those of the
  current line's sections are checked; "there is no separate `x`" says it does not exist;
- names written with a letter the page says stands for values ("where `c` stands for the
  coordinate `x`, `y` or `z`", then `position_c`): known when a value in its place is;
- a signature span's names after a bare `*` are keywords (`Transformer(default, *,
  transform)`), not positional arguments;
- a package installed from a folder of another name (`package_dir={"mdconv": "src"}`): its
  modules are `mdconv.*`, so the docs' names of them are checked;
- a keyword whose value is left out (`main(md, c_theme=...)`) still counts the positional
  arguments; a key a function sets in its `**kwargs` before handing them on leaves them
  followed; a choice given after a space (`--origin-type repo`) is checked;
- "Breaking Changes in 5.0.0" is history, and "Unpatched versions using `--token`" speaks
  of the past;
- a bare call of a function the code renamed (``set_light_background()``) is stale though a
  class's method it called keeps the name;
- a library the project's own code imports (`import ee`, near our `xee`), a design spec
  filed as implemented and an assistant's plan, a variable a DevStack shell plugin reads,
  a MyST link to an autosummary page named by its object (`_autosummary/xee.Endpoint`), the
  attributes a metaclass's `__call__` gives the objects it makes, and a plural of the role
  a class's name ends in (`FunctionImports`): no drift;
- what a method returns through a class it imports for itself (`from .core import WebPage;
  return WebPage.from_config(self)`): its members are checked;
- another program's flags said so after ("`--x` kubelet flag", also for the first of a list),
  before ("the etcd flags `--a` and `--b`") or by its set-up ("in the Kubernetes API server
  config"); Bitbucket's `#markdown-header-` anchors; a domain the words call one; a bare
  `Popen()`; fields under a key the code spells; sphinx-apidoc's `modules` page; a C
  library's object named after its `_t` type: no drift, while our own renamed flag is;
- console scripts setup.py lists in a tuple, a path built on a variable
  (``$KCONFIG_CONFIG.old``) and a class a page restates with its methods' signatures
  (`class RetryOptionsBase:` / `def __init__(self, attempts=3, statuses=None): ...`): each
  is checked;
- a standard module's name the page imports while the code lost a member so named
  (`datetime.datetime(...)`), and a module function aliased to an instance's bound method
  (`new = default.new`).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write


def _program_drift(
    root: Path, name: str, version: str, code: str, readme: str, entry: str = "main"
) -> set[tuple[int, str]]:
    """The (line, reference) findings of a README on a one-module program `name`."""
    files = {
        "pyproject.toml": f'[project]\nname = "{name}"\nversion = "{version}"\n\n'
        f'[project.scripts]\n{name} = "{name}:{entry}"\n',
        f"{name}/__init__.py": code,
        "README.md": readme,
    }
    return {(line, ref) for _, line, ref in _drift(_write(root / name, files))}


WRAPPER = '''\
"""Runs a scanner with the flags a user adds."""

import argparse
import shlex
import subprocess


def main() -> None:
    parser = argparse.ArgumentParser(prog="scanwrap")
    parser.add_argument("--extra-args", default="")
    parser.add_argument("--fail-level", default="high")
    args = parser.parse_args()
    subprocess.run(["terrascan", "scan", *shlex.split(args.extra_args)], check=False)
'''

WRAPPER_README = """\
# scanwrap

## Configuration

- **Additional Arguments** (`--extra-args`): Pass extra flags to Terrascan

Examples:
- Filter by severity: `--severity HIGH,MEDIUM`
- Skip rules: `--skip-rules AC_AWS_0058`

## Failing

Fail the run from a level on with `--fail-on high`.

## Checkov

Optional command-line arguments to pass to `scanwrap` itself (e.g., `--verbose`).
"""


def test_flags_a_wrapper_hands_on_to_the_program_it_runs(tmp_path: Path) -> None:
    """Terrascan's `--severity` and `--skip-rules` are not the wrapper's; its own
    `--fail-on` (now `--fail-level`) is, and so is a flag said to be passed to it."""
    found = _program_drift(tmp_path, "scanwrap", "1", WRAPPER, WRAPPER_README)
    assert found == {(13, "--fail-on high"), (17, "--verbose")}


RELEASES = """\
\"\"\"Scans servers.\"\"\"

import argparse


def main() -> None:
    parser = argparse.ArgumentParser(prog="agentscan")
    parser.add_argument("--ignore-risks", default="")
    parser.add_argument("--ci", action="store_true")
    parser.add_argument("--skills", action=argparse.BooleanOptionalAction)
    parser.parse_args()


class ScanResults:
    \"\"\"What a scan gives.\"\"\"
"""

RELEASES_README = """\
# agentscan

## Agent Scan v0.5.x

Ignore findings with `--ignore-codes W015`.

### JSON

The root is a `ScanPathResult`.

## Agent Scan v0.6 and later

Ignore risks with `--ignore-risks x` and `--ignore-level high`.

v0.5.x emits path-keyed `ScanPathResult` JSON. There is no separate `no_skills` toggle.
Since v0.5.x the root is a `ScanPathResult`.

```bash
# v0.5.x CI
agentscan --ci \\
  --ignore-codes W015

# v0.6 CI
agentscan --ci --ignore-level high
```
"""


def test_names_of_an_older_release_line(tmp_path: Path) -> None:
    """Under "v0.5.x" the old line's names stand; under "v0.6 and later" they are checked."""
    found = _program_drift(tmp_path, "agentscan", "0.6.9", RELEASES, RELEASES_README)
    assert found == {
        (13, "--ignore-level high"),
        (16, "ScanPathResult"),  # "since v0.5.x": the current line too
        (24, "agentscan --ci --ignore-level high"),
    }


PROPERTIES = """\
\"\"\"Keys of a point's properties.\"\"\"

import enum


class PropertyKey(enum.Enum):
    position_x = "position_x"
    position_y = "position_y"
    region_measure_bb = "region_measure_bb"
    region_measure_ch = "region_measure_ch"
"""

PROPERTIES_README = """\
# points

We use these keys (where `c` stands for the coordinate `x`, `y` or `z`
and `h` stands for the corresponding hull `bb`, `ch`):

The key `position_c` holds the position, `positon_c` too, and `region_measure_h` the area.
"""


def test_names_written_with_a_letter_the_page_declares(tmp_path: Path) -> None:
    """`position_c` is `position_x`; `region_measure_h` is `region_measure_bb`; a name no
    value makes known (`positon_c`) is still a typo."""
    files = {
        "pyproject.toml": '[project]\nname = "points"\nversion = "1"\n',
        "points/__init__.py": PROPERTIES,
        "README.md": PROPERTIES_README,
    }
    found = _drift(_write(tmp_path / "points", files))
    assert {(line, name) for _, line, name in found} == {(6, "positon_c")}


TRANSFORMER = """\
class Transformer:
    def __init__(self, default, *, transform):
        self.default = default
        self.transform = transform
"""

TRANSFORMER_README = """\
# shapes

Build one with `Transformer(default, *, transform)`.

Or with `Transformer(default, *, transform, strict)`.
"""


def test_names_after_a_bare_star_are_keywords(tmp_path: Path) -> None:
    """`transform` after the `*` is a keyword the signature has, so one positional argument
    is given, as `__init__` takes; `strict` is a keyword it does not have."""
    files = {
        "pyproject.toml": '[project]\nname = "shapes"\nversion = "1"\n',
        "shapes/__init__.py": TRANSFORMER,
        "README.md": TRANSFORMER_README,
    }
    found = _drift(_write(tmp_path / "shapes", files))
    assert {line for _, line, _ in found} == {5}


MAPPED_SETUP = """\
from setuptools import setup

setup(name="mdconv", version="1.0", packages=["mdconv"], package_dir={"mdconv": "src"})
"""

MAPPED_README = """\
# mdconv

```python
import mdconv.core

html = mdconv.core.convert("# title", strict=True)
mdconv.core.render("# title")
```
"""


def test_a_package_installed_from_a_folder_of_another_name(tmp_path: Path) -> None:
    """`src/core.py` is `mdconv.core`: `convert` has no `strict`, and `render` is not there."""
    files = {
        "setup.py": MAPPED_SETUP,
        "src/__init__.py": '"""Markdown to HTML."""\n',
        "src/core.py": "def convert(text, *, full=False):\n    return text\n",
        "README.md": MAPPED_README,
    }
    found = _drift(_write(tmp_path / "mdconv", files))
    assert {(line, name.split("(")[0]) for _, line, name in found} == {
        (6, "mdconv.core.convert"),
        (7, "mdconv.core.render"),
    }


VIEWER = """\
import argparse


def main(*, md="", c_theme=None):
    return md


class Runner:
    _ATTEMPT_KEY = "attempt"

    def run(self, **kwargs):
        kwargs[self._ATTEMPT_KEY] = 1
        return self._run(**kwargs)

    def _run(self, raise_on_error=False, attempt=0):
        return raise_on_error, attempt


def cli():
    parser = argparse.ArgumentParser(prog="viewer")
    parser.add_argument("--origin-type", choices=["file", "github"])
    parser.add_argument("--basic-auth")
    parser.parse_args()
"""

VIEWER_README = """\
# viewer

```python
import viewer
viewer.main(my_markdown, c_theme=...)
viewer.Runner().run(check=True)
```

Pick the source with `--origin-type repo`.

## Breaking Changes in 5.0.0

- `--token` removed: use `--basic-auth`.

## Advisories

- Unpatched versions using the `--token` option leak timing.
"""


def test_elided_values_set_keys_choices_and_past_versions(tmp_path: Path) -> None:
    """`main` takes no positional argument, `run` hands on keywords `_run` lacks, `repo` is
    no choice; the breaking-changes and unpatched-versions lines name the past."""
    found = _program_drift(tmp_path, "viewer", "6.0", VIEWER, VIEWER_README, entry="cli")
    assert {line for line, _ in found} == {5, 6, 9}


TOGGLES = """\
class Codes:
    @classmethod
    def set_light_background(cls):
        cls.light = True


def set_light_background():
    Codes.set_light_background()
"""


def test_a_renamed_function_a_method_is_named_like(tmp_path: Path) -> None:
    """``set_light_background()`` was the package's function; once it is
    `use_light_background`, `Codes.set_light_background` is no function the page calls."""
    files = {
        "pyproject.toml": '[project]\nname = "tint"\nversion = "1"\n',
        "tint/__init__.py": "from tint.toggles import set_light_background\n",
        "tint/toggles.py": TOGGLES,
        "README.md": "# tint\n\nCall ``set_light_background()`` on a light terminal.\n",
    }
    renamed = "def use_light_background():"
    changes = {
        "tint/toggles.py": [("def set_light_background():", renamed)],
        "tint/__init__.py": [("import set_light_background", "import use_light_background")],
    }
    assert _drift_after(tmp_path, files, changes) == {("README.md", 3)}


EARTH = """\
\"\"\"Opens Earth Engine data.\"\"\"

import ee


class EndpointMeta(type):
    def __call__(cls, *args, **kwargs):
        obj = super().__call__(*args, **kwargs)
        for name in args[0]:
            setattr(obj, name, name)
        return obj


class Endpoint(metaclass=EndpointMeta):
    def query(self):
        return ee


class ODataFunctionImport:
    \"\"\"A parameterised endpoint.\"\"\"


def get_endpoint(entity):
    return Endpoint(entity)
"""

EARTH_PAGE = """\
# Quickstart

```python
import ee
import xee

ep = xee.get_endpoint(["Data", "Media"])
ep.query().filter(ep.Data >= "2020-01-01")
```

The service lists its `FunctionImports`. See [the store](_autosummary/xee.Endpoint) and set
`XEE_COLLECTOR` for the DevStack plugin.
"""


def test_names_of_libraries_plugins_metaclasses_and_built_pages(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "xee"\nversion = "1"\n',
        "xee/__init__.py": EARTH,
        "docs/conf.py": 'extensions = ["myst_parser", "sphinx.ext.autosummary"]\n',
        "docs/quickstart.md": EARTH_PAGE,
        "docs/_autosummary/xee.Endpoint.rst": "xee.Endpoint\n============\n",
        "devstack/lib/xee": "#!/bin/bash\necho $XEE_COLLECTOR\n",
        "doc/specs/implemented/multi_backend.rst": "Retire\n======\n\nDrop ``xee.notifiers``.\n",
        ".claude/plans/glade.md": "# Plan\n\nAdd `xee.get()` and `make_response(code=1)`.\n",
    }
    assert _drift(_write(tmp_path / "xee", files)) == set()


WEBCOPY_CORE = """\
class WebPage:
    @classmethod
    def from_config(cls, config):
        return cls()

    def get_forms(self):
        return []
"""

WEBCOPY_CONFIG = """\
class ConfigHandler:
    def create_page(self):
        from .core import WebPage

        return WebPage.from_config(self)
"""

WEBCOPY_README = """\
# copier

```python
from copier.configs import ConfigHandler

page = ConfigHandler().create_page()
forms = page.get_forms()
links = page.get_links()
```
"""


def test_a_return_through_a_function_local_import(tmp_path: Path) -> None:
    """`create_page()` gives a WebPage: `get_forms` it has, `get_links` it lacks."""
    files = {
        "pyproject.toml": '[project]\nname = "copier"\nversion = "1"\n',
        "copier/__init__.py": "",
        "copier/core.py": WEBCOPY_CORE,
        "copier/configs.py": WEBCOPY_CONFIG,
        "README.md": WEBCOPY_README,
    }
    found = _drift(_write(tmp_path / "copier", files))
    assert {(line, name.rpartition(".")[2]) for _, line, name in found} == {(8, "get_links")}


HUNTER = """\
import argparse

import ctypes

QUERIES = {"ike.transforms": 1}


def main():
    parser = argparse.ArgumentParser(prog="hunter")
    parser.add_argument("--remote")
    parser.add_argument("--quick", action="store_true")
    parser.parse_args()


def open_report(path):
    return ctypes, path
"""

HUNTER_README = """\
# hunter

- [Usage](#markdown-header-usage)

## Usage

Run `hunter --remote 10.0.0.1`, or with `--fast` for a quick scan.

Disable `--enable-debugging-handlers` kubelet flag.
Use `--client-ca-file` or `--authentication-token-webhook` kubelet flags.
Expose etcd with the etcd flags `--key-file` and `--cert-file`.
Set `--insecure-port=0` in the Kubernetes API server config.

Write to the e-mail `dev` on the domain `hunter.rocks`; the scanner runs `Popen()`.
Group by `ike.transforms.Hash`. The C side wraps an `aubio_source`.
The Kubelet's `/metrics` endpoint tells its version. Save with the general option `--save-to`.
"""


def test_flags_named_as_another_programs_and_other_non_claims(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hunter"\nversion = "1"\n\n[project.scripts]\n'
        'hunter = "hunter:main"\n',
        "hunter/__init__.py": HUNTER,
        "hunter/native/source.h": "typedef struct _aubio_source_t aubio_source_t;\n"
        "aubio_source_t * new_aubio_source(const char * uri);\n",
        "README.md": HUNTER_README,
        "docs/conf.py": 'extensions = ["sphinx.ext.autodoc"]\n',
        "docs/index.rst": "Hunter\n======\n\n.. toctree::\n\n   modules\n",
        ".readthedocs.yml": "build:\n  jobs:\n    pre_build:\n"
        "      - sphinx-apidoc -o docs src/hunter\n",
    }
    found = _drift(_write(tmp_path / "hunter", files))
    assert {(line, name) for _, line, name in found} == {(7, "--fast"), (16, "--save-to")}


KCONF_SETUP = """\
from setuptools import setup

setup(
    name="kconf",
    version="1.0",
    py_modules=["kconf"],
    entry_points={"console_scripts": ("genconf = kconf:main", "menuconf = kconf:menu")},
)
"""

KCONF = """\
import os


def main():
    return os.environ.get("KCONF_CONFIG", ".config")


def menu():
    return main()


class RetryOptionsBase:
    def __init__(self, attempts=3, retry_statuses=None, factor=2.0, max_timeout=30):
        self.attempts = attempts
"""

KCONF_README = """\
# kconf

Run ``genconf`` to write the file; the old one is kept as ``$KCONF_CONFIG.old``.
Update it from ``$KCONF_FILE.old``.

```python
class RetryOptionsBase:
    def __init__(self, attempts=3, statuses=None, factor=2.0, max_timeout=30):
        ...
```
"""


def test_tuple_scripts_variable_paths_and_restated_classes(tmp_path: Path) -> None:
    """KCONF_FILE is no variable the code reads, `statuses` no parameter; a script the
    tuple listed, once renamed, is stale."""
    files = {
        "setup.py": KCONF_SETUP,
        "kconf.py": KCONF,
        "README.md": KCONF_README,
    }
    found = _drift(_write(tmp_path / "kconf", files))
    assert {(line, name.partition("(")[0]) for _, line, name in found} == {
        (4, "$KCONF_FILE.old"),
        (8, "RetryOptionsBase.__init__"),
    }
    files["README.md"] = "# kconf\n\nRun ``genconf`` to write the file.\n"
    renamed = {"setup.py": [("genconf = kconf:main", "kconf-gen = kconf:main")]}
    assert _drift_after(tmp_path / "renamed", files, renamed) == {("README.md", 3)}


ULID_API = """\
class ULID:
    def timestamp(self):
        return 1


class Api:
    def new(self) -> ULID:
        return ULID()


API = Api()
new = API.new
"""

ULID_README = """\
# ulids

```python
import datetime
import ulids

u = ulids.new()
u.timestamp()
u.randomness()
when = datetime.datetime(2020, 1, 1)
```
"""


def test_an_alias_of_a_bound_method_and_a_standard_module(tmp_path: Path) -> None:
    """`ulids.new` is `Api.new`, giving a ULID without `randomness`; `datetime.datetime`
    is the standard module's, though the code had a member `datetime` it lost."""
    files = {
        "pyproject.toml": '[project]\nname = "ulids"\nversion = "1"\n',
        "ulids/__init__.py": "from .api import default\n\nnew = default.new\n",
        "ulids/api/__init__.py": "",
        "ulids/api/default.py": ULID_API,
        "README.md": ULID_README,
    }
    assert {line for _, line, _ in _drift(_write(tmp_path / "ulids", files))} == {9}
    files["ulids/api/default.py"] = ULID_API.replace(
        "    def timestamp(self):",
        "    def datetime(self):\n        return 0\n\n    def timestamp(self):",
    )
    files["README.md"] = (
        "# ulids\n\n```python\nimport datetime\n\nwhen = datetime.datetime(2020, 1, 1)\n```\n"
    )
    gone = {"ulids/api/default.py": [("    def datetime(self):\n        return 0\n\n", "")]}
    assert _drift_after(tmp_path / "gone", files, gone) == set()


def test_a_loop_over_a_mapping_named_for_the_environment_scans_it() -> None:
    """ramalama's `env = os.environ` when none is given, then every `RAMALAMA*` kept: any
    variable so named may be read."""
    from klaro.scan.python import analyze_source

    source = (
        "import os\n\n\ndef load(env=None):\n    if env is None:\n        env = os.environ\n"
        "    for k, v in env.items():\n        if not k.startswith('LLAMA'):\n"
        "            continue\n        print(k, v)\n"
    )
    assert analyze_source(source, "llama/config.py", "llama.config", is_package=False).env_scan


def test_a_shell_block_drawing_a_directory_tree_runs_nothing() -> None:
    from klaro.verify.refs import read_document

    text = "# bots\n\n```shell\nzulip_bots  # This directory\n├───zulip_bots  # package\n```\n"
    assert [r for r in read_document(text, "README.md").references if r.kind == "command"] == []


def test_a_section_proposing_an_api(tmp_path: Path) -> None:
    """caldav's "## Proposed Async API Design" restates a class as it should be: no claim;
    the same class restated under "## Current API" is checked."""
    page = (
        "# API analysis\n\n## Current API\n\n```python\nclass Client:\n"
        "    def __init__(self, url, timeout=9, ssl_verify=True):\n        ...\n```\n\n"
        "## Proposed API Design\n\n```python\nclass Client:\n"
        "    def __init__(self, url, timeout=9, verify_ssl=True):\n        ...\n```\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "cal"\nversion = "1"\n',
        "cal/__init__.py": "class Client:\n"
        "    def __init__(self, url, verify_cert=True, timeout=9):\n        self.url = url\n",
        "docs/api.md": page,
    }
    found = _drift(_write(tmp_path / "cal", files))
    assert {line for _, line, _ in found} == {7}
