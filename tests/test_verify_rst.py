"""reStructuredText docs are checked like Markdown; histories and upgrade guides are opt-in.

The sample is `verify_basic` with its Markdown replaced by a Sphinx-style README.rst and
docs/*.rst that use literals, Python roles, `code-block` and `::` blocks, doctest blocks,
autodoc directives, `:doc:` links and a toctree.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.cli import main
from klaro.config import load_config
from klaro.errors import ConfigError
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import CheckReport, check_repository, is_history
from klaro.verify.refs import read_document
from klaro.verify.rst import parse_rst
from klaro.verify.sections import history_lines

README = """\
tinytool
========

.. image:: https://img.shields.io/badge/x-y-green.svg

Greet people with ``tinytool.greet("Ada", times=2)`` or :func:`~tinytool.core.greet`;
styles live on :class:`Greeter <tinytool.core.Greeter>` (see :meth:`Greeter.hello`).
The folder comes from :envvar:`TINYTOOL_HOME`. Read :doc:`docs/guide` next, or `the
changelog <CHANGELOG.md>`_.

.. code-block:: python

   from tinytool import Greeter

   greeter = Greeter(style="loud")
   print(greeter.hello("Ada"))

Command line
------------

Run it from a shell::

    $ tinytool hello Ada --shout

.. note::

   ``tinytool settings`` prints ``load_settings()``.
"""

GUIDE = """\
Guide
=====

.. toctree::
   :maxdepth: 1

   api

>>> from tinytool.core import greet
>>> greet("Bo")
'Hello, Bo!'

.. code-block:: console

   $ export TINYTOOL_HOME=/tmp/t
   $ tinytool hello Bo --times 3

See `Command line <../README.rst#command-line>`_.
"""

API = """\
API
===

.. automodule:: tinytool.core
   :members:

.. autofunction:: tinytool.core.load_settings
"""


def _indented(text: str) -> str:
    return "".join(f"   {line}" if line.strip() else line for line in text.splitlines(True))


@pytest.fixture
def rst_repo(sample_repo: Callable[[str], Path]) -> Path:
    root = sample_repo("verify_basic")
    (root / "README.md").unlink()
    (root / "docs" / "usage.md").unlink()
    (root / "README.rst").write_text(README)
    (root / "docs" / "guide.rst").write_text(GUIDE)
    (root / "docs" / "api.rst").write_text(API)
    return root


def _check(root: Path, docs: list[str] | None = None) -> CheckReport:
    return check_repository(load_config(root, env={}), analyze_repository(root), docs)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_reader_finds_literals_roles_blocks_and_links_on_their_lines() -> None:
    doc = parse_rst(README, "README.rst")
    found = {(r.kind, r.text, r.line) for r in doc.references}
    assert {
        ("link", "https://img.shields.io/badge/x-y-green.svg", 4),
        ("code", 'tinytool.greet("Ada", times=2)', 6),
        ("code", "tinytool.core.greet", 6),  # `~` dropped
        ("code", "tinytool.core.Greeter", 7),  # `Title <target>`
        ("code", "Greeter.hello", 7),
        ("code", "TINYTOOL_HOME", 8),
        ("link", "docs/guide.rst", 8),
        ("link", "CHANGELOG.md", 8),  # where the link starts; it runs over two lines
        ("import", "tinytool.Greeter", 13),
        ("python", "tinytool.Greeter.hello", 16),  # an instance's method
        ("command", "tinytool hello Ada --shout", 23),  # a `::` block with prompts
        ("code", "tinytool settings", 27),  # inside a note directive
        ("code", "load_settings()", 27),
    } <= found
    assert {"tinytool", "command-line"} <= doc.anchors
    guide = parse_rst(GUIDE, "docs/guide.rst")
    found = {(r.kind, r.text, r.line) for r in guide.references}
    assert {
        ("link", "api.rst", 7),
        ("import", "tinytool.core.greet", 9),  # a doctest block
        ("env", "TINYTOOL_HOME", 15),
        ("command", "tinytool hello Bo --times 3", 16),
        ("link", "../README.rst#command-line", 18),
    } <= found
    api = {(r.kind, r.text, r.line) for r in parse_rst(API, "docs/api.rst").references}
    assert api == {
        ("code", "tinytool.core", 4),
        ("code", "tinytool.core.load_settings", 7),
    }


WORKFLOW = """\
steps:
  - run: tinytool hello Ada
  - name: settings
    run: |
      pip install tinytool
      tinytool settings \\
        --verbose
script:
  - tinytool hello Bo --times 2
"""


@pytest.mark.parametrize(
    ("path", "text", "first"),
    [
        ("CI.md", "# CI\n\n```yaml\n" + WORKFLOW + "```\n", 4),
        ("CI.rst", "CI\n==\n\n.. code-block:: yaml\n\n" + _indented(WORKFLOW) + "\n", 6),
    ],
)
def test_workflow_examples_run_steps_are_commands(path: str, text: str, first: int) -> None:
    doc = read_document(text, path)
    assert [(r.kind, r.text, r.line - first) for r in doc.references] == [
        ("command", "tinytool hello Ada", 1),
        ("command", "pip install tinytool", 4),
        ("command", "tinytool settings --verbose", 5),
        ("command", "tinytool hello Bo --times 2", 8),
    ]


def test_comments_and_raw_blocks_are_not_read() -> None:
    text = (
        ".. ``ghost`` in a comment\n   ``ghost2``\n\n"
        ".. raw:: html\n\n   <b>``x``</b>\n\nOK ``real``\n"
    )
    assert [r.text for r in parse_rst(text, "a.rst").references] == ["real"]


def test_correct_rst_docs_pass(rst_repo: Path) -> None:
    report = _check(rst_repo)
    assert report.documents == ("README.rst", "docs/api.rst", "docs/guide.rst")
    assert report.drift == ()
    assert report.references == report.resolved >= 15


def test_code_changes_are_reported_on_rst_lines(rst_repo: Path) -> None:
    _edit(rst_repo / "tinytool" / "core.py", "def load_settings(", "def read_settings(")
    _edit(rst_repo / "tinytool" / "__init__.py", "load_settings", "read_settings")
    _edit(rst_repo / "tinytool" / "core.py", "def hello(", "def say_hello(")
    _edit(rst_repo / "tinytool" / "cli.py", '"--shout"', '"--loud"')
    report = _check(rst_repo)
    found = {(f.file, f.line) for f in report.drift}
    assert {
        ("README.rst", 7),  # :meth:`Greeter.hello`
        ("README.rst", 16),  # greeter.hello("Ada") in the code-block
        ("README.rst", 23),  # --shout in the `::` block
        ("README.rst", 27),  # ``load_settings()``
        ("docs/api.rst", 7),  # autofunction
    } <= found
    assert {f.file for f in report.drift} <= {"README.rst", "docs/api.rst"}


def test_dead_doc_links_and_anchors_in_rst(rst_repo: Path) -> None:
    (rst_repo / "docs" / "api.rst").unlink()
    _edit(rst_repo / "README.rst", "Command line\n------------", "Shell\n-----")
    report = _check(rst_repo)
    dead = {(f.file, f.line, f.reference) for f in report.drift if f.kind == "dead-link"}
    assert dead == {
        ("docs/guide.rst", 7, "api.rst"),
        ("docs/guide.rst", 18, "../README.rst#command-line"),
    }


def test_histories_and_upgrade_guides_are_opt_in(rst_repo: Path) -> None:
    (rst_repo / "docs" / "upgrading.rst").write_text("Use ``tinytool.old_greet()`` no more.\n")
    (rst_repo / "docs" / "changelog").mkdir()
    (rst_repo / "docs" / "changelog" / "1.0.md").write_text("Removed `tinytool.old_greet()`.\n")
    (rst_repo / "HISTORY.rst").write_text("Removed ``tinytool.old_greet()``.\n")
    report = _check(rst_repo)
    assert report.drift == ()
    assert "docs/upgrading.rst" not in report.documents
    (rst_repo / ".klaro.yml").write_text("check_history: true\n")
    opted = _check(rst_repo)
    # (the sample's CHANGELOG.md names `old_greet()` bare: close to nothing the project has,
    # and with no history to say it was the project's, it is no finding)
    assert {f.file for f in opted.drift} == {
        "docs/upgrading.rst",
        "docs/changelog/1.0.md",
        "HISTORY.rst",
    }


@pytest.mark.parametrize(
    ("path", "history"),
    [
        ("CHANGES.rst", True),
        ("docs/whatsnew/3.0.rst", True),
        ("docs/migration-guide.md", True),
        ("docs/upgrading_to_v2.md", True),
        ("docs/release-notes.md", True),
        ("NEWS.md", True),
        ("docs/deprecations.rst", True),
        ("docs/guide.rst", False),
        ("docs/authentication.md", False),
        ("docs/database.md", False),
    ],
)
def test_history_names(path: str, history: bool) -> None:
    assert is_history(path) is history


def test_cli_flag_and_no_documents_line(rst_repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (rst_repo / "UPGRADING.md").write_text("Call `tinytool.old_greet()` now.\n")
    assert main(["check", str(rst_repo), "--no-cache"]) == 0
    assert main(["check", str(rst_repo), "--no-cache", "--include-history"]) == 1
    capsys.readouterr()
    for doc in [*rst_repo.rglob("*.rst"), *rst_repo.rglob("*.md")]:
        doc.unlink()
    assert main(["check", str(rst_repo), "--no-cache"]) == 0
    err = capsys.readouterr().err
    assert "klaro check: no documents to check" in err


def test_check_history_config_values(tmp_path: Path) -> None:
    assert load_config(tmp_path, env={"KLARO_CHECK_HISTORY": "yes"}).check_history is True
    (tmp_path / ".klaro.yml").write_text("check_history: false\n")
    assert load_config(tmp_path, env={}).check_history is False
    (tmp_path / ".klaro.yml").write_text("check_history: 'sometimes'\n")
    with pytest.raises(ConfigError, match="check_history"):
        load_config(tmp_path, env={})


def test_doc_roles_resolve_in_their_sphinx_project_only(rst_repo: Path) -> None:
    # README.rst is outside any Sphinx source: its `:doc:` resolves wherever it is included
    _edit(rst_repo / "README.rst", ":doc:`docs/guide`", ":doc:`docs/missing`")
    (rst_repo / "docs" / "conf.py").write_text("project = 'tinytool'\n")
    (rst_repo / "docs" / "more.rst").write_text("More\n====\n\nSee :doc:`guide` and :doc:`gone`.\n")
    report = _check(rst_repo)
    dead = {(f.file, f.line, f.reference) for f in report.drift if f.kind == "dead-link"}
    assert dead == {("docs/more.rst", 4, "gone.rst")}


def test_an_embedded_target_name_is_a_reference_not_a_file() -> None:
    """coverage's ``show the values of `internal flags <env.py_>`_``: `env.py_` names a
    target defined elsewhere; `<env.py>` would be a file."""
    doc = parse_rst("See `internal flags <env.py_>`_ and `the module <env.py>`_.\n", "a.rst")
    assert [r.text for r in doc.references if r.kind == "link"] == ["env.py"]


def test_history_sections_of_a_readme() -> None:
    """A README's "Changelog" or "History" section, with its version sub-headings, names
    what the code used to be; the section after it at the same level does not."""
    markdown = (
        "# Tool\n\nUse `run()`.\n\n## Changelog\n\n### 1.0\n\n- `old()`\n\n## License\n\nMIT\n"
    )
    assert history_lines(markdown.splitlines()) == set(range(5, 11))
    rst = "Tool\n====\n\nHistory\n-------\n\n1.0\n~~~\n\n``old()``\n\nLicense\n-------\n"
    assert history_lines(rst.splitlines(), rst=True) == set(range(4, 12))


def test_a_heading_asked_of_a_page_without_its_lines() -> None:
    """The resolver re-reads a name against a page stripped of its lines (prose far from the
    example that bound it): the heading above its line is then none, not an IndexError (the
    full wild run crashed on pyparsing, plumbum, wireup and anyio)."""
    from klaro.verify.sections import heading_above

    assert heading_above([], 40, rst=True) == ""
    assert heading_above(["Title", "=====", "", "text"], 40, rst=True) == "Title"
    assert heading_above(["Title", "=====", "", "text"], 4, rst=True) == "Title"
