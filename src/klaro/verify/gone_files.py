"""Files a page names that the documented state had and the tree has no more.

A page names the repository's files in every form: a span (``CHANGES.rst``), a command line
(`pip install -r requirements-dev.txt`, `python test_addict.py`), a path in an example. A
name that is no file of the tree may be the reader's own file, so on its own it proves
nothing; a name that *was* a file of the documented state and is gone (moved, renamed,
deleted) is stale wherever it is written. Only history can tell, so without a documented
state this finds nothing.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence

from klaro.verify.former import Former
from klaro.verify.outcome import Outcome
from klaro.verify.refs import Document, Reference

# a run of path characters: `docs/CHANGES.rst`, `./test_addict.py`, `requirements-dev.txt`
_RUN = re.compile(r"(?<![\w:/.~-])[\w.-]+(?:/[\w.-]+)*")


def gone_files(
    doc: Document,
    outcomes: Sequence[Outcome],
    former: Former | None,
    exists: Callable[[str], bool],
    file_like: Callable[[str], bool],
) -> list[Outcome]:
    """One finding per line and file the documented state had that the tree lacks, unless
    another finding of that line already names it (a dead link to it)."""
    if former is None:
        return []
    named = {
        (o.reference.line, o.reference.text)
        for o in outcomes
        if o.status in {"unresolved", "dead-link"}
    }
    found: list[Outcome] = []
    folder = posixpath.dirname(doc.path)
    for number, line in enumerate(doc.lines, 1):
        for match in _RUN.finditer(line):
            token = match.group().rstrip(".").removeprefix("./")
            if not ("/" in token or file_like(token)) or token.startswith("."):
                continue
            if any(token in text for at, text in named if at == number):
                continue
            for path in dict.fromkeys([token, posixpath.normpath(posixpath.join(folder, token))]):
                if path.startswith("..") or exists(path) or (gone := former.file(path)) is None:
                    continue
                where, moved = gone
                ref = Reference("code", token, doc.path, number, "gone-file")
                found.append(
                    Outcome(
                        "unresolved",
                        ref,
                        message=f"`{token}` was a file of the repository at {where} and is gone",
                        suggestions=(moved,) if moved else (),
                    )
                )
                named.add((number, token))
                break
    return found
