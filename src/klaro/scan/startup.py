"""`.pth` files: the lines Python runs at start-up, as Python source the analysis can read.

`site` executes each line of a `.pth` file that starts with `import` (better-exceptions'
hook: `import os; exec("...'BETTER_EXCEPTIONS' in os.environ...")`); the other lines are
paths. The code a line hands to `exec` as a literal string is code too, so the variables it
reads are the project's. Nothing is run here: the text is only parsed.
"""

from __future__ import annotations

import ast
import re

_EXECUTED = re.compile(rb"^import[ \t]")


def startup_source(data: bytes) -> bytes:
    """The Python a `.pth` file runs: its `import` lines in place (other lines blank, so
    line numbers hold), then the literal code any of them passes to `exec`."""
    lines = data.splitlines()
    kept = [line if _EXECUTED.match(line) else b"" for line in lines]
    executed: list[str] = []
    for line in kept:
        if not line:
            continue
        try:
            tree = ast.parse(line.decode("utf-8", "replace"))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "exec"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                executed.append(node.args[0].value)
    text = b"\n".join(kept)
    for code in executed:
        try:
            ast.parse(code)
        except SyntaxError:
            continue
        text += b"\n" + code.encode("utf-8")
    return text + b"\n"
