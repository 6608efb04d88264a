"""Shapes from the blind drift round 80 (bigquery-schema-generator, deb-pkg-tools), each a
change that makes a page stale, on a small repo whose last commit is the documented state:

- keywords of a multi-line call in an example that elides code with `...(same as above)...`
  lines;
- variables named by reST hyperlink references (`` `$DPT_HARD_LINKS`_ ``) in a table.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after


def _lines(found: set[tuple[str, int]]) -> set[int]:
    return {line for _, line in found}


GENERATOR = """\
class SchemaGenerator:
    def __init__(self, input_format="json", infer_mode=False, sanitize_names=False):
        self.input_format = input_format

    def deduce_schema(self, file):
        return {}, []
"""

SCHEMA_README = """\
# schemax

```python
...(same as above)...

generator = SchemaGenerator(
    input_format='csv',
    sanitize_names=True,
)

...(same as above)...
```
"""


def test_an_elided_example(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "schemax"\nversion = "1"\n',
        "schemax/__init__.py": GENERATOR,
        "README.md": SCHEMA_README,
    }
    changes = {"schemax/__init__.py": [("sanitize_names", "clean_names")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {8}


SETTINGS = """\
import os

HARD_LINKS = os.environ.get("DPTX_HARD_LINKS", "true") == "true"
"""

TABLE_README = """\
debx
====

.. csv-table::
   :header: Variable, Default

   `$DPTX_HARD_LINKS`_, ``true``

.. _$DPTX_HARD_LINKS: https://example.org/api.html#debx.settings.HARD_LINKS
"""


def test_a_variable_named_by_a_hyperlink_reference(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "debx"\nversion = "1"\n',
        "debx/__init__.py": "",
        "debx/settings.py": SETTINGS,
        "README.rst": TABLE_README,
    }
    changes = {"debx/settings.py": [("DPTX_HARD_LINKS", "DPTX_USE_HARD_LINKS")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {7}


SCHEMA_CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="generate-schemax")
    parser.add_argument("--existing_schema_path")
    return parser.parse_args()
"""

OPTION_README = """\
# schemax

Run generate-schemax with the additional option
```bash
--existing_schema_path existing_table_schema.json
```

The `--existing_schema_path` file is read first.
"""


def test_a_block_of_an_option_alone_is_no_other_program(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "schemax"\nversion = "1"\n\n[project.scripts]\n'
        'generate-schemax = "schemax.cli:main"\n',
        "schemax/__init__.py": "",
        "schemax/cli.py": SCHEMA_CLI,
        "README.md": OPTION_README,
    }
    changes = {"schemax/cli.py": [("--existing_schema_path", "--existing_schema")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {8}


WRAPPED_README = """\
# schemax

After running `pip install schemax`, the `generate-schemax`
script may be installed in `/usr/local/bin`.
"""


def test_a_program_named_in_a_sentence_that_wraps(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "schemax"\nversion = "1"\n\n[project.scripts]\n'
        'generate-schemax = "schemax.cli:main"\n',
        "schemax/__init__.py": "",
        "schemax/cli.py": SCHEMA_CLI,
        "README.md": WRAPPED_README,
    }
    changes = {"pyproject.toml": [("generate-schemax =", "schemax-generate =")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {3}
