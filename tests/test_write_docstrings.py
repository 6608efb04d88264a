"""Docstrings in Google, NumPy and Sphinx style render to the same markdown sections."""

from __future__ import annotations

import pytest

from klaro.write.docstrings import detect_style, render_docstring

GOOGLE = """Load a file.

Args:
    path (str): Where to read.
    strict: Fail on unknown keys.

Returns:
    dict: The parsed data.

Raises:
    ValueError: If the file is not valid.
"""
NUMPY = """Load a file.

Parameters
----------
path : str
    Where to read.
strict : bool
    Fail on unknown keys.

Returns
-------
dict
    The parsed data.

Raises
------
ValueError
    If the file is not valid.
"""
SPHINX = """Load a file.

:param path: Where to read.
:type path: str
:param strict: Fail on unknown keys.
:returns: The parsed data.
:rtype: dict
:raises ValueError: If the file is not valid.
"""


@pytest.mark.parametrize(
    ("doc", "style"), [(GOOGLE, "google"), (NUMPY, "numpy"), (SPHINX, "sphinx")]
)
def test_each_style_is_detected_and_rendered_as_sections(doc: str, style: str) -> None:
    assert str(detect_style(doc).value) == style  # type: ignore[union-attr]
    out = render_docstring(doc)
    assert out.startswith("Load a file.\n\n**Parameters**\n\n- `path` (`str`): Where to read.\n")
    assert "- `strict`" in out and "Fail on unknown keys." in out
    assert "**Returns**\n\n" in out and "The parsed data." in out
    assert "**Raises**\n\n- `ValueError`: If the file is not valid." in out


def test_plain_prose_is_kept_and_doctests_become_code() -> None:
    doc = "Add numbers.\n\nMore words here.\n\n>>> add(1, 2)\n3\n"
    assert detect_style(doc) is None
    assert (
        render_docstring(doc)
        == "Add numbers.\n\nMore words here.\n\n```python\n>>> add(1, 2)\n3\n```"
    )
    assert render_docstring(None) == "" == render_docstring("  \n")


def test_sphinx_roles_become_code_and_version_notes_leave_the_last_parameter() -> None:
    doc = """Hold the state.

:param show_default: Show defaults. See :attr:`Command.show_default`
    and :class:`~click.Option`.

.. versionchanged:: 8.1
    The ``show_default`` parameter is overridden by
    ``Command.show_default``.

.. versionadded:: 7.1 Added :func:`echo <click.echo>`.
"""
    assert render_docstring(doc) == (
        "Hold the state.\n\n**Parameters**\n\n"
        "- `show_default`: Show defaults. See `Command.show_default` and `click.Option`.\n\n"
        "**History**\n\n"
        "- Changed in 8.1: The ``show_default`` parameter is overridden by"
        " ``Command.show_default``.\n"
        "- Added in 7.1: Added `click.echo`."
    )


def test_reference_links_are_inlined_so_docstrings_cannot_share_a_label() -> None:
    first = "Send it; see [merging][0].\n\n[0]: /advanced/#merging\n"
    second = "Stream it; see [streaming][0].\n\n[0]: https://example.org/streaming\n"
    assert render_docstring(first) == "Send it; see [merging](/advanced/#merging)."
    assert render_docstring(second) == "Stream it; see [streaming](https://example.org/streaming)."


def test_a_fenced_example_is_kept_as_written_never_fenced_twice() -> None:
    doc = "Do it.\n\nExamples:\n    Basic use:\n\n    ```python\n    >>> f(1)\n    2\n    ```\n"
    out = render_docstring(doc)
    assert out.count("```") == 2  # one fence opened and closed: no fence inside a fence
    assert "```python\n>>> f(1)\n2\n```" in out
    prose = render_docstring("Do it.\n\n```pycon\n>>> f(1)\n2\n```\n")
    assert prose.count("```") == 2 and "```pycon" in prose


def test_docstring_headings_cannot_outrank_the_symbol_heading() -> None:
    out = render_docstring("Do it.\n\n# Notes\n\nText.\n\nUsage\n-----\n\nMore.\n")
    assert "**Notes**" in out and "**Usage**" in out
    assert not any(line.startswith("#") or set(line) == {"-"} for line in out.splitlines())


def test_rst_directives_become_admonitions_and_fences() -> None:
    doc = (
        "Do it.\n\n.. warning::\n   Values below zero\n   are kept.\n\n"
        ".. note:: No state.\n\n.. code-block:: python\n\n    x = 1\n"
    )
    out = render_docstring(doc)
    assert "> **Warning:** Values below zero are kept." in out
    assert "> **Note:** No state." in out
    assert "```python\nx = 1\n```" in out
    assert ".. " not in out
