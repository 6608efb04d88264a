"""Shapes from the blind drift round 58 (pysrt, telegram-send, rtv), on small repos with the
last commit as the documented state.

- `open = SubRipFile.open` in the package: `subs = pysrt.open(path)` is what the classmethod
  returns, so a method the class lost is stale on `subs`.
- A code span wrapped onto the next line moves the spans after it down a line, and a flag
  is found on its line as a whole word (`--config` is not in `--configure-channel`).
- `<td><strong>$SRT_EDITOR</strong></td>`: raw HTML naming a variable as a shell reads it.
- argparse reads `--config` as `--configure-channel` once `--config` is gone: a flag that
  was an option of its own at the documented state is stale, not an abbreviation; one
  renamed keeping its prefix (`--caption` to `--captions`) still answers to it.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

SRT = """\
import os


class SubRipFile:
    @classmethod
    def open(cls, path):
        return cls()

    def save(self, path=None):
        return path


def editor():
    return os.environ.get("SRT_EDITOR", "vi")
"""

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config")
    parser.add_argument("--configure-channel", action="store_true")
    parser.add_argument("--caption")
    parser.parse_args()
"""

README = """\
# srt

```python
import srt
subs = srt.open('movie.srt')
subs.save('other.srt')
```

To set up a channel with another configuration: `srt-send --config
channel.conf --configure-channel`. Then give the file: `srt-send --config
channel.conf`.

<table>
  <tr><td><strong>$SRT_EDITOR</strong></td><td>the editor</td></tr>
</table>

    srt-send --caption 'The Moon'
"""


def test_classmethod_aliases_wrapped_spans_and_html_variables(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "srt"\nversion = "1"\n'
        '[project.scripts]\nsrt-send = "srt.cli:main"\n',
        "srt/__init__.py": "from srt.core import SubRipFile\n\nopen = SubRipFile.open\n",
        "srt/core.py": SRT,
        "srt/cli.py": CLI,
        "README.md": README,
    }
    changes = {
        "srt/core.py": [("def save(self", "def save_as(self"), ('"SRT_EDITOR"', '"SRT_VISUAL"')],
        "srt/cli.py": [('"--config"', '"--settings"'), ('"--caption"', '"--captions"')],
    }
    assert _drift_after(tmp_path / "srt", files, changes) == {
        ("README.md", 6),
        ("README.md", 9),
        ("README.md", 10),
        ("README.md", 14),
    }
