"""docopt: a program's options and commands from the usage text it hands to `docopt(...)`.

With docopt the help text *is* the parser: `docopt(__doc__)` reads the module docstring's
`Usage:` patterns and its option descriptions (`-o FILE, --output=FILE  Where to write.`).
So the options a user may type are exactly those the text names, and a literal word after the
program name in a usage pattern (`prog ship new <name>`) is a sub-command.
"""

from __future__ import annotations

import ast
import re

from klaro.scan.model import CliCommand, CliOption

_FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z0-9][\w-]*)(=|\s(?=[A-Z<]))?")
_DESCRIPTION = re.compile(r"^\s*(-[^\s].*?)(?:\s{2,}(.*))?$")
_WORD = re.compile(r"^[a-z][a-z0-9_-]*$")


def docopt_commands(tree: ast.Module, path: str, constants: dict[str, str]) -> list[CliCommand]:
    """One root command (and its sub-commands) per `docopt(TEXT, ...)` call with a known text."""
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call) or not call.args:
            continue
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name != "docopt":
            continue
        text = usage_text(call.args[0], tree, constants)
        if text:
            return _commands(text, path, call.lineno)
    return []


def usage_text(arg: ast.expr, tree: ast.Module, constants: dict[str, str]) -> str | None:
    """The usage text a `docopt(...)` call reads: a literal, the module docstring (also
    cut or formatted: `__doc__.split(...)`, `__doc__ % name`), or a module constant holding
    one of those (grip's `usage = '\n\n\n'.join(__doc__.split('\n\n\n')[1:])`)."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if _uses_docstring(arg):
        return ast.get_docstring(tree, clean=False)
    if isinstance(arg, ast.Name):
        # the full text (`constants` keeps values shortened), bound at the top or in the
        # function (mackup's `docstring = __doc__` in `main()`)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == arg.id for t in node.targets
            ):
                value = node.value
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    return value.value
                if _uses_docstring(value):
                    return ast.get_docstring(tree, clean=False)
        return constants.get(arg.id)
    return None


def _uses_docstring(expr: ast.expr) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "__doc__" for n in ast.walk(expr))


def _commands(text: str, path: str, lineno: int) -> list[CliCommand]:
    patterns = _usage(text)
    options = usage_options(text)
    words = [_command_words(p) for p in patterns]
    subcommands = list(dict.fromkeys(w[0] for w in words if w))
    nested = list(dict.fromkeys((w[0], w[1]) for w in words if len(w) > 1))
    # `ship <name> move` beside `ship new <name>`: after `ship` an argument may come too
    takes = {w[0] for w in words if len(w) == 1 and any(v[:1] == w and len(v) > 1 for v in words)}
    # docopt takes a unique prefix of a long option (`--pass` for `--password`)
    root = CliCommand(
        "", "docopt", path, lineno, options=tuple(options),
        has_subcommands=bool(subcommands), abbreviations=True,
    )  # fmt: skip
    argument = (CliOption(("<argument>",), "argument", positional=True),)
    subs = [
        CliCommand(
            n, "docopt", path, lineno, abbreviations=True,
            has_subcommands=any(parent == n for parent, _ in nested),
            options=argument if n in takes else (),
        )
        for n in subcommands
    ]  # fmt: skip
    subs += [
        CliCommand(n, "docopt", path, lineno, abbreviations=True, parent=parent)
        for parent, n in nested
    ]
    return [root, *subs]


def usage_options(text: str) -> list[CliOption]:
    """The options a docopt text declares: each described line's flags (`-o FILE, --output=FILE`),
    then any other flag its usage patterns name. argopt builds an argparse parser of the same
    text, so its programs take exactly these too."""
    patterns = _usage(text)
    options: dict[str, CliOption] = {}
    for line in text.splitlines():
        described = _DESCRIPTION.match(line)
        if described is None:
            continue
        found = list(_FLAG.finditer(described.group(1)))
        flags = [m.group(1) for m in found]
        if flags:
            dest = max(flags, key=len).lstrip("-").replace("-", "_")
            valued = any(m.group(2) for m in found)
            option = CliOption(tuple(flags), dest, described.group(2), is_flag=not valued)
            options.setdefault(flags[0], option)
    known = {f for o in options.values() for f in o.flags}
    for pattern in patterns:
        for match in _FLAG.finditer(pattern):
            if match.group(1) not in known:
                known.add(match.group(1))
                options[match.group(1)] = CliOption((match.group(1),), match.group(1).lstrip("-"))
    return list(options.values())


def _command_words(pattern: str) -> list[str]:
    """The command words of a usage pattern after its program, options before them skipped
    (`mackup [options] link uninstall [<application>]` gives `link`, `uninstall`)."""
    found: list[str] = []
    for token in pattern.split()[1:]:
        if not found and (token.startswith(("-", "[-")) or token.lower() in _OPTIONS_SHORTCUTS):
            continue  # `[options]`, `[-v]`, `--verbose` before the command
        if not _WORD.match(token) or len(found) == 2:
            break
        found.append(token)
    return found


_OPTIONS_SHORTCUTS = frozenset({"[options]", "[--]", "[-]"})


def _usage(text: str) -> list[str]:
    """The usage patterns: from `Usage:` to the first blank line, the prefix removed."""
    start = text.lower().find("usage:")
    if start < 0:
        return []
    block = text[start + len("usage:") :].split("\n\n", 1)[0]
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    return [expanded for line in lines for expanded in _alternatives(line)]


def _alternatives(pattern: str) -> list[str]:
    """A pattern whose first required group is a choice of plain words, one per word:
    `sumy (luhn | lsa) [--length=<n>]` is `sumy luhn [--length=<n>]` and `sumy lsa ...`,
    as docopt matches it."""
    group = _WORD_CHOICE.search(pattern)
    if group is None:
        return [pattern]
    words = [w.strip() for w in group.group(1).split("|")]
    return [pattern[: group.start()] + word + pattern[group.end() :] for word in words]


_WORD_CHOICE = re.compile(r"\(\s*([a-z][a-z0-9_-]*(?:\s*\|\s*[a-z][a-z0-9_-]*)+)\s*\)")
