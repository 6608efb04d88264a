"""Shapes from the blind drift rounds 68 and 69 (dicttoxml, tika), on small repos with the
last commit as the documented state.

- dicttoxml's "Revision History" heading: a history section, whose entries name what the
  code used to have on purpose.
- tika's help text pasted without `usage:`: a synopsis `tika.py [-v] ...` and a `Switches:`
  section listing the flags; `tika.py` is the package's module `tika/tika.py`, since the
  package has no `__main__`; its script `tika-python`, renamed `tika-client`, is gone
  where a sentence has it installed or typed.
- python-pushover's "specified by using the ``profile`` argument" once `Client` takes
  `section`: a private helper keeping `profile` says nothing of the public API, nor does
  Python's `profile` module.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CONVERT = """\
def dicttoxml(obj, root=True, attr_type=True):
    return obj


def convert_kv(key, val):
    return key
"""

CONVERT_README = """\
# convert

Call `dicttoxml(obj, root=False)` to leave the root element out.

## Revision History

Updated `convert_kv()`; added optional `root` argument.
"""


def test_a_revision_history_section(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "convert"\nversion = "1"\n',
        "convert.py": CONVERT,
        "README.md": CONVERT_README,
    }
    changes = {
        "convert.py": [
            ("root=True", "include_root=True"),
            ("def convert_kv(", "def _convert_kv("),
        ]
    }
    assert _drift_after(tmp_path / "convert", files, changes) == {("README.md", 3)}


TIKA = """\
import getopt
import sys


def main(argv=None):
    opts, args = getopt.getopt(argv or sys.argv[1:], "hvo:", ["help", "verbose", "install="])
    return opts


if __name__ == "__main__":
    main()
"""

TIKA_README = """\
# tika

```bash
tika.py [-v] [-o <outputDir>] [--install <UrlToJar>] <command> <file>

Switches:
  --verbose, -v                  = verbose mode
  --install <UrlToJar>           = download and run the server
```
"""


def test_a_help_text_without_usage_and_a_module_named_like_its_package(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tika"\nversion = "1"\n',
        "tika/__init__.py": "",
        "tika/tika.py": TIKA,
        "README.md": TIKA_README,
    }
    changes = {"tika/tika.py": [('"install="', '"jar="')]}
    assert _drift_after(tmp_path / "tika", files, changes) == {
        ("README.md", 4),  # the synopsis' `[--install <UrlToJar>]`
        ("README.md", 8),  # the switch's row
    }


CLIENT_README = """\
# tika

When you install it you also get a command
line client tool, `tika-python` installed in your bin
directory.

The options can be seen by typing
`tika-python` without any arguments.
"""


def test_a_renamed_script_the_sentences_call_a_program(tmp_path: Path) -> None:
    # `tika-python` is not close to `tika-client`, but starts with the project's name
    files = {
        "pyproject.toml": '[project]\nname = "tika"\nversion = "1"\n'
        '[project.scripts]\ntika-python = "tika.tika:main"\n',
        "tika/__init__.py": "",
        "tika/tika.py": TIKA,
        "README.md": CLIENT_README,
    }
    changes = {"pyproject.toml": [("tika-python =", "tika-client =")]}
    assert _drift_after(tmp_path / "tika", files, changes) == {("README.md", 4), ("README.md", 8)}


PUSH = """\
def _get_config(profile="Default", config_path="~/.pushrc"):
    return {}


class Client:
    def __init__(self, user_key=None, config_path="~/.pushrc", profile="Default"):
        self.params = _get_config(profile, config_path)
"""

PUSH_README = """\
push
====

The section to read can be specified by using the
``profile`` argument.
"""


def test_a_keyword_a_private_helper_keeps_and_a_stdlib_name(tmp_path: Path) -> None:
    # `_get_config` keeps `profile`, and `profile` is a module of Python's: the sentence
    # calls it an argument, which `Client` took and takes no more
    files = {
        "pyproject.toml": '[project]\nname = "push"\nversion = "1"\n',
        "push.py": PUSH,
        "README.rst": PUSH_README,
    }
    changes = {
        "push.py": [('profile="Default"):', 'section="Default"):'), ("(profile,", "(section,")]
    }
    assert _drift_after(tmp_path / "push", files, changes) == {("README.rst", 5)}
