"""READMEs a maintainer would keep, on real packages of six shapes.

For each pinned sdist, `klaro generate` runs twice: once on the package's own README (in place:
every human line kept, no Klaro section beside a human section that means the same, a second
run is a no-op) and once with the README removed (the whole README is Klaro's: its Usage shows
an example that calls the package's API or runs its command with arguments). Neither ever
names a private or vendored symbol.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from klaro import app
from klaro.config import load_config
from klaro.scan.graph import build_graph
from klaro.write.regions import find_regions, format_of, normalize_heading, outside_regions
from klaro.write.styleguides import guide_named, load_guides

pytestmark = pytest.mark.realworld

# name, version, shape, what a usage example must contain (a regular expression)
PACKAGES = [
    ("pipdeptree", "2.23.0", "CLI-first (argparse)", r"\npipdeptree --[a-z]"),
    ("humanize", "4.9.0", "library with doctests", r">>> [a-z_]+\(\S"),
    ("loguru", "0.7.2", "object API, README.rst", r">>> logger\.[a-z]+\(\S"),
    ("python-dotenv", "1.0.1", "settings library with a click CLI", r"\ndotenv [a-z]+ \w"),
    ("invoke", "2.2.0", "task runner, README.rst", r"\w\(['\"\w]"),
    ("click", "8.1.7", "CLI framework, README.rst, tox", r"\w\(['\"\w]"),
]


def _generate(root: Path) -> tuple[str, str]:
    config = load_config(root, env={})
    analysis = app.analyze(config)
    graph = build_graph(analysis)
    (readme,) = app.generate(config, analysis, graph, docs=["readme"])
    app.write_changes(config, [readme])
    (again,) = app.generate(config, app.analyze(config), graph, docs=["readme"])
    assert not again.changed, f"{readme.path}: a second run changed it:\n{again.diff()}"
    return readme.path, readme.after


def _klaro_text(text: str, path: str) -> str:
    regions = find_regions(text, path)
    return "\n".join(text[r.start : r.end] for r in regions)


def _examples(usage: str) -> str:
    """The harvested examples of a Usage section: its Examples part and "For example" blocks."""
    parts = re.findall(r"For example[^\n]*\n\n```console\n(.*?)```", usage, re.S)
    if "### Examples" in usage:
        parts.append(usage.split("### Examples", 1)[1].split("### As a library", 1)[0])
    return "\n" + "\n".join(parts)


def _no_private_or_vendored(text: str) -> None:
    for name in re.findall(r"``?([A-Za-z_][\w.]*)", text):
        parts = name.split(".")
        private = [p for p in parts if p.startswith("_") and not p.endswith("__")]
        assert not private, f"private name {name!r} in Klaro's text"
        assert not {"vendor", "_vendor", "third_party"} & set(parts), name


@pytest.mark.parametrize(
    ("name", "version", "shape", "example"), PACKAGES, ids=[p[0] for p in PACKAGES]
)
def test_readme_in_place_keeps_people_and_whole_readme_shows_real_usage(
    sdist: Callable[[str, str], Path],
    tmp_path: Path,
    name: str,
    version: str,
    shape: str,
    example: str,
) -> None:
    source = sdist(name, version)
    kept = tmp_path / "kept"
    shutil.copytree(source, kept)
    originals = sorted(p.name for p in kept.glob("README*"))
    assert originals, f"{name} ships a README"
    before = (kept / originals[0]).read_text(encoding="utf-8")

    path, after = _generate(kept)
    assert path == originals[0]  # README.rst stays README.rst; no second README
    assert sorted(p.name for p in kept.glob("README*")) == originals
    people = "".join(p for p in outside_regions(after, path) if not p.startswith("<region "))
    assert people.split() == before.split(), "a human line was changed or dropped"
    fmt = format_of(path)
    human = [normalize_heading(h.text) for h in fmt.outline(before)[1] if h.level <= 2]
    guide = guide_named(load_guides(load_config(kept, env={})), "readme")
    for region in find_regions(after, path):
        spec = guide.section(region.name)
        if spec is None or region.name == "title":
            continue
        said = {normalize_heading(n) for n in (spec.heading, *spec.aliases)}
        assert not said & set(human), f"{region.name} duplicates a human section"
    _no_private_or_vendored(_klaro_text(after, path))

    bare = tmp_path / "bare"
    shutil.copytree(source, bare)
    for readme in bare.glob("README*"):
        readme.unlink()
    path, whole = _generate(bare)
    usage = next(r for r in find_regions(whole, path) if r.name == "usage")
    text = whole[usage.start : usage.end]
    print(f"{name} {version} ({shape}) usage:\n{text}")
    assert re.search(example, _examples(text)), f"no usage example matching {example!r}"
    _no_private_or_vendored(_klaro_text(whole, path))
