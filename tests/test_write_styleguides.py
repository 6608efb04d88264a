"""Style guides: shipped inside the package, overridable per repository, sections parsed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from klaro.config import load_config
from klaro.errors import ConfigError
from klaro.write.styleguides import guide_named, load_guides, parse_sections

ROOT = Path(__file__).parent.parent


def test_klaro_ships_the_four_guides_with_their_sections(tmp_path: Path) -> None:
    guides = load_guides(load_config(tmp_path, env={}))
    assert [g.name for g in guides] == ["api-reference", "changelog", "contributing", "readme"]
    readme = guide_named(guides, "readme")
    assert [s.key for s in readme.sections()] == [
        "title", "installation", "usage", "configuration", "project-structure",
        "api-overview", "development", "license",
    ]  # fmt: skip
    install = readme.section("installation")
    assert install is not None and "Getting started" in install.aliases
    assert "pip install" in install.rule
    assert all(g.sections() for g in guides)


def test_repository_guides_override_ours_by_file_name(tmp_path: Path) -> None:
    (tmp_path / "guides").mkdir()
    (tmp_path / "guides" / "readme.md").write_text(
        "# Our README rules\n\n## Sections\n\n- `title`: Title — name\n"
        "- `usage`: How to use it (also: Usage) — commands\n",
        encoding="utf-8",
    )
    (tmp_path / "guides" / "glossary.md").write_text("# Words\n", encoding="utf-8")
    guides = load_guides(load_config(tmp_path, env={}, overrides={"styleguides": "guides"}))
    readme = guide_named(guides, "readme")
    assert readme.source == "guides/readme.md"
    assert [(s.key, s.heading, s.aliases) for s in readme.sections()] == [
        ("title", "Title", ()),
        ("usage", "How to use it", ("Usage",)),
    ]
    assert guide_named(guides, "changelog").source == "klaro:styleguides/changelog.md"
    assert guide_named(guides, "glossary").sections() == ()


def test_missing_repository_folder_is_a_clear_error(tmp_path: Path) -> None:
    config = load_config(tmp_path, env={}, overrides={"styleguides": "nope"})
    with pytest.raises(ConfigError, match="styleguides: 'nope' is not a folder"):
        load_guides(config)


def test_only_items_under_the_sections_heading_count() -> None:
    text = (
        "## Intro\n\n- `x`: Not a section\n\n## Sections\n\n- `a`: A\n* `b`: B (also: Bee)\n"
        "\n## Tone\n\n- `c`: C\n"
    )
    assert [(s.key, s.aliases) for s in parse_sections(text)] == [("a", ()), ("b", ("Bee",))]


def test_pyproject_ships_the_guides_and_lists_every_package() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = data["tool"]["setuptools"]
    assert setuptools["package-dir"]["klaro.styleguides"] == "styleguides"
    assert "*.md" in setuptools["package-data"]["klaro.styleguides"]
    # packages are listed by hand (a mapped package cannot join packages.find): a new
    # package under src/klaro must be added there or the wheel would silently lack it
    found = {
        ".".join(p.parent.relative_to(ROOT / "src").parts)
        for p in (ROOT / "src" / "klaro").rglob("__init__.py")
    }
    assert found | {"klaro.styleguides"} == set(setuptools["packages"])
    assert sorted(p.name for p in (ROOT / "styleguides").glob("*.md")) == [
        "api-reference.md", "changelog.md", "contributing.md", "readme.md",
    ]  # fmt: skip
