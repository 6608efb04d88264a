"""The code graph answers structural questions with known answers on a sample repository."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.scan.analyze import analyze_repository
from klaro.scan.graph import CALLS, DEFINES, EXTENDS, IMPORTS, CodeGraph, build_graph
from klaro.scan.graph_cache import graph_of


@pytest.fixture
def graph(sample_repo: Callable[[str], Path]) -> CodeGraph:
    return build_graph(analyze_repository(sample_repo("analysis_lib")))


def test_nodes_have_kinds_and_locations(graph: CodeGraph) -> None:
    assert graph.kind("shapes.core") == "module"
    assert graph.kind("shapes.core.Circle") == "class"
    assert graph.kind("shapes.core.Circle.unit") == "method"
    assert graph.kind("shapes.core.scale") == "function"
    node = graph.graph.nodes["shapes.core.scale"]
    assert (node["path"], node["line"]) == ("src/shapes/core.py", 67)


def test_module_dependencies_and_dependents(graph: CodeGraph) -> None:
    assert graph.dependencies("shapes.cli") == ["shapes.core"]
    assert graph.dependencies("shapes.core") == ["shapes._private"]
    assert graph.dependents("shapes.core") == ["shapes", "shapes.cli", "test_core"]
    assert graph.dependents("shapes._private") == ["shapes.core"]


def test_calls_resolved_through_imports_self_and_classes(graph: CodeGraph) -> None:
    # cli.main calls `Circle(...)` and `area_of(...)` imported from shapes.core
    assert graph.callees("shapes.cli.main") == [
        "shapes.cli.build_parser",
        "shapes.core.Circle",
        "shapes.core.area_of",
    ]
    # `self.area()` inside Shape.describe resolves to the method on the class
    assert graph.callees("shapes.core.Shape.describe") == ["shapes.core.Shape.area"]
    # `Circle.unit()` resolves the class attribute call; `clamp` through a private import
    assert "shapes.core.Circle.unit" in graph.callees("shapes.core.fetch_shape")
    assert graph.callers("shapes._private.clamp") == ["shapes.core.Circle.from_diameter"]


def test_inherited_method_found_through_extends(graph: CodeGraph) -> None:
    assert graph.bases("shapes.core.Circle") == ["shapes.core.Shape"]
    assert graph.subclasses("shapes.core.Shape") == ["shapes.core.Circle"]


def test_edge_kinds_are_typed(graph: CodeGraph) -> None:
    kinds = {k for _, _, k in graph.graph.edges(keys=True)}
    assert kinds == {DEFINES, IMPORTS, CALLS, EXTENDS}
    assert graph.graph.has_edge("shapes.core", "shapes.core.Circle", key=DEFINES)
    assert graph.graph.has_edge("shapes", "shapes.core.Circle", key=IMPORTS)


def test_neighbours_within_k_hops(graph: CodeGraph) -> None:
    one = graph.neighbours("shapes.core.scale", 1)
    assert one == {"shapes.core": 1, "shapes.core.Circle": 1, "shapes": 1}
    two = graph.neighbours("shapes.core.scale", 2)
    assert two["shapes.core.Shape"] == 2  # scale -> Circle -> (EXTENDS) Shape
    assert "shapes.core.scale" not in two
    assert all(hops <= 2 for hops in two.values())
    assert set(one) <= set(two)


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("shapes.core.Circle", ["shapes.core.Circle"]),
        ("shapes.core:scale", ["shapes.core.scale"]),
        ("Circle.unit()", ["shapes.core.Circle.unit"]),
        ("area", ["shapes.core.Circle.area", "shapes.core.Shape.area"]),
        ("core.area_of", ["shapes.core.area_of"]),
        ("does_not_exist", []),
    ],
)
def test_resolve_names(graph: CodeGraph, reference: str, expected: list[str]) -> None:
    assert graph.resolve(reference) == expected


def test_central_ranks_shared_symbols_first(graph: CodeGraph) -> None:
    ranked = [name for name, _ in graph.central(3)]
    assert ranked[:2] == ["shapes.core.Shape", "shapes.core.Circle"]
    assert all(not name.startswith("shapes._private") for name, _ in graph.central(50))


def test_graph_and_ranking_are_cached_with_the_analysis(
    sample_repo: Callable[[str], Path], tmp_path: Path
) -> None:
    root = sample_repo("analysis_lib")
    cache = tmp_path / "cache"
    first = graph_of(analyze_repository(root, cache_dir=cache))
    stored = sorted(cache.glob("graph-*.pickle"))
    assert len(stored) == 1, "graph written beside the analysis"
    written = stored[0].stat().st_mtime_ns
    again = graph_of(analyze_repository(root, cache_dir=cache))
    assert again is not first  # another analysis object: read back from the cache file
    assert stored[0].stat().st_mtime_ns == written, "an unchanged repository rewrites nothing"
    assert again.central(10) == first.central(10)
    assert sorted(again.graph.edges(keys=True)) == sorted(first.graph.edges(keys=True))
    # one edited file invalidates the cached graph
    core = root / "src/shapes/core.py"
    core.write_text(core.read_text().replace("def scale(", "def rescale("))
    edited = graph_of(analyze_repository(root, cache_dir=cache))
    assert "shapes.core.rescale" in edited and "shapes.core.scale" not in edited


def test_graph_of_an_uncached_analysis_writes_nothing(
    sample_repo: Callable[[str], Path], tmp_path: Path
) -> None:
    analysis = analyze_repository(sample_repo("analysis_lib"))
    assert graph_of(analysis) is graph_of(analysis)  # built once per analysis
    assert not list(tmp_path.glob("**/graph-*.pickle"))
