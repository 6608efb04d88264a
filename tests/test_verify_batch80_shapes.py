"""Shapes from the blind wild batch 80 (socketsecurity), each a page that is right, on a
small repo that has it:

- `SOCKX_SDK_PATH`, a variable the Makefile defaults with `?=`: make takes it from the
  environment;
- `BASE_SHA`, a variable the page's own shell snippet sets for itself;
- `SOCKX_VERSION`, a repository variable the page's CI workflow reads (`${{ vars.X }}`);
- `--preserve-status`, GNU `timeout`'s flag, the program named in a span.

A variable under the project's prefix that nothing reads is still reported.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CLI = """\
import argparse
import os


def main():
    token = os.environ.get("SOCKX_API_TOKEN")
    url = os.environ.get("BASE_API_URL")
    parser = argparse.ArgumentParser(prog="sockx")
    parser.add_argument("--exit-code-on-api-error", action="store_true")
    parser.add_argument("--preserve-state", action="store_true")
    return parser.parse_args(), token, url
"""

PAGE = """\
# CI

Point `SOCKX_SDK_PATH` at a local checkout of the SDK, then run `make dev-setup`.

```shell
BASE_SHA=$(git merge-base "origin/${TARGET}" HEAD)
sockx --exit-code-on-api-error
```

The snippet computes `BASE_SHA` once. Define a repository variable `SOCKX_VERSION`:

```yaml
steps:
  - run: pip install "sockx==${{ vars.SOCKX_VERSION }}"
```

If an operator adds GNU `timeout`, pass it `--preserve-status`. Set `SOCKX_API_TOKEN`, not
`SOCKX_TOKEN`, in the environment.
"""


def test_variables_and_flags_other_than_the_programs(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sockx"\nversion = "1"\n\n[project.scripts]\n'
        'sockx = "sockx.cli:main"\n',
        "sockx/__init__.py": "",
        "sockx/cli.py": CLI,
        "Makefile": "# the SDK to develop against\nSOCKX_SDK_PATH ?= ../sdk\n\ndev-setup:\n"
        "\tpip install -e $(SOCKX_SDK_PATH)\n",
        "docs/ci.md": PAGE,
    }
    found = _drift(_write(tmp_path / "sockx", files))
    assert {name for _, _, name in found} == {"SOCKX_TOKEN"}
