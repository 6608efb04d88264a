"""The offline README of a real package names only things that exist in that package."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from klaro import app
from klaro.config import load_config
from klaro.scan.graph import build_graph
from klaro.scan.model import Analysis


def _known_names(analysis: Analysis) -> set[str]:
    """Everything a README may name in backticks, as the analysis spells it."""
    meta = analysis.metadata
    known: set[str] = {m.name for m in analysis.modules}
    for module in analysis.modules:
        known.update(f"{module.name}.{i.alias}" for i in module.imports)
        known.update(module.public_names())
    methods: dict[str, set[str]] = {}
    for cls in analysis.iter_classes():
        known.update({cls.name, cls.qualname, cls.fullname})
        methods.setdefault(cls.name, set()).update(m.name for m in cls.methods)
    for module in analysis.modules:  # a method where users reach it: `click.Context.invoke`
        for i in module.imports:
            known.update(f"{module.name}.{i.alias}.{m}" for m in methods.get(i.name or "", ()))
    for func in analysis.iter_functions():
        known.update({func.name, func.qualname, func.fullname})
    for command in analysis.cli:
        known.add(command.name)
        for option in command.options:
            known.update(option.flags)
            known.update({option.envvar} if option.envvar else set())
    known.update(e.name for e in analysis.env_vars)
    known.update(f.path for f in analysis.files)
    known.update(e.name for e in meta.entry_points)
    known.update(name for name, _ in meta.optional_dependencies)
    known.update({meta.name or ""} - {""})
    return known


def _unresolved(readme: str, analysis: Analysis) -> list[str]:
    known = _known_names(analysis)
    missing = []
    for token in MarkdownIt("commonmark").parse(readme):
        for child in token.children or ():
            if child.type != "code_inline":
                continue
            ref = child.content.split("(", 1)[0].strip()
            if ref not in known and not (Path(analysis.root) / ref).exists():
                missing.append(child.content)
    return missing


@pytest.mark.realworld
def test_click_readme_mentions_only_what_click_has(
    sdist: Callable[[str, str], Path], tmp_path: Path
) -> None:
    root = tmp_path / "click"
    shutil.copytree(sdist("click", "8.1.7"), root)
    (root / "README.rst").unlink()  # a README Klaro writes whole, in Markdown
    config = load_config(root, env={})
    analysis = app.analyze(config)
    (readme,) = app.generate(config, analysis, build_graph(analysis), docs=["readme"])
    text = readme.after
    for heading in ("# click", "## Installation", "## Project structure", "## API overview"):
        assert f"\n{heading}\n" in f"\n{text}"
    assert "`click.Command`" in text or "`click.core.Command`" in text
    assert _unresolved(text, analysis) == []
    inline_refs = text.count("`") // 2
    assert inline_refs > 20  # the check above had real references to look at
