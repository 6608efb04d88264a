"""A small reference checker for agent tests, until `klaro.verify` is wired in.

It flags backticked names that look like code but resolve to nothing in the code graph, and
relative Markdown links to files that do not exist: the two kinds the agent must not publish.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from klaro.scan.graph import CodeGraph
from klaro.verify.model import Finding

_TICK = re.compile(r"`([A-Za-z_][\w.]*)(?:\(\))?`")
_LINK = re.compile(r"\]\(([^)#:\s]+)\)")


def simple_verifier(root: Path, graph: CodeGraph) -> Callable[[str, str], list[Finding]]:
    def check(path: str, text: str) -> list[Finding]:
        found: list[Finding] = []
        for n, line in enumerate(text.splitlines(), 1):
            for name in _TICK.findall(line):
                looks_like_code = "." in name or "_" in name or name[:1].isupper()
                if looks_like_code and not graph.resolve(name) and not (root / name).exists():
                    found.append(
                        Finding("unresolved", path, n, name, f"`{name}` is not in the code")
                    )
            for target in _LINK.findall(line):
                if not (root / target).exists():
                    found.append(Finding("dead-link", path, n, target, f"{target} does not exist"))
        return found

    return check
