"""Shapes from the blind wild batch 61 (greenback, earthkit-meteo, juju), on small repos.

- "the ``asend()``, ``athrow()`` and ``aclose()`` methods": an async generator's, Python's,
  not near-misses of the project's `send`/`throw`/`close`.
- a toctree's `autoapi/pkg/index` under a Sphinx site: a page sphinx-autoapi writes at build
  time, like autosummary's `generated/`.
- a Markdown fence in a reST page (a pasted log): code, not prose whose dotted words are
  the project's names.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CODE = """\
class Portal:
    def send(self, value):
        pass

    def throw(self, error):
        pass

    def close(self):
        pass
"""

REFERENCE = """\
Reference
=========

A portal forwards ``send()``, ``throw()`` and ``close()``; on an async generator it also
forwards the ``asend()``, ``athrow()`` and ``aclose()`` methods, and ``clse()``.

.. toctree::

   autoapi/portal/index

For example:

```
12:00 DEBUG portal.rpc.jsoncodec connection.go:56 <- {"request-id": 1}
12:00 DEBUG portal.cmd.portal.application running
```
"""


def test_python_methods_build_written_pages_and_fences(tmp_path: Path) -> None:
    root = tmp_path / "portal"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "portal"\nversion = "1"\n',
            "portal/__init__.py": CODE,
            "docs/conf.py": 'extensions = ["autoapi.extension"]\nautoapi_dirs = ["../portal"]\n',
            "docs/reference.rst": REFERENCE,
        },
    )
    # only the misspelt `clse()`
    assert {(f, n, r) for f, n, r in _drift(root)} == {("docs/reference.rst", 5, "clse()")}


def test_a_stray_fence_leaves_the_page_text(tmp_path: Path) -> None:
    root = tmp_path / "portal"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "portal"\nversion = "1"\n',
            "portal/__init__.py": CODE,
            "docs/notes.rst": "Notes\n=====\n\n```\n\nThe ``Portal.clse()`` method.\n",
        },
    )
    assert {(f, n) for f, n, _ in _drift(root)} == {("docs/notes.rst", 6)}
