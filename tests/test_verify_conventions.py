"""Names that exist by convention and pages that only the docs build makes.

Each shape comes from a real project's shipped docs (markdownify's `convert_<tag>` methods,
glom's `S.globals`, towncrier's placeholders and templates, bump-my-version's generated
reference, pyserde's footnotes); each test pairs it with drift of the same shape that must
still be found, so a fix that silences a kind of finding wholesale fails.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _write

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository, find_documents


def _drift(root: Path) -> set[tuple[int, str]]:
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    return {(f.line, f.reference) for f in report.drift}


CORE = '''\
DEPRECATED_NAMES = {"insert_marker": "start_marker"}


class Converter:
    """Converts a tree; `convert_<tag>` handles one tag."""

    def process(self, node):
        return getattr(self, "convert_%s" % node.tag)(node)

    def convert_a(self, node):
        return node


class Path:
    """A path that any public attribute extends."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Path()


class Registry:
    """Serves only what was registered."""

    def __getattr__(self, name):
        raise AttributeError(name)


S = Path()
registry = Registry()


def _dispatch(value):
    return value


def start_marker():
    return "<!-- start -->"
'''

README = """\
# tidy

Subclass `tidy.Converter` and add `convert_b` for `<b>` tags; `tidy.Converter.render()`
is not there.
Scope values are read as `tidy.S.globals`, but `tidy.registry.missing` is not registered.
Values go through `dispatch` on their way. The `file_mapping` module maps files; the
`file_maping` module is misspelt.
The old setting `insert_marker` is now `start_marker`.
Run one test with `tidy.tests.FILE.CLASS.METHOD`; `tidy.core.Convertr` is misspelt.
Fragments live in `src/myproject/newsfragments/` of your project, not `tidy/fragments/`.

```python
class Summing:
    def _sum(self, items):
        return sum(items)
```

This `_sum()` method does the work, and `start_markr()` is a typo.
"""


def test_names_made_by_convention_are_known_and_typos_still_fail(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "tidy/__init__.py": "from tidy.core import Converter, S, registry\n",
            "tidy/core.py": CORE,
            "tidy/file_mapping.py": "MAPPING = {}\n",
            "README.md": README,
        },
    )
    assert _drift(root) == {
        (3, "tidy.Converter.render()"),
        (5, "tidy.registry.missing"),
        (7, "file_maping"),
        (9, "tidy.core.Convertr"),
        (10, "tidy/fragments/"),
        (18, "start_markr()"),
    }


REFERENCE_SCRIPT = '''\
"""Write the CLI reference page before the site is built."""
from pathlib import Path

DOCS = Path(__file__).parent.parent
(DOCS / "reference" / "cli.md").write_text("# CLI\\n")
'''

TUTORIAL = """\
# Getting started

See every command in the [CLI reference](../../reference/cli/#tidy-show) and the
[configuration](../../reference/configuration/). The [old guide](../../reference/guide/)
is gone.
Fields are listed by `dataclasses.fields` [^1]. The [notes](notes.md) page is missing.

[^1]: [dataclasses.fields](https://docs.python.org/3/library/dataclasses.html#dataclasses.fields)
[^2]: [see the removed page](removed.md)
"""

API = """\
API
===

The `source <_modules/tidy/core.html>`_ of the module, and the `missing page <gone.html>`_.
"""


def test_pages_the_docs_build_makes_are_not_dead_links(tmp_path: Path) -> None:
    """A script of the docs writes `reference/cli.md`; a site serves `tutorials/start.md` at
    `tutorials/start/`; Sphinx's viewcode makes `_modules/`; `[^1]:` defines a footnote."""
    root = _write(
        tmp_path,
        {
            "tidy/__init__.py": "X = 1\n",
            "mkdocs.yml": "site_name: tidy\n",
            "docs/scripts/generate_reference.py": REFERENCE_SCRIPT,
            "docs/reference/configuration.md": "# Configuration\n",
            "docs/tutorials/start.md": TUTORIAL,
            "docs/api.rst": API,
        },
    )
    assert _drift(root) == {
        (4, "../../reference/guide/"),
        (6, "notes.md"),
        (9, "removed.md"),
        (4, "gone.html"),
    }


def test_documents_inside_packages_and_deprecation_pages_are_not_checked(
    tmp_path: Path,
) -> None:
    """towncrier's `src/towncrier/templates/default.md`, bleach's vendored README and
    openapi-python-client's copy of the OpenAPI specification are package data; a
    `deprecations.rst` names removed things on purpose, like a changelog."""
    root = _write(
        tmp_path,
        {
            "src/tidy/__init__.py": "X = 1\n",
            "src/tidy/templates/default.md": "See [x](missing.md).\n",
            "src/tidy/_vendor/lib/README.rst": "`tidy.Gone`\n",
            "docs/deprecations.rst": "``tidy.Removed`` is gone.\n",
            "docs/index.md": "`tidy.X` and `tidy.Y`\n",
            # a Sphinx source that is importable too (execnet's doc/__init__.py) is docs
            "manual/__init__.py": "",
            "manual/conf.py": 'project = "tidy"\n',
            "manual/basics.rst": "``tidy.Z``\n",
            "README.md": "[docs](docs/index.md)\n",
        },
    )
    config = load_config(root, env={})
    analysis = analyze_repository(root)
    docs = ["README.md", "docs/index.md", "manual/basics.rst"]
    assert find_documents(config, analysis, None) == docs
    assert _drift(root) == {(1, "tidy.Y"), (1, "tidy.Z")}
    # asked for by name, they are read like any other document
    chosen = find_documents(config, analysis, ["src/tidy/templates/*.md"])
    assert chosen == ["src/tidy/templates/default.md"]


def test_a_colon_list_of_modules_is_not_a_module_attribute_path(tmp_path: Path) -> None:
    """thefuck's `THEFUCK_RULES=sudo:no_command` lists rule modules; `pkg.cli:main` is an
    entry point whose function must exist."""
    root = _write(
        tmp_path,
        {
            "fix/__init__.py": "",
            "fix/rules/__init__.py": "",
            "fix/rules/sudo.py": "def match(command):\n    return True\n",
            "fix/rules/no_command.py": "def match(command):\n    return True\n",
            "fix/cli.py": "def run():\n    return 0\n",
            "README.md": "Enable `sudo:no_command`; the entry point is `fix.cli:main`.\n",
        },
    )
    assert _drift(root) == {(1, "fix.cli:main")}


SETTINGS = """\
import os


def load(prefix="SCOPE"):
    start = f"{prefix.upper()}_"
    return {k[len(start):]: v for k, v in os.environ.items() if k.startswith(start)}


def debug():
    return os.getenv("SCOPE_DEBUG")
"""


def test_a_prefix_scan_of_the_environment_opens_the_projects_variables(tmp_path: Path) -> None:
    """dynaconf reads every `DYNACONF_*` variable by a prefix it computes at run time: a
    README's `DYNACONF_PORT` is one of them. Without the scan, an unknown one is drift."""
    readme = "Set `SCOPE_PORT=8000` or `SCOPE_DEBUG=1`.\n"
    root = _write(
        tmp_path / "scan",
        {"scope/__init__.py": "", "scope/settings.py": SETTINGS, "README.md": readme},
    )
    assert _drift(root) == set()
    plain = SETTINGS.split("def debug")[1]
    root = _write(
        tmp_path / "plain",
        {"scope/__init__.py": "", "scope/settings.py": "import os\n\n\ndef debug" + plain,
         "README.md": readme},
    )  # fmt: skip
    assert _drift(root) == {(1, "SCOPE_PORT=8000")}


NOX_OPTIONS = """\
import os


class Option:
    def __init__(self, name, *flags, env_var=None, help=None):
        self.name, self.flags, self.env_var = name, flags, env_var


OPTIONS = [
    Option("parallel", "--parallel", env_var="TIDY_PARALLEL"),
    Option("backend", "--backend", env_var="TIDY_BACKEND"),
]


def defaults():
    return {o.name: os.environ.get(o.env_var) for o in OPTIONS if o.env_var}


def template_env(env):
    env.globals["pathjoin"] = os.path.join
    return env


def script_dir(root):
    return os.path.join(root, "_tidy_script_mode")


def min_version(settings):
    return settings.get("min_tidy_version")
"""

NOX_DOCS = """\
Set ``TIDY_PARALLEL=1`` or ``TIDY_BACKEND=uv``; ``TIDY_PARALEL`` is misspelt.
Templates call ``pathjoin(a, b)``; ``pathjoinn(a, b)`` is a typo.
Script runs live in ``_tidy_script_mode``; set ``_min_tidy_version`` in the file.

.. code-block::

    # the methods a renderer has
    paragraph(self, text)
    min_version(self, settings, extra)
"""


def test_names_kept_as_data_are_known(tmp_path: Path) -> None:
    """nox reads `env_var="NOX_PARALLEL"` through `os.environ.get(option.env_var)`; copier
    registers `env.globals["pathjoin"]` and strips `_` from `_min_copier_version`; mistune
    lists renderer methods as `text(self, text)` signatures, not calls."""
    root = _write(
        tmp_path,
        {"tidy/__init__.py": "", "tidy/options.py": NOX_OPTIONS, "docs/index.rst": NOX_DOCS},
    )
    assert _drift(root) == {(1, "TIDY_PARALEL"), (2, "pathjoinn(a, b)")}


def test_doc_targets_by_stem_and_a_copys_links(tmp_path: Path) -> None:
    """nox's `:doc:`CONTRIBUTING`` is `CONTRIBUTING.md` under MyST; copier's
    `docs/contributing.md` is a symlink to `CONTRIBUTING.md`, whose `CHANGELOG.md` is a
    sibling at the root."""
    contributing = "# Contributing\n\nSee the [changes](CHANGELOG.md) and [gone](GONE.md).\n"
    root = _write(
        tmp_path,
        {
            "tidy/__init__.py": "",
            "docs/conf.py": "source_suffix = ['.rst', '.md']\n",
            "docs/index.rst": "Index\n=====\n\n.. toctree::\n\n   CONTRIBUTING\n   MISSING\n",
            "CONTRIBUTING.md": contributing,
            "CHANGELOG.md": "# Changes\n",
        },
    )
    (root / "docs/CONTRIBUTING.md").symlink_to("../CONTRIBUTING.md")
    assert _drift(root) == {(7, "MISSING.rst"), (3, "GONE.md")}


def test_a_reexport_through_a_module_the_package_shadows(tmp_path: Path) -> None:
    """wcwidth's `__init__.py` does `from .wcwidth import wcwidth, list_versions`: the
    package's `wcwidth` is then the function, but the import found `list_versions` in the
    module `wcwidth.wcwidth`, which took it from `wcwidth.unicode_versions`."""
    root = _write(
        tmp_path,
        {
            "wid/__init__.py": "from .wid import wid, list_versions\n",
            "wid/wid.py": "from .versions import list_versions\n\n\ndef wid(c):\n    return 1\n",
            "wid/versions.py": "def list_versions():\n    return ()\n",
            "README.rst": (
                ".. autofunction:: wid.list_versions\n\n:func:`wid.wid` and ``wid.gone``\n"
            ),
        },
    )
    assert _drift(root) == {(3, "wid.gone")}


def test_a_namespace_package_is_shared_with_other_distributions(tmp_path: Path) -> None:
    """zope.event's docs name `zope.component`, another distribution in the `zope` namespace
    (no `zope/__init__.py`); a name missing from the project's own `zope.event` is drift."""
    root = _write(
        tmp_path,
        {
            "src/zope/event/__init__.py": "subscribers = []\n\n\ndef notify(event):\n    pass\n",
            "README.rst": (
                "Use ``zope.component`` with ``zope.event.notify`` and ``zope.event.emit``.\n"
            ),
        },
    )
    assert _drift(root) == {(1, "zope.event.emit")}


GENERATED_CLI = """\
# CLI reference

```python exec="true" idprefix=""
from tidy import render_reference
print(render_reference())
```
"""

USAGE = """\
# Usage

See [the output option](reference/cli.md#output) and [the guide's intro](guide.md#intro),
not [its outro](guide.md#outro). Relative paths are explained [here](#relative-paths);
[nowhere](#no-such-label) explains the rest.
Change `render_commit()` in your template, and the `docs(s)` type; `render_comit()` is
misspelt.
"""

GUIDE = """\
# Guide

## Intro

(relative-paths)=
## Paths
"""


def test_generated_headings_labels_and_template_macros(tmp_path: Path) -> None:
    """git-changelog's CLI page renders its headings with markdown-exec and its templates
    define the macros its usage page tells writers to change; typed-settings' MyST labels
    are found from every page of its Sphinx project."""
    root = _write(
        tmp_path,
        {
            "tidy/__init__.py": "def render_reference():\n    return ''\n",
            "tidy/templates/changelog.md.jinja": (
                "{%- macro render_commit(commit) -%}\n- {{ commit }}\n{%- endmacro -%}\n"
            ),
            "docs/conf.py": "project = 'tidy'\n",
            "docs/reference/cli.md": GENERATED_CLI,
            "docs/usage.md": USAGE,
            "docs/guide.md": GUIDE,
        },
    )
    assert _drift(root) == {
        (4, "guide.md#outro"),
        (5, "#no-such-label"),
        (6, "render_comit()"),
    }
