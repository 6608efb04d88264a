"""Links and paths in documents: files that must exist, anchors that must match a heading.

Relative links resolve from the document's folder, absolute ones from the repository root or
a docs site's source folder; a MyST link to a Python object is handed to the symbol resolver.
"""

from __future__ import annotations

import difflib
import fnmatch
import posixpath
import re
from collections.abc import Callable, Sequence
from urllib.parse import unquote

from klaro.verify.index import ProjectIndex
from klaro.verify.model import DOCUMENT_SUFFIXES
from klaro.verify.outcome import Outcome
from klaro.verify.refs import Document, Reference, read_document

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")


class LinkResolver:
    """Check links and path mentions against the repository's files and headings."""

    def __init__(
        self,
        index: ProjectIndex,
        ignore: Sequence[str],
        dotted: Callable[[Reference, str], Outcome],
    ) -> None:
        self.index = index
        self.ignore = tuple(ignore)
        self.dotted = dotted  # resolves `pkg.mod.name` (MyST links to Python objects)
        self._anchors: dict[str, set[str] | None] = {}

    def path(self, ref: Reference, text: str) -> Outcome:
        """A path in a code span is a claim only when it starts in a folder the repository has."""
        path = posixpath.normpath(text.removeprefix("./")).strip("/")
        first = path.split("/")[0]
        if path.startswith("..") or text.startswith(("/", "~")):
            return Outcome("ignored", ref)
        if self.index.exists(path):
            return Outcome("resolved", ref, path)
        if "/" not in path or first not in self.index.code_dirs:
            return Outcome("ignored", ref)  # build output, files to create, the user's own files
        return Outcome(
            "unresolved",
            ref,
            message=f"`{text}` does not exist in the repository",
            suggestions=self._near_files(path),
        )

    def _near_files(self, path: str) -> tuple[str, ...]:
        """Suggest the same file name elsewhere (moved) or a close name in the same folder."""
        folder, base = posixpath.split(path)
        files = sorted(self.index.files)
        same = [f for f in files if posixpath.basename(f) == base]
        siblings = {posixpath.basename(f): f for f in files if posixpath.dirname(f) == folder}
        close = difflib.get_close_matches(base, sorted(siblings), n=3, cutoff=0.6)
        return tuple(dict.fromkeys([*same, *(siblings[c] for c in close)]))[:3]

    # -- links -----------------------------------------------------------------------------------

    def link(self, ref: Reference, doc: Document) -> Outcome:
        href = ref.text.strip()
        if not href or _SCHEME.match(href):
            return Outcome("ignored", ref)
        target, _, fragment = href.partition("#")
        target = unquote(target.split("?", 1)[0])
        if not target:
            return self._anchor(ref, doc.path, fragment, doc.anchors)
        dotted = "/" not in target and "." in target and ref.context not in {"toctree", "doc"}
        if dotted and target.split(".")[0] in self.index.packages:
            return self.dotted(ref, target)  # MyST / Sphinx link to a Python object
        if ref.context == "doc" and not self._sphinx(posixpath.dirname(doc.path)):
            return Outcome("ignored", ref)  # `:doc:` outside a Sphinx source: where included
        base = "" if target.startswith("/") else posixpath.dirname(doc.path)
        path = posixpath.normpath(posixpath.join(base, target.lstrip("/")))
        if path.startswith("..") or any(fnmatch.fnmatchcase(path, p) for p in self.ignore):
            return Outcome("ignored", ref)  # GitHub pages such as ../../issues, or ignored
        if target.startswith("/") and not self.index.exists(path):
            # a docs site's absolute link (`/cli/index.md`) starts at the site's source folder
            path = next(
                (
                    p
                    for p in (posixpath.join(r, path) for r in self._site_roots())
                    if self.index.exists(p)
                ),
                path,
            )
        if not self.index.exists(path):
            if not posixpath.splitext(path)[1] and self._sphinx(posixpath.dirname(doc.path)):
                return Outcome("ignored", ref)  # a MyST cross-reference to a label or page
            return Outcome(
                "dead-link",
                ref,
                message=f"link target `{target}` does not exist",
                suggestions=self._near_files(path),
            )
        if fragment and path.lower().endswith(DOCUMENT_SUFFIXES):  # headings are anchors
            return self._anchor(ref, path, fragment, self._anchors_of(path))
        return Outcome("resolved", ref, path)

    def _site_roots(self) -> list[str]:
        """Folders a documentation site is built from: `docs/`, and any holding a conf.py."""
        roots = {posixpath.dirname(f) for f in self.index.files if f.endswith("conf.py")}
        roots |= {"docs"} if self.index.exists("docs") else set()
        return sorted(r for r in roots if r)

    def _sphinx(self, folder: str) -> bool:
        """Whether a document lives in a Sphinx project, where links may name labels."""
        while True:
            if self.index.exists(posixpath.join(folder, "conf.py")):
                return True
            if not folder:
                return False
            folder = posixpath.dirname(folder)

    def _anchor(
        self, ref: Reference, path: str, fragment: str, anchors: set[str] | None
    ) -> Outcome:
        name = unquote(fragment).lower().removeprefix("user-content-")
        if not name or anchors is None or name in anchors:
            return Outcome("resolved" if name else "ignored", ref, f"{path}#{name}")
        close = difflib.get_close_matches(name, sorted(anchors), n=3)
        return Outcome(
            "dead-link",
            ref,
            message=f"anchor `#{fragment}` matches no heading in {path}",
            suggestions=tuple(f"#{c}" for c in close),
        )

    def _anchors_of(self, path: str) -> set[str] | None:
        if path not in self._anchors:
            try:
                text = (self.index.root / path).read_text(encoding="utf-8")
                self._anchors[path] = read_document(text, path).anchors
            except (OSError, UnicodeDecodeError):
                self._anchors[path] = None
        return self._anchors[path]
