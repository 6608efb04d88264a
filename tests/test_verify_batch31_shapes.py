"""Shapes from the blind wild batch 31 (pandera, uplink, nose2, pgqueuer), on small repos.

- A design document whose head says "**Status:** Draft" names what the code does not have yet.
- `pkg.retry.RetryBackoff` is an import path through the submodule `retry`, even where the
  package binds `retry` to the decorator of that name.
- `@extensions.register_check_method` on an example's `def is_between` makes
  `Check.is_between` a member the registry adds.
- Flags a function builds one by one (`opts.append("-" + short)`, then `add_argument(*opts)`)
  are flags we cannot list: the program's command line is open.
- "the pandas `ArrowDtype` class": a class named right after a library the project requires,
  also one of its PEP 735 dependency groups.
- A function defined inside another for a decorator to register (`@mcp.tool()`) and the SQL
  functions the project's queries call (`pg_notify()`) are names of the project.
Each test pairs the shape with a line that must still be reported.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tool"
version = "1.0"
dependencies = ["pandas"]

[project.scripts]
tool = "tool.cli:main"

[dependency-groups]
dev = ["cf_xarray", {include-group = "lint"}]
lint = ["ruff"]
"""


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    return _write(tmp_path / "tool", {"pyproject.toml": PYPROJECT, **files})


def test_a_draft_design_document_is_history_but_a_readme_is_not(tmp_path: Path) -> None:
    spec = (
        "# Derived columns spec\n\n> **Status:** Draft / RFC\n\n"
        "Adds `tool.ParsedField` and `tool.system_one`.\n"
    )
    accepted = "# Loader spec\n\n:Status: Accepted\n\nUses `tool.gone_loader`.\n"
    readme = "# tool\n\n**Status:** draft\n\nCall `tool.missing()`.\n"
    root = _repo(
        tmp_path,
        {
            "tool/__init__.py": "def load():\n    pass\n",
            "specs/derived.md": spec,
            "specs/loader.md": accepted,
            "README.md": readme,
        },
    )
    assert {(f, ref) for f, _, ref in _drift(root)} == {
        ("specs/loader.md", "tool.gone_loader"),
        ("README.md", "tool.missing()"),
    }


def test_a_submodule_path_where_the_package_binds_its_name_to_a_decorator(
    tmp_path: Path,
) -> None:
    files = {
        "tool/__init__.py": "from tool.retry import retry\n\n__all__ = ['retry']\n",
        "tool/retry/__init__.py": (
            "from tool.retry.backoff import RetryBackoff\nfrom tool.retry.retry import retry\n"
        ),
        "tool/retry/backoff.py": "class RetryBackoff:\n    pass\n",
        "tool/retry/retry.py": "class retry:\n    def __init__(self, when=None):\n        pass\n",
        "README.md": (
            "# tool\n\nSee `tool.retry.RetryBackoff` and `@tool.retry(when=None)`;\n"
            "`tool.retry.RetryBackof` is a typo.\n"
        ),
    }
    assert _drift(_repo(tmp_path, files)) == {("README.md", 4, "tool.retry.RetryBackof")}


def test_a_member_registered_by_the_pages_own_decorated_function(tmp_path: Path) -> None:
    files = {
        "tool/__init__.py": "from tool.checks import Check\n",
        "tool/checks.py": "class Check:\n    def between(self, low, high):\n        pass\n",
        "tool/extensions.py": "def register_check_method(fn=None, **kw):\n    return fn\n",
        "README.md": (
            "# tool\n\n```python\nimport tool\nimport tool.extensions as extensions\n\n"
            "@extensions.register_check_method(statistics=['low'])\n"
            "def is_between(data, *, low, high):\n    return data\n\n"
            "tool.Check.is_between(low=1, high=2)\n"
            "tool.Check.is_betwen(low=1, high=2)\n```\n"
        ),
    }
    assert _drift(_repo(tmp_path, files)) == {("README.md", 12, "tool.Check.is_betwen")}


def test_flags_a_function_builds_one_by_one_are_not_listed(tmp_path: Path) -> None:
    cli = (
        "import argparse\n\n\nclass Session:\n    def __init__(self):\n"
        "        self.parser = argparse.ArgumentParser(prog='tool')\n"
        "        self.parser.add_argument('--verbose', action='store_true')\n\n"
        "    def add_option(self, short, long):\n        opts = []\n"
        "        if short:\n            opts.append('-' + short)\n"
        "        opts.append('--' + long)\n        self.parser.add_argument(*opts)\n\n\n"
        "def main():\n    Session().parser.parse_args()\n"
    )
    files = {
        "tool/__init__.py": "",
        "tool/cli.py": cli,
        "README.md": "# tool\n\n```console\n$ tool -B --verbose\n$ tool --output-buffer\n```\n",
    }
    assert _drift(_repo(tmp_path, files)) == set()


def test_a_class_named_right_after_a_required_library(tmp_path: Path) -> None:
    files = {
        "tool/__init__.py": "def arrow_dtype():\n    pass\n\n\nclass ArrowType:\n    pass\n",
        "README.md": (
            "# tool\n\nUse the pandas `ArrowDtype` class, or `cf_xarray` checks.\n\n"
            "Our `ArrowDtype` class is a typo.\n"
        ),
    }
    assert _drift(_repo(tmp_path, files)) == {("README.md", 5, "ArrowDtype")}


def test_nested_registered_functions_and_the_sql_the_queries_call(tmp_path: Path) -> None:
    server = (
        "def _register_tools(mcp):\n"
        "    @mcp.tool()\n    async def queue_table_info():\n        return {}\n\n"
        "    def helper_inside():\n        return 1\n\n\n"
        "async def notify(driver, channel):\n"
        '    await driver.execute("SELECT pg_notify($1, $2)", channel, "x")\n'
    )
    files = {
        "tool/__init__.py": "",
        "tool/server.py": server,
        "README.md": (
            "# tool\n\nThe `queue_table_info` tool; a trigger fires `pg_notify()`.\n\n"
            "Then `queue_table_infos()` runs.\n"
        ),
    }
    assert _drift(_repo(tmp_path, files)) == {("README.md", 5, "queue_table_infos()")}


def test_a_function_under_a_wrapping_decorator_registers_no_member(tmp_path: Path) -> None:
    """flask-limiter's recipes: `@app.route` on a `Limiter` (a slip of the docs) stays
    reported though a later example decorates its own `def route()` with `@limiter.limit`."""
    files = {
        "tool/__init__.py": "class Limiter:\n    def limit(self, rate):\n        return rate\n",
        "README.md": (
            "# tool\n\n```python\nfrom tool import Limiter\n\napp = Limiter()\n\n"
            "@app.route('/')\ndef index():\n    pass\n\n"
            "@app.limit('1/second')\ndef route():\n    pass\n```\n"
        ),
    }
    assert _drift(_repo(tmp_path, files)) == {("README.md", 8, "tool.Limiter.route")}
