"""A dotted name a sentence writes without markup ("also available under pyrsistent.typing")
is a claim when it starts with the project's package, in Markdown and reStructuredText alike;
a web host (`tidy.readthedocs.io`), a file (`tidy.pl`), a quoted topic ("tidy.subscribe"),
a template's expression (`{{ tidy.project_slug }}`), another package's name
(`collections.deque`) and a name a sentence gives to older releases are not.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

FILES = {
    "pyproject.toml": '[project]\nname = "tidy"\nversion = "1.0"\n',
    "tidy/__init__.py": '"""Tidy."""\n\n\ndef clean(text):\n    return text\n',
    "tidy/types.py": '"""Types."""\n\n\nclass Cleaned(str):\n    pass\n',
}

SENTENCES = """\
Type classes are available under tidy.types, and tidy.clean strips text.
Protocols are under tidy.typing. Older releases had them under tidy.typehints.
Read the docs at tidy.readthedocs.io or https://tidy.readthedocs.io/en/tidy.typing/.
The original was tidy.pl, a Perl script; messages go to the topic "tidy.subscribe".
It works like collections.deque. A template writes {{ tidy.project_slug }}.
"""


def test_a_dotted_name_in_plain_markdown_prose_is_checked(tmp_path: Path) -> None:
    root = _write(tmp_path / "tidy", {**FILES, "README.md": f"# Tidy\n\n{SENTENCES}"})
    assert _drift(root) == {("README.md", 4, "tidy.typing")}


def test_a_dotted_name_in_plain_rst_prose_is_checked_and_markup_is_not_prose(
    tmp_path: Path,
) -> None:
    rst = f"Tidy\n====\n\n{SENTENCES}\nSee ``tidy.types`` and `the guide <https://x.org/tidy.old>`_.\n"
    root = _write(tmp_path / "tidy", {**FILES, "README.rst": rst})
    assert _drift(root) == {("README.rst", 5, "tidy.typing")}


def test_a_call_in_a_plain_sentence_has_its_keywords_checked(tmp_path: Path) -> None:
    """`tidy.clean(text, strip=True)` in a sentence passes a keyword as a span would; a call
    without keywords and a parenthesised aside after a name add no claim."""
    sentences = (
        "Call tidy.clean(text, strip=True) first.\n"
        "Then tidy.clean(text=None) again.\n"
        "Or tidy.clean(text) (the fast path).\n"
    )
    root = _write(tmp_path / "tidy", {**FILES, "README.md": f"# Tidy\n\n{sentences}"})
    assert _drift(root) == {("README.md", 3, "tidy.clean(text, strip=True)")}
