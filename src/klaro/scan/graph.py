"""The code graph: modules, classes, functions and methods with typed edges.

Edges: DEFINES (module → class/function, class → method), IMPORTS (module → module or
symbol), CALLS (function → function or class, resolved statically where names allow),
EXTENDS (class → base class). Only the repository's own symbols are nodes; calls into
other packages are dropped rather than guessed.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from klaro.scan.model import Analysis, Class, Function, Module, iter_classes

if TYPE_CHECKING:
    import networkx as nx

DEFINES, IMPORTS, CALLS, EXTENDS = "DEFINES", "IMPORTS", "CALLS", "EXTENDS"
_MAX_REEXPORT_HOPS = 5


class CodeGraph:
    """Queries over the code graph; every name is a full dotted name like `pkg.mod.Class.meth`.

    Node attributes and the ranking are held in plain dicts; a pickled graph holds those and
    its edges as one opaque blob (see `__getstate__`). A cached graph thus loads in a fraction
    of the time a pickled networkx graph takes, and the edges are unpacked into a networkx
    graph only when an edge query needs them (`klaro analyze` only reads the ranking).
    """

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self._nx: nx.MultiDiGraph | None = graph
        self._nodes: dict[str, dict[str, object]] = dict(graph.nodes(data=True))
        self._edge_blob: bytes | None = None
        self._ranks: dict[str, float] | None = None
        self._by_name: dict[str, list[str]] = {}
        self._index_names()

    def _index_names(self) -> None:
        self._by_name = {}
        for node in self._nodes:
            self._by_name.setdefault(node.rsplit(".", 1)[-1], []).append(node)

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The networkx graph, rebuilt from the node and edge lists after a cache load."""
        if self._nx is None:
            import networkx as nx

            graph = nx.MultiDiGraph()
            graph.add_nodes_from(self._nodes.items())
            graph.add_edges_from(pickle.loads(self._edge_blob) if self._edge_blob else ())
            self._nx, self._edge_blob = graph, None
        return self._nx

    def __getstate__(self) -> dict[str, object]:
        if self._nx is None:
            blob = self._edge_blob
        else:
            blob = pickle.dumps(list(self._nx.edges(keys=True)), pickle.HIGHEST_PROTOCOL)
        return {"nodes": self._nodes, "edges": blob, "ranks": self._ranks}

    def __setstate__(self, state: dict[str, object]) -> None:
        self._nx = None
        self._nodes = state["nodes"]  # type: ignore[assignment]
        self._edge_blob = state["edges"]  # type: ignore[assignment]
        self._ranks = state["ranks"]  # type: ignore[assignment]
        self._index_names()

    def __contains__(self, name: object) -> bool:
        return name in self._nodes

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
            for nxt in (*self.graph.successors(node), *self.graph.predecessors(node)):
                if nxt not in seen:
                    seen[nxt] = seen[node] + 1
                    queue.append(nxt)
        del seen[name]
        return dict(sorted(seen.items(), key=lambda kv: (kv[1], kv[0])))

    def resolve(self, name: str) -> list[str]:
        """Return the symbols a reference can mean: `pkg.mod:attr`, dotted, `Class.meth` or bare."""
        name = name.strip().replace(":", ".").removesuffix("()")
        if name in self._nodes:
            return [name]
        last = name.rsplit(".", 1)[-1]
        suffix = "." + name
        return sorted(n for n in self._by_name.get(last, []) if n == name or n.endswith(suffix))

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
    """Build the code graph of an analysis."""
    import networkx as nx  # only here: `klaro check` and `--version` never load it

    graph = nx.MultiDiGraph()
    modules = {m.name: m for m in analysis.modules}
    for module in analysis.modules:
        _add_definitions(graph, module)
    resolver = _Resolver(graph, modules)
    for module in analysis.modules:
        scope = resolver.scope(module)
        for imp in module.imports:
            target = resolver.lookup(f"{imp.module}.{imp.name}" if imp.name else imp.module)
            if target is None and imp.name is None:
                target = resolver.lookup(imp.module.split(".")[0])
            if target and target != module.name:
                graph.add_edge(module.name, target, key=IMPORTS)
        for cls in iter_classes(module.classes):
            for base in cls.bases:
                if "=" in base:
                    continue
                target = resolver.resolve_expr(base.split("[")[0], scope)
                if target and graph.nodes[target]["kind"] == "class":
                    graph.add_edge(cls.fullname, target, key=EXTENDS)
    for module in analysis.modules:  # calls last: method lookup needs every EXTENDS edge
        scope = resolver.scope(module)
        for func, owner in _functions(module):
            for call in func.calls:
                target = resolver.resolve_call(call, scope, owner)
                if target and target != func.fullname:
                    graph.add_edge(func.fullname, target, key=CALLS)
    return CodeGraph(graph)


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


def _functions(module: Module) -> Iterable[tuple[Function, Class | None]]:
    for func in module.functions:
        yield func, None
    for cls in iter_classes(module.classes):
        for meth in cls.methods:
            yield meth, cls


class _Resolver:
    """Resolve names as written in a module to graph nodes, following imports and re-exports."""

    def __init__(self, graph: nx.MultiDiGraph, modules: dict[str, Module]) -> None:
        self.graph = graph
        self.modules = modules

    def scope(self, module: Module) -> dict[str, str]:
        """Map names bound at module level to the dotted names they stand for."""
        scope: dict[str, str] = {}
        for imp in module.imports:
            scope[imp.alias] = (
                f"{imp.module}.{imp.name}"
                if imp.name
                else (imp.module if imp.alias != imp.module.split(".")[0] else imp.alias)
            )
        for cls in module.classes:
            scope[cls.name] = cls.fullname
        for func in module.functions:
            scope[func.name] = func.fullname
        scope["__module__"] = module.name
        return scope

    def lookup(self, dotted: str, hops: int = 0) -> str | None:
        """Return the node a dotted name designates, following `from x import y` re-exports."""
        if dotted in self.graph:
            return dotted
        if hops >= _MAX_REEXPORT_HOPS or "." not in dotted:
            return None
        head, _, attr = dotted.rpartition(".")
        owner = self.lookup(head, hops + 1)
        if owner is None:
            return None
        if f"{owner}.{attr}" in self.graph:
            return f"{owner}.{attr}"
        module = self.modules.get(owner)
        if module is not None:
            for imp in module.imports:
                if imp.alias == attr:
                    target = f"{imp.module}.{imp.name}" if imp.name else imp.module
                    return self.lookup(target, hops + 1)
        return None

    def resolve_expr(self, expr: str, scope: dict[str, str]) -> str | None:
        head, _, rest = expr.partition(".")
        base = scope.get(head)
        if base is None:
            return None
        return self.lookup(f"{base}.{rest}" if rest else base)

    def resolve_call(self, call: str, scope: dict[str, str], owner: Class | None) -> str | None:
        head, _, rest = call.partition(".")
        if owner is not None and head in {"self", "cls"} and rest and "." not in rest:
            return self.method(owner.fullname, rest)
        if owner is not None and head == "super" and rest.startswith(")."):
            return None
        target = self.resolve_expr(call, scope)
        if target is None and "." in call:
            cls_name, _, meth = call.rpartition(".")
            cls = self.resolve_expr(cls_name, scope)
            if cls and self.graph.nodes[cls]["kind"] == "class":
                return self.method(cls, meth)
        return target

    def method(self, cls: str, name: str, depth: int = 0) -> str | None:
        """Find `name` on class `cls` or, breadth first, on its repository base classes."""
        if f"{cls}.{name}" in self.graph:
            return f"{cls}.{name}"
        if depth > 10:
            return None
        for _, base, key in self.graph.out_edges(cls, keys=True):
            if key == EXTENDS:
                found = self.method(base, name, depth + 1)
                if found:
                    return found
        return None
