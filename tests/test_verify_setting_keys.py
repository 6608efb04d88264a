"""Settings a README lists by their TOML keys, spelt with hyphens (poetry-dynamic-versioning's
`commit-length`, read as `config["commit-length"]`): renamed in the code, the key is stale;
a key still read, or a hyphenated word the code never read, is no claim to report. Options
named in emphasis and lower camel case (jsonmerge's *idRef*) are names the same way."""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CONFIG = """\
def load(config):
    length = config["commit-length"]
    metadata = config.get("tagged-metadata", False)
    defaults = {"format-jinja": None}
    return length, metadata, defaults
"""

README = """\
# pdv

Settings of `[tool.pdv]`:

* `commit-length` (integer): how many characters of the commit to keep
* `tagged-metadata` (boolean): keep the tag's metadata
* `format-jinja` (string): a template
* `dry-run` mode is for your own scripts
"""


def test_hyphenated_setting_keys(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "pdv"\nversion = "1"\n',
        "pdv/__init__.py": "",
        "pdv/config.py": CONFIG,
        "README.md": README,
    }
    changes = {"pdv/config.py": [('"commit-length"', '"short-commit-length"')]}
    assert _drift_after(tmp_path / "pdv", files, changes) == {("README.md", 5)}


MERGE = """\
class ArrayMergeById:
    def merge(self, walk, base, head, idRef="id", ignoreDups=True):
        return walk, base, head, idRef, ignoreDups
"""

MERGE_README = """\
merge
=====

The ``arrayMergeById`` strategy matches items by the *idRef* merge option; set the
*ignoreDups* option to *false* to keep duplicates. *iPhone* users are welcome too.
"""


def test_emphasised_camel_case_option_names(tmp_path: Path) -> None:
    """jsonmerge's reST names its merge options in emphasis (`*idRef*`): renamed in the
    code, the word is stale; other emphasised words (`*false*`, `*iPhone*`) are no names."""
    files = {
        "pyproject.toml": '[project]\nname = "merge"\nversion = "1"\n',
        "merge/__init__.py": "",
        "merge/strategies.py": MERGE,
        "README.rst": MERGE_README,
    }
    changes = {"merge/strategies.py": [("idRef", "idPointer")]}
    assert _drift_after(tmp_path / "merge", files, changes) == {("README.rst", 4)}
