"""Shapes from the blind drift rounds 66 and 67 (reedsolo, xmljson, duckduckgo-search), on
small repos with the last commit as the documented state.

- reedsolo's transcripts prompt with two chevrons (`>> rs.init_tables(0x11d)`): read as a
  doctest, so a renamed keyword in one is stale.
- xmljson's `BadgerFish(xml_tostring=str)`, whose `__init__(**kwargs)` hands the keywords to
  `super(BadgerFish, self).__init__(...)`: the base's parameters are the ones it takes.
- xmljson's pasted help names the parser's `prog='xmljson'` (installed as `xml2json`): its
  rows are the options `python -m xmljson` takes.
- duckduckgo-search's ```python3 block of `ddgs text -k ...` lines: command lines, read so;
  and its copy of `def text(keywords, ..., backend="auto")` with only the docstring: each
  parameter shown is one the project's `text` takes (gunicorn's hook `post_request(worker,
  ...)`, a function in a class body made static, takes its first).
- stockfish's "Optional parameter `num_nodes`" under a section whose fenced example calls
  `get_top_moves(3)` above `# [` comments: the comments are no headings, the section's calls
  name the function that lost the keyword.
- `news -t d` once `news` takes `day`, though `text -t` still takes `d`: a sub-command's
  choices are its own.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CODEC = """\
def init_tables(prim=0x11D, generator=2, c_exp=8):
    return prim


def rs_encode_msg(msg, nsym, gen=None):
    return msg
"""

CODEC_README = """\
codec
=====

.. code:: python

    >> import codec as rs
    >> rs.init_tables(0x11d)
    >> mesecc = rs.rs_encode_msg(mes, nsym, gen=gen[nsym])
"""


def test_a_two_chevron_transcript_is_read(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "codec"\nversion = "1"\n',
        "codec.py": CODEC,
        "README.rst": CODEC_README,
    }
    changes = {"codec.py": [("nsym, gen=None", "nsym, generator=None")]}
    assert _drift_after(tmp_path / "codec", files, changes) == {("README.rst", 8)}


def test_a_bracketed_right_shift_goes_on_its_statement(tmp_path: Path) -> None:
    # `>>` opening a line inside brackets continues the statement above: no prompt
    files = {
        "pyproject.toml": '[project]\nname = "codec"\nversion = "1"\n',
        "codec.py": CODEC,
        "README.md": "# codec\n\n```python\nimport codec\n\nflow = (codec.init_tables(1)\n"
        "    >> codec.rs_encode_msg(b'', 2, gen=None))\n```\n",
    }
    changes = {"codec.py": [("nsym, gen=None", "nsym, generator=None")]}
    assert _drift_after(tmp_path / "codec", files, changes) == {("README.md", 7)}


XMLDATA = """\
class XMLData:
    def __init__(self, xml_fromstring=True, xml_tostring=True, element=None):
        self.element = element


class BadgerFish(XMLData):
    def __init__(self, **kwargs):
        super(BadgerFish, self).__init__(**kwargs)
"""

XMLDATA_README = """\
# xmldata

```python
from xmldata import BadgerFish
bf = BadgerFish(xml_tostring=str)
```
"""


def test_keywords_handed_to_super_init_are_the_bases(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "xmldata"\nversion = "1"\n',
        "xmldata/__init__.py": XMLDATA,
        "README.md": XMLDATA_README,
    }
    changes = {"xmldata/__init__.py": [("xml_tostring=True", "xml_to_string=True")]}
    assert _drift_after(tmp_path / "xmldata", files, changes) == {("README.md", 5)}


MAIN = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="xmldata")
    parser.add_argument("-o", "--out_file")
    parser.add_argument("-d", "--dialect", default="parker")
    parser.parse_args(argv)


if __name__ == "__main__":
    main()
"""

HELP_README = """\
xmldata
=======

Run it::

    $ python -m xmldata -h
    usage: xmldata [-h] [-o OUT_FILE] [-d DIALECT]

    optional arguments:
    -h, --help            show this help message and exit
    -o OUT_FILE, --out_file OUT_FILE
                            defaults to stdout
    -d DIALECT, --dialect DIALECT
                            defaults to parker
"""


def test_help_of_a_parser_named_after_its_package(tmp_path: Path) -> None:
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='xmldata', version='1', "
        "entry_points={'console_scripts': ['xml2json = xmldata.__main__:main']})\n",
        "xmldata/__init__.py": "",
        "xmldata/__main__.py": MAIN,
        "README.rst": HELP_README,
    }
    changes = {"xmldata/__main__.py": [('"--dialect"', '"--convention"')]}
    assert _drift_after(tmp_path / "xmldata", files, changes) == {("README.rst", 13)}


SEARCH = """\
import click


@click.group()
def cli():
    pass


@cli.command()
@click.option("-k", "--keywords", required=True)
@click.option("-m", "--max_results", default=20)
def text(keywords, max_results):
    pass


@cli.command()
@click.option("-k", "--keywords", required=True)
def news(keywords):
    pass
"""

SEARCH_README = """\
# search

```python3
# text search
search text -k "Assyrian siege of Jerusalem" -m 50
# get news
search news -k "sanctions"
```
"""


def test_command_lines_in_a_python_tagged_block(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "search"\nversion = "1"\n'
        '[project.scripts]\nsearch = "search:cli"\n',
        "search/__init__.py": SEARCH,
        "README.md": SEARCH_README,
    }
    changes = {"search/__init__.py": [('"-m", "--max_results"', '"-n", "--max_results"')]}
    assert _drift_after(tmp_path / "search", files, changes) == {("README.md", 5)}


DDGS = """\
class DDGS:
    def text(self, keywords, region=None, backend="auto", max_results=None):
        return []


class PostRequest:
    def post_request(worker, req, environ):
        pass

    default = staticmethod(post_request)
"""

SIGNATURE_README = '''\
# search

```python
def text(
    keywords: str,
    region: str | None = None,
    backend: str = "auto",
    max_results: int | None = None,
) -> list[dict[str, str]]:
    """Search the web."""
```

```python
def on_result(result, backend):
    """A hook of the reader's: no function of the project's."""
```

```python
def post_request(worker, req, environ):
    pass
```
'''


def test_a_signature_a_page_copies(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "search"\nversion = "1"\n',
        "search/__init__.py": DDGS,
        "README.md": SIGNATURE_README,
    }
    changes = {"search/__init__.py": [('backend="auto", ', "")]}
    assert _drift_after(tmp_path / "search", files, changes) == {("README.md", 7)}


NEWS = """\
import click


@click.group()
def cli():
    pass


@cli.command()
@click.option("-t", "--timelimit", type=click.Choice(["d", "w", "m", "y"]))
def text(timelimit):
    pass


@cli.command()
@click.option("-t", "--timelimit", type=click.Choice(["d", "w", "m"]))
def news(timelimit):
    pass
"""


def test_a_sub_commands_own_choices(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "news"\nversion = "1"\n'
        '[project.scripts]\ntool = "news:cli"\n',
        "news/__init__.py": NEWS,
        "README.md": "# tool\n\nRun `tool text -t d`.\n\nRun `tool news -t d`.\n",
    }
    changes = {"news/__init__.py": [('Choice(["d", "w", "m"])', 'Choice(["day", "week"])')]}
    # `text -t` still takes `d`: the line is stale for `news` alone
    assert _drift_after(tmp_path / "news", files, changes) == {("README.md", 5)}


ENGINE = """\
class Engine:
    def get_top_moves(self, num_top_moves=5, verbose=False, num_nodes=0):
        return []

    def set_num_nodes(self, num_nodes=0):
        pass
"""

ENGINE_README = """\
# engine

### Get top moves

```python
engine.get_top_moves(3)
# [
#   {'Move': 'f5h3', 'Mate': -1},
# ]
# Changelog of the moves
```

Optional parameter `num_nodes` specifies the number of nodes to search.
"""


def test_comments_of_a_fenced_example_are_no_headings(tmp_path: Path) -> None:
    # the section of the sentence starts at "### Get top moves", whose example calls
    # `get_top_moves`: the keyword it lost is stale; `# Changelog` makes no history section
    files = {
        "pyproject.toml": '[project]\nname = "engine"\nversion = "1"\n',
        "engine.py": ENGINE,
        "README.md": ENGINE_README,
    }
    changes = {"engine.py": [("verbose=False, num_nodes=0", "verbose=False, nodes=0")]}
    assert _drift_after(tmp_path / "engine", files, changes) == {("README.md", 13)}
