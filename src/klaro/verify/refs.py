"""Find the code references a Markdown document makes, each with its file and line.

`read_document` picks the reader by file type: Markdown here, reStructuredText in `rst`; both
produce the same `Document` and share the code-block handling (`add_block`).

The document is parsed with markdown-it-py and only its tokens are read: inline code spans,
fenced and indented code blocks, links and images, headings (for `#anchor` targets) and inline
HTML anchors. Python blocks are read with `ast` (see `pyblocks`), shell blocks line by line.
Extraction decides nothing about the project: `resolve` decides which references are claims
about it and whether they hold.
"""

from __future__ import annotations

import ast
import copy
import html
import re
import shlex
import textwrap
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from klaro.verify.helptext import help_commands, prose_help
from klaro.verify.mentions import (
    TEMPLATE_TAGS,
    dotted_mentions,
    env_mentions,
    heading_name,
    heading_signature,
    prose_names,
)
from klaro.verify.pyblocks import (
    IPYTHON_PROMPT,
    Bindings,
    ipython_prompts,
    python_references,
    raised_names,
    repaired,
)
from klaro.verify.pydoc import help_claims, is_pydoc, pydoc_claims
from klaro.verify.sections import LIST_ITEM, history_lines, indented_end, list_around

# Reference kinds: code (inline code span), import / python (from a Python block),
# command (a shell command line), env (a variable a shell line sets), link (href or src).
REFERENCE_KINDS = ("code", "import", "python", "command", "env", "link")

_PYTHON_INFO = {"python", "py", "python3", "pycon", "pyi", "ipython", "ipython3", "doctest"}
_SHELL_INFO = {"bash", "sh", "shell", "console", "zsh", "shell-session", "sh-session", "ps"}
# Windows' shells: their command lines run the project's programs the same way
_SHELL_INFO |= {"cmd", "bat", "batch", "doscon", "powershell", "ps1", "pwsh", "pwsh-session"}
# and tags naming the place rather than the shell (dirhash's ```commandline, ```terminal)
_SHELL_INFO |= {"commandline", "command-line", "cli", "terminal", "shellsession", "fish", "ksh"}
# Tags of blocks that show output, prose or templates (which call the project's filters), not
# another language's code: their words may be the project's.
_PLAIN_INFO = {"text", "txt", "none", "output", "plain", "default"}  # untagged, as good as
_NOT_FOREIGN = _PLAIN_INFO | {"md", "markdown", "rst", "myst"}
_TEMPLATE_INFO = {"jinja", "jinja2", "j2", "django", "htmldjango", "html+jinja", "html+django"}
# names a template binds: `{% tag as name %}`, `{% for a, b in ... %}`, `{% with name=... %}`
_TEMPLATE_BINDS = re.compile(
    r"\{%[^%]*?\bas\s+(\w+)\s*%\}|\{%-?\s*for\s+(\w+)(?:\s*,\s*(\w+))?\s+in\b"
    r"|\{%-?\s*with\s+(\w+)\s*="
)
_IDENTIFIER = re.compile(r"(?<![\w.$-])[A-Za-z_][A-Za-z0-9_]*(?![\w-])")
_PROMPT = re.compile(r"^\s*(?:\([\w.-]+\)\s*)?(?:[\w@.~:/-]*[$%]>?|>)\s+")  # also `$> `
# among prompted lines, a prompt a typo glued to its command (num2words' `$num2words 2.14`);
# `$HOME/bin` or `$PATH` is a variable, written in capitals
_GLUED_PROMPT = re.compile(r"^\s*\$(?=[a-z][\w.-]*(?:\s|$))")
_SHELL_KEYWORD = re.compile(r"(?<=[ \t])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)=")
_ENV_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=")
_ENV_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
# `HOWDOI_URL=serverfault.com howdoi make pesto`: a command run with a variable set
_ASSIGNED_COMMAND = re.compile(r"^\s*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*=\S*\s+[\w./-]")
# `  HOWDOI_COLORIZE=1` alone on its line: a help's or a dotenv file's variable example
_LONE_ASSIGN = re.compile(r"^\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=\S*\s*$")
_DOTTED_VALUE = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?::[A-Za-z_]\w*)?$")
# an option given an object by its import spec (`--pdbcls=pdbr:RichPdb`, `--app pkg.web:app`
# is left alone: only the `=` form names its value for sure)
_OBJECT_OPTION = re.compile(
    r"(?<![\w-])--?[A-Za-z][\w-]*=[\"']?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\b(?![.:(])"
)
_HTML_ANCHOR = re.compile(r"""\b(?:name|id)\s*=\s*["']([^"']+)["']""")
_HTML_LINK = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
# a command line's comment that opens with the spellings of the option it passes
_COMMENT_SPELLINGS = re.compile(r"^\s*(--?[A-Za-z][\w-]*/--?[A-Za-z][\w-]*)\b(?![/-])")
_HTML_CODE = re.compile(r"<code(?:\s[^>]*)?>([^<]+)</code>", re.I)
_HTML_CODE_OPEN = re.compile(r"^<code(?:\s[^>]*)?>$", re.I)
_HTML_CODE_CLOSE = re.compile(r"^</code\s*>$", re.I)
_ATTR_ID = re.compile(r"\{:?[^{}\n]*?(?<![\w&])#([\w.:-]+)[^{}\n]*\}")  # attr_list's { #id }
# MyST's `(relative-paths)=`, indented by up to three spaces as a block may be
# MyST's `(name)=`, and reST's `.. _name:` on a page m2r/m2r2 turn into reST for Sphinx
_MYST_LABEL = re.compile(r"^ {0,3}(?:\(([\w.:-]+)\)=|\.\. _([\w.:-]+):)\s*$")
_MYST_DIRECTIVE = re.compile(r"^\{([\w:-]+)\}\s*(.*)$")  # ```{envvar} NAME
_MYST_OPTION = re.compile(r"^:[\w-]+:")  # a directive's `:class: tip` option line
# MyST roles whose target is a label, a page or a term, not code: {ref}`z_array`
# (and Sphinx's roles for text that is no Python: an OS command, keys, GUI labels, a sample
# with variables: gvm-tools' {command}`get_report_formats`, a GMP request)
_LABEL_ROLE = re.compile(
    r"\{(?:ref|numref|doc|term|download|eq|cite|abbr|keyword"
    r"|command|kbd|guilabel|menuselection|samp)\}$"
)
# MyST directives whose body is Markdown prose (admonitions, a variable's or an option's
# description, tabs and cards), read as the page's
_MYST_PROSE = frozenset(
    {
        "note", "warning", "tip", "important", "caution", "attention", "danger", "error",
        "hint", "seealso", "admonition", "dropdown", "versionadded", "envvar", "option",
        "describe", "confval", "tab-item", "tab", "card", "grid-item-card", "topic",
        "sidebar", "margin", "rubric", "only",
    }
)  # fmt: skip
# MyST directives that run the code of their body at build time (click-extra's
# `{click:source}` and `{click:run}`, `{python:render}`, `{jupyter-execute}`, `{ipython}`)
_EXECUTING = frozenset(
    {"source", "run", "render", "exec", "execute", "jupyter-execute", "ipython", "runblock"}
)
_EXECUTED = re.compile(r"\bexec=[\"']?(?:1|true|on|yes)\b", re.I)  # markdown-exec
_ARGUMENT_HEADERS = frozenset({"argument", "arguments", "parameter", "parameters", "param"})
_CALLABLE_NAME = re.compile(r"^[A-Za-z_][\w.]*$")
_SPAN = re.compile(r"`([^`]+)`")
# "accepts the following arguments:", "takes these keyword arguments:", "Parameters:"
# (also "takes the following arguments (all optional, except schema):")
_TAKES_ARGUMENTS = re.compile(
    r"\b(?:accepts?|takes?|supports?|following)\b[^:]*\b(?:keyword\s+)?(?:arguments|parameters)"
    r"(?:\s*\([^():]*\))?\s*:\s*$|^(?:keyword\s+)?(?:arguments|parameters)\s*:\s*$"
    # Eel's "the following options are available to `start()`:", the callable after them
    r"|\bfollowing\s+(?:keyword\s+)?(?:arguments|parameters|options)\s+(?:are|can\s+be)\s+"
    r"(?:available|accepted|supported|passed|given)\s+(?:to|by|in)\s+`[^`:]+`\s*:\s*$",
    re.IGNORECASE,
)
# a callable a sentence names in words: "The Merger constructor", "the parse() function"
_CALLABLE_WORDS = re.compile(
    r"\b([A-Z]\w*|[A-Za-z_]\w*\(\))\s+(?:constructor|class|function|method|initializer)\b"
)
# the names an item starts with: `- `fmt` *(default=None)*:`, `- `datefmt`, `style`: see`
# (reST's ``double`` spans too, and `/` between two: tcolorpy's "- ``color``/``bg_color``")
_ITEM_NAMES = re.compile(r"(?:(?:``?|\*\*)[A-Za-z_]\w*(?:``?|\*\*)(?:\s*(?:,|/|and|or)\s*)?)+")
ITEM_NAME = re.compile(r"(?:``?|\*\*)([A-Za-z_]\w*)(?:``?|\*\*)")  # one of them
_ROW_NAME = re.compile(r"^`([A-Za-z_]\w*)`$|^([A-Za-z_]\w*)$")
# a paragraph that is one span naming a callable (`` `sysrsync.run` `` over its table)
_OWNER_LINE = re.compile(r"^\s*[*_]*`([A-Za-z_][\w.]*)(?:\(\))?`[*_]*:?\s*$")
WEB = re.compile(r"https?://", re.IGNORECASE)  # a web address, not a repository path
_WORD = re.compile(r"[A-Za-z_][\w.-]*")
_RUN_STEP = re.compile(r"^(\s*(?:-\s+)?)(?:run|script):\s*(.*)$")
_SEPARATORS = {"&&", "||", ";", "|", "&"}
_DEFINES = re.compile(r"^(?:async\s+)?(?:class|def)\s+[A-Za-z_]\w*\s*[(:]")
_IMPORT_LINE = re.compile(
    r"^(?:import [A-Za-z_][\w.]*(?: as \w+)?|from [\w.]+ import [\w, ()*]+)\s*$"
)
_CODE_NODES = (ast.Import, ast.ImportFrom, ast.Call, ast.Assign, ast.FunctionDef, ast.ClassDef)


@dataclass(frozen=True, slots=True)
class Reference:
    """One thing a document points at, as written, with where it was written."""

    kind: str
    text: str
    file: str
    line: int  # 1-based line in `file`
    # import | call | attr | value (an attribute passed to a call) | store | instance-call |
    # instance-attr | instance-store | image |
    # href URL...
    context: str = ""


# an entry of `Document.anchors` naming what an autodoc directive documents below it: Sphinx
# gives each of its members an id of its full name (`#pkg.mod.Class.method`)
AUTODOC = "autodoc:"
CLICK_DOC = "click:"  # likewise, the program a sphinx-click directive documents


@dataclass
class Document:
    """What one Markdown document says: its references, anchors, words and example names."""

    path: str
    references: list[Reference] = field(default_factory=list)
    anchors: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)  # identifiers and flags it mentions anywhere
    bindings: Bindings = field(default_factory=Bindings)
    lines: list[str] = field(default_factory=list)  # the source, for a span's sentence
    # Sphinx labels it defines (`.. _name:`, MyST's `(name)=`): a `#name` link on any page
    # of the project finds them
    labels: set[str] = field(default_factory=set)
    # content the docs build makes (a markdown-exec block, mkdocstrings' `::: pkg.mod`):
    # headings, and so anchors, that the source does not show
    generated: bool = False
    # the identifiers of its blocks in another language (```nginx: `uwsgi_pass`): that
    # language's names, which prose on any page may name
    foreign_words: set[str] = field(default_factory=set)
    # identifiers its sentences write without markup, by the line they are first on: names
    # of code only when the documented state had them and the code has them no more
    prose_names: dict[str, int] = field(default_factory=dict)
    # the lines of its blocks read neither as code nor as commands (```text, output): where
    # another program's command line may be shown without a prompt (`black --diff trio`)
    plain_lines: list[str] = field(default_factory=list)
    help_program: str = ""  # the program the page's last pasted usage line named
    # code spans it links to its own headings (`[`PowerGridModelRoot`](#json-schema-root)`):
    # terms the page itself defines, such as a file format's types
    defined_terms: set[str] = field(default_factory=set)
    # variables its shell blocks read (`"$R2D_COMPARE_TO"` in a script the page gives): the
    # page's own, which the prose may tell the reader to set
    script_reads: set[str] = field(default_factory=set)
    # names its shell lines define as aliases (awscurl's `alias awscurl='docker run ...'`):
    # a later line running one runs what the alias says, not the project's script
    aliases: dict[str, int] = field(default_factory=dict)  # by name: the line defining it
    # the command lines of those blocks (`nbstripout --dry-run FILE` with no prompt): a
    # claim when the program is the project's own, which only the resolver knows
    plain_commands: list[Reference] = field(default_factory=list)
    # the lines of its history sections ("Changelog", "Before (Celery)" under a migration
    # guide): old code on purpose, skipped by default
    history: set[int] = field(init=False)

    def __post_init__(self) -> None:
        # a README is the project's own page, whatever status it gives the project
        self.history = history_lines(self.lines, proposal=not self.readme, rst=self.rst)

    def note_prose(self, name: str, line: int) -> None:
        """Keep where a sentence first writes `name` without markup, outside the history
        sections where the page can (a changelog's old name is no claim on the code)."""
        first = self.prose_names.get(name)
        if first is None or (first in self.history and line not in self.history):
            self.prose_names[name] = line

    @property
    def readme(self) -> bool:
        """Whether the page is a README: the front page GitHub and PyPI show on its own."""
        return _README.match(self.path) is not None

    @property
    def rst(self) -> bool:
        """Whether the page is reStructuredText, where an underlined line is a title."""
        return self.path.lower().endswith((".rst", ".rest", ".txt"))


class _Reader(MarkdownIt):
    """markdown-it that keeps link targets as written.

    Its default percent-encodes every href for HTML output (a sixth of the parse time on a
    link-heavy page); links are decoded again before they are resolved, and a target as
    written is what a repair finds on the line.
    """

    def normalizeLink(self, url: str) -> str:  # markdown-it's name
        return url


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    reader = _Reader("commonmark").enable(["table", "strikethrough"])
    reader.core.ruler.after("block", "footnotes", _drop_footnotes)
    return reader


def _drop_footnotes(state: StateCore) -> None:
    """`[^1]: [dataclasses.fields](https://...)` defines a footnote (GitHub, MkDocs), which
    CommonMark reads as a link definition: `[^1]` in the text would link to its whole text."""
    references = state.env.get("references", {})
    for label in [k for k in references if k.startswith("^")]:
        del references[label]


def extract_references(text: str, path: str) -> list[Reference]:
    """Return the references of a Markdown document in reading order."""
    return parse_document(text, path).references


_README = re.compile(r"^(?:.*/)?README(?:\.\w+)?$", re.IGNORECASE)


def parse_document(text: str, path: str) -> Document:
    """Parse a Markdown document into references, heading anchors and mentioned words."""
    doc = Document(path, lines=text.splitlines())
    tokens = _parser().parse(text)
    slugger, toc = _Slugger(), _TocSlugger()  # GitHub's ids, and an MkDocs site's
    # a jupytext notebook: Jupyter and nbsphinx give a heading the id of its title with
    # spaces made `-` (`#2.-Fit-baseline-GLM`), matched without case
    notebook = text.startswith("---") and "\n  jupytext:" in text[:2000]
    heading = titled = False
    headings: list[tuple[int, list[str]]] = []  # line, the code spans the heading names
    for token in tokens:
        if token.type == "heading_open":
            heading = True
            # a README's title names the project, which may be spelled unlike its package
            # (fsspec's `# filesystem_spec`): no claim about the code
            titled = token.tag == "h1" and not headings and _README.match(path) is not None
        elif token.type == "inline" and token.map is not None:
            # attr_list's `### title { #name }`, `__text__{: #text }`: ids the build gives
            doc.anchors.update(a.lower() for a in _ATTR_ID.findall(token.content))
            if heading:
                title = _plain_text(token)
                doc.anchors.update((slugger.slug(title), toc.slug(title), docutils_id(title)))
                if notebook:
                    doc.anchors.add(title.strip().replace(" ", "-").lower())
                spans = [c.content for c in token.children or () if c.type == "code_inline"]
                headings.append((token.map[0], spans))
                name = None if spans or titled else heading_name(token.content)
                if name is not None:  # `#### class GitHubAssetManager(ReadmeAssetManager)`
                    doc.references.append(
                        Reference("code", name, doc.path, token.map[0] + 1, "heading")
                    )
                    for text, context in heading_signature(token.content):
                        at = token.map[0] + 1
                        doc.references.append(Reference("signature", text, doc.path, at, context))
                heading = False
            _inline(doc, token, token.map[0] + 1)
        elif token.type in {"fence", "code_block"} and token.map is not None:
            start = token.map[0] + (2 if token.type == "fence" else 1)
            doc.generated = doc.generated or bool(_EXECUTED.search(token.info))
            if not _myst_directive(doc, token.info.strip(), token.content, start):
                add_block(doc, token.info.strip(), token.content, start)
        elif token.type == "html_block" and token.map is not None:
            _html(doc, token.content, token.map[0] + 1)
    _argument_tables(doc, headings)
    _argument_lists(doc)
    for line in doc.lines:
        if label := _MYST_LABEL.match(line):
            doc.labels.add((label.group(1) or label.group(2)).lower())
            doc.anchors.add((label.group(1) or label.group(2)).lower())
        # headings the build adds: mkdocstrings' `::: pkg.mod`, a pymdownx snippet's file
        doc.generated = doc.generated or line.startswith("::: ") or bool(_SNIPPET.match(line))
    add_words(doc, text)
    return doc


def _argument_tables(doc: Document, headings: list[tuple[int, list[str]]]) -> None:
    """`#### function `table`` then `| Argument | Type | ... |` rows (`| `max_col` | int |`):
    each row names a parameter of the one callable its heading names (wasabi's, spaCy's
    style), or a paragraph that is that callable's span alone (sysrsync's `` `sysrsync.run` ``
    over `| argument | type | default |` and `| verbose | bool | False |`), a keyword claim
    like `table(max_col=...)`."""
    owner = ""
    arguments = False
    at = 0
    for number, line in enumerate(doc.lines):
        while at < len(headings) and headings[at][0] <= number:
            spans = headings[at][1]
            owner = spans[0] if len(spans) == 1 and _CALLABLE_NAME.match(spans[0]) else ""
            at += 1
        if named := _OWNER_LINE.match(line):
            owner = named.group(1)
        cells = (
            [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        )
        if not cells:
            arguments = False
        elif cells[0].lower() in _ARGUMENT_HEADERS:
            arguments = bool(owner)
        elif arguments and (name := _ROW_NAME.match(cells[0])):
            call = f"{owner}({name.group(1) or name.group(2)}=...)"
            doc.references.append(Reference("code", call, doc.path, number + 1, "argument-table"))


def _argument_lists(doc: Document) -> None:
    """ "`ColoredFormatter` ... accepts the following arguments:" and a list under it whose
    items start with names (`- `no_color` *(default=False)*: ...`, `- `datefmt`, `style`:
    see ...`): each names a parameter of the callable the sentence names, a keyword claim
    like `ColoredFormatter(no_color=...)`, as an argument table's rows do."""
    lines = doc.lines
    for number, line in enumerate(lines):
        if not line.rstrip().endswith(":") or LIST_ITEM.match(line):
            continue
        first = number
        while first > 0 and lines[first - 1].strip() and not LIST_ITEM.match(lines[first - 1]):
            first -= 1
        owner = argument_list_owner(" ".join(x.strip() for x in lines[first : number + 1]))
        if not owner:
            continue
        at = number + 1
        while at < len(lines) and not lines[at].strip():
            at += 1
        for row in list_around(lines, at):
            item = LIST_ITEM.match(lines[row])
            names = _ITEM_NAMES.match(lines[row], item.end()) if item else None
            for name in ITEM_NAME.findall(names.group(0)) if names else ():
                if name.isidentifier():
                    call = f"{owner}({name}=...)"
                    doc.references.append(
                        Reference("code", call, doc.path, row + 1, "argument-table")
                    )


def argument_list_owner(sentence: str) -> str:
    """The callable a sentence ending in a colon says takes the arguments listed below it
    ("`ColoredFormatter` accepts the following arguments:", "The Merger constructor takes
    the following arguments (all optional, except schema):"); "" when it names none."""
    if not _TAKES_ARGUMENTS.search(sentence):
        return ""
    spans = (m.removesuffix("()") for m in _SPAN.findall(sentence))
    named = next((n for n in spans if _CALLABLE_NAME.match(n)), "")
    if not named and (words := _CALLABLE_WORDS.search(sentence)):
        named = words.group(1).removesuffix("()")
    return "" if named.lower() in _NOT_NAMES else named


_NOT_NAMES = frozenset({"this", "that", "the", "each", "every", "a", "an", "our", "your", "its"})


def read_document(text: str, path: str) -> Document:
    """Parse a document with the reader its type needs (`.rst`: reStructuredText)."""
    if path.lower().endswith((".rst", ".rest")):
        from klaro.verify.rst import parse_rst  # rst imports this module's block handling

        doc = parse_rst(text, path)
    else:
        doc = parse_document(text, path)
    covered = {r.line - 1 for r in doc.references if r.context in {"help", "help-option"}}
    for at, command, context in prose_help(doc.lines, covered):  # a `--help` as page text
        doc.references.append(Reference("command", command, path, at + 1, context))
    return doc


def add_words(doc: Document, text: str) -> None:
    """Remember every identifier and flag the text mentions (for coverage)."""
    doc.words.update(w.strip(".-") for w in _WORD.findall(text))
    doc.words.update(re.findall(r"--?[\w-]+", text))


def _inline(doc: Document, token: Token, line: int) -> None:
    linked = ""  # the web address of the link the text is in: `[`f()`](https://...)`
    anchored = False  # whether that link goes to a heading of the page itself
    coded: list[str] | None = None  # the text inside an HTML `<code>` tag, while in one
    previous = ""  # the text right before the child: a MyST role's `{ref}`
    for child in token.children or ():
        previous, text_before = (child.content if child.type == "text" else ""), previous
        if coded is not None and child.type in {"text", "html_inline"}:
            if child.type == "html_inline" and _HTML_CODE_CLOSE.match(child.content):
                text = html.unescape("".join(coded)).strip()
                if text:  # `<strong><code>HTTPSTAT_SHOW_IP</code></strong>`: a code span
                    doc.references.append(Reference("code", text, doc.path, line))
                coded = None
            elif child.type == "text":
                coded.append(child.content)
            continue
        if child.type in {"softbreak", "hardbreak"}:
            line += 1
        elif child.type == "html_inline" and _HTML_CODE_OPEN.match(child.content):
            coded = []
        elif child.type == "code_inline" and _LABEL_ROLE.search(text_before):
            pass  # MyST's {ref}`z_array`: a label (or a page, a term), no code
        elif child.type == "code_inline" and (usage := help_commands([child.content.strip()])):
            # pew's "`usage: pew ls [-h] [-b | -l]`": a synopsis, its command and flags
            doc.references += [Reference("command", c, doc.path, line, how) for _, c, how in usage]
            line += _wrapped(doc.lines, line, child.content)
        elif child.type == "code_inline":
            context = f"href {linked}" if linked else ""
            doc.references.append(Reference("code", child.content.strip(), doc.path, line, context))
            if anchored:
                doc.defined_terms.add(child.content.strip())
            if _IMPORT_SPAN.match(child.content):
                # "`import github_action_utils as gha`": the examples below use `gha`
                add_setup(doc, child.content.strip(), line)
            line += _wrapped(doc.lines, line, child.content)
        elif child.type == "link_open":
            href = str(child.attrs.get("href", ""))
            doc.references.append(Reference("link", href, doc.path, line))
            linked = href if WEB.match(href) else ""
            # (a heading that names code itself, `#namedtuple_as_dict-dialect-option` of a
            # table of contents, defines no term of the page's)
            anchored = href.startswith("#") and len(href) > 1 and "_" not in href
        elif child.type == "link_close":
            linked, anchored = "", False
        elif child.type == "image":
            src = str(child.attrs.get("src", ""))
            doc.references.append(Reference("link", src, doc.path, line, "image"))
        elif child.type == "html_inline":
            _html(doc, child.content, line)
        elif child.type == "text":
            for name in env_mentions(child.content):  # "the APP_HOME environment variable"
                doc.references.append(Reference("env", name, doc.path, line, "prose"))
            for name in dotted_mentions(child.content):  # "available under pkg.typing"
                doc.references.append(Reference("code", name, doc.path, line, "prose"))
            for number, row in enumerate(child.content.split("\n")):
                for name in prose_names(row):
                    doc.note_prose(name, line + number)
        line += child.content.count("\n") if child.type == "text" else 0


_IMPORT_SPAN = re.compile(
    r"^\s*(?:import\s+[\w.]+(?:\s+as\s+\w+)?|from\s+[\w.]+\s+import\s+[\w, ]+)\s*$"
)


def _wrapped(lines: list[str], line: int, span: str) -> int:
    """The line breaks inside a code span (the parser gives them as spaces): a span that
    runs onto the next line (telegram-send's `telegram-send --config` wrapped after the
    program) moves what follows it down."""
    words = " ".join(span.split())
    if " " not in words or not 0 < line <= len(lines):
        return 0
    for extra in range(4):
        if words in " ".join(" ".join(lines[line - 1 : line + extra]).split()):
            return extra
    return 0


def _myst_directive(doc: Document, info: str, content: str, start: int) -> bool:
    """Read a MyST directive fence (```{envvar} APP_HOME, ```{note}, ```{code-block} python)
    as Sphinx reads its reStructuredText twin; False when the fence is a plain code block.

    A variable or option it declares is a claim; the body of a prose directive is Markdown,
    read as the page's; a version note's body names the old on purpose and is skipped.
    """
    directive = _MYST_DIRECTIVE.match(info)
    if directive is None:
        return False
    kind, argument = directive.group(1).rpartition(":")[2].lower(), directive.group(2).strip()
    if kind in {"code-block", "code", "sourcecode", "code-cell"}:
        add_block(doc, argument, content, start)
    elif kind == "eval-rst":  # reStructuredText, as its name says
        from klaro.verify.rst import parse_rst  # rst imports this module's block handling

        _take_in(doc, parse_rst(content, doc.path), start - 1)
    elif kind in _MYST_PROSE:
        if kind == "envvar" and argument:
            doc.references.append(Reference("code", argument, doc.path, start - 1, "envvar"))
        elif kind == "option" and argument:
            for flag in re.findall(r"(?:^|,\s*)(--?[\w-]+)", argument):
                doc.references.append(Reference("code", flag, doc.path, start - 1, "directive"))
        body = "\n".join("" if _MYST_OPTION.match(x) else x for x in content.splitlines())
        _take_in(doc, parse_document(body, doc.path), start - 1)
    elif kind in _EXECUTING:
        # ```{click:source} / ```{python:render}: the page's own code, which the docs build
        # runs; what it prints (headings, a help screen) is on the built page only
        body = "\n".join("" if _MYST_OPTION.match(x) else x for x in content.splitlines())
        if guess_language(body) in {"python", "pycon"}:
            add_block(doc, "python", body, start)
        doc.generated = doc.generated or kind != "source"
    return True


def _take_in(doc: Document, inner: Document, offset: int) -> None:
    """Add what a directive's body says, read on its own, to the page it sits `offset`
    lines into."""
    doc.references += [replace(r, line=r.line + offset) for r in inner.references]
    doc.anchors |= inner.anchors
    doc.labels |= inner.labels
    doc.words |= inner.words
    doc.plain_lines += inner.plain_lines
    for name, line in inner.prose_names.items():
        doc.note_prose(name, line + offset)


_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


def _html(doc: Document, markup: str, line: int) -> None:
    """Read anchors, links and one-line code spans from raw HTML in the document (`<a
    name=..>`, `<img src=..>`, `<code>HTTPSTAT_DEBUG</code>`), and the variables its text
    names as a shell reads them (rtv's `<td><strong>$RTV_EDITOR</strong></td>`). What an
    HTML comment holds is not shown (earthkit-hydro's `<!-- <a href="#quick-start"> -->`)."""
    markup = _HTML_COMMENT.sub(lambda m: "\n" * m[0].count("\n"), markup)
    for offset, text in enumerate(markup.splitlines() or [markup]):
        doc.anchors.update(m.lower() for m in _HTML_ANCHOR.findall(text))
        for name in _SCRIPT_READ.findall(_HTML_TAG.sub(" ", text)):
            doc.references.append(Reference("env", name, doc.path, line + offset, "prose"))
        for target in _HTML_LINK.findall(text):
            doc.references.append(Reference("link", target, doc.path, line + offset, "html"))
        for code in _HTML_CODE.findall(text):
            if code := html.unescape(code).strip():
                doc.references.append(Reference("code", code, doc.path, line + offset))


def guess_language(content: str) -> str:
    """`python` for an untagged block that is Python code, as Sphinx highlights a plain
    literal block that parses (and GitHub's reader reads an untagged fence); `pycon` for a
    session; "" for anything else (output, a tree, prose)."""
    lines = content.splitlines()
    if any(x.lstrip().startswith(">>>") for x in lines):
        return "pycon"
    opening = next((x.lstrip() for x in lines if x.strip()), "")
    if not opening.startswith("$ ") and any(IPYTHON_PROMPT.match(x) for x in lines):
        return "pycon"  # (seqrepo's `$ seqrepo ... shell`, then its `In [10]:`: a shell's)
    source = textwrap.dedent(content)
    if TEMPLATE_TAGS.search(source):
        return ""  # `{{ moment.locale("es") }}`: a Jinja template, though it parses as sets
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        # Python 2 (`print 'x', i`), a `...` elision or a body left out (`# not needed`
        # under a `def`): Python still, when it imports or defines at its left margin
        rows = source.splitlines()
        if any(_IMPORT_LINE.match(x) or _DEFINES.match(x) for x in rows):
            return "python"
        try:  # or calls with `<placeholder>` arguments (heroku3's `kill_dyno(<dyno_id>)`)
            tree = ast.parse(repaired(source))
        except (SyntaxError, ValueError):
            return ""
    code = [n for n in ast.walk(tree) if isinstance(n, _CODE_NODES)]
    rows = source.splitlines()
    if code and all(isinstance(n, ast.Call) and _spaced_call(n, rows) for n in code):
        return ""  # `INGRESS (implicit)`: words and their asides, as a listing writes them
    return "python" if code else ""


def _spaced_call(call: ast.Call, rows: list[str]) -> bool:
    """Whether a call has a space before its parenthesis (`name (note)`), as no Python
    style writes one."""
    end = call.func.end_lineno, call.func.end_col_offset
    if end[0] is None or end[1] is None or end[0] > len(rows):
        return False
    return rows[end[0] - 1][end[1] : end[1] + 1] == " "


def add_setup(doc: Document, content: str, start: int) -> None:
    """Read code a page runs before its examples without showing it (a `.. testsetup::`
    body, doctest lines hidden in a comment: pyquery's `>>> p = PyQuery(...)('p')`): the
    examples use what it binds, but its lines are not the page's claims, since a comment
    also hides code kept out of the build on purpose."""
    doc.bindings.line = start
    python_references(content, doc.bindings)


_MAN_PAGES = re.compile(r"(?:[\w.-]+\([1-9][a-z]?\)[,\s]*)+")
# a sentence announcing what an example printed, right above the block that shows it
_SHOWN_RESULT = re.compile(
    r"(?:(?:following|this|the)\s+(?:result|output)|\bas\s+output|\b(?:prints?|outputs?)\b"
    r"[^.]*|\b(?:get|see)\s+(?:the\s+)?following\b[^.]*)\s*(?:as\s+output\s*)?:{1,2}\s*$",
    re.I,
)


_PROGRAM_NAME = re.compile(r"[a-z][\w.-]*")
_OPTION_WORD = re.compile(r"\s--?[A-Za-z][\w-]*(?:=|\s|$)")


_TREE_DRAWING = re.compile(r"^[\s│|]*[├└]──", re.MULTILINE)  # a `tree` listing's branches


LOAD_EXTENSION = re.compile(r"^\s*(?:In \[\d*\]:\s*)?%(?:re)?load_ext\s+([A-Za-z_][\w.]*)\s*$")


def add_block(doc: Document, info: str, content: str, start: int) -> None:
    """Read a code block whose first line is `start`, by its language; untagged blocks are
    guessed: Python that parses, prompts (`>>>`, `$`), a leading `export`, a pasted pydoc
    page, or examples indented under a line of the block (`Example:`)."""
    lang = info.split()[0].lower().strip("{}.") if info else ""
    lines = content.splitlines()
    for offset, line in enumerate(lines if "load_ext" in content else ()):
        if extension := LOAD_EXTENSION.match(line):
            # IPython's `%load_ext imgcat` imports the module and calls its
            # `load_ipython_extension`, whatever the page's examples bound `imgcat` to
            name = f"{extension.group(1)}.load_ipython_extension"
            doc.references.append(Reference("import", name, doc.path, start + offset))
    if lang in {"", *_PLAIN_INFO} and _parameter_block(doc, lines, start):
        return
    if "Help on function" in content:  # `>>> help(dpath.values)` and what it printed
        for offset, text, context in help_claims(lines):
            doc.references.append(Reference("code", text, doc.path, start + offset, context))
    if lang not in _PYTHON_INFO and (flags := _option_listing(lines)):
        # githubrelease's "* create:" over a block of `--body BODY` lines, gcalcli's flag
        # file: each line's flag is one the program takes, as a span of it would be
        for offset, flag in flags:
            doc.references.append(Reference("code", flag, doc.path, start + offset))
        return
    lang = lang or guess_language(content)
    # a session pasted into a shell block (`>>> import pkg` under ```shell) is Python's
    opening = next((x for x in lines if x.strip()), "")
    prompts = lang not in _SHELL_INFO or opening.startswith(">>> ")
    python = lang in _PYTHON_INFO or (prompts and any(x.startswith(">>> ") for x in lines))
    shell = not python and (
        lang in _SHELL_INFO or ((not lang or lang in _PLAIN_INFO) and _looks_like_shell(lines))
    )  # also a `text` block of a prompted session: `$ gunicorn -w 4 'hello:create_app()'`
    if python and lang and _commands_not_python(lines):
        python, shell = False, True  # duckduckgo-search's ```python3 block of `ddgs` lines
    if not python:
        for offset, line in enumerate(lines):
            # pytest's `addopts: --pdbcls=pdbr:RichPdb` in a config block or a command line:
            # the program imports the object, so it names code as a span of it would
            for spec in _OBJECT_OPTION.findall(line):
                doc.references.append(Reference("code", spec, doc.path, start + offset))
    if shell and _TREE_DRAWING.search(content):
        # zulip-bots' ```shell block of its directory tree (`├───zulip_bots  # package`):
        # a drawing of files, no command to run
        doc.plain_lines.extend(lines)
        return
    if python and _MAN_PAGES.fullmatch(content.strip()):
        return  # `clush(1), clubak(1), clush.conf(5)`: manual pages, named by section
    if python and _printed_result(doc, start, content):
        return  # `ExecutionResult(errors=[GraphQLError(..., locations=[...])])`: a repr shown
    if python:
        # a history section's example binds its names for itself: `from tasks import
        # send_email` under "Before (Celery)" is not what the page's other lines mean
        bindings = copy.deepcopy(doc.bindings) if start in doc.history else doc.bindings
        bindings.line = start
        for kind, text, offset, context in python_references(content, bindings):
            doc.references.append(Reference(kind, text, doc.path, start + offset, context))
        for offset, name in raised_names(content):  # `RateNotFoundError: BGN has no rate`
            doc.references.append(Reference("code", name, doc.path, start + offset, "raised"))
    elif shell:
        _shell(doc, lines, start)
        doc.script_reads.update(_SCRIPT_READ.findall(content))
        # and the shell variables it sets for itself, not exported (`BASE_SHA=$(git ...)`)
        doc.script_reads.update(_SHELL_VARIABLE_SET.findall(content))
        # a command's `key=value` words (`vault write auth/token/roles/x allowed_policies=a`):
        # the parameters of the program run, whatever a sentence then calls them
        doc.foreign_words.update(_SHELL_KEYWORD.findall(content))
        prompted = ipython_prompts(lines)
        if any(x.lstrip().startswith(">>> ") for x in prompted):
            # `$ python` then `>>> distro.name(pretty=True)`: the session it starts is Python
            session = "\n".join(
                x.lstrip() if x.lstrip().startswith((">>> ", "... ", ">>>", "...")) else ""
                for x in prompted
            )
            doc.bindings.line = start
            for kind, text, offset, context in python_references(session, doc.bindings):
                doc.references.append(Reference(kind, text, doc.path, start + offset, context))
    elif lang in {"yaml", "yml"}:
        _workflow_steps(doc, lines, start)
        # what a CI example reads: `${{ vars.SOCKETCLI_VERSION }}`, `$$SOCKET_SCM_INTEGRATION`
        doc.script_reads.update(_WORKFLOW_READ.findall(content))
        doc.script_reads.update(_SCRIPT_READ.findall(content))
    elif lang == "toml":
        _tool_settings(doc, lines, start)
    elif lang and lang not in _NOT_FOREIGN | _TEMPLATE_INFO:
        doc.foreign_words.update(_IDENTIFIER.findall(content))
        if lang in _CONFIG_INFO:
            # a setting whose value runs a program (tabview's `pager=tabview -d '\t' -`, git's
            # `pager = ...`): a command line, the project's when the program is
            values = [m[1].strip("'\"") if (m := _CONFIG_VALUE.match(x)) else "" for x in lines]
            add_plain_commands(doc, values, start)
    elif not lang:
        if is_pydoc(lines):
            for offset, text, context in pydoc_claims(lines):
                doc.references.append(Reference("code", text, doc.path, start + offset, context))
        _indented_examples(doc, lines, start)
        _signature_lines(doc, lines, start)
    if lang in {"", "ini", "cfg"}:
        # zimports' untagged block quoting its pyproject.toml, or a setup.cfg's `[tool:x]`
        _tool_settings(doc, lines, start)
    if not python and "{%" in content:  # `{% get_providers as socialaccount_providers %}`
        doc.bindings.local.update(n for m in _TEMPLATE_BINDS.findall(content) for n in m if n)
    if not (python or shell) and (not lang or lang in _PLAIN_INFO):
        doc.plain_lines += lines
        add_plain_commands(doc, lines, start)
        for offset, line in enumerate(lines):  # a listing's `- dumb_css_parser  :returns ...`
            for name in prose_names(line):
                doc.note_prose(name, start + offset)
    if lang not in _PYTHON_INFO:  # "; overridden by the APP_URL environment variable"
        for offset, line in enumerate(lines):
            if _COMMENT_LINE.match(line):
                for name in env_mentions(line):
                    doc.references.append(Reference("env", name, doc.path, start + offset, "prose"))
            elif not shell and (lone := _LONE_ASSIGN.match(line)):
                doc.references.append(Reference("env", lone[1], doc.path, start + offset, "assign"))
    if lang not in _PYTHON_INFO:  # a pasted `--help`: its options are the program's
        above = _line_above(doc, start)
        helped = help_commands(lines, above, doc.help_program)
        for offset, command, context in helped:
            if context == "help":
                doc.help_program = command  # for its options' block under the next label
            doc.references.append(Reference("command", command, doc.path, start + offset, context))
        for offset, line in enumerate(lines if helped else ()):
            # an option row naming the variable it falls back on: aws-google-auth's
            # "The ARN of the role to assume ($AWS_ROLE_ARN)", "defaults to value of $DURATION"
            named = [f.group(1) or f.group(2) for f in _HELP_VARIABLE.finditer(line)]
            # also said in words: hass-cli's "... the environment variable HASS_PASSWORD."
            for name in dict.fromkeys([*named, *env_mentions(line)]):
                doc.references.append(Reference("env", name, doc.path, start + offset, "prose"))


def _option_listing(lines: list[str]) -> list[tuple[int, str]]:
    """The flags of a block that lists options one a line (`--body BODY`, `--nocache`,
    `-v, --verbose`), each line's first; an argument in brackets (`[ASSET_PATTERN]...`) may
    sit among them. Nothing when any line is something else (a command, a help text)."""
    found = []
    for at, line in enumerate(lines):
        words = line.split()
        if not words or _LISTED_ARGUMENT.match(words[0]):
            continue
        if not _LISTED_FLAG.match(words[0]):
            return []
        found.append((at, words[0].rstrip(",").split("=")[0]))
    return found if len(found) >= 2 else []


_LISTED_FLAG = re.compile(r"^--?[A-Za-z][\w-]*(?:/--?[A-Za-z][\w-]*)?(?:=\S*)?,?$")
_LISTED_ARGUMENT = re.compile(r"^[\[<][A-Za-z_][\w-]*[\]>](?:\.\.\.)?$")


def _parameter_block(doc: Document, lines: list[str], start: int) -> bool:
    """xkcdpass's "While `generate_xkcdpassword()` takes::" over a block of its parameters,
    one a line (`numwords=6,`, `wordlist,`): each a keyword claim of the callable the line
    above names, like an argument table's rows. Whether the block was read so."""
    rows = [(at, line) for at, line in enumerate(lines) if line.strip()]
    if len(rows) < 2 or not all(_PARAMETER_ROW.match(line) for _, line in rows):
        return False
    if not any("=" in line for _, line in rows):
        return False
    above = _line_above(doc, start).strip()
    if not _TAKES.search(above):
        return False
    spans = [m.removesuffix("()") for m in _SPAN.findall(above) if m.endswith("()")]
    if len(spans) != 1 or not _CALLABLE_NAME.match(spans[0]):
        return False
    for at, line in rows:
        name = line.split("=")[0].strip().rstrip(",").strip()
        call = f"{spans[0]}({name}=...)"
        doc.references.append(Reference("code", call, doc.path, start + at, "argument-table"))
    return True


_HELP_VARIABLE = re.compile(
    r"(?<![\w$])\$\{?([A-Z][A-Z0-9_]{2,})\b"
    # configargparse's `[env var: AWS_SESSION_TOKEN]`, `(env: X)`, click's `[env var: X]`
    r"|[\[(]env(?:\s+var)?:\s*([A-Z][A-Z0-9_]{2,})[\])]"
)
# one parameter a line, as a signature lists them: `numwords=6,`, `wordlist,`, `**kwargs`
_PARAMETER_ROW = re.compile(r"^\s*[A-Za-z_]\w*\s*(?:=\s*\S.*?)?,?\s*$")
# "`f()` takes::", "`f()` takes the following args (defaults shown)::", "accepts:"
_TAKES = re.compile(r"\b(?:takes?|accepts?|arguments|parameters|args|kwargs)\b[^:]*::?$")


def _printed_result(doc: Document, start: int, content: str) -> bool:
    """Whether a Python block is what an example printed: one expression with no prompt,
    the repr of an object or a literal, under a sentence that announces a result ("we will
    get the following result:", "prints:", "as output::")."""
    if ">>>" in content or not _SHOWN_RESULT.search(_line_above(doc, start)):
        return False
    try:
        body = ast.parse(textwrap.dedent(content)).body
    except (SyntaxError, ValueError):
        return False
    if len(body) != 1 or not isinstance(body[0], ast.Expr):
        return False
    value = body[0].value
    if isinstance(value, ast.Call):
        name = value.func.attr if isinstance(value.func, ast.Attribute) else ""
        name = value.func.id if isinstance(value.func, ast.Name) else name
        return name[:1].isupper()  # `ExecutionResult(...)`, not `print(...)`
    return isinstance(value, ast.List | ast.Dict | ast.Tuple | ast.Set | ast.Constant)


def _line_above(doc: Document, start: int) -> str:
    """The text above a block whose first line is `start` (1-based), its fence or `::`
    line skipped: the label a help text split into blocks gives each (`**Usage:**`)."""
    fence_seen = False
    for line in reversed(doc.lines[: max(start - 1, 0)]):  # back to the first text
        if not line.strip():
            continue
        if not fence_seen and line.lstrip().startswith(("```", "~~~")):
            fence_seen = True
            continue
        return line
    return ""


_CONFIG_INFO = frozenset({"ini", "cfg", "conf", "config", "gitconfig", "properties"})
_CONFIG_VALUE = re.compile(r"^\s*[\w.-]+\s*[=:]\s*(\S.*?)\s*$")  # `pager = tabview -d ','`


def add_plain_commands(doc: Document, lines: list[str], start: int) -> None:
    """Command lines written plainly (a `text` block, an rst block quote that lost its `::`:
    `    mprof plot -s`), kept apart: they are claims only where they run the project's own
    programs, which the resolver knows."""
    commands = Document(doc.path)
    # a prompt before the command, a user's (`$ cram -h`) or root's (jinja-cli's
    # `# jinja -d {data} < {template}`)
    lines = [_ROOT_PROMPT.sub("", _PROMPT.sub("", line, count=1), count=1) for line in lines]
    written = [line for line in lines if line.strip()]
    # a block of a line or two that reads as a command (`notify-run register`) is one,
    # flags or not: the resolver claims it only for the project's own programs
    short = len(written) <= 2 and all(_BARE_COMMAND.match(line) for line in written)
    pending, first = "", 0
    for offset, line in enumerate(lines):
        if not pending:
            first = offset
        if line.rstrip().endswith("\\"):
            # `airtable-export export base table \` continued on the next line: one command,
            # on the line it starts
            pending += line.rstrip()[:-1] + " "
            continue
        text, pending = pending + line.strip(), ""
        if _PLAIN_COMMAND.match(text) or (short and text.strip()):
            _command_line(commands, text.strip().partition(" #")[0], start + first)
    doc.plain_commands += [r for r in commands.references if r.kind == "command"]


def _indented_examples(doc: Document, lines: list[str], start: int) -> None:
    """Read the Python indented under a line ending in `:` of a block that is not code as a
    whole (`Example:` in a pasted docstring or `--help`): each such part that is Python."""
    i = 0
    while i < len(lines):
        label = lines[i]
        i += 1
        if not label.rstrip().endswith(":"):
            continue
        first = i
        i = indented_end(lines, first, len(label) - len(label.lstrip()))
        part = "\n".join(lines[first:i])
        if part.strip() and guess_language(part) == "python":
            add_block(doc, "python", textwrap.dedent(part), start + first)
        else:
            i = first  # a label inside the part may introduce a part of its own


# a signature written alone on its line, as API references list them:
# `nmcli.connection.delete(name: str, wait: int = None) -> None`
_SIGNATURE_LINE = re.compile(
    r"^\s*(?:async\s+)?((?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*))\((.*)\)\s*(?:->\s*(.+?))?\s*$"
)


def _signature_lines(doc: Document, lines: list[str], start: int) -> None:
    """Read each line of a block that is not Python that writes a signature with its
    annotations (`pkg.mod.func(name: str, wait: int = None) -> None`) as a call passing each
    parameter it names by name: one the function no longer takes is stale."""
    calls = []
    for offset, line in enumerate(lines):
        shape = _SIGNATURE_LINE.match(line)
        if shape is None or ":" not in shape.group(3) + (shape.group(4) or ""):
            continue  # annotations make it a signature; `f(a, b)` may be a call
        try:
            tree = ast.parse(
                f"def {shape.group(2)}({shape.group(3)}) -> {shape.group(4) or 'None'}: ..."
            )
        except (SyntaxError, ValueError):
            continue
        function = tree.body[0]
        assert isinstance(function, ast.FunctionDef)
        args = function.args
        shown = [a.annotation for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
        if any(isinstance(a, ast.Constant) and not isinstance(a.value, str) for a in shown):
            continue  # `Variable (day: 5)`: a repr printing sizes, no annotations
        named = [a.arg for a in [*args.args, *args.kwonlyargs] if a.arg not in {"self", "cls"}]
        given = [*("None" for _ in args.posonlyargs), *(f"{n}=None" for n in named)]
        calls.append((offset, f"{shape.group(1)}({', '.join(given)})"))
    if not calls:
        return
    session = [""] * len(lines)
    for offset, call in calls:
        session[offset] = call
    doc.bindings.line = start
    for kind, text, offset, context in python_references("\n".join(session), doc.bindings):
        doc.references.append(Reference(kind, text, doc.path, start + offset, context))


def _workflow_steps(doc: Document, lines: list[str], start: int) -> None:
    """Read the `run:` scripts of a CI workflow example (GitHub Actions, GitLab) as shell."""
    i = 0
    while i < len(lines):
        match = _RUN_STEP.match(lines[i])
        i += 1
        if match is None:
            continue
        value = match.group(2).strip()
        if value and value[0] not in "|>":
            _shell(doc, [value.strip("'\"")], start + i - 1)
            continue
        first = i
        i = indented_end(lines, first, len(match.group(1)))
        script = [x.strip().removeprefix("- ") for x in lines[first:i]]  # GitLab: a list
        _shell(doc, script, start + first)


_TOML_TABLE = re.compile(r"^\s*\[\s*([\w.:\"'-]+)\s*\]\s*(?:#.*)?$")

# a TOML table's header and a key of it (`[tool.pytest-watcher]`, `runner_args = []`)
_TOML_TABLE = re.compile(r"^\s*\[\s*([\w.\"'-]+)\s*\]\s*(?:#.*)?$")
_TOML_KEY = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*=")


def _tool_settings(doc: Document, lines: list[str], start: int) -> None:
    """Record the keys of the `[tool.X]` tables of a TOML example (a `pyproject.toml`
    section a tool reads), as `setting` references whose context is the tool's name: a key
    the tool's code once read and reads no more is stale."""
    tool = ""
    for offset, line in enumerate(lines):
        if table := _TOML_TABLE.match(line):
            # (`[tool.x]` of pyproject.toml, `[tool:x]` of setup.cfg)
            parts = table.group(1).replace('"', "").replace("'", "").replace(":", ".").split(".")
            tool = parts[1] if parts[0] == "tool" and len(parts) == 2 else ""
        elif tool and (key := _TOML_KEY.match(line)):
            setting = Reference("setting", key.group(1), doc.path, start + offset, tool)
            doc.references.append(setting)


# `tool --flag ARG`, `./script.py 2>&1 | tool`: a program word, then its arguments, pipes
# and redirections
_BARE_COMMAND = re.compile(r"^\s*(?:\.{0,2}/)?[a-z][\w.-]*(?:\s+[\w<>\[\]\"'./:=|&-]+)+\s*$")
# root's prompt before a command line written plainly: `# jinja -d {data} {template}`
_ROOT_PROMPT = re.compile(r"^\s*#\s+(?=[a-z][\w.-]*\s+\S)")
_PLAIN_COMMAND = re.compile(r"^\s*(?:[\w./~-]*/)?[A-Za-z][\w.-]*(?:\s+[^\s-][^\s]*)*\s+--?[A-Za-z]")


def _commands_not_python(lines: list[str]) -> bool:
    """Whether a block tagged Python holds command lines instead: it does not parse, and
    each line runs the same program with options (`ddgs text -k "..." -m 50`)."""
    commands = [x.strip() for x in lines if x.strip() and not x.lstrip().startswith("#")]
    programs = {c.split()[0] for c in commands}
    if len(programs) != 1 or not all(" " in c for c in commands):
        return False
    if not _PROGRAM_NAME.fullmatch(next(iter(programs))):
        return False
    if not any(_OPTION_WORD.search(c) for c in commands):
        return False
    try:
        ast.parse("\n".join(commands))
    except (SyntaxError, ValueError):
        return True
    return False


def _looks_like_shell(lines: list[str]) -> bool:
    """A prompt, `export`, `alias` or `NAME=v command` first, or a variable set alone and
    used after (stdeb's `STDEB_VERSION="0.10.1"`, then `--release=$STDEB_VERSION`; also
    below other commands: alchemiscale's job script, `ulimit -s unlimited` first)."""
    commands = [x for x in lines if x.strip() and not x.lstrip().startswith("#")]
    first = commands[0].lstrip() if commands else ""
    set_alone = [
        (at, found.group(1))
        for at, command in enumerate(commands)
        if (found := re.match(r"\s*([A-Za-z_]\w*)=\S*\s*$", command))
    ]
    return bool(commands) and (
        bool(_PROMPT.match(first))
        or first.startswith(("export ", "alias "))
        or bool(_ASSIGNED_COMMAND.match(first))
        or any(
            re.search(rf"\$\{{?{name}\b", line)
            for at, name in set_alone
            for line in commands[at + 1 :]
        )
    )


def _shell(doc: Document, lines: list[str], start: int) -> None:
    """Record each command of a shell block; in a transcript with prompts, only prompted lines."""
    has_prompts = any(_PROMPT.match(x) for x in lines)
    pending = ""
    pending_line = 0
    for offset, raw in enumerate(lines):
        match = _PROMPT.match(raw) or (_GLUED_PROMPT.match(raw) if has_prompts else None)
        if pending:
            text = pending + " " + raw.strip()
        elif match:
            text = raw[match.end() :]
        elif has_prompts:
            continue  # output of the previous command
        else:
            text = raw
        if not pending:
            pending_line = start + offset
        if text.rstrip().endswith("\\"):
            pending = text.rstrip()[:-1]
            continue
        pending = ""
        command, _, comment = text.partition(" #")
        made = len(doc.references)
        _command_line(doc, command.strip(), pending_line)
        _place_continued(doc, made, lines[pending_line - start : offset + 1], pending_line)
        spelled = _COMMENT_SPELLINGS.match(comment)
        if spelled and set(spelled.group(1).split("/")) & set(command.split()):
            # `ping3 --interface eth0  # -I/--interface. ...`: the option's spellings, a claim
            doc.references.append(Reference("code", spelled.group(1), doc.path, pending_line))


_HTML_TAG = re.compile(r"<[^<>]*>")
_WORKFLOW_READ = re.compile(r"\$\{\{\s*(?:vars|secrets|env|inputs)\.([A-Za-z_]\w*)\s*\}\}")
# a variable a script line sets for itself alone: `BASE_SHA=$(git merge-base ...)`
_SHELL_VARIABLE_SET = re.compile(
    r"^[ \t]*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=(?:\$\(.*\)|\"[^\"\n]*\"|'[^'\n]*'|\S*)[ \t]*$", re.M
)
_SCRIPT_READ = re.compile(r"\$\{?([A-Z][A-Z0-9_]*[A-Z0-9])\b")  # `$NAME`, `${NAME}`
_SUBSTITUTION = re.compile(r"\$\(([^()]*)\)")  # `$(fio info x.shp --bounds)`, innermost first


def _place_continued(doc: Document, made: int, physical: list[str], first: int) -> None:
    """Put what a command continued over lines (`docker run \\` then `-e APP_USER=me \\`)
    names on the line that writes it, where a reader looks: a variable, a value; the
    command itself stays on the line it starts."""
    if len(physical) < 2:
        return
    for i in range(made, len(doc.references)):
        ref = doc.references[i]
        if ref.kind == "command" or ref.line != first:
            continue
        at = next((n for n, text in enumerate(physical) if ref.text in text), 0)
        if at:
            doc.references[i] = replace(ref, line=first + at)


def _command_line(doc: Document, text: str, line: int) -> None:
    if not text or text.startswith("#"):
        return
    text = _DUPLICATED.sub("", text)  # `2>&1`: no command after the `&`
    while substituted := _SUBSTITUTION.search(text):
        # the inner command is a command line of its own; the outer one gets its output
        _command_line(doc, substituted.group(1).strip(), line)
        text = text[: substituted.start()] + "OUTPUT" + text[substituted.end() :]
    try:
        lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError:
        words = text.split()
    command: list[str] = []
    for word in [*words, ";"]:
        if word not in _SEPARATORS:
            command.append(word)
            continue
        _command(doc, command, line)
        command = []


_DUPLICATED = re.compile(r"(?<!\S)\d*>&\d+(?!\S)")


def _command(doc: Document, words: list[str], line: int) -> None:
    """Record variables a command sets (`export X=1`, `X=1 cmd`) and the command itself."""
    if words[1:2] == ["="]:
        return  # `gimme-aws-creds = import gimme-src;`: another language's binding (Nix)
    if words[:1] in (["export"], ["set"]):  # POSIX shells; `set X=1` in Windows cmd
        words = words[1:]
        for word in words:
            if m := _ENV_ASSIGN.match(word):
                doc.references.append(Reference("env", m.group(1), doc.path, line, "export"))
                if value := dotted_value(word):
                    doc.references.append(Reference("code", value, doc.path, line))
        return
    if words[:1] == ["alias"]:  # `alias hcook='HOWDOI_URL=... howdoi $*'`: its command
        for word in words[1:]:
            if "=" in word:
                doc.aliases.setdefault(word.partition("=")[0], line)
                _command_line(doc, word.partition("=")[2], line)
        return
    if (
        len(words) > 5
        and all(_CRON_TIME.match(w) for w in words[:2])
        and all(_CRON_FIELD.match(w) for w in words[2:5])
    ):
        words = words[5:]  # a crontab line, `*/5 * * * * gcalcli --nocolor agenda`
    elif words[:1] and words[0].startswith("@") and words[0][1:] in _CRON_NICKNAMES:
        words = words[1:]  # `@daily gcalcli ...`
    while words and (words[0] in {"function", "{", "}"} or words[0].endswith(("()", "(){"))):
        words = words[1:]  # `function hdi(){ howdoi $* -c; }`: the body's command
    if words[:1] == ["setx"] and len(words) > 1 and _ENV_NAME.match(words[1]):
        doc.references.append(Reference("env", words[1], doc.path, line, "export"))
        return
    if words[:1] == ["env"]:  # `env APP_DEBUG=1 app serve`: the command runs with them set
        words = words[1:]
    for name in _container_env(words):
        doc.references.append(Reference("env", name, doc.path, line, "assign"))
    while words and (m := _ENV_ASSIGN.match(words[0])):
        doc.references.append(Reference("env", m.group(1), doc.path, line, "assign"))
        if value := dotted_value(words[0]):  # `BACKEND=keyring.backends.null.Keyring`
            doc.references.append(Reference("code", value, doc.path, line))
        words = words[1:]
    if words and words[0] in {"sudo", "exec", "time", "uv", "pipx", "poetry", "pdm", "hatch"}:
        words = words[2:] if words[0] != "sudo" and words[1:2] == ["run"] else words[1:]
    if words:
        doc.references.append(Reference("command", shlex.join(words), doc.path, line))


# the fields of a crontab line: minute and hour are numbers or stars (`*/5`, `0,30`, `9-17`),
# so five words of prose never read as a schedule; day, month and weekday may be names
_CRON_TIME = re.compile(r"^(?:\*|\d+)(?:-\d+)?(?:/\d+)?(?:,\d+(?:-\d+)?)*$")
_CRON_FIELD = re.compile(r"^(?:\*|\d+|[a-z]{3})(?:-(?:\d+|[a-z]{3}))?(?:/\d+)?(?:,[\w/-]+)*$")
_CRON_NICKNAMES = {
    "reboot",
    "yearly",
    "annually",
    "monthly",
    "weekly",
    "daily",
    "midnight",
    "hourly",
}
_CONTAINER_RUNS = {("docker", "run"), ("docker", "exec"), ("docker", "create"),
                   ("podman", "run"), ("podman", "exec"), ("podman", "create"),
                   ("docker-compose", "run"), ("docker-compose", "exec")}  # fmt: skip
_CONTAINER_ENV = re.compile(r"^(?:-e|--env)(?:=|(?=[A-Z]))([A-Z][A-Z0-9_]*)(?:=|$)")


def _container_env(words: list[str]) -> list[str]:
    """The variables `docker run -e ARP_PATH=/host/arp image` sets for the program in the
    container (podman's and compose's alike): the page says the code reads them."""
    if words[:2] == ["docker", "compose"]:
        words = ["docker-compose", *words[2:]]
    if tuple(words[:2]) not in _CONTAINER_RUNS:
        return []
    names = []
    for at, word in enumerate(words):
        if word in {"-e", "--env"} and at + 1 < len(words):
            word = f"--env={words[at + 1]}"
        if m := _CONTAINER_ENV.match(word):
            names.append(m.group(1))
    return names


def dotted_value(assignment: str) -> str | None:
    """The Python path a variable is set to (`X=pkg.backends.null.Keyring`, `X=pkg.app:main`):
    the program imports it, so it names code like a span does."""
    value = assignment.partition("=")[2].strip("'\"")
    return value if _DOTTED_VALUE.match(value) else None


def _plain_text(token: Token) -> str:
    return "".join(c.content for c in token.children or () if c.type in {"text", "code_inline"})


_COMMENT_LINE = re.compile(r"^\s*(?:#|;|//)")  # a comment line of a config file or script
_SNIPPET = re.compile(r"""^\s*-{1,}8<-{1,}\s+["'][^"']+["']""")  # `--8<-- "CHANGELOG.md"`


def docutils_id(title: str) -> str:
    """The id docutils gives a section or label: lower case, runs of other characters to `-`
    (also a Markdown heading's in a Sphinx site: MyST's `## compress_stream` heading is
    `#compress-stream` there)."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")


def github_slug(heading: str) -> str:
    """A heading's anchor as GitHub (and github-slugger, which Docusaurus uses) writes it."""
    return "".join(
        ch
        for ch in heading.strip().lower()
        if ch in " -_" or unicodedata.category(ch)[0] in {"L", "N", "M"}
    ).replace(" ", "-")


class _Slugger:
    """GitHub's heading anchors: lower-cased, punctuation dropped, spaces to `-`, deduplicated."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def slug(self, heading: str) -> str:
        base = github_slug(heading)
        count = self.seen.get(base, 0)
        self.seen[base] = count + 1
        return base if count == 0 else f"{base}-{count}"


class _TocSlugger:
    """Python-Markdown's heading ids (MkDocs sites): accents folded, punctuation dropped, runs
    of spaces and hyphens to one `-`, a repeated id numbered `_1`, `_2`."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def slug(self, heading: str) -> str:
        text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
        base = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", text).strip().lower())
        found, count = base, 0
        while found in self.seen or not found:
            count += 1
            found = f"{base}_{count}"
        self.seen.add(found)
        return found
