"""Shapes from the blind drift round 23 (polib, restructuredtext-lint) and round 22
(better-exceptions, html2text), on small repos.

A bare `__init__.py` at the top of a repository (polib ships one for vendoring) is no
module of the API and breaks nothing; `lint = lint` after `from .lint import lint` re-exports
the function, whose keywords are checked; a settings string naming a class by its import path
(Django's MIDDLEWARE) is a reference; a name in a plain listing the code dropped is stale.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository


def test_a_top_level_init_file_is_analysed_as_a_script(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "polib",
        {
            "setup.py": "from setuptools import setup\nsetup(name='polib', py_modules=['polib'])\n",
            "__init__.py": "# for vendoring\nfrom polib import *\n",
            "polib.py": "def pofile(path, wrapwidth=78):\n    return path\n",
            "README.rst": "Polib\n=====\n\nCall ``polib.pofile(path, width=78)``.\n",
        },
    )
    analysis = analyze_repository(root)
    roles = {m.path: (m.name, m.role) for m in analysis.modules}
    assert roles["__init__.py"] == ("__init__", "script")
    assert _drift(root) == {("README.rst", 4, "polib.pofile(path, width=78)")}


LINT = """\
def lint(content, filepath=None, rst_prolog=None):
    return []


def lint_file(filepath, encoding=None):
    return lint(open(filepath).read(), filepath)
"""

INIT = """\
from rstlint.lint import lint, lint_file

# Export lint functions
lint = lint
lint_file = lint_file
"""

README = """\
# rstlint

Call `rstlint.lint(content, filepath=None, prolog=None)` or
`rstlint.lint_file(filepath, encoding="utf-8")`.

```python
MIDDLEWARE = [
    "rstlint.django.LintMiddleware",
    "rstlint.django.GoneMiddleware",
    "django.middleware.common.CommonMiddleware",
]
```
"""


def test_a_function_re_exported_by_assignment_has_its_keywords_checked(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "rstlint",
        {
            "pyproject.toml": '[project]\nname = "rstlint"\nversion = "1"\n',
            "rstlint/__init__.py": INIT,
            "rstlint/lint.py": LINT,
            "rstlint/django.py": "class LintMiddleware:\n    pass\n",
            "README.md": README,
        },
    )
    assert _drift(root) == {
        ("README.md", 3, "rstlint.lint(content, filepath=None, prolog=None)"),
        ("README.md", 9, "rstlint.django.GoneMiddleware"),  # no such class
    }


PTH = (
    "import os; exec(\"if 'HOOKED_ENABLE' in os.environ:import hooked;hooked.hook()\")\n"
    "../vendor/paths\n"
)


def test_a_variable_a_start_up_pth_file_reads_is_the_projects(tmp_path: Path) -> None:
    """Python runs a `.pth` file's `import` lines at start-up; the literal code they hand to
    `exec` reads `HOOKED_ENABLE`, while `HOOKED_DISABLE` is read nowhere."""
    root = _write(
        tmp_path / "hooked",
        {
            "pyproject.toml": '[project]\nname = "hooked"\nversion = "1"\n',
            "hooked/__init__.py": "import os\n\nCOLOR = os.getenv('HOOKED_COLOR')\n\n\n"
            "def hook():\n    pass\n",
            "hooked_hook.pth": PTH,
            "README.md": "# hooked\n\nSet `HOOKED_ENABLE=1`; `HOOKED_DISABLE` undoes it.\n",
        },
    )
    analysis = analyze_repository(root)
    assert [(e.name, e.path) for e in analysis.env_vars if e.name == "HOOKED_ENABLE"] == [
        ("HOOKED_ENABLE", "hooked_hook.pth")
    ]
    assert _drift(root) == {("README.md", 3, "HOOKED_DISABLE")}


DIAMOND = """\
class BaseLock:
    def __init__(self, path):
        self.path = path


class BaseAsyncLock(BaseLock):
    def __init__(self, path, executor=None):
        super().__init__(path)
        self.executor = executor


class SoftLock(BaseLock):
    pass


class AsyncSoftLock(SoftLock, BaseAsyncLock):
    pass
"""


ALIAS = "from locks._async import AsyncSoftLock\n\nAsyncLock = AsyncSoftLock\n"


def test_members_of_a_diamond_are_found_in_pythons_order(tmp_path: Path) -> None:
    """`AsyncSoftLock(SoftLock, BaseAsyncLock)` takes `__init__` from BaseAsyncLock: Python's
    C3 order visits it before the common BaseLock (filelock's AsyncFileLock)."""
    readme = (
        "# locks\n\n```python\nfrom locks import AsyncLock\n\n"
        'AsyncLock("a.lock", executor=None)\nAsyncLock("a.lock", loop=None)\n```\n'
    )
    root = _write(
        tmp_path / "locks",
        {
            "pyproject.toml": '[project]\nname = "locks"\nversion = "1"\n',
            "locks/_async.py": DIAMOND,
            "locks/__init__.py": ALIAS,
            "README.md": readme,
        },
    )
    assert _drift(root) == {("README.md", 7, "locks.AsyncLock")}
