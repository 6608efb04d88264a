"""Find the code references a reStructuredText document makes, like `refs` does for Markdown.

A careful line-based reader rather than docutils: real `.rst` docs are Sphinx sources full of
roles and directives plain docutils does not know (each one an error node), and docutils gives
inline literals no line numbers. This reader knows the block structure that matters (sections,
directives and their indented bodies, `::` literal blocks, doctest blocks, comments, targets)
and reads inline markup per paragraph: ``literals``, Python roles (`:func:`, `:class:`,
`:meth:`, `:mod:`, `:attr:`, `:data:`, `:exc:`, `:obj:`, `:const:`, with `~`/`!` and
`Title <target>` forms), `:envvar:`, `:option:`, `:doc:` and hyperlinks. Code blocks go through
the same handling as Markdown's fenced blocks (`refs.add_block`).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import replace

from klaro.verify.mentions import (
    dotted_mentions,
    env_mentions,
    heading_name,
    heading_signature,
    prose_names,
)
from klaro.verify.refs import (
    AUTODOC,
    CLICK_DOC,
    ITEM_NAME,
    WEB,
    Document,
    Reference,
    add_block,
    add_plain_commands,
    add_setup,
    add_words,
    argument_list_owner,
    docutils_id,
)
from klaro.verify.sections import UNDERLINE, indented_end

_DIRECTIVE = re.compile(r"^(\s*)\.\.\s+(?:\|([^|]+)\|\s+)?([\w:.-]+)::(?:\s+(.*))?$")
_TARGET = re.compile(r"^(\s*)\.\.\s+_(`[^`]+`|[^:`]+):\s*(.*)$")  # `` _`Type: Bug`: url``
_COMMENT = re.compile(r"^(\s*)\.\.(?:\s|$)")
# `vdirsyncer.service_`: a hyperlink reference to a target of that name, not a dotted name
_WORD_REFERENCE = re.compile(r"(?<![\w.])[A-Za-z][\w.+-]*?[A-Za-z0-9]__?(?!\w|\.\w)")
_OPTION_LINE = re.compile(r"^\s*:[\w -]+:")
_FENCE = re.compile(r"^\s*(`{3,})\s*([\w+-]*)\s*$")  # a Markdown fence, written in reST
_LIST_ITEM = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)]|#[.)]|\(\d+\)|[a-zA-Z][.)])\s+(?=\S)")
_INLINE = re.compile(
    r"(?P<literal>``(?!\s)(?P<code>.+?)(?<!\s)``(?!`))"
    r"|(?::(?P<role>[\w.+-]+(?::[\w.+-]+){0,2}):`(?P<target>[^`]+)`)"
    r"|(?P<link>`(?P<title>[^`<]*)<(?P<url>[^`>]+)>`__?)"
    # `name` with the default role: Sphinx makes it a cross-reference when `default_role`
    # is set, and Markdown habits write code this way; a reference `name`_ is not
    r"|(?<![`:\w])`(?P<interpreted>[^`\s](?:[^`]*[^`\s])?)`(?![`_\w])",
    re.S,
)
_ENV_REFERENCE = re.compile(r"(?<![\w`])`\$([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`__?(?!\w)")
_PY_ROLES = {"func", "class", "meth", "mod", "attr", "data", "exc", "obj", "const", "function"}
_CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "doctest", "testcode", "ipython"}
_SHELL_DIRECTIVES = {"prompt"}
_AUTO = re.compile(
    r"^(?:auto(?:module|class|function|method|attribute|exception|data)|py:\w+"
    r"|module|currentmodule"  # the Python domain's directives, written bare
    r"|function|method|classmethod|staticmethod|class|exception|decorator|attribute|data)$"
)
# directives that describe a member of the class around them, and those of callables
_MEMBERS = frozenset({"method", "classmethod", "staticmethod", "attribute", "property"})
_NESTED = frozenset({"data", "function", "class", "exception"})  # inside a class: its own
_CALLABLES = frozenset(
    {"function", "method", "classmethod", "staticmethod", "class", "exception", "decorator"}
)
_BASE_NAME = re.compile(r"^(?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*$|^[A-Z]\w*$")  # `pkg.base.Options`
# a definition-list term that is a call sketch: colorama's `init(strip=None):` over the text
# that explains the keyword
_CALL_TERM = re.compile(r"^([A-Za-z_][\w.]*\([^()]*\))\s*:?$")
# an entry that says its object is missing: a plan kept in the reference, not a claim
# (also pyepics' "*Not implemented*: Python exceptions are raised..." and a bare one)
_ABSENT = re.compile(r"\bnot(?: yet)? implemented(?: yet)?[*_]*\s*(?:[!.:]|$)", re.I)
_NESTED_DIRECTIVE = re.compile(r"^\s+\.\.\s+[\w:-]+::")
# autodoc's explicit member list; `:special-members: __call__` and `:exclude-members:` filter
# (under `automodule`, the special members of every class in it), they claim nothing
_MEMBERS_OPTION = re.compile(r"^\s+:members:\s*(\S.*)$")
_PARAM_FIELD = re.compile(r"^\s+:(?:param|parameter|arg|argument|key|keyword)\s+(?:[^:]*\s)?(\w+):")
_SKIPPED_BODY = {"raw", "math", "only-html", "graphviz", "mermaid", "csv-table"}
_LINKED = {"image", "figure", "include", "literalinclude"}
_SPHINX_PAGES = frozenset({"self", "genindex", "modindex", "py-modindex", "search"})
_SUBSTITUTION = re.compile(r"\|[^|\s][^|]*\|")  # `|author|`, a substitution reference
# docutils' option list marker (its `option_marker` pattern): an option group (`--purge, -p`,
# `-x patterns`, `--ignore=PATTERN`, `-o <file>`), then two spaces or the end of the line
_OPTION_ARGUMENT = r"(?:[a-zA-Z][a-zA-Z0-9_-]*|<[^<>]+>)"
_ONE_OPTION = (
    rf"(?:[-+][a-zA-Z0-9](?: ?{_OPTION_ARGUMENT})?"
    rf"|(?:--|/)[a-zA-Z0-9][a-zA-Z0-9_-]*(?:[ =]{_OPTION_ARGUMENT})?)"
)
_OPTION_MARKER = re.compile(rf"{_ONE_OPTION}(?:, {_ONE_OPTION})*(?:  +| ?$)")


# a definition-list term that is one identifier: a keyword's name
# a bullet that opens with the name it is about, bold or literal (`- **cms**: *bool*: ...`)
# (a parameter's name: lower case, not a class named in a list of a module's classes)
# "- **max_redirects**: ...", "- ``color``/``bg_color``" alone on the item's line
_NAMED_ITEM = re.compile(
    r"^\s*[-*+]\s+((?:(?:\*\*|``)[a-z_]\w*(?:\*\*|``)\s*(?:[,/]|and|or)?\s*)+?)\s*(?:[:(]|$)"
)
_TERM_WORD = re.compile(r"^\s*[A-Za-z_]\w*\s*$")


def _named(argument: str, documented: list[str]) -> str:
    """`search_base` in a directive's signature that a `:param search_base:` field documents:
    the keyword `search_base=...`; other arguments stay as written."""
    return f"{argument}=..." if argument in documented else argument


def parse_rst(text: str, path: str) -> Document:
    """Parse a reStructuredText document into references, section anchors and mentioned words."""
    lines = text.splitlines()
    reader = _Reader(Document(path, lines=lines), lines)
    reader.run()
    add_words(reader.doc, text)
    return reader.doc


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


_PSEUDOCODE = re.compile(r"\bpseudo[- ]?code\b", re.IGNORECASE)


class _Reader:
    """Walk the lines once, sending paragraphs to the inline reader and blocks to `add_block`."""

    def __init__(self, doc: Document, lines: list[str]) -> None:
        self.doc = doc
        self.lines = lines
        self.highlight = ""  # `.. highlight:: lang` sets the language of `::` blocks
        self.urls: dict[str, str] = {}  # `.. _name: https://...`: the web targets by name
        self.replaced: dict[str, list[int]] = {}  # `.. |name| replace::`: its references
        self.module = ""  # `.. module:: pkg`: what bare names of Python directives are in
        self.cls: tuple[int, str] | None = None  # the `.. class::` around methods: indent, name
        # "The Merger constructor takes the following arguments:": the callable whose keywords
        # the definition list below it names, and that paragraph's indent
        self.listing: tuple[int, str] | None = None
        # the option list row above: its indent, and the end of its description (the lines
        # indented under it), whose text is no command line written plainly
        self.described = (0, 0)

    def run(self) -> None:
        i = 0
        lines = self.lines
        while i < len(lines):
            line = lines[i]
            if not line.strip():
                i += 1
                continue
            if self.cls is not None and _indent(line) <= self.cls[0]:
                # the class's body ends at the first line not indented past its directive (a
                # section title, a paragraph): a deeper `.. class::` after it is no member
                self.cls = None
            if (fence := _FENCE.match(line)) and (end := self._fence_end(i, fence.group(1))):
                # a Markdown fence in a reST page (juju's pasted log in ```): docutils renders
                # it as text, but the writer meant a code block
                add_block(self.doc, fence.group(2), "\n".join(lines[i + 1 : end]), i + 2)
                i = end + 1
                continue
            if match := _DIRECTIVE.match(line):
                if match.group(2):
                    self.replaced[match.group(2).lower()] = [len(self.doc.references)]
                i = self._directive(i, len(match.group(1)), match.group(3), match.group(4) or "")
                if match.group(2):
                    self.replaced[match.group(2).lower()].append(len(self.doc.references))
                continue
            if match := _TARGET.match(line):
                self._target(i, match.group(2).strip("`"), match.group(3).strip())
                i += 1
                continue
            if self._module_label(i):
                # `Repo.Base` over `.. automodule:: git.repo.base`: the section's label
                self.doc.anchors.add(docutils_id(line.strip()))
                i += 2
                continue
            if _COMMENT.match(line):
                end = self._body_end(i, _indent(line))
                self._hidden_doctest(i, end)
                i = end
                continue
            if flags := self._option_item(i):
                # a row of an option list (`--purge, -p   Purge files ...`): its flags are
                # options of the program the page documents; the next row is a block of its own
                self.doc.references += [
                    Reference("code", flag, self.doc.path, i + 1, "option-list") for flag in flags
                ]
                indent = _indent(line)
                self.described = (indent, indented_end(self.lines, i + 1, indent))
                i = self._paragraph(i, alone=True)
                continue
            i = self._paragraph(i)
        self._link_substitutions()

    def _option_item(self, i: int) -> list[str]:
        """The flags of line `i` where it starts an item of a reST option list, as docutils
        reads one at the start of a block: an option group, then two spaces and the
        description, or the description indented on the lines below; [] for other text
        (a bullet's `- item`, prose that starts with a flag and one space)."""
        line = self.lines[i]
        marker = _OPTION_MARKER.match(line, _indent(line))
        if marker is None:
            return []
        if not line[marker.end() :].strip():
            below = next((x for x in self.lines[i + 1 :] if x.strip()), "")
            if _indent(below) <= _indent(line):
                return []  # no description: a line of text (`--verbose` over an underline)
        options = marker.group().strip().split(", ")
        # (`+x` and DOS's `/V` are options of other shapes than a Python program's)
        return [o.split()[0].split("=")[0] for o in options if o.startswith("-")]

    def _fence_end(self, i: int, fence: str) -> int | None:
        """The line closing the fence opened on line `i`; None for a stray one, which stays
        text (never the rest of the page taken for code)."""
        after = range(i + 1, len(self.lines))
        return next((j for j in after if self.lines[j].strip() == fence), None)

    def _link_substitutions(self) -> None:
        """`|CommandCollection|_` with `.. _CommandCollection: https://click...`: the literal
        the substitution stands for is the name of that site's thing, marked as a Markdown
        span inside the same link is."""
        refs = self.doc.references
        for name, (start, end) in self.replaced.items():
            if url := self.urls.get(name):
                for n in range(start, end):
                    if refs[n].kind == "code" and not refs[n].context:
                        refs[n] = replace(refs[n], context=f"href {url}")

    # -- blocks ----------------------------------------------------------------------------------

    def _module_label(self, i: int) -> bool:
        """Whether line `i` is a section title the next directive documents a module under:
        an API reference's `Repo.Base` title over `.. automodule:: git.repo.base` labels the
        section; it claims no `Repo.Base`."""
        lines = self.lines
        if i + 1 >= len(lines) or not UNDERLINE.match(lines[i + 1]) or _indent(lines[i]):
            return False
        if not lines[i].strip()[:1].isupper():
            return False  # `requests_mock.fixture`: a module's name, checked as one
        after = next((x for x in lines[i + 2 : i + 6] if x.strip()), "")
        found = _DIRECTIVE.match(after)
        return found is not None and found.group(3).lower().removeprefix("py:") in {
            "automodule",
            "module",
            "currentmodule",
        }

    def _hidden_doctest(self, start: int, end: int) -> None:
        """Doctest lines in a comment (`..` over `>>> from pyquery import PyQuery as pq`):
        the setup a page's doctests run first, hidden from its readers."""
        body = [self.lines[start].partition("..")[2], *self.lines[start + 1 : end]]
        session = [x.strip() for x in body if x.strip().startswith((">>> ", "... "))]
        if session:
            add_setup(self.doc, "\n".join(session), start + 1)

    def _body_end(self, start: int, indent: int) -> int:
        """Return the index after the indented body of the construct on line `start`."""
        return indented_end(self.lines, start + 1, indent)

    def _body(self, start: int, end: int) -> tuple[int, str]:
        """The content of a body after its `:option:` lines, and its first line number."""
        i = start + 1
        while i < end and _OPTION_LINE.match(self.lines[i]):
            i += 1
        while i < end and not self.lines[i].strip():
            i += 1
        return i + 1, textwrap.dedent("\n".join(self.lines[i:end])).rstrip("\n")

    def _directive(self, i: int, indent: int, name: str, argument: str) -> int:
        end = self._body_end(i, indent)
        kind = name.lower().removeprefix("rst:")
        doc = self.doc
        if kind in {"testsetup", "testcleanup"}:  # sphinx.ext.doctest's hidden code
            if kind == "testsetup":
                first, content = self._body(i, end)
                add_setup(doc, content, first)
            return end
        # a project's own IPython directive (galois's `.. ipython-with-reprs:: int,power`)
        ipython = kind.startswith("ipython")
        if kind in _CODE_DIRECTIVES or kind in _SHELL_DIRECTIVES or ipython:
            lang = "shell" if kind in _SHELL_DIRECTIVES else argument.split()[0] if argument else ""
            if kind in {"doctest", "testcode"} or ipython:
                lang = "python"
            first, content = self._body(i, end)
            add_block(doc, lang, content, first)
            return end
        if kind in {"program-output", "command-output"} and argument:
            # sphinxcontrib-programoutput runs the command line when the docs are built
            add_block(doc, "shell", argument.strip(), i + 1)
            return end
        if kind == "highlight":
            self.highlight = argument.strip()
        elif _AUTO.match(kind) and argument:
            self._python_directive(i, indent, kind, argument, end)
        elif kind in {"click", "typer"} and argument:
            # sphinx-click documents a program under `:prog:`, a section per sub-command
            # (`#accounts-generate`): ids checked against the commands
            for line in self.lines[i + 1 : end]:
                if prog := re.match(r"\s+:prog:\s*(\S.*)$", line):
                    name = docutils_id(prog.group(1).strip())
                    doc.anchors.update((name, f"{CLICK_DOC}{name}"))
        elif kind == "include" and argument.strip().startswith("<"):
            pass  # `.. include:: <s5defs.txt>`: one of docutils' own standard files
        elif kind in _LINKED and _SUBSTITUTION.search(argument):
            # `.. image:: |author|_diagram.png`: docutils does not substitute a directive's
            # argument, so an extension fills the path in (sphinx-substitution-extensions'
            # `:path-substitutions:`): a template, not a file name
            pass
        elif kind in _LINKED and argument:
            context = "image" if kind in {"image", "figure"} else kind  # include | literalinclude
            doc.references.append(Reference("link", argument.strip(), doc.path, i + 1, context))
        elif kind == "toctree":
            self._toctree(i, end)
            return end
        elif kind == "option" and argument:
            for flag, values in re.findall(
                r"(?:^|,\s*)(--?[\w-]+)(?:[= ]([<{\[][^>}\]]*))?", argument
            ):
                doc.references.append(Reference("code", flag, doc.path, i + 1, "directive"))
                # `--method <auto|nat|tproxy>`: each value the option is said to take
                if "|" in values or "," in values:
                    for value in re.split(r"[|,]", values.strip("<{[ ")):
                        claim = f"{flag}={value.strip()}"
                        doc.references.append(
                            Reference("code", claim, doc.path, i + 1, "directive")
                        )
        elif kind == "envvar" and argument:
            doc.references.append(Reference("code", argument.strip(), doc.path, i + 1, "envvar"))
        elif kind == "replace" or (kind not in _SKIPPED_BODY and argument):
            self._inline(argument, i + 1)
        if kind == "csv-table":  # rows of quoted cells: read each line's inline markup
            for n in range(i + 1, end):
                if not _OPTION_LINE.match(self.lines[n]):
                    self._inline(self.lines[n], n + 1)
        if kind in _SKIPPED_BODY:
            return end
        return i + 1  # other directives hold reStructuredText: read their bodies as text

    def _python_directive(self, i: int, indent: int, kind: str, argument: str, end: int) -> None:
        """`.. function:: listdir(search_base[, filter='*'])` and its `:param filter:` fields,
        `.. autofunction:: sorted_results(blocks, order=SCORE)`: the names and keywords of a
        callable's signature, relative to the current `.. module::` (and `.. class::`).

        Contexts: `directive` (the name as written), `directive-member` (a method whose class
        the page does not say) and `directive-in` (a name put in the current module or class:
        when that module is gone, its own directive is the one finding)."""
        name, paren, signature = argument.partition("(")
        name = name.strip()
        if not name:
            return
        bare = kind.removeprefix("py:").removeprefix("auto")
        context = "directive"
        inside = self.cls is not None and indent > self.cls[0]
        if bare in {"module", "currentmodule"}:
            self.module, self.cls = name, None
        elif "." not in name and inside and bare in _NESTED and self.cls is not None:
            # `.. data:: settings_prefix` in the body of `.. class:: LDAPBackend`: Sphinx
            # documents it as the class's attribute
            name, context = f"{self.cls[1]}.{name}", "directive-in"
        elif "." not in name and bare not in _MEMBERS and self.module:
            name, context = f"{self.module}.{name}", "directive-in"
        elif "." not in name and bare in _MEMBERS:
            # `__init__` of a protocol class is a shape, not a definition
            if self.cls is not None and inside and not name.startswith("__"):
                name, context = f"{self.cls[1]}.{name}", "directive-in"
            else:
                context = "directive-member"
        if bare in {"class", "exception"}:
            self.cls = (indent, name)
        text = name
        if bare in _CALLABLES:
            # optional parts in brackets (`getsize(path[, bestprefix=True])`) are arguments too
            arguments = re.sub(r"[\[\]]", "", signature.rpartition(")")[0]) if paren else ""
            # a parameter its `:param search_base:` field names is a keyword claim; other
            # names in a signature may only sketch the call (`minmax(arg1, arg2, *args)`)
            documented = self._fields(i, end)
            parts = [_named(a.strip(), documented) for a in arguments.split(",") if a.strip()]
            if bare in {"class", "exception"} and parts and all(map(_BASE_NAME.match, parts)):
                parts = []  # `.. class:: DjangoOptions(factory.base.FactoryOptions)`: its bases
            written = {a.split("=")[0].strip().lstrip("*") for a in parts}
            fields = [f"{f}=..." for f in documented if f not in written]
            if paren or fields:
                text = f"{name}({', '.join([*parts, *fields])})"
        if not kind.startswith("auto") and _ABSENT.search(self._first_paragraph(i + 1, end)):
            return  # `.. method:: sendfile` over "Not implemented yet!": said to be missing
        self.doc.references.append(Reference("code", text, self.doc.path, i + 1, context))
        # the ids Sphinx gives what it documents: `#module-pkg.mod`, `#pkg.mod.Class`, and
        # (autodoc, with `:members:`) those of the members below it, checked by name
        target = self.module if bare in {"module", "currentmodule"} else name
        if target and (bare == "module" or context != "directive-member"):
            prefix = "module-" if bare == "module" else ""
            self.doc.anchors.add(f"{prefix}{target}".lower())
            if kind.startswith("auto"):
                self.doc.anchors.add(f"{AUTODOC}{target}".lower())
        if kind.startswith("auto") and bare in {"class", "exception", "module"}:
            self._listed_members(i, end, name)

    def _first_paragraph(self, start: int, end: int) -> str:
        """The text of a directive's body up to its first blank line after some text."""
        words: list[str] = []
        for line in self.lines[start:end]:
            if not line.strip() and words:
                break
            if line.strip() and not _OPTION_LINE.match(line):
                words.append(line.strip())
        return " ".join(words)

    def _listed_members(self, i: int, end: int, owner: str) -> None:
        """`:members: css_to_xpath, selector_to_xpath` under an autodoc directive: members
        the class or module must have (Sphinx warns and leaves out one it lacks)."""
        for n in range(i + 1, end):
            option = _MEMBERS_OPTION.match(self.lines[n])
            if option is None:
                if not _OPTION_LINE.match(self.lines[n]):
                    break
                continue
            for member in option.group(1).split(","):
                if member.strip().isidentifier():
                    text = f"{owner}.{member.strip()}"
                    self.doc.references.append(
                        Reference("code", text, self.doc.path, n + 1, "directive-in")
                    )

    def _fields(self, i: int, end: int) -> list[str]:
        """The parameter names a directive's `:param type name:` fields document: its own,
        up to the first directive nested in it (`.. classmethod:: cls_checks(format)` under
        `.. autoclass:: FormatChecker` documents its own `format`)."""
        names = []
        for n in range(i + 1, end):
            if _NESTED_DIRECTIVE.match(self.lines[n]):
                break
            if found := _PARAM_FIELD.match(self.lines[n]):
                names.append(found.group(1))
        return names

    def _toctree(self, i: int, end: int) -> None:
        for n in range(i + 1, end):
            entry = self.lines[n].strip()
            if not entry or entry.startswith(":") or "*" in entry:
                continue
            if match := re.match(r"^.*<([^>]+)>$", entry):
                entry = match.group(1)
            # (`self`, and the pages Sphinx makes itself: the indices and the search page)
            if "://" not in entry and entry not in _SPHINX_PAGES:
                # Sphinx takes a document name, with or without its source suffix
                known = entry.lower().endswith((".rst", ".md", ".txt", ".ipynb"))
                page = entry if known else f"{entry}.rst"
                self.doc.references.append(Reference("link", page, self.doc.path, n + 1, "toctree"))

    def _target(self, i: int, name: str, url: str) -> None:
        if url and not url.endswith("_"):  # `.. _a: b_` points at another target
            if WEB.match(url):
                self.urls[name.lower()] = url
            self.doc.references.append(Reference("link", url, self.doc.path, i + 1, "target"))
        elif not url:
            self.doc.anchors.add(docutils_id(name))
            self.doc.labels.add(name.lower())

    def _literal_block(self, i: int, indent: int, language: str | None = None) -> int:
        """A `::` literal block: the lines indented past the paragraph that introduced it,
        in the page's highlight language unless the paragraph says what it is."""
        start = i
        while start < len(self.lines) and not self.lines[start].strip():
            start += 1
        if start >= len(self.lines) or _indent(self.lines[start]) <= indent:
            return i
        end = self._body_end(start - 1, indent)
        content = textwrap.dedent("\n".join(self.lines[start:end])).rstrip("\n")
        add_block(self.doc, language or self.highlight, content, start + 1)
        return end

    # -- paragraphs ------------------------------------------------------------------------------

    def _paragraph(self, i: int, *, alone: bool = False) -> int:
        """Read a paragraph (or a section title); a trailing `::` introduces a literal block.
        `alone`: the line is a block of its own (an option list's row)."""
        lines = self.lines
        indent = _indent(lines[i])
        if UNDERLINE.match(lines[i].strip()) and i + 1 < len(lines) and lines[i + 1].strip():
            i += 1  # an overline: the title follows
        if lines[i].lstrip().startswith(">>>"):
            end = i
            while end < len(lines) and lines[end].strip():
                end += 1
            add_block(self.doc, "pycon", textwrap.dedent("\n".join(lines[i:end])), i + 1)
            return end
        end = i
        # a list item's text goes on at the column its first line's text starts at
        item = _LIST_ITEM.match(lines[i])
        hanging = {indent, item.end()} if item else {indent}
        while end < len(lines) and lines[end].strip() and _indent(lines[end]) in hanging:
            if end > i and (alone or _DIRECTIVE.match(lines[end]) or _COMMENT.match(lines[end])):
                break
            if end + 1 < len(lines) and UNDERLINE.match(lines[end + 1].strip()):
                title = lines[end].strip()
                if len(lines[end + 1].strip()) >= len(title) and title:
                    if end > i:
                        break
                    self.doc.anchors.add(docutils_id(title))
                    self._inline(title, end + 1)
                    if name := heading_name(title):  # a reference page's `render_content`
                        ref = Reference("code", name, self.doc.path, end + 1, "heading")
                        self.doc.references.append(ref)
                        self.doc.references += [
                            Reference("signature", text, self.doc.path, end + 1, context)
                            for text, context in heading_signature(title)
                        ]
                    return end + 2
            end += 1
        end = max(end, i + 1)
        text = "\n".join(x.strip() for x in lines[i:end])
        self._inline(text, i + 1)
        described = i < self.described[1] and indent > self.described[0]
        if indent and not _LIST_ITEM.match(lines[i]) and "``" not in text and not described:
            # a block quote where a literal block was meant ("such as" with no `::`)
            add_plain_commands(self.doc, lines[i:end], i + 1)
        defines = end < len(lines) and _indent(lines[end]) > indent and bool(lines[end].strip())
        term = _CALL_TERM.match(text) if end == i + 1 else None
        if term and defines:
            self.doc.references.append(Reference("code", term.group(1), self.doc.path, i + 1))
        listed = self.listing if self.listing and self.listing[0] == indent else None
        if listed and end == i + 1 and defines and _TERM_WORD.match(text):
            # a keyword of the callable the list is about: `Merger(strategies=...)`
            keyword = f"{listed[1]}({text.strip()}=...)"
            self.doc.references.append(
                Reference("code", keyword, self.doc.path, i + 1, "argument-table")
            )
        elif listed and _NAMED_ITEM.match(text):
            # feedsearch's "- **max_redirects**: *int*: ...": bullets naming one keyword each
            # (with no blank line between them, one paragraph)
            for at in range(i, end):
                if named := _NAMED_ITEM.match(lines[at]):
                    for name in ITEM_NAME.findall(named.group(1)):
                        keyword = f"{listed[1]}({name}=...)"
                        self.doc.references.append(
                            Reference("code", keyword, self.doc.path, at + 1, "argument-table")
                        )
        elif self.listing is None or indent <= self.listing[0]:
            # (a term's own explanation, indented under it, leaves the list going on)
            self.listing = (indent, owner) if (owner := argument_list_owner(text)) else None
        if text.rstrip().endswith("::"):
            # in a list item the body, and so a literal block's baseline, is the text column
            item = _LIST_ITEM.match(lines[i])
            # "looks something like this pseudocode::": names for ideas, no code to check
            sketch = "text" if _PSEUDOCODE.search(text) else None
            return self._literal_block(end, item.end() if item else indent, sketch)
        return end

    def _inline(self, text: str, line: int) -> None:
        """Record the literals, roles and links of a paragraph whose first line is `line`,
        and the variables its plain words name as such."""
        doc = self.doc
        plain = _INLINE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)  # markup out
        plain = _WORD_REFERENCE.sub(lambda m: " " * len(m.group()), plain)
        for number, row in enumerate(text.split("\n")):
            # (and a hyperlink reference spelt as a shell's variable: deb-pkg-tools'
            # `` `$DPT_HARD_LINKS`_ `` table rows, linking to the constant reading it)
            for name in [*env_mentions(row), *_ENV_REFERENCE.findall(row)]:
                doc.references.append(Reference("env", name, doc.path, line + number, "prose"))
        for number, row in enumerate(plain.split("\n")):
            for name in dotted_mentions(row):
                doc.references.append(Reference("code", name, doc.path, line + number, "prose"))
            for name in prose_names(row):
                doc.note_prose(name, line + number)
        for match in _INLINE.finditer(text):
            at = line + text.count("\n", 0, match.start())
            if match.group("literal"):
                code = " ".join(match.group("code").split())
                doc.references.append(Reference("code", code, doc.path, at))
            elif match.group("role"):
                self._role(match.group("role"), match.group("target"), at)
            elif match.group("link"):
                url = " ".join(match.group("url").split())
                if not url.endswith("_") or url.endswith("\\_"):  # `<env.py_>`: a target's name
                    doc.references.append(Reference("link", url, doc.path, at))
            elif match.group("interpreted"):
                code = " ".join(match.group("interpreted").split())
                doc.references.append(Reference("code", code, doc.path, at, "interpreted"))

    def _role(self, role: str, target: str, line: int) -> None:
        doc = self.doc
        if role.lower().startswith("external"):
            return  # `:external:doc:`, `:external+sqlalchemy:py:class:`: another project's
        if ":" in role and role.split(":", 1)[0].lower() not in {"py", "std"}:
            return  # another language's domain: `:c:data:`MPI_COMM_WORLD``, `:js:func:`
        kind = role.rsplit(":", 1)[-1].lower()
        target = " ".join(target.split())
        if kind == "code":
            # `:code:`from_file(filename[, mime])``: inline code, a literal like ``...``
            doc.references.append(Reference("code", target, doc.path, line))
            return
        if match := re.match(r"^.*<([^<>]+)>$", target):
            target = match.group(1)
        target = target.lstrip("~!")
        if kind in _PY_ROLES:
            target = target.lstrip(".")  # `.Name`: relative to the current module
        if kind in _PY_ROLES and target:
            doc.references.append(Reference("code", target, doc.path, line, f"role:{kind}"))
        elif kind == "paramref" and target.lstrip(".").count(".") >= 1:
            # sphinx-paramlinks' `:paramref:`~.Terminal.get_location.timeout``: a parameter
            # of a callable, a keyword claim like `get_location(timeout=...)`
            owner, _, param = target.lstrip(".").rpartition(".")
            claim = f"{owner}({param}=...)"
            doc.references.append(Reference("code", claim, doc.path, line, "role:paramref"))
        elif kind == "envvar":
            doc.references.append(Reference("code", target, doc.path, line, "role:envvar"))
        elif kind == "option":
            words = target.split()
            flag = next((w for w in words if w.startswith("-")), "")
            # `:option:`du -B``: the option of the program it names, checked as a command
            text = target if words and not words[0].startswith("-") else flag
            if flag:
                doc.references.append(Reference("code", text, doc.path, line, "role:option"))
        elif kind == "doc" and "://" not in target and ":" not in target:
            # (`intake_esgf:configure`: a page of the project intersphinx maps that name to)
            doc.references.append(Reference("link", f"{target}.rst", doc.path, line, "doc"))
