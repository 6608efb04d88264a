"""Shapes of drift from the blind round 11 (blessed, pipdeptree, click-log, ipdb), on a small repo.

A page that uses `term` without binding it means the instance every other page binds
(`term = Terminal()`); sphinx-paramlinks' `:paramref:` names a parameter; a variable named in
plain words ("the TOOL_WIDTH env variable") or in an example's comment is a claim; an import
that fails further down a page is its one finding, while the roles above it name the class on
their own; and a call of a name two classes share is wrong only when it fits neither. Each
test pairs what is true with what is stale.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tool"
version = "1.0"
"""

TERMINAL = '''\
"""The terminal."""
import os


class Terminal:
    def __init__(self, kind=None, styling=False):
        self.kind = kind
        self.width = int(os.environ.get("TOOL_WIDTH", "80"))

    def inkey(self, wait=None):
        return wait

    def get_location(self, timeout=None):
        return (0, 0)
'''

WINDOWS = '''\
"""The terminal on Windows."""
from tool.terminal import Terminal as _Terminal


class Terminal(_Terminal):
    def inkey(self, wait=None):
        return wait
'''

INIT = '''\
"""Tool."""
from tool.terminal import Terminal
'''

INTRO = """\
Intro
=====

.. code-block:: python

    from tool import Terminal

    term = Terminal()
    print(term.width)
"""

KEYS = """\
Keys
====

Wait for a key with :paramref:`~.Terminal.inkey.wait`, not :paramref:`~.Terminal.inkey.timeout`;
see :paramref:`~.Terminal.styling`, not :paramref:`~.Terminal.force_styling`.

    >>> term.inkey(wait=3)
    >>> term.inkey(timeout=3)
    >>> term.get_location(timeout=1)

Set the TOOL_WIDTH environment variable to change the width, not the TOOL_COLUMNS env variable.
Spans check the same way: ``Terminal(styling=True)``, ``Terminal(force_styling=True)``.
"""

MEASURE = """\
Measure
=======

The :attr:`~.Terminal.width` property and the :meth:`~.Terminal.inkey` method.

.. code-block:: python

    from tool.screen import Terminal  # the module is gone: this line is the finding

    screen = Terminal()
"""

README = """\
# tool

```python
term.inkey(wait=1)  # or set the TOOL_DELAY env variable
```
"""


def test_pages_share_their_instances_and_plain_words_name_variables(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tool/__init__.py": INIT,
            "tool/terminal.py": TERMINAL,
            "tool/win_terminal.py": WINDOWS,
            "docs/intro.rst": INTRO,
            "docs/keys.rst": KEYS,
            "docs/measure.rst": MEASURE,
            "README.md": README,
        },
    )
    assert _drift(root) == {
        ("docs/keys.rst", 4, "Terminal.inkey(timeout=...)"),
        ("docs/keys.rst", 5, "Terminal(force_styling=...)"),
        ("docs/keys.rst", 8, "term.inkey"),  # `term` as the intro binds it
        ("docs/keys.rst", 11, "TOOL_COLUMNS"),
        ("docs/keys.rst", 12, "Terminal(force_styling=True)"),
        ("docs/measure.rst", 8, "tool.screen.Terminal"),
        ("README.md", 4, "TOOL_DELAY"),
    }


def test_a_name_of_a_long_import_is_reported_on_its_own_line(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tool/__init__.py": '"""Tool."""\n\n\ndef cache_dir():\n    return "/tmp"\n',
            "README.md": (
                "# tool\n\n```python\nfrom tool import (\n    cache_dir,\n    cache_home,\n)\n```\n"
            ),
        },
    )
    assert _drift(root) == {("README.md", 6, "tool.cache_home")}


def test_a_bare_call_means_what_the_package_exports_and_synopses_list_flags(
    tmp_path: Path,
) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT + '\n[project.scripts]\ntool = "tool:main"\n',
            "tool/__init__.py": (
                '"""Tool."""\nimport argparse\n\nfrom tool._impl import dump\n\n\n'
                "def main(argv=None):\n    parser = argparse.ArgumentParser()\n"
                '    parser.add_argument("-w", "--write-changes", action="store_true")\n'
                "    return parser.parse_args(argv)\n"
            ),
            "tool/_impl.py": '"""Dumping."""\n\n\ndef dump(obj, cls=None):\n    return obj\n',
            "tool/serial.py": (
                '"""A mixin."""\n\n\nclass Serializable:\n    def dump(self, **kwargs):\n'
                "        return kwargs\n"
            ),
            "README.md": (
                "# tool\n\nCall ``dump(obj, cls=x)`` and ``dump(obj, klass=x)``.\n\n"
                "```console\n$ tool -w, --write-changes\n$ tool -x, --write-changes\n```\n"
            ),
        },
    )
    assert _drift(root) == {
        ("README.md", 3, "dump(obj, klass=x)"),
        ("README.md", 7, "tool -x, --write-changes"),
    }
