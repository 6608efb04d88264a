"""The offline README of a package that defines its API in private modules and re-exports it."""

from __future__ import annotations

from pathlib import Path

from klaro import app
from klaro.config import load_config
from klaro.scan.graph import build_graph

LICENCE = "Spinners are from cli-spinners, MIT License, " + "permission is hereby granted " * 8


def _package(root: Path) -> Path:
    pkg = root / "web"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        '"""Web client."""\nfrom ._client import Client, Response, ZoneInfo, fetch\n'
        '__all__ = ["Client", "Response", "ZoneInfo", "fetch"]\n'
    )
    (pkg / "_client.py").write_text(
        '"""The client."""\n\n\nclass Response:\n    """A response."""\n\n\n'
        'class ZoneInfo:\n    """Unused by the rest."""\n\n\n'
        'class Client:\n    """Send requests."""\n\n'
        "    def get(self) -> Response:\n        return fetch()\n\n\n"
        'def fetch() -> Response:\n    """Fetch once."""\n    return Response()\n'
    )
    (pkg / "_spinners.py").write_text(f'"""{LICENCE}"""\n')
    (root / "pyproject.toml").write_text('[project]\nname = "web"\nversion = "1.0"\n')
    return root


def test_ranking_counts_private_definitions_and_tree_lines_stay_short(tmp_path: Path) -> None:
    config = load_config(_package(tmp_path), env={})
    analysis = app.analyze(config)
    (readme,) = app.generate(config, analysis, build_graph(analysis), docs=["readme"])
    overview = readme.after.split("## API overview", 1)[1]
    listed = [line.split("`")[1] for line in overview.splitlines() if line.startswith("- `")]
    assert listed == ["web.Response", "web.fetch", "web.Client", "web.ZoneInfo"]  # by use
    tree_line = next(line for line in readme.after.splitlines() if "_spinners.py" in line)
    assert tree_line.endswith("…") and len(tree_line) < 120


def test_usage_follows_calls_to_the_parser_a_script_builds(tmp_path: Path) -> None:
    pkg = tmp_path / "tree"
    pkg.mkdir()
    (pkg / "__init__.py").write_text('"""Show a tree."""\n')
    (pkg / "__main__.py").write_text(
        "from tree._cli import get_options\n\n\ndef main(argv=None):\n"
        "    options = get_options(argv)\n    return 0\n"
    )
    (pkg / "_cli.py").write_text(
        "from argparse import ArgumentParser\n\n\ndef build_parser():\n"
        "    parser = ArgumentParser(description='Show the tree.')\n"
        "    parser.add_argument('-d', '--depth', type=int, help='how deep to go')\n"
        "    return parser\n\n\ndef get_options(argv):\n"
        "    return build_parser().parse_args(argv)\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "tree"\nversion = "1"\n[project.scripts]\ntree = "tree.__main__:main"\n'
    )
    config = load_config(tmp_path, env={})
    analysis = app.analyze(config)
    (readme,) = app.generate(config, analysis, build_graph(analysis), docs=["readme"])
    assert "tree [-d DEPTH]" in readme.after
    assert "| `-d`, `--depth` | how deep to go |\n" in readme.after  # no empty Default column


def test_long_call_signatures_are_cut_and_long_imports_wrapped(tmp_path: Path) -> None:
    params = ", ".join(f"option_{i}: int = {i}" for i in range(20))
    pkg = tmp_path / "big"
    pkg.mkdir()
    helper = "another_helper_with_a_rather_long_descriptive_name"
    (pkg / "__init__.py").write_text(
        f'"""Big."""\n__all__ = ["Widget", "make_a_widget_with_a_long_name", "{helper}"]\n\n\n'
        f'class Widget:\n    """A widget."""\n\n    def __init__(self, name: str, {params}):\n'
        "        self.name = name\n\n\n"
        'def make_a_widget_with_a_long_name() -> Widget:\n    """Make one."""\n'
        f'    return Widget("w")\n\n\ndef {helper}() -> None:\n    """Help."""\n'
    )
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "big"\nversion = "1"\n')
    config = load_config(tmp_path, env={})
    analysis = app.analyze(config)
    (readme,) = app.generate(config, analysis, build_graph(analysis), docs=["readme"])
    line = next(ln for ln in readme.after.splitlines() if ln.startswith("- `Widget("))
    signature = line.split("`")[1]
    assert signature.startswith("Widget(name, option_0=0, option_1=1")
    assert signature.endswith(", ...)") and len(signature) <= 90
    assert "from big import (\n    Widget,\n" in readme.after


def test_every_sub_command_is_listed_in_a_compact_table_when_there_are_many(
    tmp_path: Path,
) -> None:
    pkg = tmp_path / "many"
    pkg.mkdir()
    (pkg / "__init__.py").write_text('"""Many commands."""\n')
    adds = "".join(f"    sub.add_parser('cmd{i}', help='command {i}')\n" for i in range(40))
    (pkg / "cli.py").write_text(
        "import argparse\n\n\ndef main(argv=None):\n"
        "    parser = argparse.ArgumentParser()\n    sub = parser.add_subparsers()\n"
        f"{adds}    parser.parse_args(argv)\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "many"\nversion = "1"\n[project.scripts]\nmany = "many.cli:main"\n'
    )
    config = load_config(tmp_path, env={})
    analysis = app.analyze(config)
    (readme,) = app.generate(config, analysis, build_graph(analysis), docs=["readme"])
    for i in range(40):  # none silently dropped
        assert f"| `many cmd{i}` | command {i} |" in readme.after


def test_options_the_program_hides_are_checked_but_never_documented(tmp_path: Path) -> None:
    from klaro.verify.check import check_repository

    pkg = tmp_path / "tool"
    pkg.mkdir()
    (pkg / "__init__.py").write_text('"""A tool."""\n')
    (pkg / "cli.py").write_text(
        "import argparse\n\n\ndef main(argv=None):\n"
        "    parser = argparse.ArgumentParser(description='Run the tool.')\n"
        "    parser.add_argument('--fast', action='store_true', help='go fast')\n"
        "    parser.add_argument('--old-fast', action='store_true', help=argparse.SUPPRESS)\n"
        "    return parser.parse_args(argv)\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "tool"\nversion = "1"\n[project.scripts]\ntool = "tool.cli:main"\n'
    )
    config = load_config(tmp_path, env={})
    analysis = app.analyze(config)
    (readme,) = app.generate(config, analysis, build_graph(analysis), docs=["readme"])
    assert "`--fast`" in readme.after and "tool [--fast]" in readme.after
    assert "--old-fast" not in readme.after  # hidden from --help, so hidden from the docs
    # still the program's own option: a document that names it has not drifted
    (tmp_path / "USAGE.md").write_text(
        "Run `tool --old-fast`.\n\n```console\ntool --old-fast\n```\n"
    )
    report = check_repository(config, analysis, ["USAGE.md"])
    assert not [f for f in report.findings if f.kind == "unresolved"], report.findings


def test_a_computed_dunder_all_leaves_the_public_names_in_the_overview(tmp_path: Path) -> None:
    pkg = tmp_path / "joined"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        '"""Joined."""\nfrom . import core\nfrom .core import Engine, start\n\n'
        "__all__ = list(core.__all__) + ['core']\n"
    )
    (pkg / "core.py").write_text(
        '"""Core."""\n__all__ = ["Engine", "start"]\n\n\nclass Engine:\n    """Run."""\n\n\n'
        'def start() -> Engine:\n    """Start one."""\n    return Engine()\n'
    )
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "joined"\nversion = "1"\n')
    config = load_config(tmp_path, env={})
    analysis = app.analyze(config)
    (readme,) = app.generate(config, analysis, build_graph(analysis), docs=["readme"])
    overview = readme.after.split("## API overview", 1)[1]
    listed = {line.split("`")[1] for line in overview.splitlines() if line.startswith("- `")}
    assert {"joined.Engine", "joined.start"} <= listed
