"""Links and paths in documents: files that must exist, anchors that must match a heading.

Relative links resolve from the document's folder, absolute ones from the repository root or
a docs site's source folder; a MyST link to a Python object is handed to the symbol resolver.
"""

from __future__ import annotations

import ast
import difflib
import fnmatch
import posixpath
import re
import shlex
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlparse

from klaro.verify.index import ProjectIndex, distribution_key, repository_name
from klaro.verify.model import DOCUMENT_SUFFIXES
from klaro.verify.outcome import Outcome
from klaro.verify.refs import (
    AUTODOC,
    CLICK_DOC,
    Document,
    Reference,
    github_slug,
    read_document,
)
from klaro.verify.wording import READERS_OWN, after_span, before_span

# a Sphinx page's id of an object: on a site (`https://.../api.html#pkg.mod.Class`), on a
# page of the built docs (`api.html#pkg...`) or this page (`#pkg.logging.VerboseOption`)
_OBJECT_ANCHOR = re.compile(
    r"^(?:https?://[^#]+|[\w./-]*\.html|)#([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)$"
)
_IDENTIFIERS = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")  # `Tensor`, `CircuitMPS.sample`
# Sphinx viewcode's page of a module's source, and the object it anchors
_VIEWCODE = re.compile(
    r"^https?://[^#?]+/_modules/((?:[A-Za-z_]\w*/)*[A-Za-z_]\w*)\.html(?:#([A-Za-z_][\w.]*))?$"
)
# a file on a branch of a code forge: `github.com/o/name/blob/master/pkg/mod.py`, GitLab's
# `/-/blob/main/...`; a tag or a commit names a frozen tree, which a change cannot stale
_FORGE_FILE = re.compile(
    r"^https?://[^/]*(?:github|gitlab|codeberg|bitbucket)[^/]*/[^/]+/([^/]+)/(?:-/)?(?:blob|tree|src)"
    r"/(?:master|main|develop|dev|trunk|HEAD)/([^?#]+)"
)
_EMAIL = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")
_TEMPLATE = re.compile(r"^\s*(?:\{\{[^{}]*\}\}|\{%[^{}]*%\})+")  # `{{site.baseurl}}`
_FORMAT_FIELD = re.compile(r"^\{\w*\}")  # `{}/build.sh`, `{base}/x`: str.format's fields
_MKDOCS = ("mkdocs.yml", "mkdocs.yaml")
_TASK_FILES = frozenset({"noxfile.py", "tasks.py", "dodo.py", "fabfile.py"})  # build tasks
# Docusaurus: the site's configuration beside its `docs/` folder
_DOCUSAURUS = tuple(f"docusaurus.config.{s}" for s in ("js", "ts", "mjs", "cjs"))
# a Sphinx conf.py that builds pages from Python scripts
_SCRIPT_PAGES = re.compile(r"custom_formats|jupytext|sphinx_gallery")
_SITE_CONFIGS = (*_MKDOCS, "_config.yml", "conf.py", *_DOCUSAURUS)  # + MkDocs, Jekyll, Sphinx
# a Jupyter Book's table of contents, a MyST site's configuration: the folder is a docs site
BOOK_CONFIGS = frozenset({"_toc.yml", "myst.yml"})
_SITE_ONLY = frozenset({"toctree", "doc"})  # links only a built site renders (GitHub does not)
# what a docs page may be written as: with MyST, Markdown; with nbsphinx or myst-nb, a
# notebook (`nbconvert_library.ipynb`); with nbsphinx-link, a stub pointing at one (`.nblink`);
# a notebook kept as a Quarto or R Markdown text (tidy3d's `notebooks/StartHere.qmd`, which
# jupytext or quarto turn into the notebook the build reads)
SOURCE_PAGES = (*DOCUMENT_SUFFIXES, ".ipynb", ".nblink", ".qmd", ".Rmd")
# `.md`, `.PNG`, `.schedulers`, Sphinx's any-format `.*`; not `.EarthEngineStore` (a class)
# nor `.open_dataset` (a function): a suffix is written in one case, without underscores
_FILE_SUFFIX = re.compile(r"\.(?:[a-z0-9]+|[A-Z0-9]+|\*)")


def _is_page(path: str) -> bool:
    """Whether a link names a page by its source (`../overrides.md`): MkDocs serves it under
    another URL, so only its own rewriting, not the served page's URL, can reach it."""
    return path.lower().endswith(DOCUMENT_SUFFIXES)


def _quoted_elsewhere(doc: Document, name: str, line: int) -> bool:
    """Whether the page quotes the file name on another line, as its example's code or
    output does for a file it writes (genno's `Out[1]: PosixPath("plotnine-demo.svg")`
    above `.. image:: ./plotnine-demo.svg`)."""
    quoted = (f'"{name}"', f"'{name}'")
    return any(q in text for n, text in enumerate(doc.lines, 1) if n != line for q in quoted)


def _file_suffix(path: str) -> str:
    """A path's file suffix, "" when what follows its last dot is no suffix but part of the
    name: an autosummary page named by its object (`_autosummary/xee.EarthEngineStore`).
    A long lower-case tail stays a suffix, so a link to a page that is not there
    (`<apscheduler.schedulers>` in reST) is still reported rather than taken for a label."""
    suffix = posixpath.splitext(path)[1]
    return suffix if _FILE_SUFFIX.fullmatch(suffix) else ""


# read by pattern, not YAML: mkdocs files carry `!!python/name:` tags a safe loader refuses
_MKDOCS_KEY = re.compile(r"^(repo_url|docs_dir|site_url):[ \t]*['\"]?([^'\"\s#]+)", re.MULTILINE)
_AUTOLINKS = re.compile(r"^\s*-\s*autolinks\s*:?\s*$", re.MULTILINE)  # a plugin listed
# mkdocs-gen-files' `- gen-files:` / `scripts:` / `- path.py` entries
_GEN_FILES = re.compile(r"^\s*-?\s*gen-files:\s*\n\s+scripts:\s*\n((?:[ \t]+-[^\n]*\n?)+)", re.M)


def _url_path(url: str) -> str:
    """The path of a site URL, with its slash (`https://x.github.io/tool/` gives `tool/`)."""
    path = urlparse(url.strip("'\" ")).path.strip("/")
    return f"{path}/" if path else ""


@dataclass(frozen=True)
class _MkdocsSite:
    """One MkDocs site: the folder its pages are in (with a slash, "" for the top), the
    repository its `repo_url` names, and whether its autolinks plugin finds pages by name."""

    folder: str
    repository: str
    autolinks: bool
    served: str = ""  # the path of its `site_url`, with a slash (`changelog-gen/`), or ""
    # the scripts its gen-files plugin runs, from the tree's top (kiara's
    # `scripts/documentation/gen_api_doc_pages.py`): they write pages at build time
    generators: tuple[str, ...] = ()

    def foreign(self, ours: AbstractSet[str]) -> bool:
        """Whether another repository builds it (its `repo_url` is not the project's)."""
        return bool(self.repository and ours and self.repository not in ours)


# the reader's own project in a tutorial's paths: `src/myproject/`, `your_package/`
_READERS_PROJECT = re.compile(
    r"(?:my|your)[_-]?(?:project|package|pkg|app|lib|module|tool)s?"
    r"|(?:foo|bar|baz|qux|spam|eggs)(?:\.\w+)?"  # `src/foo/file.ext`: a path to fill in
)
_MAKEFILES = frozenset({"Makefile", "makefile", "GNUmakefile"})
# a rule's targets, at the start of a line, before a lone `:` (not `:=`, not `::=`)
_MAKE_RULE = re.compile(r"^([^\s:#=$][^:#=\n]*?)\s*::?(?![=:])", re.M)
# a rule whose target is one variable (`$(TARGET): $(OBJS)`), and a variable set on one line
_MAKE_VARIABLE_RULE = re.compile(r"^\$[({](\w+)[)}]\s*::?(?![=:])", re.M)
_MAKE_ASSIGNMENT = re.compile(r"^(\w+)\s*(?::{1,2}|\?)?=[ \t]*([^\n#\\]*?)[ \t]*$", re.M)
_MAKE_REFERENCE = re.compile(r"\$[({](\w+)[)}]")
# the pages GitHub serves under a repository's address (`/owner/name/pulls`)
_GITHUB_PAGES = frozenset(
    {"pulls", "issues", "wiki", "actions", "releases", "discussions", "security", "projects"}
    | {"compare", "labels", "milestones", "pulse", "graphs", "network", "tags", "branches"}
)
_DOCUTILS_AUTO_ID = re.compile(r"id\d+|footnote-\d+|citation-\d+")
_NOTE_TARGET = re.compile(r"^\s*\.\. \[[^\]\s]+\]", re.M)  # a footnote or a citation
_TEMPLATE_SUFFIXES = (".html", ".htm", ".txt", ".xml", ".j2", ".jinja", ".jinja2", ".jinja.html")
_NEW_FILE = re.compile(r"^new[_-][a-z]", re.I)  # `new_model.py`, `new-plugin.md`
# `│   ├── bar.egg-info/`, `|-- setup.py`, `+-- src/`: one entry of a drawn directory tree
_TREE_ENTRY = re.compile(r"^[\s│|`]*(?:[├└+|`]|\\)(?:──|--|─)[─-]*\s*([^\s#]+)", re.M)
# folders a Sphinx build writes: its output, viewcode's `_modules/pkg/mod.html` pages, the
# sources and images it copies
_SPHINX_OUTPUT = frozenset({"_build", "_modules", "_sources", "_images", "_downloads"})
# `build/html/` (`docs/build/latex`): a builder's folder under the `build` directory that
# sphinx-quickstart's separate source/build layout and its Makefile (`BUILDDIR = build`) use
_SPHINX_BUILDER_OUTPUT = re.compile(
    r"(?:^|/)build/(?:html|dirhtml|singlehtml|latex|latexpdf|man|epub|texinfo|text|doctrees)(?:/|$)"
)
# folders of a Sphinx source tree that its build fills when absent from the repository:
# autosummary's `:toctree: generated`, a conf.py running `setup.py build_manpage` into
# `generated/man` (datalad), sphinx-apidoc's `_autosummary`, sphinx-autoapi's `autoapi/`
_BUILD_FILLED = frozenset(
    {"generated", "_generated", "_autosummary", "autogen", "_autogen", "autoapi", "_autoapi"}
)

# a build step copying folders: `cp -r tutorials/* docs/source/tutorials/` (its paths)
_COPY = re.compile(r"\bcp\s+(?:-[a-zA-Z]+\s+)*((?:[\w./*'\"-]+[ \t]+)+[\w./'\"-]+)[ \t]*$", re.M)
_TOCTREE = re.compile(r"^\s*:toctree:\s*(\S+)\s*$", re.MULTILINE)
# sphinx-apidoc's output folder, as a build file runs it (`sphinx-apidoc -o docs/apidoc src/x`)
_APIDOC = re.compile(r"sphinx-apidoc\b[^\n]*?\s(?:-o|--output-dir)[ =]+['\"]?([\w./-]+)")
# the files that run a docs build's steps
_BUILD_FILES = _MAKEFILES | frozenset(
    {"tox.ini", "tox.toml", "noxfile.py", "tasks.py", "setup.cfg", "pyproject.toml", "conf.py"}
    | {".readthedocs.yml", ".readthedocs.yaml"}
)
# "e.g.", "for example", "such as" right before a span (past its opening quotes)
_EXAMPLE_WORDS = re.compile(
    r"\b(?:e\.\s?g\.|for\s+example|for\s+instance|such\s+as)[,:]?\s*[`'\"]*\s*$", re.I
)

# a path the documented steps make: "`x` is generated", "will be created", "gets written"
_MADE_AFTER = re.compile(
    r"^[`'\"*]*\s*(?:is|are|will\s+be|gets?|should\s+be)\s+(?:then\s+|now\s+|automatically\s+)?"
    r"(?:generated|created|written|produced|built|rendered|compiled)\b",
    re.I,
)
_MADE_BEFORE = re.compile(
    r"(?:\b(?:generates?|creates?|writes?|produces?|renders?|outputs?)\s+"
    r"(?:(?:a|an|the|new)\s+)?(?:(?:file|folder|directory)\s+)?"
    # sudachipy's "the wheel will be generated under `python/dist/`"
    # (not "stored in", "placed in": words that also describe the repository's own layout)
    r"|\b(?:is|are|will\s+be|gets?|get)\s+"
    r"(?:generated|created|written|built|produced|collected|downloaded)\s+"
    r"(?:in|under|into|to|at|inside)\s+(?:the\s+)?)[`'\"*]*\s*$",
    re.I,
)


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
        self._anchors: dict[str, AbstractSet[str] | None] = {}
        self._labels: set[str] = set()  # Sphinx labels of every document read
        self._sites: list[_MkdocsSite] | None = None  # see _mkdocs_sites
        # document -> other folders it is built in: of the documents that `.. include::` it
        # (README.rst into docs/) or that are copies of it
        self._built_in: dict[str, set[str]] = {}
        self._copies: dict[int, list[str]] = {}  # documents by their text
        self._originals: dict[str, str | None] = {}  # a symlinked document's target folder
        # a docs folder's scripts: the words they spell, the suffixes they add to names
        # and the folders they unpack downloads into
        self._scripts: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {}
        self._static_paths: dict[str, list[str]] = {}  # see _static_sources
        self._script_pages: dict[str, bool] = {}  # see _builds_scripts
        self._path_patterns: list[str] | None = None  # see _looked_for
        self._categories: set[str] | None = None  # see _generated_indexes
        self._toctrees: frozenset[str] | None = None  # see _toctree_folders
        self._copies_by_build: dict[str, list[str]] | None = None  # see _build_copies
        self._build_files: dict[str, str] | None = None  # see _build_texts
        self._apidoc_outputs: frozenset[str] = frozenset()  # filled with _toctrees
        self._targets: frozenset[str] | None = None  # see _make_targets
        self._noted: dict[str, bool] = {}  # see _numbers_notes
        self._templates: dict[str, str] | None = None  # see _template_named
        self._copies_made: dict[str, tuple[Document, frozenset[str]]] = {}  # see _copied_on

    def _looked_for(self, path: str) -> bool:
        """Whether the shipped code spells `path`, or a glob matching it (`**/x.{yaml,yml}`)."""
        if self._path_patterns is None:
            spelled = [p for literal in self.index.path_literals for p in _braces(literal)]
            # `**/` also matches no folder at all
            self._path_patterns = spelled + [p[3:] for p in spelled if p.startswith("**/")]
        return any(
            p == path or ("*" in p and fnmatch.fnmatchcase(path, p) and _fixed_name(p))
            for p in self._path_patterns
        )

    def path(self, ref: Reference, text: str, doc: Document | None = None) -> Outcome:
        """A path in a code span is a claim only when it starts in a folder the repository
        has, and is not one of a layout the page draws (`src/bar.egg-info` under a tree of
        the reader's `/usr/src/project/`)."""
        path = posixpath.normpath(text.removeprefix("./")).strip("/")
        first = path.split("/")[0]
        if path.startswith("..") or text.startswith(("/", "~")):
            return Outcome("ignored", ref)
        if self.index.exists(path):
            return Outcome("resolved", ref, path)
        if path in self._make_targets():
            return Outcome("ignored", ref)  # Corrfunc's `theory/DD/DD`: what `make` builds
        if (template := self._template_named(path)) is not None:
            # hyperkitty's `hyperkitty/headers.html`: a template's name, as Django and Jinja
            # loaders take it, under an app's `templates/` folder
            return Outcome("resolved", ref, template)
        inside = path.partition("/")[2]  # `voluptuous/voluptuous`: from the clone's parent
        own = distribution_key(first) == distribution_key(self.index.distribution)
        if inside and own and self.index.exists(inside):
            return Outcome("resolved", ref, inside)
        if doc is not None and _offered_as_example(doc, ref, text):
            return Outcome("ignored", ref)  # "for example `deepdiff/multiprocessing.py`"
        if doc is not None and _made_by_the_steps(doc, ref, text):
            return Outcome("ignored", ref)  # "``etc/x.conf.sample`` is generated."
        if doc is not None and path in self._copied_on(doc):
            return Outcome("ignored", ref)  # `cp config-example.json eta/config.json` below
        stem = posixpath.splitext(posixpath.basename(path))[0]
        if _NEW_FILE.match(stem) and posixpath.dirname(path) in self.index.dirs:
            # "implement the layers under `TTS/tts/layers/new_model.py`": the reader's new
            # file in a folder the repository has (a wrong folder stays reported)
            return Outcome("ignored", ref)
        if (
            READERS_OWN.match(stem)
            or stem.lower() in _PLACEHOLDER_STEMS
            or any(_LETTER_PART.fullmatch(part) for part in path.split("/"))
        ):
            # "implement it in `src/pkg/plugins/pluginname.py`", "a new `.../mytool.py`":
            # the file the reader is to write; cellrank's "a mirror of `src/cellrank/X/`",
            # a letter standing for any component
            return Outcome("ignored", ref)
        # `unicode_codes/data_dict.py`: a path inside the one package folder that has it
        within = [
            d
            for d in self.index.dirs
            if d.endswith(f"/{first}") and d.split("/")[0] in self.index.code_dirs
        ]
        if "/" in path and len(within) == 1:
            full = posixpath.join(posixpath.dirname(within[0]), path)
            if self.index.exists(full):
                return Outcome("resolved", ref, full)
            if path.endswith(".py"):
                return Outcome(
                    "unresolved",
                    ref,
                    message=f"`{text}` does not exist in `{posixpath.dirname(within[0])}/`",
                    suggestions=self._near_files(full),
                )
        if "/" not in path or first not in self.index.code_dirs or _sphinx_output(path):
            return Outcome("ignored", ref)  # build output, files to create, the user's own files
        if self._looked_for(path):
            # `.config/ansible-lint.yml`: a file the program looks for where it runs (the
            # code spells it, or a glob of it), in the user's project, not in this repository
            return Outcome("ignored", ref)
        if any(_READERS_PROJECT.fullmatch(part) for part in path.split("/")):
            return Outcome("ignored", ref)  # the tutorial's `src/myproject/newsfragments/`
        if doc is not None and set(path.split("/")) <= drawn_tree(doc.lines):
            return Outcome("ignored", ref)  # a file of the layout the page draws
        return Outcome(
            "unresolved",
            ref,
            message=f"`{text}` does not exist in the repository",
            suggestions=self._near_files(path),
        )

    def _numbers_notes(self, path: str) -> bool:
        """Whether a reST page holds footnotes or citations (`.. [#]`, `.. [Bohn2019]`),
        whose ids docutils numbers."""
        if not path.endswith(".rst"):
            return False
        if path not in self._noted:
            try:
                text = (self.index.root / path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
            self._noted[path] = bool(_NOTE_TARGET.search(text))
        return self._noted[path]

    def _template_named(self, path: str) -> str | None:
        """The file a template loader finds for the name `path`: one under a `templates/`
        folder of the repository, if any."""
        if "/" not in path or not path.endswith(_TEMPLATE_SUFFIXES):
            return None
        if self._templates is None:  # each name a file has under a `templates/`, once
            self._templates = {}
            for file in sorted(self.index.files):
                at = file.find("templates/")
                while at >= 0:
                    self._templates.setdefault(file[at + len("templates/") :], file)
                    at = file.find("templates/", at + 1)
        return self._templates.get(path)

    def _object_target(self, doc: Document, fragment: str) -> bool:
        """Whether a MyST page's `[x](#CircuitMPS.sample)`, no heading of its own, names one
        of the project's definitions by the last parts of its full name: MyST resolves such a
        link across the Sphinx project (quimb's docs write them so). Only a definition counts,
        not an inherited member, which the API pages may not list."""
        if doc.rst or not _IDENTIFIERS.fullmatch(fragment) or fragment.lower() in doc.anchors:
            return False
        if not self._sphinx(posixpath.dirname(doc.path)):
            return False
        last = fragment.rpartition(".")[2]
        return any(
            full == fragment or full.endswith("." + fragment)
            for full in self.index.names.by_last.get(last, ())
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
        anchor = _OBJECT_ANCHOR.search(href)
        if anchor and href.startswith("#") and doc.generated:
            anchor = None  # a page mkdocstrings fills (`::: pkg.Cls`) has anchors we cannot list
        if anchor and anchor.group(1).split(".")[0] in self.index.packages:
            # `api.html#pkg.mod.Class`: Sphinx's anchor of one of the project's objects
            return self.dotted(ref, anchor.group(1))
        source = _VIEWCODE.search(href)
        if source and source.group(1).split("/")[0] in self.index.packages:
            # viewcode's `_modules/pkg/widgets.html#GranularBar`: that object's source
            module = source.group(1).replace("/", ".").removesuffix(".__init__")
            return self.dotted(ref, f"{module}.{source.group(2)}" if source.group(2) else module)
        if source_file := self._own_source(ref, href):
            return source_file
        if not href or _SCHEME.match(href) or _EMAIL.match(href):
            return Outcome("ignored", ref)  # docutils links a bare e-mail address as mailto:
        if _FORMAT_FIELD.match(href):
            # `[build.sh]({}/build.sh)` in a MyST substitution's `"...".format(head_blob)`:
            # an address the build fills in
            return Outcome("ignored", ref)
        templated = _TEMPLATE.match(href)
        if templated:  # Jekyll's `{{site.baseurl}}contrib/vagrant/`: the site's root
            href = "/" + href[templated.end() :].lstrip("/")
        target, _, fragment = href.partition("#")
        target = unquote(target.split("?", 1)[0])
        if not target:
            name = unquote(fragment).lower()
            if name in self._labels and self._sphinx(posixpath.dirname(doc.path)):
                return Outcome("resolved", ref, f"#{name}")  # a label of another page
            if self._document_named(doc, unquote(fragment)):
                return Outcome("resolved", ref, f"#{fragment}")
            if self._object_target(doc, unquote(fragment)):
                return Outcome("resolved", ref, f"#{fragment}")
            # a page the build adds headings to (mkdocstrings' `::: pkg.Class`) has more
            # anchors than its source shows, as links from other pages already allow
            return self._anchor(ref, doc.path, fragment, None if doc.generated else doc.anchors)
        # (a directive naming a file, `.. include:: uproot.toctree`, names no Python object)
        files = {"toctree", "doc", "include", "literalinclude", "image", "figure"}
        dotted = "/" not in target and "." in target and ref.context not in files
        if dotted and (
            target.lower().endswith(DOCUMENT_SUFFIXES)
            or self.index.exists(posixpath.join(posixpath.dirname(doc.path), target))
        ):
            dotted = False  # `[config file](hatch.md)`: the page beside this one
        if dotted and target.split(".")[0] in self.index.packages:
            return self.dotted(ref, target)  # MyST / Sphinx link to a Python object
        if ref.context == "doc" and not self._sphinx(posixpath.dirname(doc.path)):
            return Outcome("ignored", ref)  # `:doc:` outside a Sphinx source: where included
        base = "" if target.startswith("/") else posixpath.dirname(doc.path)
        path = posixpath.normpath(posixpath.join(base, target.lstrip("/")))
        if target.startswith("/") and (served := self._served_under(doc.path)):
            # changelog-gen's `/changelog-gen/configuration`: the site's own URL path
            # (`site_url: https://edgarrmondragon.github.io/changelog-gen/`) comes first
            path = path[len(served) :] if path.startswith(served) else path
        elif (
            target.startswith("/")
            and not self.index.exists(path)
            and path.split("/")[0].lower() in self.index.repositories
            and self._sites_under(doc.path)
        ):
            # django-flags' `/django-flags/api/state`: GitHub Pages serves a project's
            # site under the repository's name, which no `site_url` says
            path = path.partition("/")[2]
        root = self._sphinx_root(base) if ref.context in _SITE_ONLY and base else None
        if root is not None and not target.startswith("/"):
            # Sphinx joins a docname from its source folder and stops there: `../narr/views`
            # on `docs/quick_tour.rst` is `docs/narr/views`
            inner = posixpath.normpath(posixpath.join("/", base[len(root) :], target))
            path = posixpath.join(root, inner.lstrip("/")) if root else inner.lstrip("/")
        if path.startswith("..") or any(fnmatch.fnmatchcase(path, p) for p in self.ignore):
            return Outcome("ignored", ref)  # GitHub pages such as ../../issues, or ignored
        if (
            doc.path.startswith(".github/")
            and path.split("/")[0] in _GITHUB_PAGES
            and not self.index.exists(path)
        ):
            # squidpy's pull-request template links `../pulls`: GitHub shows the template
            # at the repository's own page, where that is its list of pull requests
            return Outcome("ignored", ref)
        if (
            (
                target.endswith("/")
                or ref.context == "html"
                or (self._leaves_mkdocs(doc.path, path) and not _is_page(path))
            )
            and not target.startswith("/")
            and not self.index.exists(path)
        ):
            # a site URL, or raw HTML's `src="../assets/logo.svg"`, which no build rewrites:
            # both start at the URL the site serves the page at; so does a link MkDocs cannot
            # rewrite as it leads out of the docs folder (handcalcs' `../images/x.png` on
            # `docs/cell_magic.md`, served at `cell_magic/`: the site's `images/x.png`)
            path = self._site_url(doc.path, target) or path
        if target.startswith("/") and not self.index.exists(path):
            # a docs site's absolute link (`/cli/index.md`, `/patterns/supervisor/`) starts at
            # the site's source folder
            roots = self._site_roots()
            mine = (posixpath.join(r, path) for r in roots if doc.path.startswith(r + "/"))
            own = next(mine, path)
            # a copy of another repository (`json/`, a vendored test suite) has its own root
            folders = posixpath.dirname(doc.path).split("/")
            vendored = [
                posixpath.join(*folders[:i], path) for i in range(len(folders), 0, -1) if folders[0]
            ]
            # (or, where no site configuration is shipped to say, the site is built from a
            # folder of `docs/`, `docs/content/`: its pages are tried too)
            guessed = vendored if self._configured(doc.path) else vendored + [
                c for v in vendored for c in _page_files(v)[1:]
            ]  # fmt: skip
            path = self._first_existing(
                [*(c for r in roots for c in _page_files(posixpath.join(r, path))), *guessed],
                own,
            )  # else where the page's own site would have it (`docs/api/`, built)
        if (
            not self.index.exists(path)
            and doc.path in self._built_in
            and (ref.context in _SITE_ONLY or not doc.readme)
        ):
            # a page included into another, or copied (symlinked) into the docs, is built
            # there: its links resolve from that folder too (README.rst's toctree, in the docs
            # index that includes it; eodag's CONTRIBUTING.rst linking `notebooks/...` as
            # docs/contribute.rst, which includes it, sees them). A README's plain links must
            # also work where GitHub and PyPI show it on its own.
            folders = sorted(self._built_in.get(doc.path, ()))
            path = self._first_existing(
                (posixpath.normpath(posixpath.join(f, target)) for f in folders), path
            )
        original = self._original_folder(doc.path)
        if original is not None and not self.index.exists(path):
            # a symlink's links were written where its target lives (`docs/contributing.md`
            # -> `../CONTRIBUTING.md`, whose `CHANGELOG.md` is a sibling)
            path = self._first_existing(
                [posixpath.normpath(posixpath.join(original, target))], path
            )
        if (
            ref.context in _SITE_ONLY
            and not self.index.exists(path)
            and path.endswith((".rst", ".ipynb"))
        ):
            # `:doc:`CONTRIBUTING`` names a page by its stem: with MyST, `CONTRIBUTING.md`;
            # with nbsphinx or myst-nb, a notebook (`nbconvert_library.ipynb`); a toctree's
            # `examples/solar.ipynb` may be built from a `.nblink` stub (atlite's)
            stem = path.rpartition(".")[0]
            path = self._first_existing((stem + s for s in SOURCE_PAGES), path)
            if not self.index.exists(path) and self._builds_scripts(doc.path):
                # pint's toctree names `examples/*.py`: jupytext scripts nbsphinx builds
                path = self._first_existing([stem + ".py"], path)
        if path.endswith(".*") and not self.index.exists(path):
            # `.. image:: pyramid_router.*`: Sphinx picks the format the builder wants
            stem = path[:-1]
            path = next((f for f in sorted(self.index.files) if f.startswith(stem)), path)
        site = None
        if not self.index.exists(path) and not _file_suffix(target):
            # `[getting started](./getting-started)` on a page of a docs site: the site
            # serves the page without its suffix, from the page's folder or from the page's
            # own URL (`../connectors`); a repository view serves no such page
            site = self._site_url(doc.path, target)
        if site is not None:
            path = self._first_existing([*_page_files(path), *_page_files(site)], path)
        if not self.index.exists(path) and path.lower().endswith(".html"):
            # `cli-reference.html`: the page the docs build makes from `cli-reference.rst`
            # (or from a notebook: nbsphinx's `tuto_wekeo.html`)
            stem = path[: -len(".html")]
            path = self._first_existing((stem + s for s in SOURCE_PAGES), path)
        if not self.index.exists(path):
            path = self._first_existing(self._static_sources(path), path)
        if not self.index.exists(path):
            if not _file_suffix(path) and self._sphinx(posixpath.dirname(doc.path)):
                return Outcome("ignored", ref)  # a MyST cross-reference to a label or page
            if _sphinx_output(path):
                return Outcome("ignored", ref)  # Sphinx's output folders: made by the build
            if (
                self._filled_by_build(doc.path, path)
                or path in self._make_targets()
                or self._from_source_folder(path)
            ):
                return Outcome("ignored", ref)  # (hg-evolve's docs/makefile writes the
                # `tutorials/tutorial.rst` its toctree names from `tutorials/tutorial.t`)
            if (template := self._template_of(path)) is not None:
                # mplhep's `guide_styling.md`, written from `guide_styling_template.md` by
                # an MkDocs hook: its anchors are the template's headings
                if fragment:
                    return self._anchor(ref, template, fragment, self._anchors_of(template))
                return Outcome("resolved", ref, template)
            page = path.lower().endswith(DOCUMENT_SUFFIXES) or not _file_suffix(path)
            if page and self._published_elsewhere(doc.path):
                return Outcome("ignored", ref)  # a page of the site these docs are built into
            if self._written_by_docs_script(path):
                return Outcome("ignored", ref)  # `reference/cli.md`, an image: made by the build
            if posixpath.normpath(target) in self._copied_on(doc):
                # xarray-simlab's hidden `.. ipython::` block runs `dot_graph(model,
                # filename='savefig/advect_model.png')` before the image shows it
                return Outcome("ignored", ref)
            name = posixpath.basename(path)
            if "/" not in target.strip("./") and (
                self._looked_for(name)
                or name in self.index.key_literals
                or _quoted_elsewhere(doc, name, ref.line)
            ):
                # mkdocs-rss-plugin's `[feed_rss_created.xml](feed_rss_created.xml)`: a file
                # the project's code writes beside the page (its `default=` name), not a source
                return Outcome("ignored", ref)
            if page and self._autolinked(doc.path, path):
                return Outcome("resolved", ref, path)
            if page and path in self._generated_indexes():
                return Outcome("resolved", ref, path)  # a category page Docusaurus makes
            return Outcome(
                "dead-link",
                ref,
                message=f"link target `{target}` does not exist",
                suggestions=self._near_files(path),
            )
        if fragment and path.lower().endswith(DOCUMENT_SUFFIXES):  # headings are anchors
            return self._anchor(ref, path, fragment, self._anchors_of(path))
        return Outcome("resolved", ref, path)

    def _own_source(self, ref: Reference, href: str) -> Outcome | None:
        """A link into the project's own repository on its main branch, to a file of one of
        its packages (`github.com/scrapy/cssselect/blob/master/cssselect/xpath.py`): that
        module must exist in this tree. Other paths there (tests, CI files, a package's data
        folder) may be left out of the tree being checked (an sdist), and a tag's or a
        commit's link never goes stale."""
        found = _FORGE_FILE.match(href)
        if (
            found is None
            or found.group(1).lower().removesuffix(".git") not in self.index.repositories
        ):
            return None
        path = unquote(found.group(2)).strip("/")
        parts = path.split("/")
        top = parts[1] if parts[0] == "src" and len(parts) > 1 else parts[0]
        if top not in self.index.packages or not path.endswith(".py"):
            return None
        if self.index.exists(path):
            return Outcome("resolved", ref, path)
        # a monorepo whose one folder is this tree (certbot's `certbot/src/certbot/x.py`,
        # shipped as `src/certbot/x.py`)
        inner = next(
            (p for k in range(1, len(parts) - 1) if self.index.exists(p := "/".join(parts[k:]))),
            None,
        )
        if inner is not None:
            return Outcome("resolved", ref, inner)
        return Outcome(
            "dead-link",
            ref,
            message=f"link target `{path}` does not exist in the project's repository",
            suggestions=self._near_files(path),
        )

    def _original_folder(self, doc_path: str) -> str | None:
        """The folder (in the repository) of the file a symlinked document points to."""
        if doc_path not in self._originals:
            file = self.index.root / doc_path
            folder = None
            try:
                if file.is_symlink():
                    real = file.resolve().relative_to(self.index.root.resolve())
                    folder = posixpath.dirname(real.as_posix())
            except (OSError, ValueError):  # a link out of the repository, or broken
                folder = None
            self._originals[doc_path] = folder
        return self._originals[doc_path]

    def _site_url(self, doc_path: str, target: str) -> str | None:
        """The page a relative site URL (`../../reference/cli/`) means: a site serves
        `tutorials/getting-started.md` at `tutorials/getting-started/`, so the link starts
        there. None outside a docs site."""
        if not any(doc_path.startswith(r + "/") for r in self._site_roots()):
            return None
        start = posixpath.splitext(doc_path)[0]
        if posixpath.basename(start) in {"index", "README"}:
            start = posixpath.dirname(start)  # an index page is served at its folder
        page = posixpath.normpath(posixpath.join(start, target))
        return self._first_existing(_page_files(page), page)

    def _configured(self, doc_path: str) -> bool:
        """Whether a site configuration in the page's folder or above says where the site
        starts (Jekyll's `_config.yml`, Sphinx's `conf.py`, `mkdocs.yml`)."""
        folders = posixpath.dirname(doc_path).split("/")
        return any(
            self.index.exists(posixpath.join(*folders[:i], name) if i else name)
            for i in range(len(folders) + 1)
            for name in _SITE_CONFIGS
        )

    def _first_existing(self, candidates: Iterable[str], default: str) -> str:
        return next((p for p in candidates if self.index.exists(p)), default)

    def _site_roots(self) -> list[str]:
        """Folders a documentation site is built from: `docs/`, any holding a conf.py (or a
        Jupyter Book's `_toc.yml`, a MyST site's `myst.yml`), and the `docs/` beside a
        Docusaurus configuration (`website/docs`)."""
        roots = {
            posixpath.dirname(f)
            for f in self.index.files
            if f.endswith("conf.py") or posixpath.basename(f) in BOOK_CONFIGS
        }
        roots |= {"docs"} if self.index.exists("docs") else set()
        roots |= {
            posixpath.join(posixpath.dirname(f), "docs")
            for f in self.index.files
            if posixpath.basename(f) in _DOCUSAURUS
        }
        return sorted(r for r in roots if r)

    def _template_of(self, path: str) -> str | None:
        """The template a missing page is rendered from beside it (`guide_template.md`,
        `guide.md.in`, `guide.md.j2`): the docs build writes the page."""
        stem, suffix = posixpath.splitext(path)
        if suffix.lower() not in DOCUMENT_SUFFIXES:
            return None
        candidates = [f"{stem}_template{suffix}", f"{stem}.template{suffix}"]
        candidates += [f"{path}{end}" for end in (".in", ".j2", ".jinja", ".tmpl")]
        return next((c for c in candidates if self.index.exists(c)), None)

    def _filled_by_build(self, page: str, path: str) -> bool:
        """Whether a missing target lies in a folder a Sphinx build fills (`generated/`),
        absent from the repository, below a page of a Sphinx site."""
        parts = path.split("/")
        filled = _BUILD_FILLED | self._toctree_folders()
        stem = posixpath.splitext(parts[-1])[0]
        if posixpath.dirname(path) in self._apidoc_outputs and (
            stem == "modules" or stem.split(".")[0] in self.index.packages
        ):
            # daops' `sphinx-apidoc -o docs src/daops`: it writes docs/modules.rst (its
            # table of contents) and a page per package beside the sources
            return self._sphinx(posixpath.dirname(page))
        at = next((i for i, p in enumerate(parts[:-1]) if p in filled), None)
        if at is None or self.index.exists("/".join(parts[: at + 1])):
            return False
        return self._sphinx(posixpath.dirname(page))

    def _copied_on(self, doc: Document) -> frozenset[str]:
        """The files the page's own steps make (`_copied_on_page`), read once per page (a
        draft of the same path is another document, read again)."""
        seen = self._copies_made.get(doc.path)
        if seen is None or seen[0] is not doc:
            seen = self._copies_made[doc.path] = (doc, _copied_on_page(doc.lines))
        return seen[1]

    def _from_source_folder(self, path: str) -> bool:
        """Whether a missing page has its source in a sibling folder named for it
        (`docs/api/audb.rst` from `docs/api-src/audb.rst`: audb's `sphinx_apipages`
        extension copies one folder into the other before the build reads it)."""
        folder, _, name = path.rpartition("/")
        if not folder:
            return False
        stem = posixpath.splitext(name)[0]
        if any(
            self.index.exists(f"{folder}{tail}/{stem}{suffix}")
            for tail in ("-src", "_src", "-source", "_source", "-sources", "_sources")
            for suffix in (".rst", ".md", ".txt")
        ):
            return True
        # acom-music-box's `.readthedocs.yaml` runs `cp -r tutorials/* docs/source/tutorials/`
        # before Sphinx reads its toctree of `1. basic_workflow` (a notebook)
        for dest, sources in self._build_copies().items():
            if not path.startswith(dest + "/"):
                continue
            rest = path[len(dest) + 1 :]
            base = posixpath.splitext(rest)[0]
            candidates = [rest, *(base + suffix for suffix in SOURCE_PAGES)]
            if any(self.index.exists(f"{source}/{c}") for source in sources for c in candidates):
                return True
        return False

    def _build_copies(self) -> dict[str, list[str]]:
        """The folders the docs build copies before it runs (`cp -r tutorials/* docs/x/` in a
        `.readthedocs.yaml`, a Makefile or a script), by destination, from the top."""
        if self._copies_by_build is None:
            found: dict[str, list[str]] = {}
            for path, text in self._build_texts().items():
                here = posixpath.dirname(path)
                for words in _COPY.findall(text):
                    *sources, dest = [w.strip("'\"") for w in words.split()]
                    dest = posixpath.normpath(posixpath.join(here, dest)).rstrip("/")
                    for source in sources:
                        folder = posixpath.normpath(posixpath.join(here, source.removesuffix("*")))
                        found.setdefault(dest, []).append(folder)
                        found.setdefault(f"{dest}/{posixpath.basename(folder)}", []).append(folder)
            self._copies_by_build = found
        return self._copies_by_build

    def _make_targets(self) -> frozenset[str]:
        """The files the repository's makefiles say they make (`tutorials/tutorial.rst:
        tutorials/tutorial.t test2rst.py` in `docs/makefile`), as repository paths: a build
        step writes them, so no checkout has them."""
        if self._targets is None:
            found: set[str] = set()
            texts = {
                path: text
                for path, text in self._build_texts().items()
                if posixpath.basename(path) in _MAKEFILES or path.endswith(".mk")
            }
            # `$(TARGET):` in an included rules.mk: each makefile's `TARGET := DD` names
            # a file made in its folder (Corrfunc's `theory/DD/DD`, `lib$(LIBNAME).a`)
            made_by = {m for text in texts.values() for m in _MAKE_VARIABLE_RULE.findall(text)}
            for path, text in texts.items():
                folder = path.rpartition("/")[0]
                values = dict(_MAKE_ASSIGNMENT.findall(text))
                targets = [t for rule in _MAKE_RULE.findall(text) for t in rule.split()]
                targets += [values[v] for v in made_by if v in values]
                for target in (_make_expand(t, values) for t in targets):
                    found.update(
                        posixpath.normpath(posixpath.join(folder, t))
                        for t in target.split()
                        if "$" not in t and "%" not in t and not t.startswith(".")
                    )
            self._targets = frozenset(found)
        return self._targets

    def _toctree_folders(self) -> frozenset[str]:
        """The folders the docs' build writes pages into, by name, read once: autosummary's
        (ridgeplot's `:toctree: public/`, from the reST pages that say so) and
        sphinx-apidoc's (ravenpy's Makefile runs `sphinx-apidoc -o docs/apidoc ...`)."""
        if self._toctrees is None:
            found: set[str] = set()
            outputs: set[str] = set()  # where sphinx-apidoc writes, from the repository's top
            for path in sorted(self.index.files):
                if not path.endswith((".rst", ".md")):
                    continue
                try:
                    text = (self.index.root / path).read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                if ":toctree:" in text:
                    found.update(m.rstrip("/").rsplit("/", 1)[-1] for m in _TOCTREE.findall(text))
            for path, text in self._build_texts().items():
                if "apidoc" in text:
                    found.update(m.rstrip("/").rsplit("/", 1)[-1] for m in _APIDOC.findall(text))
                    outputs.update(
                        posixpath.normpath(posixpath.join(posixpath.dirname(path), m))
                        for m in _APIDOC.findall(text)
                    )
            self._toctrees = frozenset(found - {"", ".", ".."})
            self._apidoc_outputs = frozenset(outputs)
        return self._toctrees

    def _build_texts(self) -> dict[str, str]:
        """The texts of the files that run a docs build's steps (makefiles and the `.mk`
        files they include, tox, nox, `.readthedocs.yaml`, conf.py, shell and batch
        scripts), by path, read once."""
        if self._build_files is None:
            self._build_files = {}
            for path in sorted(self.index.files):
                base = posixpath.basename(path)
                if base not in _BUILD_FILES and not base.endswith((".sh", ".bat", ".mk")):
                    continue
                try:
                    text = (self.index.root / path).read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                self._build_files[path] = text
        return self._build_files

    def _written_by_docs_script(self, path: str) -> bool:
        """Whether a missing page is one a script of the docs writes at build time.

        bump-my-version's `docs/scripts/generate_reference.py` writes `reference/cli.md` and
        `reference/api/**` before the site is built: the first part of the path that does not
        exist (`cli.md`, `api`) is spelt as a string in a Python file of that docs folder, or
        in the build's task file at the top (pytest-cases' `noxfile.py` writes
        `docs/reports/junit/report.html`).
        """
        root = next((r for r in self._site_roots() if path.startswith(r + "/")), None)
        if root is None:
            return False
        if root not in self._scripts:
            # (and beside a nested site root, its local Sphinx extensions in `ext/`: os-traits'
            # `doc/ext/traits.py` writes `doc/source/reference/traits.rst`)
            beside = posixpath.join(posixpath.dirname(root), "ext") if "/" in root else ""
            generators = {g for site in self._mkdocs_sites() for g in site.generators}
            self._scripts[root] = _script_facts(
                (self.index.root / f, f.startswith(root + "/")) for f in self.index.files
                if (f.startswith(root + "/") and f.endswith(".py")) or f in _TASK_FILES
                or _DOCS_SCRIPT.match(f)  # pyinfra's scripts/generate_connectors_docs.py
                or f in generators
                or (beside and f.startswith(beside + "/") and f.endswith(".py"))
            )  # fmt: skip
        parts = path.split("/")
        missing = next(
            (p for i, p in enumerate(parts) if not self.index.exists("/".join(parts[: i + 1]))),
            "",
        )
        words, made, filled = self._scripts[root]
        if any(f"/{folder}/" in f"/{path}" for folder in filled):
            return True  # colour's conf.py unpacks its plots into `_static`: any file there
        stem = posixpath.splitext(posixpath.basename(path))[0]
        page = path.lower().endswith(DOCUMENT_SUFFIXES)
        if page and missing != posixpath.basename(path) and stem.lower() in {"index", "readme"}:
            # a folder the script fills with its pages (`connectors/{name}.md`) has an index
            # only where the script spells one
            return stem in words
        if missing in words or posixpath.splitext(missing)[0] in words:
            return True
        # h11's make-state-diagrams.py writes `<role>.svg` into `_static`: a file whose
        # folder and suffix a docs script spells, named by a value it computes
        folder, suffix = posixpath.basename(posixpath.dirname(path)), posixpath.splitext(path)[1]
        spelt = suffix[1:] in words or suffix in words  # `"svg"`, or `.with_suffix(".md")`
        if missing == posixpath.basename(path) and folder in words and spelt:
            return True
        # uproot's conf.py runs a script writing `classname + ".rst"` and `modulename +
        # ".toctree"` beside itself: a suffix spelt alone, added to names it computes
        here = posixpath.dirname(path) == root
        return missing == posixpath.basename(path) and here and suffix in made

    def _generated_indexes(self) -> AbstractSet[str]:
        """The pages a Docusaurus site makes for its categories: a folder's `_category_.json`
        (or `.yml`) with a `generated-index` link is served at its `slug`, by default
        `category/<label as an anchor>` under the docs folder (clusterscope's
        `./category/cli---command-line-interface` for "CLI - Command Line Interface")."""
        if self._categories is None:
            self._categories = set()
            for root in self._site_roots():
                for file in sorted(self.index.files):
                    if not (file.startswith(root + "/") and _is_category_file(file)):
                        continue
                    if (page := self._category_page(root, file)) is not None:
                        self._categories.add(page)
        return self._categories

    def _category_page(self, root: str, file: str) -> str | None:
        """The page a category file makes under the site's `root`, if a generated index."""
        import yaml  # JSON is YAML too; imported here: most projects have no category

        try:
            data = yaml.safe_load((self.index.root / file).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError):
            return None  # an unreadable category file makes no page we could name
        link = data.get("link") if isinstance(data, dict) else None
        if not isinstance(link, dict) or link.get("type") != "generated-index":
            return None
        slug = link.get("slug")
        if not isinstance(slug, str):
            label = data.get("label")
            if not isinstance(label, str):
                label = posixpath.basename(posixpath.dirname(file))  # the folder's name
            slug = "category/" + github_slug(label)
        return posixpath.normpath(posixpath.join(root, slug.strip("/")))

    def _published_elsewhere(self, doc_path: str) -> bool:
        """Whether the document is a page of a docs site that another repository builds.

        pydantic-settings ships `docs/` with an mkdocs.yml whose `repo_url` is pydantic/pydantic:
        its pages are built into pydantic's site, where a link to `fields.md` finds the parent
        project's page. Such a link is unknown here, not dead. A site whose `repo_url` is the
        project's own (per its package metadata) keeps every missing page a dead link.
        """
        return any(
            doc_path.startswith(site.folder) and site.foreign(self.index.repositories)
            for site in self._mkdocs_sites()
        )

    def _autolinked(self, doc_path: str, path: str) -> bool:
        """Whether an MkDocs site with the autolinks plugin finds the page by its file name
        anywhere in its docs folder (pypsa's `[features](features.md)` from `docs/index.md`
        for `docs/home/features.md`)."""
        name = "/" + posixpath.basename(path)
        return any(
            site.autolinks
            and doc_path.startswith(site.folder)
            and any(f.startswith(site.folder) and f.endswith(name) for f in self.index.files)
            for site in self._mkdocs_sites()
        )

    def _mkdocs_sites(self) -> list[_MkdocsSite]:
        """The MkDocs sites the tree configures, read once."""
        if self._sites is None:
            self._sites = []
            for config in (f for f in sorted(self.index.files) if f.endswith(_MKDOCS)):
                if posixpath.basename(config) not in _MKDOCS:
                    continue
                try:
                    text = (self.index.root / config).read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                keys = {m[1]: m[2] for m in _MKDOCS_KEY.finditer(text)}
                site = posixpath.join(posixpath.dirname(config), keys.get("docs_dir", "docs"))
                site = posixpath.normpath(site).strip("/")
                self._sites.append(
                    _MkdocsSite(
                        "" if site == "." else site + "/",
                        repository_name(keys.get("repo_url", "")),
                        bool(_AUTOLINKS.search(text)),
                        _url_path(keys.get("site_url", "")),
                        tuple(
                            posixpath.normpath(posixpath.join(posixpath.dirname(config), entry))
                            for block in _GEN_FILES.findall(text)
                            for entry in re.findall(r"-\s*['\"]?([^'\"\s#]+)", block)
                        ),
                    )
                )
        return self._sites

    def _leaves_mkdocs(self, page: str, path: str) -> bool:
        """Whether `page` is in an MkDocs site's docs folder and `path` lies outside it."""
        return any(
            s.folder and page.startswith(s.folder) and not path.startswith(s.folder)
            for s in self._mkdocs_sites()
        )

    def _sites_under(self, page: str) -> bool:
        """Whether `page` is a page of an MkDocs site of the tree."""
        return any(page.startswith(s.folder) for s in self._mkdocs_sites())

    def _served_under(self, page: str) -> str:
        """The URL path the MkDocs site holding `page` is served under (`changelog-gen/`),
        or "" (served at the host's top, or no MkDocs site)."""
        return next(
            (s.served for s in self._mkdocs_sites() if s.served and page.startswith(s.folder)), ""
        )

    def _static_sources(self, path: str) -> list[str]:
        """The files a Sphinx build copies to `path` when it lies in the built `_static/`:
        each `html_static_path` entry's contents land there (pyrodigal lists
        `_static/bibtex`, so `_static/citation.bib` is `docs/_static/bibtex/citation.bib`)."""
        root = self._sphinx_root(posixpath.dirname(path))
        prefix = f"{root}/_static/" if root else "_static/"
        if root is None or not path.startswith(prefix):
            return []
        rest = path[len(prefix) :]
        if root not in self._static_paths:
            conf = self.index.root / posixpath.join(root, "conf.py")
            self._static_paths[root] = sphinx_list(conf, "html_static_path")
        found = []
        for entry in self._static_paths[root]:
            source = posixpath.normpath(posixpath.join(root, entry))
            found.append(posixpath.join(source, rest))
            if posixpath.basename(source) == rest:
                found.append(source)  # a file listed on its own is copied as itself
        return found

    def _builds_scripts(self, page: str) -> bool:
        """Whether the Sphinx project of `page` builds pages from Python scripts: nbsphinx's
        `nbsphinx_custom_formats` (jupytext), myst-nb's `nb_custom_formats`, sphinx-gallery."""
        root = self._sphinx_root(posixpath.dirname(page))
        if root is None:
            return False
        if root not in self._script_pages:
            conf = self.index.root / posixpath.join(root, "conf.py")
            try:
                text = conf.read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
            self._script_pages[root] = bool(_SCRIPT_PAGES.search(text))
        return self._script_pages[root]

    def _sphinx(self, folder: str) -> bool:
        """Whether a document lives in a Sphinx project, where links may name labels."""
        return self._sphinx_root(folder) is not None

    def _sphinx_root(self, folder: str) -> str | None:
        """The source folder (the one with `conf.py`) of the Sphinx project `folder` is in."""
        while True:
            if self.index.exists(posixpath.join(folder, "conf.py")):
                return folder
            if not folder:
                return None
            folder = posixpath.dirname(folder)

    def _anchor(
        self, ref: Reference, path: str, fragment: str, anchors: AbstractSet[str] | None
    ) -> Outcome:
        # GitHub prefixes a heading's id with `user-content-`, Bitbucket with
        # `markdown-header-` (checkv's table of contents, written for Bitbucket)
        name = unquote(fragment).lower().removeprefix("user-content-")
        name = name.removeprefix("markdown-header-")
        if not name or anchors is None or name in anchors:
            return Outcome("resolved" if name else "ignored", ref, f"{path}#{name}")
        if name == "readme" and posixpath.basename(path).lower().startswith("readme"):
            # GitHub's repository page shows the README in a container with the id `readme`
            return Outcome("resolved", ref, f"{path}#{name}")
        if self._autodoc_member(fragment, anchors):
            return Outcome("resolved", ref, f"{path}#{name}")
        if _DOCUTILS_AUTO_ID.fullmatch(name) and self._numbers_notes(path):
            # metsim's `index.rst#id10`: an id docutils numbers itself, a footnote's or a
            # citation's, in the order the page holds them (a page with none has no `#id1`)
            return Outcome("ignored", ref)
        if _FILE_FRAGMENT.match(name) and name not in self._labels:
            # `[Borgs](#borgs/index.md)`: a sample navigation shown rendered, whose links go
            # nowhere on purpose; no heading's anchor holds a path
            return Outcome("ignored", ref)
        close = difflib.get_close_matches(name, sorted(anchors), n=3)
        return Outcome(
            "dead-link",
            ref,
            message=f"anchor `#{fragment}` matches no heading in {path}",
            suggestions=tuple(f"#{c}" for c in close),
        )

    def _document_named(self, doc: Document, name: str) -> bool:
        """wakepy's `[User Guide](#user-guide)` on a MyST page of a Sphinx project: with no
        target on the page, MyST resolves `#name` across the project, documents too
        (`user-guide.md` beside the page)."""
        folder = posixpath.dirname(doc.path)
        if not doc.path.endswith(".md") or not name or "/" in name or not self._sphinx(folder):
            return False
        return any(
            self.index.exists(posixpath.join(folder, name + suffix))
            for suffix in (".md", ".rst", ".ipynb")
        )

    def _autodoc_member(self, fragment: str, anchors: AbstractSet[str]) -> bool:
        """`#ape.api.accounts.AccountAPI.transfer` on a page whose autodoc directive documents
        `ape.api.accounts` (or its class): an id Sphinx gives a member it lists, when the
        project has that member."""
        full = unquote(fragment).removeprefix("module-")
        programs = [a[len(CLICK_DOC) :] for a in anchors if a.startswith(CLICK_DOC)]
        for program in programs:  # sphinx-click's `#accounts-generate`: a sub-command's
            words = full.lower().removeprefix(f"{program}-")
            if words != full.lower() and words.rsplit("-", 1)[-1] in self.index.subcommands:
                return True
            if words != full.lower() and words in self.index.subcommands:
                return True
        owners = [a[len(AUTODOC) :] for a in anchors if a.startswith(AUTODOC)]
        lowered = full.lower()
        return any(lowered.startswith(f"{o}.") for o in owners) and (
            self.index.names.lookup(full) is not None
        )

    def remember(self, doc: Document, text: str) -> None:
        """Keep what links need from a parsed document: its anchors (so a link to it never
        parses it again), which documents it includes, and whether it is a copy of another
        (a symlink such as docs/index.rst -> README.rst): the links of a page built in
        another folder may resolve from that folder.
        """
        self._anchors[doc.path] = None if doc.generated else doc.anchors
        self._labels.update(doc.labels)
        folder = posixpath.dirname(doc.path)
        for ref in doc.references:
            if ref.context == "include" and not _SCHEME.match(ref.text):
                included = posixpath.normpath(posixpath.join(folder, ref.text.strip()))
                self._built_in.setdefault(included, set()).add(folder)
        twins = self._copies.setdefault(hash(text), [])
        for twin in twins:
            self._built_in.setdefault(twin, set()).add(folder)
            self._built_in.setdefault(doc.path, set()).add(posixpath.dirname(twin))
        twins.append(doc.path)

    def _anchors_of(self, path: str) -> AbstractSet[str] | None:
        if path not in self._anchors:
            self._anchors[path] = _file_anchors(self.index.root / path, path)
        return self._anchors[path]


def _file_anchors(file: Path, path: str) -> frozenset[str] | None:
    """The anchors of a document on disk, parsed once per version of the file.

    A writer verifies draft after draft, each with a fresh resolver: without this, every call
    parsed every page its links point into again (half of a `verify()` call).
    """
    try:
        stat = file.stat()
    except OSError:
        return None
    return _parsed_anchors(str(file), path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _parsed_anchors(file: str, path: str, mtime_ns: int, size: int) -> frozenset[str] | None:
    del mtime_ns, size  # the cache key: a changed file is parsed again
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    doc = read_document(text, path)
    return None if doc.generated else frozenset(doc.anchors)


_FILE_FRAGMENT = re.compile(r"^(?:[\w.-]+/)*[\w-]+\.(?:md|rst|html?|txt|ya?ml)$")


def sphinx_list(conf: Path, key: str) -> list[str]:
    """The strings of a list a Sphinx `conf.py` assigns at its top (`exclude_patterns =
    ["_build", "old"]`, `html_static_path = ["_static/bibtex"]`), read, never run."""
    try:
        tree = ast.parse(conf.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return []
    for node in tree.body:
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.List | ast.Tuple):
            continue
        if any(isinstance(t, ast.Name) and t.id == key for t in node.targets):
            values = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
            return [v for v in values if isinstance(v, str)]
    return []


def _script_facts(
    files: Iterable[tuple[Path, bool]],
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What the Python files a docs build runs say of the pages they make, each file read
    once: the path parts and their stems their string literals spell (`"reference"`,
    `"cli.md"`, `"/reference/api/"`); for the files inside the docs folder (`True`)
    that write files, the suffixes they add to names they compute (`name + ".rst"`,
    `f"{name}.toctree"`); and the folders they unpack an archive into
    (`unpack_archive(archive, "_static")`), whose files no one can list beforehand."""
    words: set[str] = set()
    suffixes: set[str] = set()
    filled: set[str] = set()
    for file, inside in files:
        try:
            tree = ast.parse(file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for part in node.value.split("/"):
                    if part and len(part) < 80:
                        words.update((part, posixpath.splitext(part)[0]))
            elif isinstance(node, ast.Dict):
                # sphinx-gallery's `"gallery_dirs": ["examples"]`: pages it renders there
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "gallery_dirs":
                        filled.update(_strings(value))
            elif isinstance(node, ast.Call) and _UNPACKS.match(called := _called_name(node)):
                given = node.args if called == "extractall" else node.args[1:]  # the folder
                filled.update(
                    a.value.strip("/")
                    for a in [*given, *(k.value for k in node.keywords)]
                    if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value
                )
        if inside and _writes_files(tree):
            suffixes.update(_added_suffixes(tree))
    return frozenset(words), frozenset(suffixes), frozenset(filled)


# `shutil.unpack_archive(archive, "_static")`, `zipfile.ZipFile(f).extractall("_static")`
_UNPACKS = re.compile(r"^(?:unpack_archive|extractall)$")


def _strings(node: ast.expr) -> list[str]:
    """The folders a string, a path built of strings (`str(Path() / "cli" / "examples")`,
    `os.path.join("auto", "ex")`) or a list of them spells."""
    items = node.elts if isinstance(node, ast.List | ast.Tuple) else [node]
    found = []
    for item in items:
        parts = [
            n.value.strip("/")
            for n in ast.walk(item)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        ]
        folder = "/".join(p for p in parts if p not in {"", "."})
        if folder:
            found.append(folder)
    return found


def _called_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _writes_files(tree: ast.Module) -> bool:
    """Whether a module writes files: `open(path, "w")`, `.write(...)`, `.write_text(...)`."""
    return any(
        isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Attribute) and n.func.attr in {"write_text", "write"})
            or (
                isinstance(n.func, ast.Name)
                and n.func.id == "open"
                and any(isinstance(a, ast.Constant) and a.value in {"w", "wb"} for a in n.args)
            )
        )
        for n in ast.walk(tree)
    )


def _added_suffixes(tree: ast.Module) -> Iterator[str]:
    """The suffixes a module adds to a computed name: `name + ".rst"`, `f"{name}.rst"`."""
    for node in ast.walk(tree):
        tail: ast.expr | None = None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            tail = node.right
        elif isinstance(node, ast.JoinedStr) and len(node.values) > 1:
            tail = node.values[-1]
        if (
            isinstance(tail, ast.Constant)
            and isinstance(tail.value, str)
            and _SUFFIX.fullmatch(tail.value)
        ):
            yield tail.value


_SUFFIX = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}")


# a file's name that stands for the reader's own: `plugins/pluginname.py`, `yourmodule.py`
_LETTER_PART = re.compile(r"[XYZN](?:\.\w+)?|\w+_[XYZN](?:\.\w+)?")  # `X`, `test_X.py`
_PLACEHOLDER_STEMS = frozenset(
    {"pluginname", "modulename", "packagename", "projectname", "appname", "filename", "name"}
)
# a build script kept with the project's tools that writes pages: `scripts/gen_docs.py`
# (also mkdocstrings' recipe for mkdocs-gen-files, `scripts/gen_ref_pages.py`)
_DOCS_SCRIPT = re.compile(
    # (or a package's own, pymedphys' `lib/pymedphys/_dev/docs.py`; ax-platform's
    # `scripts/convert_ipynb_to_mdx.py` writes the tutorial pages from notebooks)
    r"^(?:[\w.-]+/)*(?:scripts|tools|bin|_?dev)/"
    r"[\w.-]*(?:docs?|ref|pages|reference|ipynb|notebooks?|mdx)[\w.-]*\.py$",
    re.I,
)


def _is_category_file(file: str) -> bool:
    """Whether a file is a Docusaurus category's metadata (`_category_.json`, `.yml`)."""
    return posixpath.basename(file) in {"_category_.json", "_category_.yml", "_category_.yaml"}


def _page_files(page: str) -> list[str]:
    """The files a site may serve at `page` (`tutorials/start/`): the path itself, the page
    with a document suffix, or the folder's index."""
    page = page.rstrip("/")
    return [
        page,
        *(page + s for s in DOCUMENT_SUFFIXES),
        *(f"{page}/index{s}" for s in DOCUMENT_SUFFIXES),
    ]


def drawn_tree(lines: Sequence[str]) -> set[str]:
    """The names a page's drawn directory trees hold (`├── bar.egg-info/` gives
    `bar.egg-info`), whether a literal block or a fenced one draws them."""
    return {m.rstrip("/") for m in _TREE_ENTRY.findall("\n".join(lines))}


# a step that makes a file: `cp config-example.json eta/config.json`, `touch .env`
_WRITTEN_BY_CODE = re.compile(
    r"(?:\b(?:file_?name|fname|out_?file|output_?file|save_?path)\s*=\s*"
    r"|\.(?:savefig|save|to_[a-z]+|write_[a-z]+)\(\s*)[rbf]?['\"]([\w./-]+\.\w+)['\"]"
)
_MAKING_STEP = re.compile(r"^\s*(?:\$\s+)?(?:sudo\s+)?(cp|mv|ln|touch|install)\s+(.+)$")


def _copied_on_page(lines: Sequence[str]) -> frozenset[str]:
    """The files a page's own steps make by copying, moving, linking or touching them: the
    destination of `cp`, `mv`, `ln`, `install` (into a folder: the source's name there)
    and every file `touch` names; and the files its code saves by name. The repository does
    not hold them; the reader's copy (or the docs build, running the code) does."""
    made: set[str] = set()
    for line in lines:
        # and those its code writes: `savefig("out/plot.png")`, `filename='savefig/x.png'`
        made.update(posixpath.normpath(m) for m in _WRITTEN_BY_CODE.findall(line))
        step = _MAKING_STEP.match(line)
        if step is None:
            continue
        try:
            words = [w for w in shlex.split(step.group(2), comments=True) if not w.startswith("-")]
        except ValueError:
            continue
        if step.group(1) == "touch":
            made.update(posixpath.normpath(w) for w in words)
        elif len(words) >= 2:
            target = words[-1]
            if target.endswith("/"):
                target += posixpath.basename(words[0])
            made.add(posixpath.normpath(target))
    return frozenset(made)


def _sphinx_output(path: str) -> bool:
    """Whether a path lies in a folder a Sphinx build writes (`docs/_build/`, a separate
    layout's `sphinx/build/html/`): no repository ships it, whatever folder it starts in."""
    return bool(_SPHINX_OUTPUT & set(path.split("/")) or _SPHINX_BUILDER_OUTPUT.search(path))


def _offered_as_example(doc: Document, ref: Reference, text: str) -> bool:
    """Whether the words just before a path offer it as an example ("e.g. ``constance/
    images``", "for example `deepdiff/multiprocessing.py`"): a value or a file to make, not
    one the repository claims to have."""
    before = before_span(doc.lines, ref.line, text)
    return before is not None and bool(_EXAMPLE_WORDS.search(before))


def _made_by_the_steps(doc: Document, ref: Reference, text: str) -> bool:
    """Whether the sentence says the path is what a step makes ("``etc/x.conf.sample`` is
    generated", "this creates `build/report.html`"): an output of the documented commands,
    which no repository ships."""
    before = before_span(doc.lines, ref.line, text) or ""
    if not before.strip(" \t`'\"*") and 1 < ref.line <= len(doc.lines):
        # hyperkitty's "you should create a file" then ``example_project/settings_local.py``
        # opening the next line: the sentence wraps before the span
        before = doc.lines[ref.line - 2].rstrip() + " " + before.strip()
    after = after_span(doc.lines, ref.line, text) or ""
    return bool(_MADE_AFTER.match(after) or _MADE_BEFORE.search(before))


def _braces(pattern: str) -> list[str]:
    """A glob's brace alternatives spelled out: `x.{yaml,yml}` gives `x.yaml` and `x.yml`."""
    found = re.search(r"\{([^{}]*)\}", pattern)
    if found is None:
        return [pattern]
    head, tail = pattern[: found.start()], pattern[found.end() :]
    return [p for part in found.group(1).split(",") for p in _braces(head + part + tail)]


def _fixed_name(pattern: str) -> bool:
    """Whether a glob names its files (`requirements.yml`), not any file of a folder (`*.py`)."""
    return len(re.sub(r"[*?\[\]]", "", posixpath.basename(pattern)).split(".")[0]) >= 3


def _make_expand(text: str, values: dict[str, str], depth: int = 0) -> str:
    """A makefile's words with the variables it sets on one line filled in (`lib$(LIBNAME).a`
    is `libcountpairs.a`); one it does not set stays a `$(...)` reference."""
    if depth > 5 or "$" not in text:
        return text
    filled = _MAKE_REFERENCE.sub(lambda m: values.get(m.group(1), m.group(0)), text)
    return filled if filled == text else _make_expand(filled, values, depth + 1)
