"""Shapes met in wild batch 11 (mike, pytest-benchmark, dataclass-wizard, mkdocstrings, aria2p,
doit), on a small repo: each was a false alarm there, and each test pairs it with the drift
beside it that must still be reported.

- Options built from a template (`'--{}set'.format(prefix)`, `f"--{prefix}histogram"`).
- argparse sub-command aliases (`add_parser("gen-schema", aliases=["gs"])`).
- A pasted `--help` wrapped inside a word (`--max- time`), and "the `--bench` options" naming
  a family of options by their prefix.
- "the `--enable-rpc` option of `aria2c`": a flag the sentence gives to another program.
- MkDocs heading ids (`#templates_1`, a `/` dropped), and a page that pulls a file in with a
  pymdownx snippet (`--8<-- "CHANGELOG.md"`).
- Pages a Sphinx `conf.py` excludes from its build, docutils' standard `<s5defs.txt>`, and a
  README template a script renders (`scripts/templates/README.md`).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "deployer"
version = "1.0"

[project.scripts]
deployer = "deployer.cli:main"
"""

CLI = '''\
"""The command line."""
import argparse


def add_prop_arguments(parser, prefix=""):
    parser.add_argument("--{}set".format(prefix), metavar="PROP=JSON")
    parser.add_argument(f"--{prefix}delete-all", action="store_true")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="deployer")
    parser.add_argument("--bench-min-rounds", type=int)
    parser.add_argument("--bench-max-time", type=float)
    commands = parser.add_subparsers()
    deploy = commands.add_parser("deploy")
    add_prop_arguments(deploy, prefix="prop-")
    schema = commands.add_parser("gen-schema", aliases=["gs"])
    schema.add_argument("--out")
    return parser.parse_args(argv)
'''

README = """\
# Deployer

```console
$ deployer deploy --prop-set title='"Docs"' --prop-delete-all
$ deployer deploy --prop-sett title=1
$ deployer gs --out schema.json
$ deployer gx --out schema.json
```

The compare step takes the `--bench` options. Wrapped help: `--max- time`.
Start the daemon with the `--enable-rpc` option of `aria2c`; ours: `--bench-min-runds`, `--bench`.

## Templates

## Templates

## Cross-references to other projects / inventories

See [the second](#templates_1), [the inventories](#cross-references-to-other-projects-inventories),
[a release](docs/changelog.md#100-2024-01-01) and [nothing](#templates_2).
Pass `--bench 3 --bench 4` arguments: the flag used, no family.
"""

CHANGELOG = "# Changelog\n\n## 1.0.0 - 2024-01-01\n"

CONF = """\
project = "deployer"
exclude_patterns = ["_build", "old", "presentation.rst"]
"""

OLD_PAGE = "Old\n===\n\nSee `the stories <stories.html>`_ and ``deployer.gone``.\n"
PRESENTATION = ".. include:: <s5defs.txt>\n\nSlides\n======\n"
LIVE_PAGE = "Live\n====\n\nSee ``deployer.gone`` and `the stories <stories.html>`_.\n"
TEMPLATE = "# {{ name }}\n\nRun `deployer --gone-flag`.\n"


def test_built_options_aliases_and_site_pages(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "deployer",
        {
            "pyproject.toml": PYPROJECT,
            "deployer/__init__.py": '"""Deploy."""\n',
            "deployer/cli.py": CLI,
            "README.md": README,
            "CHANGELOG.md": CHANGELOG,
            "docs/changelog.md": '# Changelog\n\n--8<-- "CHANGELOG.md"\n',
            "docs/conf.py": CONF,
            "docs/old/index_old.rst": OLD_PAGE,
            "docs/presentation.rst": PRESENTATION,
            "docs/live.rst": LIVE_PAGE,
            "scripts/templates/README.md": TEMPLATE,
        },
    )
    found = _drift(root)
    assert {(n, ref) for f, n, ref in found if f == "README.md"} == {
        (5, "deployer deploy --prop-sett title=1"),
        (7, "deployer gx --out schema.json"),
        (11, "--bench"),  # no "options" after it: a flag the program lacks
        (11, "--bench-min-runds"),  # beside `aria2c`'s flag, ours is still checked
        (20, "#templates_2"),
        (21, "--bench 3 --bench 4"),
    }
    assert {(f, ref) for f, _, ref in found if f != "README.md"} == {
        ("docs/live.rst", "deployer.gone"),
        ("docs/live.rst", "stories.html"),
    }
