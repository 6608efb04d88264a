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


READERS_OWN = re.compile(r"^(?:my|your)(?:_\w|[A-Z]|[a-z]{3})")  # tutorial placeholders
MAN_SECTION = re.compile(r"^\([1-9][a-z]?\)$")  # `kqueue(2)`, `crontab(5)`
LOWER_CAMEL = re.compile(r"^[a-z][a-z0-9]*[A-Z]\w*$")  # `basicConfig`, `getLogger`
SKETCH = re.compile(r"^[A-Za-z_][\w.]*(\(.*\))$")  # ``IndentedBlock(statement_expr, ...)``


def parse_call(arguments: str) -> ast.Call | None:
    """The call a span writes after a name (`(path, strict=True)`), or None when the text
    does not parse as one (placeholders like `<path>`)."""
    try:
        node = ast.parse(f"f{arguments}", mode="eval").body
    except (SyntaxError, ValueError):
        return None
    return node if isinstance(node, ast.Call) else None


def sketch_names(arguments: str) -> tuple[str, ...]:
    """The plain names a call sketch passes, positionally or as values of keywords."""
    node = parse_call(arguments)
    if node is None:
        return ()
    values = [*node.args, *(k.value for k in node.keywords)]
    return tuple(v.id for v in values if isinstance(v, ast.Name))


@functools.cache
def python_methods() -> frozenset[str]:
    """Public method names of Python's common types (`close`, `read`, `items`, `append`,
    a regular expression match's `group(1)`)."""
    types: tuple[type, ...] = (str, bytes, list, dict, set, tuple, int, float)
    types += (io.IOBase, io.TextIOBase, re.Pattern, re.Match, datetime.datetime, datetime.timedelta)
    return frozenset(n for t in types for n in dir(t) if not n.startswith("_"))


def capitals(part: str) -> bool:
    """`FILE`, `CLASS`: a word in capitals, as guides write what the reader fills in."""
    return part.isalpha() and part.isupper()


def restyled(name: str, other: str) -> bool:
    """`ConnectTimeout` beside `connect_timeout`, `parseAction` beside `parse_action`: the same
    words in the other naming style, another thing named for the same concept (an ssh_config
    key, the snake_case spelling of an API), no typo. Within one style a change of case or of
    an underscore is a typo (`HookImplMarker`, `named_tuple_as_dict`)."""
    camel, snake = (name, other) if "_" in other else (other, name)
    return (
        not camel.islower()
        and "_" not in camel
        and snake.islower()
        and name_words(camel) == name_words(snake)
    )


def words_within(name: str, other: str) -> bool:
    """`pull_request` in `on_pull_request`, `FileTransferSpeed` in `BitmathFileTransferSpeed`:
    another concept built on the same words, no typo."""
    mine, others = name_words(name), name_words(other)
    n = len(mine)
    return n < len(others) and any(others[i : i + n] == mine for i in range(len(others) - n + 1))


def name_words(name: str) -> list[str]:
    """The words of a snake_case or CamelCase name, lower case."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", name)]
