"""The analysis on a real package (click 8.1.7 from its sdist): facts checked by hand."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.scan.analyze import analyze_repository
from klaro.scan.graph import build_graph

pytestmark = pytest.mark.realworld


def test_click_symbols_signatures_and_env(sdist: Callable[[str, str], Path]) -> None:
    analysis = analyze_repository(sdist("click", "8.1.7"))
    meta = analysis.metadata
    assert (meta.name, meta.requires_python) == ("click", ">= 3.7")
    assert meta.version == "8.1.7"  # from `click.__version__` via setup.cfg attr:
    core = analysis.module("click.core")
    assert core is not None and core.path == "src/click/core.py"
    command = next(c for c in core.classes if c.name == "Command")
    assert command.bases == ("BaseCommand",)
    invoke = next(m for m in command.methods if m.name == "invoke")
    assert invoke.signature == "(self, ctx: Context) -> t.Any"
    decorators = analysis.module("click.decorators")
    assert decorators is not None
    option = next(f for f in decorators.functions if f.name == "option")
    assert option.signature.startswith("(*param_decls: str, cls: t.Optional[t.Type[Option]] = None")
    package = analysis.module("click")
    assert package is not None and {"echo", "command", "Group"} <= set(package.public_names())
    env = {e.name for e in analysis.env_vars}
    assert {"PAGER", "TERM", "XDG_CONFIG_HOME"} <= env
    # examples are analysed but are not the package's API
    assert all(m.role != "package" for m in analysis.modules if m.path.startswith("examples/"))
    repo = analysis.module("repo")  # examples/repo/repo.py, a click program
    assert repo is not None and repo.role == "example"
    cli = next(c for c in repo.cli if c.name == "cli")
    options = {o.flags: o for o in cli.options}
    assert [o.flags for o in cli.options] == [
        ("--repo-home",),
        ("--config",),
        ("--verbose", "-v"),
        ("--version",),
    ]
    home = options[("--repo-home",)]
    assert (home.envvar, home.default, home.help) == (
        "REPO_HOME",
        ".repo",
        "Changes the repository folder location.",
    )
    assert options[("--verbose", "-v")].is_flag
    clone = next(c for c in repo.cli if c.name == "clone")
    assert clone.parent == "cli" and clone.framework == "click"


def test_click_graph_ranks_core_api(sdist: Callable[[str, str], Path]) -> None:
    graph = build_graph(analyze_repository(sdist("click", "8.1.7")))
    top = [name for name, _ in graph.central(10)]
    assert "click.utils.echo" in top and "click.core.Command" in top
    callees = graph.callees("click.core.BaseCommand.main")
    # `self.invoke(ctx)` and `self.make_context(...)` resolve on the class; `echo` via import
    assert {"click.core.BaseCommand.invoke", "click.core.BaseCommand.make_context"} <= set(callees)
    assert "click.utils.echo" in callees
