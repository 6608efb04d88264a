"""Read the Python examples of a document: what they import and which attributes they use.

Blocks are parsed with `ast`, doctest prompts (`>>>`, `...`) stripped first; a block that does
not parse as a whole is read statement by statement so one placeholder does not hide the rest.
Names bound by one block stay bound for the next (`console = Console()` in one block,
`console.print(...)` in a later one), so bindings live on the document, not the block.
"""

from __future__ import annotations

import ast
import builtins
import codeop
import io
import re
import textwrap
import tokenize
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field

from klaro.scan.names import ITERATED
from klaro.verify.mentions import env_mentions

# `# or db.query_file(path)`: a comment offering another call
_ALTERNATIVE = re.compile(r"^#\s*(?:or|e\.g\.|i\.e\.|alternatively|same as)[:,]?\s+(.+)$", re.I)
_SPAN = re.compile(r"`([^`\n]+)`")
_ASSIGNED = re.compile(r"^[A-Za-z_]\w*\s*=\s*")  # `html = ` before the call
# `where(...).matches(regex)`: a name called, then methods called on the result
_COMMENTED_CALL = re.compile(r"^#\s?(?:[A-Za-z_]\w*\s*=\s*)?([A-Za-z_][\w.]*)\(.*\)\s*$")
_CHAIN = re.compile(r"(?<![\w.`])[A-Za-z_]\w*\([^()]*\)(?:\.[A-Za-z_]\w*\([^()]*\))*")
# (kind, dotted text, 0-based line offset in the block, context)
PyRef = tuple[str, str, int, str]


def _is_ellipsis(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is Ellipsis


def call_context(
    base: str, node: ast.Call, mappings: dict[str, tuple[tuple[str, int], ...]] | None = None
) -> str:
    """`base` plus the call's arguments: `call|2|strict,encoding` (`-1`: arity unknown).

    The positional count is -1 when `*args` is unpacked or `...` stands for arguments left
    out; `**mapping` adds the keyword `**`, unless `mappings` knows the dict literal the
    name holds (`options = {"statsd_host": ...}; initialize(**options)`): then its keys,
    each at its own line. Read back with `call_arguments`.
    """
    # (or one inside it: garth's printed `SleepDTO(..., next_sleep_need=SleepNeed(...))` is
    # an excerpt as a whole; a keyword's value left out, mdv's `main(md, c_theme=...)`, is
    # not: the arguments are all written)
    values = [k.value for k in node.keywords if not _is_ellipsis(k.value)]
    starred = any(isinstance(a, ast.Starred) for a in node.args) or any(
        _is_ellipsis(n) for a in [*node.args, *values] for n in ast.walk(a)
    )
    first = node.func.end_lineno if isinstance(node.func, ast.Attribute) else node.lineno
    first = first or node.lineno
    written: list[tuple[str, int]] = []
    for k in node.keywords:
        held = mappings.get(k.value.id) if isinstance(k.value, ast.Name) and mappings else None
        if k.arg is None and held is not None:
            written += held
        else:
            written.append((k.arg or "**", k.lineno))
    keywords = ",".join(
        name + (f"@{line - first}" if line != first else "") for name, line in written
    )  # `name@2`: written two lines below the line the called name is on (`@-3`: above)
    return f"{base}|{-1 if starred else len(node.args)}|{keywords}"


def call_arguments(context: str) -> tuple[str, int | None, tuple[str, ...]] | None:
    """Split a context made by `call_context`: (base, positional count or None, keywords)."""
    base, sep, rest = context.partition("|")
    if not sep:
        return None
    count, _, keywords = rest.partition("|")
    positional = int(count) if count.lstrip("-").isdigit() and int(count) >= 0 else None
    return base, positional, tuple(k.partition("@")[0] for k in keywords.split(",") if k)


def keyword_line(context: str, keyword: str) -> int:
    """How many lines below the call's first line `keyword` is written (0 when unknown)."""
    for item in context.rpartition("|")[2].split(","):
        name, _, offset = item.partition("@")
        if name == keyword:
            return int(offset) if offset.lstrip("-").isdigit() else 0
    return 0


@dataclass
class Bindings:
    """Names the examples of one document have bound so far."""

    origins: dict[str, tuple[str, bool]] = field(default_factory=dict)  # name -> (dotted, instance)
    local: set[str] = field(default_factory=set)  # defined by the examples themselves
    star: list[str] = field(default_factory=list)  # modules imported with `*`
    # identifier-like string literals (`@env.parser_for("furl")` registers `env.furl`)
    strings: set[str] = field(default_factory=set)
    # members the examples' own subclasses of imported classes define (`days_till_xmas`)
    added: set[str] = field(default_factory=set)
    # methods of any class the examples define: prose names them (``_sum()``), but they are
    # not names the examples bind, so a project function of that name stays checked in code
    methods: set[str] = field(default_factory=set)
    # functions the examples hand to an imported registry's decorator
    # (`@extensions.register_check_method` on `def is_between`): it may make them members of a
    # class (`Check.is_between`)
    registered: set[str] = field(default_factory=set)
    # what the elements of a list the examples fill hold: `bars.append(ProgressBar(...))`,
    # `[Client(h) for h in hosts]`; `bars[i]` and `for bar in bars` are one of them
    elements: dict[str, tuple[str, bool]] = field(default_factory=dict)
    # the examples' own subclasses of one imported class (`class Person(PRecord)`), by name:
    # an instance of one (`john = Person(...)`) has the base's members and the subclass's
    subclasses: dict[str, str] = field(default_factory=dict)
    own: set[str] = field(default_factory=set)  # names bound to an instance of one of them
    # attributes the examples give instances of imported classes (`psr.name = ...` on a
    # `hsen.Pulsar`), by (class as imported, attribute): read back later, they are the page's
    given: set[tuple[str, str]] = field(default_factory=set)
    # the functions and classes the examples define at the top of a block, kept whatever
    # rebinds them: the page's own, also where it calls one before its `def`
    defined: set[str] = field(default_factory=set)
    # options the examples' own programs declare (`cli.SwitchAttr("--mode", ...)`,
    # `parser.add_argument("-v")`): prose naming them is about the example
    flags: set[str] = field(default_factory=set)
    # commands the examples declare (`@app.cli.command("create-user")`, `AppGroup("user")`,
    # `@cli.command()` on `def init_db`): a command line naming one runs the example's
    commands: set[str] = field(default_factory=set)
    # names the examples use and never bind (`for inputs, targets in train_loader:`): the
    # reader's own objects, which prose names too ("Build `train_loader` with ...")
    free: set[str] = field(default_factory=set)
    line: int = 0  # where the block being read starts
    # dict literals bound to a name, by the first line of the block that binds them, with
    # each string key's line: `initialize(**options)` in that block passes those keys
    mappings: dict[str, tuple[int, tuple[tuple[str, int], ...]]] = field(default_factory=dict)
    # every binding of a name, in page order, with its block's first line: prose between
    # two examples means the binding made before it (`origin_at`)
    history: dict[str, list[tuple[int, tuple[str, bool] | None]]] = field(default_factory=dict)

    def bind(self, name: str, origin: tuple[str, bool] | None) -> None:
        self.history.setdefault(name, []).append((self.line, origin))
        self.elements.pop(name, None)
        self.subclasses.pop(name, None)
        self.own.discard(name)
        if origin is None:
            self.origins.pop(name, None)
            self.local.add(name)
        else:
            self.origins[name] = origin
            self.local.discard(name)

    def origin_at(self, name: str, line: int) -> tuple[tuple[str, bool] | None, int]:
        """What `name` is bound to for a sentence on `line`: the binding of the last example
        above it, else the first one below; with the line of that example's block (0 when
        the name is bound nowhere on the page but carried in from elsewhere)."""
        seen = self.history.get(name)
        if not seen:
            return self.origins.get(name), 0
        before = [(origin, at) for at, origin in seen if at <= line]
        return before[-1] if before else (seen[0][1], seen[0][0])


# `add_argument`, `click.option`, plumbum's `switch` and `SwitchAttr`: calls declaring options
_DECLARES_OPTION = re.compile(r"argument|option|switch|flag")
_FLAG = re.compile(r"^--?[A-Za-z][\w-]*$")
_COMMAND_MAKERS = frozenset({"command", "group", "add_command"})  # click's, typer's, kin
_LISTED = (ast.List, ast.Tuple, ast.Set, ast.ListComp, ast.SetComp, ast.GeneratorExp)
# `"pkg.integrations.django.Middleware"`: a class by its import path, in a setting
_CLASS_PATH = re.compile(r"^[a-z_]\w*(?:\.[a-z_]\w*)+\.[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")
_PRINT_STATEMENT = re.compile(r"^([ \t]*)print[ \t]+(?![(=.,\s])(.+?)[ \t]*$", re.M)


def python_references(source: str, bindings: Bindings) -> list[PyRef]:
    """Return the references one Python block makes, updating the document's bindings."""
    code = _strip_prompts(source)
    tokens = _tokens(code) if "#" in code else []  # tokenized once, for both uses
    elided = _elided_rows(tokens)
    if elided:
        code = "\n".join(
            line[: len(line) - len(line.lstrip())] + "**...," if row in elided else line
            for row, line in enumerate(code.split("\n"))
        )
    # `c = chord(...)` two blocks up may not be the `c` of `[a.s(), b.s(), c.s()]`: where a
    # block uses one-letter names nothing binds, its one-letter names are placeholders, and
    # what an earlier block bound one to is held loosely (a member it lacks is no proof)
    carried = {n for n in bindings.origins if len(n) == 1}
    if listed := _keyword_listing(code):
        return listed
    visitor = _Visitor(bindings)
    try:
        tree = _parse_block(code)
    except (SyntaxError, ValueError):
        for offset, one in _statements(code.splitlines()):
            visitor.offset = offset
            visitor.bound = _bound_names(one)
            visitor.visit(one)
    else:
        visitor.bound = _bound_names(tree)
        if carried and _placeholder_letters(tree, visitor.bound | set(bindings.origins)):
            visitor.loose = carried - visitor.bound
        visitor.visit(tree)
        visitor.found += _signature_excerpts(tree)
        bindings.free |= {
            n.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)
            and n.id not in visitor.bound
            and n.id not in bindings.origins
            and not hasattr(builtins, n.id)
        }
    known = set(bindings.origins) | visitor.bound
    comments = [
        (t.start[0] - 1, t.string)
        for t in tokens
        if t.type == tokenize.COMMENT and t.start[0] - 1 not in elided
    ]
    for offset, expression in _alternatives(comments, known):
        visitor.offset = offset
        visitor.visit(expression)
    visitor.found += _comment_variables(comments)
    return visitor.found


def _signature_excerpts(tree: ast.Module) -> list[PyRef]:
    """A function a block shows by its signature alone (a body of only a docstring, `...`
    or `pass`): duckduckgo-search's README copies `def text(keywords, region=None, ...,
    backend="auto")` and its docstring. The `def` line claims the function exists (context
    `signature||all params`), each parameter that it takes it, on its own line (context
    `signature|param|all params`); whether the name is the project's function, the
    resolver tells."""
    found: list[PyRef] = []
    for node, owner in _sketched_functions(tree):
        args = node.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        if params and params[0].arg in {"self", "cls"}:
            params = params[1:]
        named = ",".join(p.arg for p in params)
        name = f"{owner}.{node.name}" if owner else node.name
        # the function itself, on its `def` line (counted), then each parameter (checked)
        found.append(("signature", name, node.lineno - 1, f"signature||{named}"))
        for param in params:
            line = param.lineno - 1
            found.append(("signature", name, line, f"signature|{param.arg}|{named}"))
    return found


def _sketched_functions(
    tree: ast.Module,
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    """The functions a block shows by their signature alone, with the class a block restates
    them in ("" for a module-level one): aiohttp-retry's README copies `class
    RetryOptionsBase:` with its `def __init__(self, attempts=3, statuses=None, ...)`."""
    for node in tree.body:
        functions = [(node, "")]
        if isinstance(node, ast.ClassDef):
            functions = [(n, node.name) for n in node.body]
        for function, owner in functions:
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if function.decorator_list or not all(_no_statement(s) for s in function.body):
                continue
            yield function, owner


_CONSTANT_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{4,}$")  # `DELIMITERS`
_SKETCHED_COUNT = re.compile(r"^([\w-]*call)\|\d+\|")


def _no_statement(stmt: ast.stmt) -> bool:
    """A docstring, `...` or `pass`: what stands for a body left out."""
    if isinstance(stmt, ast.Pass) or _elided(stmt):
        return True
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _elided(stmt: ast.stmt) -> bool:
    """A `...` statement: code the example left out."""
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and stmt.value.value is Ellipsis
    )


_KEYWORD_ITEM = re.compile(r"^\s*([a-z_]\w*)=(?!=)(\S[^#]*?)\s*,?\s*(?:#.*)?$")
# a parameter of a signature copied a line each: `fullwidth: bool = False,` (pyboxen)
_ANNOTATED_ITEM = re.compile(
    r"^\s*([a-z_]\w*)\s*:\s*[^=#]+?\s*=(?!=)\s*(\S[^#]*?)\s*(,?)\s*(?:#.*)?$"
)


def _keyword_listing(code: str) -> list[PyRef]:
    """A block that lists keywords with their defaults, one a line (premailer's
    `allow_network=True # allow network access`, `base_url=None,`): Python parses each
    line as an assignment, but no example writes `x=None,` for a tuple; each line claims a
    keyword of the call the text around it names, read as a code span would be."""
    lines = [(n, x) for n, x in enumerate(code.splitlines()) if x.strip()[:1] not in {"", "#"}]
    items = [(n, m) for n, x in lines if (m := _KEYWORD_ITEM.match(x))]
    if len(items) < len(lines):
        # annotated, as a signature writes them: each a claim as well, when most end in a
        # comma (no class body of annotated fields, which has none)
        items = [(n, m) for n, x in lines if (m := _ANNOTATED_ITEM.match(x))]
        if sum(bool(m[3]) for _, m in items) * 2 < len(items):
            return []
    if len(items) < 3 or len(items) < len(lines):
        return []  # also the keywords of a call written out (`Environment(\n  x="<%",\n)`)
    return [("code", f"{m[1]}={m[2]}", offset, "") for offset, m in items]


def _placeholder_letters(tree: ast.AST, known: set[str]) -> bool:
    """Whether a block uses a one-letter name that nothing binds (`a.s()`, `b.s()`)."""
    return any(
        isinstance(n, ast.Name) and len(n.id) == 1 and n.id not in known and n.id != "_"
        for n in ast.walk(tree)
    )


def _tokens(code: str) -> list[tokenize.TokenInfo]:
    """The tokens of a block (dedented), none when it does not tokenize: its comments are the
    prose an example carries."""
    try:
        return list(tokenize.generate_tokens(io.StringIO(textwrap.dedent(code)).readline))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return []


def _elided_rows(tokens: list[tokenize.TokenInfo]) -> set[int]:
    """The 0-based rows of comment lines standing for a call's arguments left out (garth's
    printed `SleepDTO(` ... `# ... other scores` ... `)`): each becomes `**...,`, so the
    call's count and required parameters are not judged, its keywords are."""
    rows: set[int] = set()
    calls: list[bool] = []  # the open brackets, whether each opens a call's arguments
    previous: tokenize.TokenInfo | None = None
    for token in tokens:
        if token.type == tokenize.OP and token.string in "([{":
            called = (
                token.string == "("
                and previous is not None
                and (previous.type == tokenize.NAME or previous.string in {")", "]"})
            )
            calls.append(called)
        elif token.type == tokenize.OP and token.string in ")]}" and calls:
            calls.pop()
        elif (
            token.type == tokenize.COMMENT
            and calls
            and calls[-1]
            and _ELISION_COMMENT.match(token.string)
            and not token.line[: token.start[1]].strip()
        ):
            rows.add(token.start[0] - 1)
        if token.type not in {tokenize.NL, tokenize.COMMENT}:
            previous = token
    return rows


# a comment standing for code left out: `# ... other scores`, `# …`
_ELISION_COMMENT = re.compile(r"#\s*(?:\.{3}|…)")


def _parse_block(code: str) -> ast.Module:
    """Parse a block; one in Python 2 (`print "x"`, as old READMEs write) is read with its
    print statements made calls, line for line, so the rest of it still counts."""
    code = textwrap.dedent(code)
    try:
        return ast.parse(code)
    except SyntaxError:
        fixed = repaired(code)
        if fixed == code:
            raise
        return ast.parse(fixed)


def repaired(code: str) -> str:
    """A sketch made Python: print statements made calls, and a `<placeholder>` for an
    argument (heroku3's `app.kill_dyno(<dyno_id_or_name>)`) made `...`, an argument left
    out, so the call's other arguments still count; a line marking code left out
    (bigquery-schema-generator's `...(same as above)...`) made `...`; a signature pasted
    without its body (semchunk's `def chunk(...) -> list[str]:` ending the block) given a
    `...` body."""
    code = _ELISION_LINE.sub(r"\1...", code)
    code = _VALUE_PLACEHOLDER.sub("...", code)  # `min_bytes=<minimum bytes to include>,`
    code = _ANGLE_PLACEHOLDER.sub("...", _PRINT_STATEMENT.sub(r"\1print(\2)", code))
    headers = list(_HEADER.finditer(code))
    if headers and code.rstrip().endswith(":"):
        code = f"{code.rstrip()}\n{headers[-1].group(1)}    ...\n"
    return code


# the start of a definition's header: `def chunk(`, `async def f(`, `class Chunker(...)`
_HEADER = re.compile(r"^([ \t]*)(?:async[ \t]+def|def|class)[ \t]+\w", re.MULTILINE)


# a line standing for code left out, with words between its dots: `...(same as above)...`
_ELISION_LINE = re.compile(r"^([ \t]*)\.{3}[^.\n][^\n]*?\.{3}[ \t]*$", re.MULTILINE)


# `<appname>` where an argument goes: after `(` or `,`, before `,` or `)`
# (a name, not words: pyvisa's `viMapAddress(<here goes the arguments>)` sketches no call)
_ANGLE_PLACEHOLDER = re.compile(r"(?<=[(,\s])<[A-Za-z_][\w.-]*>(?=\s*[,)])")
# a keyword's value written as words in angle brackets (pyzipper's `min_bytes_to_include_crc=
# <minimum uncompressed bytes to include crc>,`): the keyword is written, its value left out
_VALUE_PLACEHOLDER = re.compile(r"(?<==)<[A-Za-z][^<>\n]*>(?=\s*[,)\n])")


def _statements(lines: list[str]) -> Iterator[tuple[int, ast.Module]]:
    """The statements of a block that does not parse whole (a decorator with nothing under
    it, a shell line among the code), by the offset of their first line: each line that
    parses alone, and a call left open on one line with the lines that close it
    (pyrallis' `cfg = pyrallis.parse(config_class=C,` then `config_path='...')`)."""
    at = 0
    while at < len(lines):
        text = lines[at].strip()
        one = _parse_line(text)
        end = at + 1
        if one is None and text and _open(text):
            for end in range(at + 2, min(at + 30, len(lines)) + 1):
                joined = "\n".join([text, *lines[at + 1 : end]])
                if not _open(joined):
                    one = _parse_line(joined)
                    break
            if one is None:
                end = at + 1
        if one is not None:
            yield at, one
        at = end


def _parse_line(line: str) -> ast.Module | None:
    """Parse one line of a block that does not parse whole: a decorator (`@retry(x=7)`) is
    its call, a compound statement's header (`def f():`) gets an empty body."""
    for text in (line, f"{line} pass", line[1:] if line.startswith("@") else ""):
        try:
            return ast.parse(text) if text else None
        except (SyntaxError, ValueError):
            continue
    return None


def _comment_variables(comments: list[tuple[int, str]]) -> list[PyRef]:
    """`# or set it via the IPDB_CONTEXT_SIZE env variable`: a variable a comment names."""
    return [
        ("env", name, offset, "prose")
        for offset, comment in comments
        for name in env_mentions(comment)
    ]


def _alternatives(
    comments: list[tuple[int, str]], bound: set[str]
) -> list[tuple[int, ast.Expression]]:
    """Calls a comment of an example makes claims with: one it offers instead of the line's
    own (`rows = db.query(sql)  # or db.query_file(path)`), one in a code span (`# or use
    `html = markdown_path(PATH)``), or a chain of calls on a name the examples bound (tinydb's
    `# More possible checks: where(...).matches(regex)`)."""
    found: list[tuple[int, ast.Expression]] = []
    for offset, comment in comments:
        texts = _SPAN.findall(comment)
        if match := _ALTERNATIVE.match(comment):
            texts.append(match.group(1))
        # a chain is code by its shape (`where(...).matches(regex)`); one call, by its name
        # (`validate()` alone in "raised by validate(), the instance is valid" names it)
        texts += [
            c
            for c in _CHAIN.findall(comment)
            if ")." in c
            or (c.split("(")[0] in bound and not c.endswith("()") and _bound_arguments(c, bound))
        ]
        # a line of the example commented out, as the other way to do it (`# parser =
        # PlaintextParser.from_file("document.txt", Tokenizer(LANGUAGE))`)
        if (line := _COMMENTED_CALL.match(comment)) and line.group(1).split(".")[0] in bound:
            texts.append(line.group(0).lstrip("# "))
        for text in texts:
            try:  # `html = markdown_path(PATH)`: the call is the claim
                expression = ast.parse(_ASSIGNED.sub("", text.strip()), mode="eval")
            except (SyntaxError, ValueError):
                continue
            if isinstance(expression.body, ast.Call) or _bound_path(expression.body, bound):
                # or a dotted name on one the examples bound, in a span (kagglehub's `#
                # ... combined with `kagglehub.models.DEFAULT_IGNORE_PATTERNS``)
                found.append((offset, expression))
    return found


def _bound_arguments(call: str, bound: set[str]) -> bool:
    """Whether each name a comment's call is given is one the examples bound: Corrfunc's
    "# for DD(s, mu)" is notation, the pair counts are a function of `s` and `mu`."""
    try:
        node = ast.parse(call.strip(), mode="eval").body
    except (SyntaxError, ValueError):
        return True  # (left to the parse below, which drops it)
    if not isinstance(node, ast.Call):
        return True
    given = [*node.args, *(k.value for k in node.keywords)]
    return all(not isinstance(a, ast.Name) or a.id in bound for a in given)


def _bound_path(node: ast.expr, bound: set[str]) -> bool:
    """Whether `node` is a dotted name (`pkg.models.NAME`) whose first part is bound."""
    if not isinstance(node, ast.Attribute):
        return False
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id in bound


_NAMED = (
    ast.ExceptHandler, ast.MatchAs, ast.MatchStar, ast.FunctionDef, ast.AsyncFunctionDef,
    ast.ClassDef,
)  # fmt: skip


def _signature_line(call: ast.Call) -> bool:
    """`text(self, text)` outside any function, in a list of a renderer's methods: the first
    argument is a `self` or `cls` nothing there binds, so the line writes a signature."""
    first = call.args[0] if call.args else None
    return isinstance(first, ast.Name) and first.id in {"self", "cls"}


def _bound_names(tree: ast.AST) -> set[str]:
    """Every name the block binds anywhere: parameters, loop and `as` targets, assignments."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, _NAMED) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            bound.update(node.names)
    return bound


_LONG_PROMPT = re.compile(r"^(\s*)>{4,}(?=\s|$)")
_TWO_CHEVRONS = re.compile(r"^(\s*)>>(?=\s|$)")
# IPython's prompts: `In [7]: t1.duration`, its continuation `   ...: `, and `Out[7]: 0.09`
IPYTHON_PROMPT = re.compile(r"^(\s*)In \[\d*\]: ?")
_IPYTHON_GOES_ON = re.compile(r"^(\s*)\.{3,}: ?")
_TIMED = re.compile(r"%(?:time|timeit|prun)\s+(?=[^\s-])")


_RAISED = re.compile(r"^((?:[A-Za-z_]\w*\.)*[A-Z]\w*)(?::\s|:?$)")


def raised_names(source: str) -> list[tuple[int, str]]:
    """The exceptions a doctest transcript shows raised, by line offset: the line under a
    `Traceback (most recent call last):`, at its indent, that names the exception
    (`RateNotFoundError: BGN has no rate`), after the deeper frames or a `...` eliding them."""
    found = []
    indent: int | None = None  # the Traceback line's, while inside one
    for offset, line in enumerate(source.splitlines()):
        stripped = line.strip()
        if stripped.startswith("Traceback (most recent call last)"):
            indent = len(line) - len(line.lstrip())
        elif (
            indent is not None
            and stripped
            and len(line) - len(line.lstrip()) <= indent
            and not stripped.startswith('File "')  # a frame pasted at the traceback's indent
        ):
            if stripped != "..." and (raised := _RAISED.match(stripped)):
                found.append((offset, raised.group(1)))
            if stripped != "...":
                indent = None
    return found


def _strip_prompts(source: str) -> str:
    """Keep only the input of a doctest transcript, blanking output lines to keep numbering.

    A statement left open (`>>> v = Visitor.from_code(\'\'\'`) goes on over the lines that
    follow even without `...` prompts, as radon's docs write it and as a reader takes it.
    """
    # (ipwhois writes its prompts with four chevrons: `>>>> obj.lookup_rdap(depth=1)`)
    lines = [_LONG_PROMPT.sub(r"\1>>>", line) for line in source.splitlines()]
    lines = ipython_prompts(_short_prompts(lines))
    first = next((n for n, line in enumerate(lines) if line.lstrip().startswith(">>>")), None)
    if first is None or (first and _parses(source)):
        # (no prompt outside a string parses: antspyx's `def rescale_image` whose docstring
        # holds its `>>>` example is code)
        return source
    # a script before the first prompt (markovify's example ends on a `>>> 'It cost me...'`
    # it prints): its lines are code, the transcript starts at the prompt
    kept = lines[:first] if _script("\n".join(lines[:first])) else [""] * first
    lines = lines[first:]
    statement: list[str] = []  # the input of the statement being read
    indent = 0
    began = 0  # where in `kept` the last statement begins
    magic = False  # whether that statement is IPython's, not Python
    for at, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith((">>> ", "... ")) or stripped in {">>>", "..."}:
            if stripped.startswith(">>>"):
                statement, indent, began = [], len(line) - len(stripped), len(kept)
                # an IPython magic or shell escape (`%matplotlib inline`, `!pip install x`);
                # a timing magic runs the Python after it (`%time sr.fetch("NC_1", end=9)`)
                if timed := _TIMED.match(stripped[4:]):
                    stripped = stripped[:4] + stripped[4 + timed.end() :]
                magic = stripped[4:].startswith(("%", "!"))
            if magic:
                kept.append("")
                continue
            kept.append(stripped[4:])
            statement.append(kept[-1])
        elif statement and _open("\n".join(statement)):
            rest = line[indent:] if line[:indent].isspace() or not indent else stripped
            kept.append(rest)
            statement.append(rest)
        else:
            if (
                statement
                and stripped.startswith("Traceback (most recent call last)")
                and _wrong_call(lines[at:])
            ):
                # the statement shown failing (rdflib's `URIRef()` and its TypeError): a
                # call the page means to be wrong, no claim on the code
                kept[began:] = [""] * (len(kept) - began)
            kept.append("")
            statement = []
    return "\n".join(kept)


# what a call raises when it is itself wrong: a name, an attribute, an import, an argument
_CALL_ERRORS = frozenset(
    {"TypeError", "NameError", "AttributeError", "ImportError", "ModuleNotFoundError"}
    | {"UnboundLocalError", "SyntaxError"}
)


def _wrong_call(rest: list[str]) -> bool:
    """Whether the traceback that starts `rest` ends in an error a wrong call raises, or in
    none we can read. Another (stegano's IndexError from deep in PIL, for a message hidden
    with another generator) is raised by code the call reached: its names were right."""
    raised = raised_names("\n".join(rest))
    if not raised:
        return True
    return raised[0][1].rsplit(".", 1)[-1] in _CALL_ERRORS


def ipython_prompts(lines: list[str]) -> list[str]:
    """An IPython session (`In [7]: t1.duration`, `   ...:     pass`, then `Out[7]: 0.09`)
    read as the doctest transcript it is: its prompts become `>>> ` and `... `."""
    if not any(IPYTHON_PROMPT.match(line) for line in lines):
        return lines
    read = []
    for line in lines:
        if prompt := IPYTHON_PROMPT.match(line):
            line = f"{prompt.group(1)}>>> {line[prompt.end() :]}"
        elif more := _IPYTHON_GOES_ON.match(line):
            line = f"{more.group(1)}... {line[more.end() :]}"
        read.append(line)
    return read


def _short_prompts(lines: list[str]) -> list[str]:
    """reedsolo's transcripts prompt with two chevrons (`>> rs.init_tables(0x11d)`): read
    as `>>>` when the block starts so, which no Python statement can (a `>>` line inside
    brackets, `(extract\n    >> load)`, goes on a statement begun above)."""
    code = [line.lstrip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not code or not _TWO_CHEVRONS.match(code[0]) or any(c.startswith(">>>") for c in code):
        return lines
    return [_TWO_CHEVRONS.sub(r"\1>>>", line) for line in lines]


def _parses(code: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(code)
        except (SyntaxError, ValueError):
            return False
    return True


def _script(code: str) -> bool:
    """Whether lines are Python statements of their own: they parse, and one at least binds
    a name or calls something (not output such as `42` or `'text'`)."""
    try:
        tree = ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError):
        return False
    return any(
        isinstance(n, ast.Assign | ast.Call | ast.Import | ast.ImportFrom) for n in ast.walk(tree)
    )


def _open(code: str) -> bool:
    """Whether a statement is incomplete: an unclosed string, bracket or block header."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return codeop.compile_command(code, symbol="exec") is None
        except (SyntaxError, ValueError, OverflowError):
            return False


class _Visitor(ast.NodeVisitor):
    """Walk statements in order, binding names and recording uses of imported names."""

    def __init__(self, bindings: Bindings) -> None:
        self.bindings = bindings
        self.found: list[PyRef] = []
        self.offset = 0
        self.bound: set[str] = set()  # names the block itself binds somewhere
        self.loose: set[str] = set()  # one-letter names an earlier block bound
        self.depth = 0  # functions the visit is inside
        self.sketched = False  # inside a function whose body holds a `...` for code left out
        # the project bases of the classes being defined, innermost last (`super()`)
        self.bases: list[tuple[str, bool] | None] = []

    def _add(self, kind: str, text: str, node: ast.AST, context: str) -> None:
        # `x.attr`: the line the member's name is on (`...).getall()` below a long call)
        line = node.end_lineno if isinstance(node, ast.Attribute) else getattr(node, "lineno", 1)
        if self.sketched:  # its calls' positional counts unknown: arguments may be left out
            context = _SKETCHED_COUNT.sub(r"\1|-1|", context, count=1)
        self.found.append((kind, text, self.offset + (line or 1) - 1, context))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add("import", alias.name, node, "import")
            bound = alias.asname or alias.name.split(".")[0]
            self.bindings.bind(bound, (alias.name if alias.asname else bound, False))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level or not node.module:
            for alias in node.names:  # the example's own package: its names are the user's
                self.bindings.bind(alias.asname or alias.name, None)
            return
        for alias in node.names:
            if alias.name == "*":
                self._add("import", node.module, node, "import")
                self.bindings.star.append(node.module)
                continue
            # `from pkg import (\n    name,\n)`: the name's own line carries the claim
            self._add("import", f"{node.module}.{alias.name}", alias, "from")
            self.bindings.bind(alias.asname or alias.name, (f"{node.module}.{alias.name}", False))

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            if (
                isinstance(target, ast.Name)
                and not self.depth
                and _CONSTANT_NAME.match(target.id)
                and target.id not in self.bindings.local  # (the block binds it: this line)
            ):
                # case-converter's `DELIMITERS = " -_"`: a page showing a constant's value;
                # checked only against the names the code once had, as a name alone is
                self._add("python", target.id, target, "free-name")
            self._bind_target(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
        self._bind_target(node.target, node.value)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.type is not None:
            self.visit(node.type)
        if node.name:
            # `except pkg.ResponseError as e`: an instance of the class caught (of a tuple of
            # them, of none we can say)
            origin = self._origin(node.type) if not isinstance(node.type, ast.Tuple) else None
            caught = (origin[0], True) if origin is not None and not origin[1] else None
            self.bindings.bind(node.name, caught)
        for stmt in node.body:
            self.visit(stmt)

    def visit_With(self, node: ast.With | ast.AsyncWith) -> None:
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                # `with freeze_time(...) as frozen`: what `__enter__` gives, not the manager
                origin = self._origin(item.context_expr)
                if origin is not None:
                    hook = "__aenter__" if isinstance(node, ast.AsyncWith) else "__enter__"
                    if origin[1]:  # `with Xlsx2csv(path) as x`: the instance is a manager
                        self._add(
                            "python", f"{origin[0]}.{hook}", item.context_expr, "instance-with"
                        )
                    origin = (f"{origin[0]}.{hook}", True)
                if isinstance(item.optional_vars, ast.Name):
                    self.bindings.bind(item.optional_vars.id, origin)
                else:
                    self._bind_target(item.optional_vars, None)
        for stmt in node.body:
            self.visit(stmt)

    visit_AsyncWith = visit_With

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        held = self._elements_of(node.iter)
        if isinstance(node.target, ast.Name) and held is not None:
            self.bindings.bind(node.target.id, held)  # `for bar in bars`: one of them
        else:
            self._bind_target(node.target, None)
        for stmt in [*node.body, *node.orelse]:
            self.visit(stmt)

    visit_AsyncFor = visit_For

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
            call = decorator if isinstance(decorator, ast.Call) else None
            func = call.func if call is not None else decorator
            verb = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            root = func
            while isinstance(root, ast.Attribute):
                root = root.value
            imported = isinstance(root, ast.Name) and self.bindings.origins.get(root.id)
            if imported and "register" in verb.lower():
                # a registry's decorator, not one that wraps (`@limiter.limit(...)`)
                self.bindings.registered.add(node.name)
            named = call is not None and (call.args or any(k.arg == "name" for k in call.keywords))
            if isinstance(func, ast.Attribute) and func.attr in _COMMAND_MAKERS and not named:
                # click names the command after the function: `init_db` is `init-db`
                self.bindings.commands.update({node.name, node.name.replace("_", "-")})
        self.bindings.bind(node.name, self._decorated(node))
        if not self.depth:
            self.bindings.defined.add(node.name)
        self._body(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def _decorated(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, bool] | None:
        """What a function the page decorates with one object's method, or with what an
        imported callable makes, is: `@memory.cache` on `def g` makes `g` what
        `memory.cache(g)` returns (joblib's `MemorizedFunc`), whose methods the page then
        calls (`g.call_and_shelve(4)`)."""
        if len(node.decorator_list) != 1:
            return None
        decorator = node.decorator_list[0]
        if isinstance(decorator, ast.Call):
            # `@cacheme.Memoize(UserInfoNode)`: an instance of an imported class (or what an
            # imported factory makes), called with the function; the resolver, which knows
            # the project, tells what that gives (`Memoize.__call__ -> Cached`), if anything
            maker = self._origin(decorator.func)
            if maker is None or maker[1]:
                return None  # (`@app.route("/")`: a method of an instance the page made)
            return self._origin(ast.Call(decorator, [ast.Name(node.name, ast.Load())], []))
        if not isinstance(decorator, ast.Attribute):
            return None  # `@name` may be ours
        origin = self._origin(decorator.value)
        if origin is None or not origin[1]:
            return None  # a method of an instance the page made, not a module's function
        return self._origin(ast.Call(decorator, [ast.Name(node.name, ast.Load())], []))

    def _body(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """Visit a function's body with its parameters shadowing the page's imports:
        `def hook(cassette): cassette.is_recording()` after `from betamax.cassette import
        cassette` uses the Cassette the hook is given, not the module. A parameter annotated
        with an imported class (`cassette: Cassette`) is an instance of it."""
        args = node.args
        variadic = [a for a in (args.vararg, args.kwarg) if a is not None]
        outer: dict[str, tuple[str, bool] | None] = {}
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, *variadic]:
            outer[arg.arg] = self.bindings.origins.pop(arg.arg, None)
            self.bindings.local.add(arg.arg)
            kind = None if arg in variadic else self._origin(arg.annotation)
            if kind is not None and not kind[1]:
                self.bindings.origins[arg.arg] = (kind[0], True)
        self.depth += 1
        # evotorch's `def __init__(self): ...` then `super().__init__(num_gpus_per_actor=
        # "all")`: a body sketched around one call, whose arguments are not all written
        sketched = self.sketched
        self.sketched = sketched or any(_elided(stmt) for stmt in node.body)
        for stmt in node.body:
            self.visit(stmt)
        self.sketched = sketched
        self.depth -= 1
        for name, origin in outer.items():
            if origin is None:
                self.bindings.origins.pop(name, None)
            else:
                self.bindings.origins[name] = origin

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        """A class body binds nothing in the document: its methods are attributes, so
        `add_fields` named in prose after a subclass overrides it is still the project's.

        A method of a subclass of one imported class overrides that class's method of the
        same name (an `override` reference: it must exist, or have existed), and `super()`
        in it stands for an instance of the base.
        """
        for expr in [*node.decorator_list, *node.bases]:
            self.visit(expr)
        self.bindings.bind(node.name, None)
        if not self.depth:
            self.bindings.defined.add(node.name)
        origins = [self._origin(b) for b in node.bases]
        base = origins[0] if len(origins) == 1 and origins[0] and not origins[0][1] else None
        self.bases.append(base)
        for stmt in node.body:
            if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                if base is not None and isinstance(stmt, ast.Assign | ast.AnnAssign):
                    # `mapping = (...)` in a subclass of a project class: the attribute the
                    # base reads, or a field of the subclass's own (stale only if the base
                    # had it and lost it, as a method's override is)
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                    for target in targets:
                        if isinstance(target, ast.Name) and not target.id.startswith("__"):
                            self._add("python", f"{base[0]}.{target.id}", target, "override")
                self.visit(stmt)
                continue
            self.bindings.methods.add(stmt.name)
            if base is not None and not stmt.name.startswith("__"):
                self._add("python", f"{base[0]}.{stmt.name}", stmt, "override")
                self.bindings.added.add(stmt.name)
            for decorator in stmt.decorator_list:
                self.visit(decorator)
            self._body(stmt)
        self.bases.pop()
        if base is not None:
            # every name the body binds (fields, `self.x = ...`, methods) is the subclass's
            self.bindings.added.update(_stored_names(node))
            self.bindings.subclasses[node.name] = base[0]

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        called = (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")).lower()
        if called in _COMMAND_MAKERS | {"appgroup"} and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                self.bindings.commands.add(first.value)  # `@app.cli.command("create-user")`
        if _DECLARES_OPTION.search(called):
            self.bindings.flags.update(
                a.value
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and _FLAG.match(a.value)
            )
        if (  # `bars.append(ProgressBar(...))` on a list the examples made
            isinstance(func, ast.Attribute)
            and func.attr in {"append", "add", "insert"}
            and isinstance(func.value, ast.Name)
            and func.value.id in self.bindings.local
            and node.args
        ):
            held = self._origin(node.args[-1])
            if held is not None:
                self.bindings.elements[func.value.id] = held
        self._handed_to_class(node)
        if isinstance(node.func, ast.Attribute):
            self._chain(node.func, called=True, call=node)
        elif isinstance(node.func, ast.Name):
            name = node.func.id
            origin = self.bindings.origins.get(name)
            if name in self.bindings.subclasses:
                pass  # `Person(name=...)`: the fields the example's subclass declares
            elif origin is not None and not origin[1]:  # `load(path, strict=True)` imported
                self._add("python", origin[0], node, call_context("call", node, self._mappings()))
            elif origin is not None:  # `extract = TLDExtract()`, then `extract(url, x=1)`
                self._add(
                    "python",
                    f"{origin[0]}.__call__",
                    node,
                    call_context("instance-call", node, self._mappings()),
                )
            elif (
                origin is None
                and self._free(name)
                and not hasattr(builtins, name)
                and not (self.depth == 0 and _signature_line(node))
            ):
                # `decode(s, legacy=True)` with the import left out: the resolver checks it
                # when one public function or class of the project has that name; a list of
                # method signatures (`strikethrough(self, text)`, `self` unbound) is not one
                self._add("python", name, node, call_context("free-call", node, self._mappings()))
        else:
            self.visit(node.func)
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            if isinstance(arg, ast.Attribute):  # `postprocess=gdown.extractall`: handed on
                self._chain(arg, called=False, passed=True)
            elif (
                isinstance(arg, ast.Name)
                and arg.id[:1].isupper()
                and self._free(arg.id)
                and not hasattr(builtins, arg.id)
            ):
                # `watch(path, watcher_cls=RegExpWatcher)` with the import left out: checked
                # only against the names the code once had, as a name alone on its line is
                self._add("python", arg.id, arg, "free-name")
            else:
                self.visit(arg)

    def _handed_to_class(self, node: ast.Call) -> None:
        """`click.group(cls=HelpColorsGroup, help_headers_color="yellow")`: the maker builds
        the class given as `cls` with the keywords it does not take itself, so they are the
        class's. Which ones the maker keeps is not known here; the resolver reports only a
        keyword the class took and lost (context `handed-call`)."""
        given = next((k.value for k in node.keywords if k.arg == "cls"), None)
        if not isinstance(given, ast.Name) or len(node.keywords) < 2:
            return
        origin = self.bindings.origins.get(given.id)
        if origin is None or origin[1]:
            return  # the example's own class, or an instance: nothing to hand on to
        handed = ast.Call(
            func=given,
            args=[],
            keywords=[k for k in node.keywords if k.arg != "cls"],
        )
        ast.copy_location(handed, given)
        context = call_context("handed-call", handed, self._mappings())
        self._add("python", origin[0], given, _SKETCHED_COUNT.sub(r"\1|-1|", context, count=1))

    def visit_Expr(self, node: ast.Expr) -> None:
        """A name alone on its line (`UnsupportedFormatError  # the file's format`, in a block
        listing what may be raised): a project name the page never bound, checked only
        against the names the code once had."""
        value = node.value
        if isinstance(value, ast.Name) and self._free(value.id) and not hasattr(builtins, value.id):
            self._add("python", value.id, value, "free-name")
        self.visit(value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        """`25/M[3]/2018` after `from beautiful_date import *`: an item of a project table
        the page never bound, checked only against the names the code once had."""
        value = node.value
        if (
            isinstance(value, ast.Name)
            and isinstance(node.ctx, ast.Load)
            and self._free(value.id)
            and not hasattr(builtins, value.id)
        ):
            self._add("python", value.id, value, "free-name")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if not isinstance(node.value, str):
            return
        if node.value.isidentifier():
            self.bindings.strings.add(node.value)
        elif _CLASS_PATH.match(node.value):
            # a setting that names a class by its import path, as Django's MIDDLEWARE and
            # logging's "class" do: `"pkg.integrations.django.Middleware"`
            self._add("python", node.value, node, "string")
        elif all(part.isidentifier() for part in node.value.split(".")):
            self.bindings.strings.add(node.value)  # `"samp.app.echo"`: a dotted value

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self._chain(node, called=False)

    def _chain(
        self,
        node: ast.Attribute,
        *,
        called: bool,
        call: ast.Call | None = None,
        passed: bool = False,
    ) -> None:
        """Record `name.a.b` when `name` was imported, or `Cls(...).meth` on an instance;
        `passed`: the value is handed to a call as an argument (context "value")."""
        attrs: list[str] = []
        root: ast.expr = node
        while isinstance(root, ast.Attribute):
            attrs.append(root.attr)
            root = root.value
        attrs.reverse()
        origin = self._shadowed_module(root, attrs[0]) or self._origin(root)
        # `helper.labels_uppercase = True`: an attribute given, which Python allows on any
        # instance, not one read
        read = "store" if isinstance(node.ctx, ast.Store) and len(attrs) == 1 else "attr"
        if origin is not None:
            dotted, instance = origin
            if not instance:
                # `pkg.Table.method = fn` sets the last attribute of a path, however long
                stored = isinstance(node.ctx, ast.Store)
                read = "value" if passed else "store" if stored else read
                context = (
                    call_context("call", call, self._mappings())
                    if call
                    else "call"
                    if called
                    else read
                )
                self._add("python", ".".join([dotted, *attrs]), node, context)
            else:
                if read == "store":
                    self.bindings.given.add((dotted, attrs[0]))
                elif (
                    read == "attr" and len(attrs) == 1 and (dotted, attrs[0]) in self.bindings.given
                ):
                    # `psr.name` after the page's `psr.name = ePsr.name`: what the page gave
                    # it, read back (stale only if the class had it and lost it)
                    read = "store"
                # the whole chain: `User.age.map(fn)` is `map` of what `User.age` gives
                context = "instance-call" if called else f"instance-{read}"
                if _is_super(root):  # the base's own member, not an override
                    context = context.replace("instance", "instance-super", 1)
                elif self._own_instance(root):  # its class's machinery is the example's
                    context = context.replace("instance", "instance-own", 1)
                if called and call is not None:
                    context = call_context(context, call, self._mappings())
                self._add("python", ".".join([dotted, *attrs]), node, context)
        elif isinstance(root, ast.Name) and self._free(root.id):
            # `environs.EnvError` with the import left out of the snippet: the resolver checks
            # it only when the free name is one of the project's packages
            context = call_context("free-call", call, self._mappings()) if call else "free-attr"
            self._add("python", ".".join([root.id, *attrs]), node, context)
        if not isinstance(root, ast.Name):
            self.visit(root)  # `Cls(args).attr`: the call's arguments may use names too

    def _own_instance(self, expr: ast.expr) -> bool:
        """Whether `expr` is an instance of an example's own subclass (`john`, `Person()`), or
        a one-letter name carried from an earlier block: a member it lacks is no proof."""
        if isinstance(expr, ast.Call):
            expr = expr.func
        return isinstance(expr, ast.Name) and (
            expr.id in self.bindings.own
            or expr.id in self.bindings.subclasses
            or expr.id in self.loose  # held loosely, as an example's own subclass is
        )

    def _free(self, name: str) -> bool:
        """Whether neither the document nor this block binds `name`."""
        return name not in self.bindings.local and name not in self.bound

    def _origin(self, expr: ast.expr | None) -> tuple[str, bool] | None:
        """Say what an expression stands for: an imported dotted name, or an instance of one."""
        if isinstance(expr, ast.Name):
            found = self.bindings.origins.get(expr.id)
            if found is None and self._free(expr.id) and not hasattr(builtins, expr.id):
                # `arrow.utcnow().ceil(...)` in a guide that never imports arrow: the name
                # stands for itself; the resolver checks it only when it is the project's
                return expr.id, False
            return found
        if isinstance(expr, ast.Attribute):
            base = self._shadowed_module(expr.value, expr.attr) or self._origin(expr.value)
            if base is None or base[1]:
                return None
            return f"{base[0]}.{expr.attr}", False
        if isinstance(expr, ast.Await):  # `page = await browser.newPage()`: what it returns
            return self._origin(expr.value)
        if isinstance(expr, ast.BoolOp | ast.IfExp):
            # `chunker = pkg.chunkerify('gpt-4') or pkg.chunkerify('cl100k_base')`: either
            # side, when every side stands for the same thing
            sides = expr.values if isinstance(expr, ast.BoolOp) else [expr.body, expr.orelse]
            either = {self._origin(side) for side in sides}
            return either.pop() if len(either) == 1 else None
        if isinstance(expr, ast.Subscript) and not isinstance(expr.slice, ast.Slice):
            return self._elements_of(expr.value, step="__getitem__")  # `bars[i]`: one of them
        if isinstance(expr, ast.Call):
            if _is_super(expr) and self.bases:
                base = self.bases[-1]  # `super().add_fields(...)`: the base's method
                return (base[0], True) if base is not None else None
            if isinstance(expr.func, ast.Name) and expr.func.id in self.bindings.subclasses:
                return self.bindings.subclasses[expr.func.id], True  # `Person(...)`
            called = expr.func
            if isinstance(called, ast.Subscript):
                held = self._origin(called.value)
                if held is not None and not held[1]:
                    called = called.value  # `FastAPIUsers[User, UUID](...)`: a generic class
            func = self._origin(called)
            # Calling a class gives an instance, a factory what it returns: the resolver,
            # which knows the project, tells which (`get_app()` annotated `-> App`).
            if func is not None and not func[1]:
                return func[0], True
            if func is not None:  # `p = d('p')`: what the instance's `__call__` returns
                return f"{func[0]}.__call__", True
            if isinstance(expr.func, ast.Attribute):  # `db.query(...)`: what the method returns
                base = self._origin(expr.func.value)
                if base is not None and base[1]:
                    return f"{base[0]}.{expr.func.attr}", True
        return None

    def _shadowed_module(self, expr: ast.expr, attr: str) -> tuple[str, bool] | None:
        """The package itself, when an earlier block's variable is named like it.

        `schema = Schema(...)` in one example, then `class EventSchema(schema.Schema)` in a
        later one that never rebinds `schema`: the page means the package `schema` again. A
        capitalised member (`Schema`, `Optional`) is a class of the module, not an
        attribute of the instance; a lower-case one (`schema.validate(...)`) stays the
        instance's method.
        """
        if not isinstance(expr, ast.Name) or expr.id in self.bound:
            return None
        origin = self.bindings.origins.get(expr.id)
        if origin is None or not origin[1] or origin[0].split(".")[0] != expr.id:
            return None
        if not attr[:1].isupper() or attr.isupper():
            return None
        return expr.id, False

    def _elements_of(self, expr: ast.expr | None, step: str = ITERATED) -> tuple[str, bool] | None:
        """What one element of a list expression is: the list a name holds, the element of a
        comprehension or a literal list (its first element), or one of what an instance of a
        project class holds (`for job in cron`, `cron[0]`), written with `step` for the
        resolver (`Names.result_of`), which gives its class only when the project's code
        says what the class holds."""
        if isinstance(expr, ast.Name) and expr.id in self.bindings.elements:
            return self.bindings.elements[expr.id]
        if isinstance(expr, ast.ListComp | ast.SetComp | ast.GeneratorExp):
            return self._origin(expr.elt)
        if isinstance(expr, ast.List | ast.Tuple | ast.Set) and expr.elts:
            return self._origin(expr.elts[0])
        if isinstance(expr, ast.Name | ast.Attribute | ast.Call | ast.Subscript):
            held = self._origin(expr)
            if held is not None and held[1]:
                return f"{held[0]}.{step}", True
        return None

    def _mappings(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """The dict literals this block binds (line numbers are the block's own)."""
        here = self.bindings.line
        return {n: keys for n, (line, keys) in self.bindings.mappings.items() if line == here}

    def _bind_target(self, target: ast.expr, value: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            self.bindings.bind(target.id, self._origin(value))
            keys = _literal_keys(value)
            if keys is not None:
                self.bindings.mappings[target.id] = (self.bindings.line, keys)
            else:
                self.bindings.mappings.pop(target.id, None)
            if isinstance(value, ast.Call) and self._own_instance(value):
                self.bindings.own.add(target.id)  # `john = Person(...)`
            # `bars = [ProgressBar(...)]`: what the list holds (an instance it binds is one
            # thing, its elements are known where it is looped over or indexed)
            held = self._elements_of(value) if isinstance(value, _LISTED) else None
            if held is not None:
                self.bindings.elements[target.id] = held
        elif isinstance(target, ast.Tuple | ast.List):
            for element in target.elts:
                self._bind_target(element, None)
        else:
            self.visit(target)


def _literal_keys(value: ast.expr | None) -> tuple[tuple[str, int], ...] | None:
    """The string keys of a dict literal (`{"statsd_host": "127.0.0.1"}`), each with its
    line; None for any other value, or a dict that also unpacks another (`{**base}`)."""
    if not isinstance(value, ast.Dict) or not value.keys:
        return None
    keys = [k for k in value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    if len(keys) != len(value.keys):
        return None
    return tuple((str(k.value), k.lineno) for k in keys if isinstance(k, ast.Constant))


def _stored_names(node: ast.ClassDef) -> set[str]:
    """The names a class body and its methods bind: assigned or annotated fields, attributes
    set on any object (`self.total = 0`), methods and nested classes."""
    found: set[str] = set()
    for sub in (n for stmt in node.body for n in ast.walk(stmt)):
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            found.add(sub.id)
        elif isinstance(sub, ast.Attribute) and not isinstance(sub.ctx, ast.Load):
            found.add(sub.attr)
        elif isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(sub.name)
    return found


def _is_super(node: ast.expr) -> bool:
    """`super()` / `super(Cls, self)`."""
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )
