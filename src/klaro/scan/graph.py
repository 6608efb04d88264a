"""The code graph: modules, classes, functions and methods with typed edges.

Edges: DEFINES (module → class/function, class → method), IMPORTS (module → module or
symbol), CALLS (function → function or class, resolved statically where names allow),
EXTENDS (class → base class). Only the repository's own symbols are nodes; calls into
other packages are dropped rather than guessed.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from klaro.scan.model import Analysis, Function, Module, iter_classes
from klaro.scan.names import Names
from klaro.scan.names_build import names_of

if TYPE_CHECKING:
    import networkx as nx

DEFINES, IMPORTS, CALLS, EXTENDS = "DEFINES", "IMPORTS", "CALLS", "EXTENDS"


class CodeGraph:
    """Queries over the code graph; every name is a full dotted name like `pkg.mod.Class.meth`.

    Node attributes and the ranking are held in plain dicts; a pickled graph holds those and
    its edges as one opaque blob (see `__getstate__`). A cached graph thus loads in a fraction
    of the time a pickled networkx graph takes, and the edges are unpacked into a networkx
    graph only when an edge query needs them (`klaro analyze` only reads the ranking;
    `neighbours`, all that search needs, walks a plain adjacency list).
    """

    def __init__(self, graph: nx.MultiDiGraph, names: Names | None = None) -> None:
        self.names = names  # not pickled with a cached graph: `graph_of` attaches it again
        self._nx: nx.MultiDiGraph | None = graph
        self._nodes: dict[str, dict[str, object]] = dict(graph.nodes(data=True))
        self._edge_blob: bytes | None = None
        self._edge_list: list[tuple[str, str, str]] | None = None
        self._adjacency: dict[str, list[str]] | None = None
        self._ranks: dict[str, float] | None = None

    @classmethod
    def from_lists(
        cls, nodes: Iterable[tuple[str, dict[str, object]]], edges: Iterable[Sequence[str]]
    ) -> CodeGraph:
        """Rebuild a graph from `to_lists()`, without networkx until an edge query needs it."""
        graph = cls.__new__(cls)
        graph.__setstate__({"nodes": dict(nodes), "edges": None, "ranks": None})
        graph._edge_list = [(u, v, k) for u, v, k in edges]
        return graph

    def to_lists(self) -> tuple[list[tuple[str, dict[str, object]]], list[tuple[str, str, str]]]:
        """Nodes with their attributes, and (source, target, kind) edges: plain data to save."""
        return list(self._nodes.items()), self._edge_tuples()

    def _edge_tuples(self) -> list[tuple[str, str, str]]:
        if self._nx is not None:
            return list(self._nx.edges(keys=True))
        if self._edge_list is None:
            self._edge_list = pickle.loads(self._edge_blob) if self._edge_blob else []
        return self._edge_list

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The networkx graph, rebuilt from the node and edge lists after a cache load."""
        if self._nx is None:
            import networkx as nx

            graph = nx.MultiDiGraph()
            graph.add_nodes_from(self._nodes.items())
            graph.add_edges_from(self._edge_tuples())
            self._nx, self._edge_blob, self._edge_list = graph, None, None
        return self._nx

    def __getstate__(self) -> dict[str, object]:
        if self._nx is None and self._edge_blob is not None:
            blob = self._edge_blob
        else:
            blob = pickle.dumps(self._edge_tuples(), pickle.HIGHEST_PROTOCOL)
        return {"nodes": self._nodes, "edges": blob, "ranks": self._ranks}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.names = None
        self._nx = None
        self._nodes = state["nodes"]  # type: ignore[assignment]
        self._edge_blob = state["edges"]  # type: ignore[assignment]
        self._edge_list = None
        self._adjacency = None
        self._ranks = state["ranks"]  # type: ignore[assignment]

    def __contains__(self, name: object) -> bool:
        return name in self._nodes

    def __iter__(self) -> Iterator[str]:
        return iter(self._nodes)

    def __len__(self) -> int:
        return len(self._nodes)

    def kind(self, name: str) -> str:
        """Return module, class, function or method."""
        return str(self._nodes[name]["kind"])

    def _edges(self, name: str, kind: str, *, out: bool) -> list[str]:
        if name not in self._nodes:
            return []
        edges = (
            self.graph.out_edges(name, keys=True) if out else self.graph.in_edges(name, keys=True)
        )
        return sorted({(v if out else u) for u, v, k in edges if k == kind})

    def dependencies(self, module: str) -> list[str]:
        """Return the repository modules `module` imports (or imports symbols from)."""
        targets = self._edges(module, IMPORTS, out=True)
        return sorted(
            {t if self.kind(t) == "module" else self.module_of(t) for t in targets} - {module}
        )

    def dependents(self, module: str) -> list[str]:
        """Return the modules that import `module` or one of its symbols."""
        names = [module, *self._edges(module, DEFINES, out=True)]
        found = {u for n in names for u in self._edges(n, IMPORTS, out=False)}
        return sorted(found - {module})

    def callers(self, symbol: str) -> list[str]:
        """Return the functions and methods that call `symbol`."""
        return self._edges(symbol, CALLS, out=False)

    def callees(self, symbol: str) -> list[str]:
        """Return the repository functions and classes `symbol` calls."""
        return self._edges(symbol, CALLS, out=True)

    def bases(self, cls: str) -> list[str]:
        return self._edges(cls, EXTENDS, out=True)

    def subclasses(self, cls: str) -> list[str]:
        return self._edges(cls, EXTENDS, out=False)

    def module_of(self, name: str) -> str:
        return str(self._nodes[name]["module"])

    def neighbours(self, name: str, k: int = 1) -> dict[str, int]:
        """Return nodes within `k` hops of `name`, edges taken either way, with their distance."""
        if name not in self._nodes:
            return {}
        seen = {name: 0}
        queue = deque([name])
        while queue:
            node = queue.popleft()
            if seen[node] >= k:
                continue
            for nxt in self._adjacent().get(node, ()):
                if nxt not in seen:
                    seen[nxt] = seen[node] + 1
                    queue.append(nxt)
        del seen[name]
        return dict(sorted(seen.items(), key=lambda kv: (kv[1], kv[0])))

    def _adjacent(self) -> dict[str, list[str]]:
        """Each node's neighbours, edges taken either way (what `neighbours` walks)."""
        if self._adjacency is None:
            adjacency: dict[str, list[str]] = {}
            for u, v, _ in self._edge_tuples():
                adjacency.setdefault(u, []).append(v)
                adjacency.setdefault(v, []).append(u)
            self._adjacency = adjacency
        return self._adjacency

    def resolve(self, name: str) -> list[str]:
        """Return the symbols a reference can mean: `pkg.mod:attr`, dotted, `Class.meth` or bare."""
        name = name.strip().replace(":", ".").removesuffix("()")
        if name in self._nodes:
            return [name]
        if self.names is None:  # a graph loaded on its own (search): match dotted suffixes
            suffix = "." + name
            return sorted(n for n in self._nodes if n.endswith(suffix))
        found = [n for n in self.names.find(name) if n in self._nodes]
        # an instance (`console`) stands for its class in the graph
        found += [
            t for n in self.names.find(name) if (t := self.names.types.get(n)) and t in self._nodes
        ]
        return list(dict.fromkeys(found))

    def ranks(self) -> dict[str, float]:
        """PageRank of every node over references (calls, imports, inheritance), computed once."""
        if self._ranks is None:
            self._ranks = pagerank(self.graph, {CALLS, IMPORTS, EXTENDS})
        return self._ranks

    def central(self, limit: int = 10, *, public_only: bool = True) -> list[tuple[str, float]]:
        """Rank symbols by PageRank over references (calls, imports, inheritance)."""
        items = [
            (n, r)
            for n, r in self.ranks().items()
            if self.kind(n) != "module" and (not public_only or self._nodes[n]["public"])
        ]
        items.sort(key=lambda kv: (-kv[1], kv[0]))
        return items[:limit]


def pagerank(
    graph: nx.MultiDiGraph, kinds: set[str], damping: float = 0.85, iterations: int = 100
) -> dict[str, float]:
    """Compute PageRank by power iteration over edges of the given kinds (no scipy needed)."""
    nodes = sorted(graph.nodes)
    if not nodes:
        return {}
    out: dict[str, list[str]] = {n: [] for n in nodes}
    for u, v, k in graph.edges(keys=True):
        if k in kinds and u != v:
            out[u].append(v)
    n = len(nodes)
    rank = dict.fromkeys(nodes, 1.0 / n)
    for _ in range(iterations):
        dangling = sum(rank[u] for u in nodes if not out[u])
        base = (1.0 - damping) / n + damping * dangling / n
        new = dict.fromkeys(nodes, base)
        for u in nodes:
            targets = out[u]
            if targets:
                share = damping * rank[u] / len(targets)
                for v in targets:
                    new[v] += share
        delta = sum(abs(new[u] - rank[u]) for u in nodes)
        rank = new
        if delta < 1e-9 * n:
            break
    return rank


def build_graph(analysis: Analysis) -> CodeGraph:
    """Build the code graph of an analysis; names are resolved by `klaro.scan.names`."""
    import networkx as nx  # only here: `klaro check` and `--version` never load it

    graph = nx.MultiDiGraph()
    for module in analysis.modules:
        _add_definitions(graph, module)
    names = names_of(analysis)
    for module in analysis.modules:
        for imp in module.imports:
            target = _node(
                graph, names.lookup(f"{imp.module}.{imp.name}" if imp.name else imp.module)
            )
            if target is None and imp.name is None:
                target = _node(graph, names.lookup(imp.module.split(".")[0]))
            if target and target != module.name:
                graph.add_edge(module.name, target, key=IMPORTS)
        for cls in iter_classes(module.classes):
            for base in names.bases.get(cls.fullname, ()):
                if base in graph and graph.nodes[base]["kind"] == "class":
                    graph.add_edge(cls.fullname, base, key=EXTENDS)
    for module in analysis.modules:
        for func, owner in _functions(module):
            for call in func.calls:
                if call.startswith("super()."):
                    continue
                target = _callee(graph, names.resolve_in(module.name, call, owner))
                if target and target != func.fullname:
                    graph.add_edge(func.fullname, target, key=CALLS)
    return CodeGraph(graph, names)


def _node(graph: nx.MultiDiGraph, name: str | None) -> str | None:
    return name if name is not None and name in graph else None


def _callee(graph: nx.MultiDiGraph, name: str | None) -> str | None:
    """A call lands on a function, a method or a class (its constructor), never on a value."""
    if name is None or name not in graph:
        return None
    return name if graph.nodes[name]["kind"] != "module" else None


def _add_definitions(graph: nx.MultiDiGraph, module: Module) -> None:
    public = module.is_public
    names = set(module.public_names())

    def define(parent: str, name: str, kind: str, line: int, is_public: bool) -> None:
        graph.add_node(
            name, kind=kind, path=module.path, line=line, module=module.name, public=is_public
        )
        graph.add_edge(parent, name, key=DEFINES)

    graph.add_node(
        module.name, kind="module", path=module.path, line=1, module=module.name, public=public
    )
    for func in module.functions:
        define(module.name, func.fullname, "function", func.lineno, public and func.name in names)
    for cls in iter_classes(module.classes):
        cls_public = public and cls.is_public and (cls.name in names or "." in cls.qualname)
        owner = cls.fullname.rsplit(".", 1)[0]  # the module, or the class it is nested in
        define(owner, cls.fullname, "class", cls.lineno, cls_public)
        for meth in cls.methods:
            define(
                cls.fullname, meth.fullname, "method", meth.lineno, cls_public and meth.is_public
            )


def _functions(module: Module) -> Iterable[tuple[Function, str | None]]:
    for func in module.functions:
        yield func, None
    for cls in iter_classes(module.classes):
        for meth in cls.methods:
            yield meth, cls.fullname
