"""Shapes from the blind wild batch 42 (hgvs, magic-wormhole, galois, rdflib, certbot,
outlines, bugwarrior) and the typed-settings regression, on small repos, each beside a line
that must still be reported.

- Methods a constructor adds with `self.__setattr__("parse_" + rule, fn)` (hgvs: 20).
- Enumerations made by Enum's functional API, `Datum = OrderedEnum("Datum", "A B")`.
- Names the text marks as future: "`pkg.GR` (future)", "will provide `pkg.typing.Triple`".
- A click group whose class looks commands up itself (`cls=AliasedGroup` with its own
  `get_command`: `wormhole tx`), and options composed into one decorator
  (`CommonArgs = _compose(click.option(...), ...)`).
- A value typed by a protocol may have members beyond it (typed-settings' `Converter`).
- A link into a monorepo whose one folder is this tree; a project's own IPython directive;
  a Sphinx site kept inside the package; pages mkdocstrings' `gen_ref_pages.py` writes.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PARSER = """\
from enum import Enum
from typing import Protocol


class OrderedEnum(Enum):
    pass


Datum = OrderedEnum("Datum", "SEQ_START CDS_START CDS_END")


class Parser:
    def __init__(self):
        self._expose()

    def _expose(self):
        for rule in ("hgvs_variant", "c_interval"):
            name = "parse_" + rule
            self.__setattr__(name, lambda s: s)


class Plain:
    def parse(self, s):
        return s


class Converter(Protocol):
    def structure(self, obj, cl): ...


def default_converter() -> Converter:
    return Converter()
"""

PARSER_README = """\
# hgvs

```python
from hgvs.parser import Parser, Plain, Datum, default_converter

Parser().parse_hgvs_variant("NM_01234.5:c.22+1A>T")
Plain().parse_hgvs_variant("NM_01234.5:c.22+1A>T")
Datum.CDS_START
Datum.CDS_STOP
converter = default_converter()
converter.register_structure_hook(int, int)
converter.unstructure(1)
```

The rings come with `hgvs.parser.GR` (future). A later version will provide
`hgvs.typing.Triple`. `hgvs.parser.Missing` is documented too.
"""


def test_methods_made_at_run_time_enumerations_protocols_and_future_names(
    tmp_path: Path,
) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "hgvs"\nversion = "1"\n',
        "hgvs/__init__.py": "",
        "hgvs/parser.py": PARSER,
        "README.md": PARSER_README,
    }
    assert _drift(_write(tmp_path / "hgvs", files)) == {
        ("README.md", 7, "hgvs.parser.Plain.parse_hgvs_variant"),
        ("README.md", 9, "hgvs.parser.Datum.CDS_STOP"),
        ("README.md", 16, "hgvs.parser.Missing"),
    }


CLI = """\
import click

ALIASES = {"tx": "send"}


class AliasedGroup(click.Group):
    def get_command(self, ctx, cmd_name):
        return click.Group.get_command(self, ctx, ALIASES.get(cmd_name, cmd_name))


def _compose(*decorators):
    def decorate(f):
        for d in reversed(decorators):
            f = d(f)
        return f

    return decorate


CommonArgs = _compose(
    click.option("-c", "--code-length", default=None),
    click.option("-v", "--verify", is_flag=True),
)


@click.group(cls=AliasedGroup)
def wormhole():
    pass


@wormhole.command()
@CommonArgs
def send(code_length, verify):
    pass
"""

CLI_README = """\
# wormhole

    $ wormhole send --code-length=4 --verify
    $ wormhole tx --verify
    $ wormhole send --code-size=4
"""


def test_aliased_click_groups_and_composed_options(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "wormhole"\nversion = "1"\n'
            '[project.scripts]\nwormhole = "wormhole.cli:wormhole"\n'
        ),
        "wormhole/__init__.py": "",
        "wormhole/cli.py": CLI,
        "README.md": CLI_README,
    }
    assert _drift(_write(tmp_path / "wormhole", files)) == {
        ("README.md", 5, "wormhole send --code-size=4"),
    }


SITE_PAGE = """\
Fields
======

.. ipython-with-reprs:: int,power

   g = GF7.primitive_element
   g.order()

See `interfaces <https://github.com/acme/field/blob/main/field/src/field/core.py>`_ and
`gone <https://github.com/acme/field/blob/main/field/src/field/gone.py>`_.
"""

FIELD_CORE = """\
class FieldArray:
    def order(self):
        return 1


def primitive_element(poly):
    return poly
"""


def test_docs_inside_the_package_monorepo_links_and_ipython_directives(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "field"\nversion = "1"\n'
            '[project.urls]\nSource = "https://github.com/acme/field"\n'
        ),
        "src/field/__init__.py": "from field.core import FieldArray, primitive_element\n",
        "src/field/core.py": FIELD_CORE,
        "src/field/docs/conf.py": "project = 'field'\n",
        "src/field/docs/index.rst": SITE_PAGE,
        "README.md": "# field\n",
    }
    assert _drift(_write(tmp_path / "field", files)) == {
        (
            "src/field/docs/index.rst",
            10,
            "https://github.com/acme/field/blob/main/field/src/field/gone.py",
        ),
    }


def test_pages_a_gen_files_script_writes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "outl"\nversion = "1"\n',
        "outl/__init__.py": "",
        "outl/grammars.py": "ARITHMETIC = 'x'\n",
        "mkdocs.yml": (
            "site_name: outl\nplugins:\n  - gen-files:\n"
            "      scripts:\n      - scripts/gen_ref_pages.py\n"
        ),
        "scripts/gen_ref_pages.py": (
            "from pathlib import Path\nimport mkdocs_gen_files\n\n"
            "for path in Path('outl').rglob('*.py'):\n"
            "    page = Path('api_reference', path.with_suffix('.md').name)\n"
            "    with mkdocs_gen_files.open(page, 'w') as f:\n"
            "        f.write(path.stem)\n"
        ),
        "docs/index.md": (
            "# outl\n\nSee [grammars](api_reference/grammars.md) and [gone](guide/gone.md).\n"
        ),
        "docs/api_reference/index.md": "# API\n",
    }
    assert _drift(_write(tmp_path / "outl", files)) == {("docs/index.md", 3, "guide/gone.md")}


def test_a_library_installed_under_a_python_named_distribution(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "outl"\nversion = "1"\n'
            '[project.optional-dependencies]\nllamacpp = ["llama-cpp-python"]\n'
        ),
        "outl/__init__.py": "",
        "outl/llamacpp.py": "def from_llamacpp(model):\n    return model\n",
        "README.md": (
            "# outl\n\nWrap a `Llama` model instance from the `llama_cpp` library with\n"
            "`outl.llamacpp.from_llamacpp` and `outl.llamacpp.from_llama`.\n"
        ),
    }
    assert _drift(_write(tmp_path / "outl", files)) == {
        ("README.md", 4, "outl.llamacpp.from_llama"),
    }
