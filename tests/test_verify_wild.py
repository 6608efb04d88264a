"""False alarms seen in the wild, each on a small repository written here.

Every test pairs the shape real projects use with the drift the same shape can hide, so a
fix that silences a kind of finding wholesale fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _drift(root: Path) -> set[tuple[str, int, str]]:
    report = check_repository(load_config(root, env={}), analyze_repository(root))
    return {(f.file, f.line, f.reference) for f in report.drift}


PYPROJECT = """\
[project]
name = "tidy-settings"
version = "1.0"

[project.urls]
Source = "https://github.com/acme/tidy-settings"
"""
PAGE = """\
# Settings

See the [field docs](fields.md#aliases) and [validators](validators.md).
![diagram](img/flow.png)
"""


MISSING_IMAGE = ("docs/index.md", 4, "img/flow.png")  # dead wherever the page is built
MISSING_PAGES = {("docs/index.md", 3, "fields.md#aliases"), ("docs/index.md", 3, "validators.md")}


@pytest.mark.parametrize(
    ("repo_url", "expected"),
    [
        # mkdocs.yml says the site is another repository's: the pages it links are that site's
        ("https://github.com/acme/acme", {MISSING_IMAGE}),
        # the project's own site: a page it links must be there
        ("https://github.com/acme/tidy-settings/", {MISSING_IMAGE, *MISSING_PAGES}),
    ],
)
def test_missing_pages_are_dead_unless_another_repository_builds_the_site(
    tmp_path: Path, repo_url: str, expected: set[tuple[str, int, str]]
) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tidy_settings/__init__.py": "X = 1\n",
            "mkdocs.yml": f"site_name: docs\nrepo_url: {repo_url}\n",
            "docs/index.md": PAGE,
        },
    )
    assert _drift(root) == expected


def test_names_bound_in_import_fallbacks_are_module_names(tmp_path: Path) -> None:
    """`try: ... except ImportError:` binds module names; a script-only main block does not."""
    utils = """\
try:
    from fastsql import dbapi2

    OperationalError = dbapi2.OperationalError
except ImportError:
    from sqlite3 import dbapi2

    OperationalError = dbapi2.OperationalError

if __name__ == "__main__":
    RUNNER = object()
"""
    readme = """\
# dbkit

Errors are `dbkit.utils.OperationalError`; the module also has `dbkit.utils.dbapi2`.
`dbkit.utils.ProgrammingError` and `dbkit.utils.RUNNER` are not there.
"""
    root = _write(
        tmp_path,
        {"dbkit/__init__.py": "", "dbkit/utils.py": utils, "README.md": readme},
    )
    assert _drift(root) == {
        ("README.md", 4, "dbkit.utils.ProgrammingError"),
        ("README.md", 4, "dbkit.utils.RUNNER"),
    }


@pytest.mark.parametrize("built_in", ["include", "copy"])
def test_toctree_of_a_page_built_in_the_docs_resolves_from_the_docs_folder(
    tmp_path: Path, built_in: str
) -> None:
    """README.rst's toctree names pages of doc/source, where it is included or copied.

    A plain link still has to work where the README is read on its own (GitHub).
    """
    readme = """\
Retry
=====

.. toctree::
    :hidden:

    api
    history

See the `API <api.rst>`_.
"""
    index = ".. include:: ../../README.rst\n" if built_in == "include" else readme
    root = _write(
        tmp_path,
        {
            "retry/__init__.py": "def call():\n    pass\n",
            "README.rst": readme,
            "doc/source/conf.py": "project = 'retry'\n",
            "doc/source/index.rst": index,
            "doc/source/api.rst": "API\n===\n\n:func:`retry.call`\n",
        },
    )
    # `api` is doc/source/api.rst; `history` exists nowhere
    expected = {("README.rst", 8, "history.rst"), ("README.rst", 10, "api.rst")}
    if built_in == "copy":  # the copy in doc/source is checked too: its plain link works there
        expected.add(("doc/source/index.rst", 8, "history.rst"))
    assert _drift(root) == expected


def test_verify_sees_a_linked_page_change_between_calls(tmp_path: Path) -> None:
    """Anchors of linked pages are parsed once per version of the file, not once per call."""
    from klaro.verify import verify

    root = _write(
        tmp_path,
        {"pkg/__init__.py": "", "docs/usage.md": "# Usage\n\n## Advanced usage\n"},
    )
    analysis = analyze_repository(root)
    draft = "# Pkg\n\nSee [advanced](docs/usage.md#advanced-usage).\n"
    assert verify(draft, analysis) == []
    assert verify(draft, analysis) == []
    (root / "docs/usage.md").write_text("# Usage\n\n## Going further\n", encoding="utf-8")
    found = verify(draft, analysis)
    assert [(f.kind, f.reference, f.suggestions) for f in found] == [
        ("dead-link", "docs/usage.md#advanced-usage", ())
    ]


def test_a_dependency_imported_by_its_distribution_name_is_not_the_project(
    tmp_path: Path,
) -> None:
    """`attrs` installs `attr` and `attrs`: both are the dependency, not a renamed `battrs`."""
    readme = """\
# battrs

```python
import attrs
import attr
import battrs

@attrs.define
class Point:
    x: int = attr.ib()

battrs.dump(Point(1))
```

Then run `import battr` as the module is now called.
"""
    root = _write(
        tmp_path,
        {
            "pyproject.toml": '[project]\nname = "battrs"\nversion = "1"\n'
            'dependencies = ["attrs>=23.1"]\n',
            "battrs/__init__.py": "def dump(obj):\n    return obj\n",
            "README.md": readme,
        },
    )
    assert _drift(root) == {("README.md", 15, "battr")}
