"""How names read as words: the tests that tell a project name from a word around it.

A reference the project lacks may be a plain word of the prose (the plural of a class, the
other naming style of a name), the reader's own placeholder (`myfilter`), a manual page
(`kqueue(2)`), a method of Python's types, or a variable the project renamed with its prefix.
`resolve` asks these questions; they need no project index, so they live here.
"""

from __future__ import annotations

import ast
import datetime
import functools
import io
import re

from klaro.verify.sections import LIST_ITEM

# names examples and sketches use for "some X" (`obj.attr`, `Class(**kwargs)`)
PLACEHOLDER_NAMES = frozenset(
    [
        "foo",
        "bar",
        "foobar",  # benchexec's `tools.foobar`, the module a reader writes for a tool
        "quux",
        "xyz",
        "baz",
        "qux",
        "spam",
        "eggs",
        "func",
        "function",
        "method",
        "meth",
        "Class",
        "MyClass",
        "cls_name",
        "attr",
        "module",
        "submodule",  # earthkit-hydro's pattern `ekh.submodule.operation(...)`
        "module_name",  # alchemiscale's pattern `alchemiscale.module_name`
        "submodule_name",
        "class_name",
        "function_name",
        "tool",  # ehrapy's "access the respective modules like `ep.tl.tool()`"
        "mod",
        "obj",
        "my_function",
        "my_func",
        "your_module",
        "option",
        "options",
        "flag",
        "flags",
        "xxx",
        "whatever",
    ]
)


def namespaced_twins(name: str, read: set[str]) -> tuple[str, ...]:
    """The variables the code reads that are `name` with a prefix added or dropped
    (`NO_COLOR` -> `TERMCOLOR_NO_COLOR`, `PYTHON_KEYRING_BACKEND` -> `KEYRING_BACKEND`): the
    project renamed the variable, and no history is needed to see it. Only names of two
    words or more on both sides, so `HOME` beside `PIPX_HOME` stays another program's."""
    if "_" not in name.strip("_"):
        return ()
    return tuple(
        sorted(
            v
            for v in read
            if "_" in v.strip("_") and (v.endswith(f"_{name}") or name.endswith(f"_{v}"))
        )
    )


# tutorial placeholders: `my_task`, `myfilter`, `MyXXXFormatClass`, `dosomething` (not
# MySQL's name: terracotta's `drivers.mysql` module, `MySQLDriver`)
READERS_OWN = re.compile(
    r"^(?:(?:[Mm]y(?!sql|SQL)|[Yy]our|[Ss]ome_?)(?:_\w|[A-Z]|[a-z]{3})"
    r"|do_?(?:[Ss]omething|[Ss]tuff)(?!\w))"
)
MAN_SECTION = re.compile(r"^\([1-9][a-z]?\)$")  # `kqueue(2)`, `crontab(5)`
# the names of naming styles: "follows the convention of `snake_case`", `camelCase` keys
CASE_STYLE = re.compile(
    r"^(?:screaming_?)?(?:snake|camel|pascal|kebab|lower_?camel|upper_?camel|title|train"
    r"|constant|dot|path|sentence|header|spinal|capital)[_-]?case$",
    re.I,
)
LOWER_CAMEL = re.compile(r"^[a-z][a-z0-9]*[A-Z]\w*$")  # `basicConfig`, `getLogger`
SKETCH = re.compile(r"^[A-Za-z_][\w.]*(\(.*\))$")  # ``IndentedBlock(statement_expr, ...)``
_AND_SO_ON = re.compile(r",\s*(?:\.\.\.|\u2026)\s*\)$")
# (also past the markup closing a bold sentence: "...option.**  Prior to ...")
_SENTENCE_END = re.compile(r"[.!?:;][*_]{0,2}\s+(?=[A-Z`*(\[])")
CODE_SPAN = re.compile(r"`+([^`]+)`+")  # a code span of Markdown or reStructuredText
# what markup leaves before a span's name: ``, *, a Sphinx role (`:func:`), a `~`
_MARKUP_BEFORE = re.compile(r"[\s`*_~]*(?::[\w:.-]+:)?[`*_~]*$")
# "Python's built-in `lru_cache`", "Django's `Model`": a name given to its owner
_POSSESSIVE = re.compile(
    r"([\w.-]+)[`*_~]*(?:'s|\u2019s)(?:\s+(?:built-?in|own|standard))?$", re.I
)  # also "`Etcd3Client`'s `api_path`"
# a name's plural possessive: "Pygments' own `SvgFormatter`" (not "the tables' `insert()`")
_NAME_POSSESSIVE = re.compile(r"([A-Z][\w.-]*s)[`*_~]*['\u2019](?:\s+(?:built-?in|own|standard))?$")
# spans listed before the last one: "`plotly_hover`, `plotly_click` and "
_LISTED_BEFORE = re.compile(r"(?:`[^`]+`[`*_~]*\s*(?:,\s*)?(?:(?:and|or)\b\s*)?)+$")
_NOT_OWNERS = frozenset({"it", "that", "there", "here", "what", "let", "one", "who", "he", "she"})
# "``huggingface_hub`` runs this pattern in its ``WeakFileLock``": the subject's own
_ITS = re.compile(r"\bits(?:\s+(?:own|\w+))?$", re.I)
_BUILT_IN = re.compile(r"\b(?:built-?in|standard[- ]library|stdlib)$", re.I)
# "the `Diagram()` constructor of the underlying library"
_LIBRARY_AFTER = re.compile(
    r"^[`*_~()]*\s*(?:\w+\s+){0,2}(?:of|from|in)\s+(?:the|that|this|an?)\s+"
    r"(?:underlying|standard|other|third[- ]party|external)\s+(?:library|package|module)",
    re.I,
)
# "the ``PrettyJSONSerializer`` provided by the ``betamax_serializers`` package"
_NAMED_LIBRARY_AFTER = re.compile(
    r"^[`*_~()]*\s*(?:provided|supplied|shipped|offered|exported|defined|given)\s+by\s+"
    r"(?:the\s+)?[`*]*([\w.-]+)[`*]*\s+(?:library|package|project|distribution)\b",
    re.I,
)
# "support for ``predict_params`` in sklearn is sparse": a library named right after the span
_IN_LIBRARY_AFTER = re.compile(
    r"^[`*_~()]*\s+(?:in|of|from)\s+(?:the\s+)?[`*]*([\w.-]+?)[`*]*(?:[\s,;:)]|\.?$)"
)
_OWNER_WORDS = 8  # how far back a sentence may name the library a span's name belongs to


def _span_at(line: str, text: str) -> int:
    """Where `text` stands whole on `line` (not inside a longer name: `--model` after
    `--models`), else where it first stands at all; -1 when it is not there."""
    if not text:
        return -1
    for match in re.finditer(re.escape(text), line):
        before = line[match.start() - 1 : match.start()]
        after = line[match.end() : match.end() + 1]
        if not re.match(r"[\w-]", before) and not re.match(r"[\w-]", after):
            return match.start()
    return line.find(text)


def before_span(lines: list[str], line: int, *texts: str) -> str | None:
    """What 1-based `line` says before the first of `texts` found on it (the words that
    introduce a span: "the old", "for example"), or None when none is found past its start."""
    if not 0 < line <= len(lines):
        return None
    for text in texts:
        at = _span_at(lines[line - 1], text)
        if at >= 0:
            return lines[line - 1][:at] if at > 0 else None
    return None


def after_span(lines: list[str], line: int, text: str) -> str | None:
    """What 1-based `line` says after `text` (the words a span is followed by: "was
    removed"), or None when `text` is not on it."""
    if not 0 < line <= len(lines):
        return None
    at = _span_at(lines[line - 1], text)
    return lines[line - 1][at + len(text) :] if at >= 0 else None


_SUPPOSING = re.compile(
    r"\b(?:if\s+(?:we|you|I|one)\s+(?:had|were\s+to|wanted)|suppose|supposing|imagine)\b", re.I
)


# a made-up word inside a name: `XyzToolSpec` "for a tool named Xyz", `test_xyz_cache`
PLACEHOLDER_PART = re.compile(r"(?:^|_)xyz(?:_|$)|(?:^|[a-z_])Xyz(?=[A-Z_]|$)")


def supposes(text: str) -> bool:
    """Whether words before a span make it hypothetical ("if we had", "suppose", "imagine")."""
    return bool(_SUPPOSING.search(text))


# "RDFLib will provide public type aliases ... `rdflib.typing.Triple`", "planned for a future
# release"; and after a name, "`galois.GR` (future)"
_FUTURE_BEFORE = re.compile(
    r"\b(?:will|shall)\s+(?:\w+\s+)?(?:provide|offer|introduce)\b|\bplans?\s+to\b"
    r"|\b(?:in|for)\s+(?:a\s+)?future\s+(?:version|release)s?\b"
    # "for the future ``mne_lsl.Viewer``": the adjective right before the span
    r"|\bthe\s+(?:future|upcoming|planned|forthcoming)\s*[`*:~]*\s*\Z",
    re.I,
)
_FUTURE_AFTER = re.compile(
    r"^[`*_>]*\s*\((?:future|planned|upcoming|coming soon|not yet implemented|unreleased)\)",
    re.I,
)


def foretold(before: str, after: str) -> bool:
    """Whether the words around a span say it names what the project will have, not what it
    has ("will provide", "`galois.GR` (future)")."""
    return bool(_FUTURE_BEFORE.search(before) or _FUTURE_AFTER.match(after))


def sentences_around(lines: list[str], line: int, text: str) -> tuple[str, str]:
    """The sentence around a span on 1-based `line`, and the one before it in the paragraph."""
    paragraph, at, ends = _paragraph_at(lines, line, text)
    begin = max((e for e in ends if e <= at), default=0)
    stop = min((e for e in ends if e > at), default=len(paragraph))
    start = max((e for e in ends if e < begin), default=0)
    return paragraph[begin:stop], paragraph[start:begin]


def sentence_after(lines: list[str], line: int, text: str) -> str:
    """The sentence after the one holding a span on 1-based `line`, in its paragraph ("These
    methods are no longer supported" after a list of them), "" at the paragraph's end."""
    paragraph, at, ends = _paragraph_at(lines, line, text)
    stop = min((e for e in ends if e > at), default=len(paragraph))
    after = min((e for e in ends if e > stop), default=len(paragraph))
    return paragraph[stop:after]


def _paragraph_at(lines: list[str], line: int, text: str) -> tuple[str, int, list[int]]:
    """The paragraph around 1-based `line`, where the span starts in it, and where its
    sentences end."""
    if not 0 < line <= len(lines):
        return "", 0, []
    start = end = line - 1
    # a list item is a paragraph of its own: "* create a FileVar object" says nothing of
    # the `upload_files` the next item sets
    while (start > 0 and lines[start - 1].strip() and line - start < 10) and not LIST_ITEM.match(
        lines[start]
    ):
        start -= 1
    while end + 1 < len(lines) and lines[end + 1].strip() and end - line < 10:
        if LIST_ITEM.match(lines[end + 1]):
            break
        end += 1
    before = " ".join(x.strip() for x in lines[start : line - 1])
    paragraph = " ".join(x.strip() for x in lines[start : end + 1])
    at = paragraph.find(text, len(before))
    if at < 0:
        at = len(before)
    return paragraph, at, [m.end() for m in _SENTENCE_END.finditer(paragraph)]


def given_to_another(sentence: str, text: str, ours: set[str], libraries: set[str]) -> bool:
    """Whether the sentence gives the name it writes as `text` to another library: "Python's
    built-in `lru_cache`", "forwarded to ElementTree's `tostring()`", "a SQLAlchemy
    `AsyncEngine` (created with `create_async_engine`)", "the `Diagram()` constructor of the
    underlying library". `ours` are the project's names in lower case (its package, its
    classes: "Factory's `Params`" stays a claim); `libraries` the other packages the
    project requires or imports, in lower case. A lower-case word only names a library in a
    span or with a possessive, so "the time `x` takes" never means the `time` module."""
    spanned = sentence.find(f"`{text}`")  # the span, not the same word in a title before it
    at = spanned + 1 if spanned >= 0 else sentence.find(text)
    if at < 0:
        return False
    after = sentence[at + len(text) :]
    if _LIBRARY_AFTER.match(after):
        return True
    attributed = _NAMED_LIBRARY_AFTER.match(after)
    if attributed and attributed.group(1).lower().replace("-", "_") not in ours:
        return True
    named_after = _IN_LIBRARY_AFTER.match(after)
    if named_after and named_after.group(1).lower().replace("-", "_") in libraries - ours:
        return True
    head = _MARKUP_BEFORE.sub("", sentence[:at])
    if _BUILT_IN.search(head):
        return True
    # (also the last of a list after the owner: "Plotly.js's `plotly_hover` and
    # `plotly_unhover` DOM events")
    listed = _MARKUP_BEFORE.sub("", _LISTED_BEFORE.sub("", head))
    owner = _POSSESSIVE.search(listed) or _NAME_POSSESSIVE.search(listed)
    if owner and (word := owner.group(1).lower()) not in ours and word not in _NOT_OWNERS:
        return True
    last = re.search(r"([\w.-]+)$", head)
    if last and text[:1].isupper() and last.group(1).lower().replace("-", "_") in libraries - ours:
        return True  # "the pandas `ArrowDtype` class": a class named right after its library
    before = [s.split(".")[0].strip("()").lower() for s in CODE_SPAN.findall(head)]
    if _ITS.search(head) and before and before[-1].isidentifier() and before[-1] not in ours:
        return True  # the possessive of the package the sentence is about, not ours
    words = re.findall(r"[\w.-]+", CODE_SPAN.sub(" ", head))[-_OWNER_WORDS:]
    # (a flag's sentence that says "export as JSON" names a format, not the json module)
    words = [w for w in words if not (text.startswith("-") and w.isupper())]
    named = set(before) | {w.lower() for w in words if re.search(r"[A-Z_-]", w[1:])}
    named |= {w[:-1] for w in named if w.endswith("s")}  # "ElementTrees": the possessive
    named = {w.replace("-", "_") for w in named}
    return bool(named & libraries - ours)


def parse_call(arguments: str) -> ast.Call | None:
    """The call a span writes after a name (`(path, strict=True)`), or None when the text
    does not parse as one (placeholders like `<path>`)."""
    try:
        node = ast.parse(f"f{arguments}", mode="eval").body
    except (SyntaxError, ValueError):
        return None
    # the call of the name itself, not the last of a chain: in `When("x").in_("a", "b")`
    # the two arguments are `in_`'s
    while isinstance(node, ast.Call | ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node
        node = node.func if isinstance(node, ast.Call) else node.value
    return None


def sketch_names(arguments: str) -> tuple[str, ...]:
    """The plain names a call sketch passes, positionally or as values of keywords (a
    trailing `...` after keywords, `(name, type=TYPE, ...)`, is the sketch's "and so on")."""
    node = parse_call(arguments) or parse_call(_AND_SO_ON.sub(")", arguments))
    if node is None:
        return ()
    values = [*node.args, *(k.value for k in node.keywords)]
    return tuple(v.id for v in values if isinstance(v, ast.Name))


@functools.cache
def python_methods() -> frozenset[str]:
    """Public method names of Python's common types (`close`, `read`, `items`, `append`,
    a regular expression match's `group(1)`, a generator's and an async generator's `send`,
    `athrow()`, a coroutine's), and the calls of the operating system Python wraps in `os`
    and sockets (`sendfile()`, `fork()`), which networking docs name."""
    import os
    import socket
    import types as kinds

    types: tuple[type, ...] = (str, bytes, list, dict, set, tuple, int, float)
    types += (io.IOBase, io.TextIOBase, re.Pattern, re.Match, datetime.datetime, datetime.timedelta)
    types += (socket.socket, kinds.GeneratorType, kinds.AsyncGeneratorType, kinds.CoroutineType)
    names = {n for t in types for n in dir(t) if not n.startswith("_")}
    names |= {n for n in dir(os) if n.islower() and callable(getattr(os, n))}
    return frozenset(names)


def capitals(part: str) -> bool:
    """`FILE`, `CLASS`: a word in capitals, as guides write what the reader fills in."""
    return part.isalpha() and part.isupper()


def restyled(name: str, other: str) -> bool:
    """`ConnectTimeout` beside `connect_timeout`, `parseAction` beside `parse_action`,
    ``RedisSerializer`` beside `serializer`: names in the two naming styles are other things
    (an ssh_config key, the snake_case spelling of an API, a class and an attribute), no
    typo of each other. Within one style a change of case or of an underscore is a typo
    (`HookImplMarker`, `named_tuple_as_dict`)."""
    camel, snake = (name, other) if other.islower() else (other, name)
    return not camel.islower() and "_" not in camel and snake.islower()


def words_within(name: str, other: str) -> bool:
    """`pull_request` in `on_pull_request`, `FileTransferSpeed` in `BitmathFileTransferSpeed`:
    another concept built on the same words, no typo; its last word may be in the plural
    (`FunctionImports`, the kind `ODataFunctionImport` is one of)."""
    mine, others = name_words(name), name_words(other)
    n = len(mine)
    readings = [mine]
    if mine and len(mine[-1]) > 3 and mine[-1].endswith("s"):
        readings.append([*mine[:-1], mine[-1][:-1]])
    return n < len(others) and any(
        others[i : i + n] == words for words in readings for i in range(len(others) - n + 1)
    )


def name_words(name: str) -> list[str]:
    """The words of a snake_case or CamelCase name, lower case."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", name)]


_GROUPED = re.compile(r"^([\w.]*)\(([\w]+(?:\|[\w]+)+)\)([\w.]*(?:\(\))?)$")
_SPLIT_WORD = re.compile(r"^([\w.]+)\|(\w+(?:\.?\w+)*(?:\(\))?)$")


_SKETCHED_CALL = re.compile(r"[A-Za-z_][\w.]*\(.*\)")


def _balanced(call: str) -> bool:
    """Whether a call's parentheses close where it ends (`f(x)`, not `f(a)(b` or `g(x)/h`)."""
    depth = 0
    for n, char in enumerate(call):
        depth += (char == "(") - (char == ")")
        if depth == 0 and char == ")" and n != len(call) - 1:
            return False
        if depth < 0:
            return False
    return depth == 0


def alternatives(text: str) -> list[list[str]] | None:
    """The readings of a span that writes names with an alternation: `overwrite_(value|
    factory)()`; `DEFAULT_GENERATED_LINE|NAME_PATTERNS_TEXT`, the words around `|`
    between underscores, or two whole names (`read_csv|read_json`). None for other spans
    (`int|None`, `json|yaml`: values). Calls joined by `/` (pyfunctional's table row
    ``sorted(key=None, reverse=False)/order_by(func)``) are each a name of one reading."""
    calls = text.split("/")
    if len(calls) > 1 and all(_SKETCHED_CALL.fullmatch(c) and _balanced(c) for c in calls):
        return [calls]
    if "|" not in text or " " in text:
        return None
    if grouped := _GROUPED.match(text):
        head, words, tail = grouped.groups()
        return [[f"{head}{word}{tail}" for word in words.split("|")]]
    split = _SPLIT_WORD.match(text)
    if split is None or "_" not in split.group(1) or "_" not in split.group(2):
        return None
    left, right = split.groups()
    head, _, first = left.rpartition("_")
    second, _, tail = right.partition("_")
    return [[f"{head}_{first}_{tail}", f"{head}_{second}_{tail}"], [left, right]]
