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
