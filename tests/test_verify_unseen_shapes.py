"""Shapes met on projects the checker had never seen (Python-Markdown, fabric, natsort, isort,
autopep8), on a small repo: each was a false alarm there, and each test line pairs it with the
drift next to it that must still be reported.

A definition inside an `if`/`try` block is the module's; a "Dropped Deprecated APIs" section
names removed things on purpose; attr_list's `{: #id }` gives an anchor; a script named in
prose is the project's program; `group(1)` is a regular expression match's; `--strike--` is
text a syntax marks up; `ConnectTimeout` beside `connect_timeout` is another program's key;
`basicConfig()` in a snake_case project is logging's; `tool:skip` is a comment the tool obeys;
`--user` after `pip install` is pip's; a flag a base program adds is not ours to name; and
`self.md.toc = toc` makes `toc` at run time.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tool"
version = "1.0"

[project.scripts]
tool_py = "tool.main:run"
"""

INIT = '''\
"""Tool."""
import sys

from tool.core import Document, connect, sort_key

if sys.platform == "win32":

    def os_key(text):
        return text.lower()

else:
    try:
        from _tool_speedups import os_key
    except ImportError:

        def os_key(text):
            return text

        class Fallback:
            def join(self, parts):
                return "".join(parts)
'''

CORE = '''\
"""The core."""


class Document:
    def __init__(self, text):
        self.text = text

    def convert(self):
        return self.text


class TocExtension:
    def extend(self, md):
        self.md = md
        self.md.toc = "<ul></ul>"


def connect(host, connect_timeout=10):
    return host, connect_timeout


def sort_key(text):
    return text
'''

MAIN = '''\
"""The program."""
from invoke import Argument, Program


class Tool(Program):
    def core_args(self):
        core_args = super().core_args()
        return core_args + [
            Argument(names=("H", "hosts"), help="hosts"),
            Argument(names=("prompt-for-login-password",), kind=bool, help="ask"),
        ]


def run():
    Tool().run()
'''

README = """\
# tool

Run the `tool_py` script; `tool_px` is no script of ours.
Use `tool.os_key` and `tool.Fallback.join` and `tool.os_keys`.
See [the text option](#text) and [the gone one](#gone).
A match's `group(1)` is the text; `--strike--` becomes struck text.
`ConnectTimeout` sets `connect_timeout`; `sort_kee` is a typo.
Call `basicConfig()` to log; `conect()` is a typo.
Add a `tool:skip` comment; `tool:sort_keys` is not the key function.

```console
$ pip install tool
```

Consider the `--user` option, and `--prompt-for-sudo-password`; not `--prompt-for-login-pasword`.

```python
>>> import tool
>>> md = tool.Document("text")
>>> md.toc
>>> md.tok
```

__text__{: #text }

## Dropped Deprecated APIs

- `tool.old_key()` is gone since 2.0.
"""


def test_shapes_of_unseen_projects_are_read_as_their_authors_mean(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tool/__init__.py": INIT,
            "tool/core.py": CORE,
            "tool/main.py": MAIN,
            "README.md": README,
        },
    )
    assert _drift(root) == {
        ("README.md", 4, "tool.os_keys"),
        ("README.md", 5, "#gone"),
        ("README.md", 7, "sort_kee"),
        ("README.md", 8, "conect()"),
        ("README.md", 9, "tool:sort_keys"),
        ("README.md", 15, "--prompt-for-login-pasword"),
        ("README.md", 21, "tool.Document.tok"),
    }


API = '''\
"""The API."""
from typing import Protocol


class Options:
    model = None


class DjangoOptions(Options):
    pass


class BaseObserver:
    def schedule(self, path):
        return path


class ObserverFactory(Protocol):
    def __call__(self) -> BaseObserver: ...


Observer: ObserverFactory
'''

REFERENCE_RST = """\
Reference
=========

.. module:: tool

.. class:: FactoryOptions

    .. attribute:: model

.. currentmodule:: tool.api

.. class:: DjangoOptions(tool.api.Options)

See :attr:`tool.FactoryOptions.model` and :attr:`~.FactoryOptions.model`; it uses kqueue(2),
not ``kqueue(2)`` nor ``kqueu()``.

.. code-block:: python

    from tool.api import Observer

    observer = Observer()
    observer.schedule("/tmp")
    observer.unschedule("/tmp")
"""


def test_hand_written_api_pages_and_manual_pages(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tool/__init__.py": '"""Tool."""\n',
            "tool/api.py": API,
            "docs/reference.rst": REFERENCE_RST,
        },
    )
    assert _drift(root) == {
        # the directive declares what the code lacks: one finding, not one per role
        ("docs/reference.rst", 6, "tool.FactoryOptions"),
        # a protocol's `__call__` gives the observer; its class has no `unschedule`
        ("docs/reference.rst", 23, "tool.api.Observer.unschedule"),
    }
