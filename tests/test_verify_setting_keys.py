"""Settings a README lists by their TOML keys, spelt with hyphens (poetry-dynamic-versioning's
`commit-length`, read as `config["commit-length"]`): renamed in the code, the key is stale;
a key still read, or a hyphenated word the code never read, is no claim to report."""

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
