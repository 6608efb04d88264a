"""A program's `--help` output pasted into a document: every option and command it lists.

READMEs often paste the whole help text of their tool (`usage: autoflake [-h] [-c | -cd] ...`,
then an options table). That text was generated from the code once; an option the code no
longer has is drift like any `tool --flag` line. The block is turned into one command line
per option and per listed sub-command (`autoflake --ignore-init-module-imports`), which the
CLI claims check (`verify.cli`) judges like any other: only when the program is the
project's. The help text of argparse (`usage:` and `options:`) and of click (`Usage:`,
`Options:`, `Commands:`) are read; descriptions are not.
"""

from __future__ import annotations

import re
from collections.abc import Set

from klaro.verify.sections import UNDERLINE

_USAGE = re.compile(r"^\s*usage:(?:\s+(.*))?$", re.IGNORECASE)
_PROGRAM_WORD = re.compile(r"^[A-Za-z_][\w.-]*$")
# also a digit flag alone (`[-4]`, `-4, --ipv4`), not a number among others (`{-1,0,1}`)
_FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*|-\d(?![\w.,-]))")
_SECTION = re.compile(r"^(\w[\w ]*):\s*$")
_COMMAND_SECTIONS = frozenset({"commands", "available commands", "subcommands", "sub-commands"})
# a label outside a block, as bold or a heading's text: `**Usage:**`, `### Options`
_LABEL = re.compile(r"^[\s#*_]+|[\s*_:]+$")
# a synopsis: a program word, then flags or arguments (`xlsx2csv.py [-h] [-v] ...`)
_SYNOPSIS = re.compile(r"^\s*[A-Za-z_][\w.-]*(?: [a-z][\w-]*){0,2} +(?:\[-|-|<|\[?[A-Z]{2,})")
_OPTION_SECTIONS = frozenset(
    {
        "options",
        "optional arguments",
        "positional arguments",
        "arguments",
        "global options",
        "switches",  # getopt programs' (tika)
    }
)
# argparse's sub-commands in a usage line: `{delete,get,getall} ...`
_SUBCOMMANDS = re.compile(r"\{([A-Za-z][\w-]*(?:,[A-Za-z][\w-]*)+)\}\s*\.\.\.")
_PYTHONS = frozenset({"python", "python3", "py"})
_HELP_LABEL = re.compile(r"\bhelp\b.*\b(?:output|text|message|page)\b|--help\b")
_OPTION = "help-option"


def help_commands(
    lines: list[str], label: str = "", program: str = ""
) -> list[tuple[int, str, str]]:
    """(0-based line, command line, context) for the program a help text is for (`help`, on
    its usage line) and each option and sub-command it lists (`help-option`): a program
    that is gone is reported once, on the usage line.

    A help text split into blocks under labels outside them (`**Usage:**` over a block that
    starts with the synopsis, `**optional arguments:**` over the options) is read too:
    `label` is the line above the block, `program` the one an earlier block's usage named."""
    start = next((i for i, line in enumerate(lines) if _USAGE.match(line)), None)
    said = _LABEL.sub("", label).lower()
    if start is None and (said == "usage" or _HELP_LABEL.search(said)):
        # also "CLI Help output::" over a help text that starts with its synopsis
        # (github-backup's `github-backup [-h] [-t TOKEN_CLASSIC] ...`)
        start = next((i for i, line in enumerate(lines) if line.strip()), None)
        if start is None or not _SYNOPSIS.match(lines[start]):
            return []
        lines = [*lines[:start], f"usage: {lines[start].strip()}", *lines[start + 1 :]]
    elif start is None and _help_shaped(lines):
        # no `usage:`, but a synopsis first and a section of options below it (tika's
        # `tika.py [-v] [-o <outputDir>] ...`, then `Switches:`): the synopsis is the usage
        start = next(i for i, line in enumerate(lines) if line.strip())
        lines = [*lines[:start], f"usage: {lines[start].strip()}", *lines[start + 1 :]]
    elif start is None and program and said in _OPTION_SECTIONS | _COMMAND_SECTIONS:
        listed = _listed(["", f"{said}:", *lines], program, 0)
        return [(j - 2, command, context) for j, command, context in listed if j >= 2]
    if start is None:
        return []
    match = _USAGE.match(lines[start])
    written = (match.group(1) or "") if match else ""
    first = start  # the line the program's synopsis starts on
    if not written.strip():
        # docopt's `Usage:` alone, the program lines under it (after a blank line, shyaml's)
        after = range(start + 1, min(start + 3, len(lines)))
        first = next((j for j in after if lines[j].strip()), start + 1)
        written = lines[first] if first < len(lines) else ""
    program = _program(written.split())
    if not program:
        return []
    found: list[tuple[int, str, str]] = [(start, program, "help")]
    i = first
    subcommands: set[str] = set()
    # the usage line and its indented continuation (not an error the program printed next)
    while i < len(lines) and lines[i].strip() and (i == first or lines[i][:1].isspace()):
        text = lines[i] if i != start else lines[i][lines[i].lower().index("usage:") + 6 :]
        found += [(i, f"{program} {flag}", _OPTION) for flag in _usage_flags(text, program)]
        # argparse's sub-commands: `{delete,get,getall} ...`
        for group in _SUBCOMMANDS.findall(text):
            subcommands.update(group.split(","))
            found += [(i, f"{program} {word}", _OPTION) for word in group.split(",")]
        i += 1
    found += _listed(lines, program, i, subcommands)
    # each sub-command's own usage further down (credstash's `    usage: credstash getall
    # [-h] ...` under `getall`)
    for j in range(i, len(lines)):
        if (later := _USAGE.match(lines[j])) and (words := (later.group(1) or "").split()):
            command = _program(words)
            if command.startswith(f"{program} ") and command != program:
                found.append((j, command, "help"))
                flags = _usage_flags(later.group(1), command)
                found += [(j, f"{command} {flag}", _OPTION) for flag in flags]
    return found


def _help_shaped(lines: list[str]) -> bool:
    """Whether a block is a help text without its `usage:`: a synopsis with bracketed flags
    first, and a section of options (`Options:`, `Switches:`) listing flags."""
    first = next((line for line in lines if line.strip()), "")
    if first[:1].isspace() or not _SYNOPSIS.match(first) or "[-" not in first:
        return False
    for at, line in enumerate(lines):
        label = _SECTION.match(line)
        if label and label.group(1).strip().lower() in _OPTION_SECTIONS:
            row = next((x for x in lines[at + 1 :] if x.strip()), "")
            return row[:1].isspace() and row.lstrip().startswith("-")
    return False


def prose_help(lines: list[str], covered: set[int]) -> list[tuple[int, str, str]]:
    """(0-based line, command line, context) for a help text pasted as the page's own text,
    in no block (urlextract's and ipwhois' reST pages: a synopsis, then `optional arguments:`
    over an indented definition list of options). The program is the one the synopsis or a
    `Usage:` line above names; lines a block's help text gave already (`covered`) are left."""
    found: list[tuple[int, str, str]] = []
    for at, line in enumerate(lines):
        label = _SECTION.match(line)
        if at in covered or not label or label.group(1).strip().lower() not in _OPTION_SECTIONS:
            continue
        after = next((j for j in range(at + 1, len(lines)) if lines[j].strip()), None)
        if after is None or not lines[after][:1].isspace() or lines[after].lstrip()[:1] != "-":
            continue
        synopsis = _synopsis_above(lines, at)
        if synopsis is None:
            continue
        start, program = synopsis
        if start in covered:
            continue  # a block's help text, read as such
        for i in range(start, at):
            if "`" in lines[i]:
                break  # a command in a code span: checked as one already
            if lines[i].strip() and (i == start or lines[i][:1].isspace()):
                text = _unmarked(lines[i])
                found += [(i, f"{program} {f}", _OPTION) for f in _usage_flags(text, program)]
            elif i > start:
                break
        end = next(
            (j for j in range(at + 1, len(lines)) if _heading_line(lines[j]) or j in covered),
            len(lines),
        )
        found += [(at + j, c, x) for j, c, x in _listed(lines[at:end], program, 0)]
    return list(dict.fromkeys(found))


def _heading_line(line: str) -> bool:
    """A reST title's underline or a Markdown `#` heading: where a pasted help text ends."""
    return bool(UNDERLINE.match(line)) or re.match(r"#{1,6} ", line) is not None


def _synopsis_above(lines: list[str], at: int) -> tuple[int, str] | None:
    """The line and program of the usage or synopsis line a help text's options follow."""
    for i in range(at - 1, max(at - 40, -1), -1):
        text = _unmarked(lines[i])
        usage = _USAGE.match(text)
        if usage and usage.group(1):
            program = _program(_unmarked(usage.group(1)).split())
            return (i, program) if program else None
        if not lines[i][:1].isspace() and _SYNOPSIS.match(text) and "[-" in text:
            program = _program(text.split())
            return (i, program) if program else None
    return None


def _unmarked(text: str) -> str:
    """A line without the markup around a command written in prose (``$ tool [-h]``)."""
    return re.sub(
        r"^(\s*(?:usage:\s*)?)\$\s+", r"\1", text.replace("``", "").replace("`", ""), flags=re.I
    )


def _listed(
    lines: list[str], program: str, i: int, subcommands: Set[str] = frozenset()
) -> list[tuple[int, str, str]]:
    """The options and sub-commands a help text lists from line `i` on (also the rows of
    `subcommands`, the usage's `{a,b} ...`, where argparse lists them under its
    positional arguments)."""
    found: list[tuple[int, str, str]] = []
    section = ""
    for j in range(i, len(lines)):
        line = lines[j]
        if heading := _SECTION.match(line):
            section = heading.group(1).strip().lower()
            continue
        # getopt's help (`tabulate`) lists options at the margin under `Options:`
        if not line[:1].isspace() and not (section and line.startswith("-")):
            continue
        entry = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        if entry.startswith("-"):
            # `-o FILE, --output FILE`, and docopt's `-n --nobeep` with no comma
            for word in entry.replace(",", " ").split():
                flag = _FLAG.match(word)
                if flag:
                    found.append((j, f"{program} {flag.group(1)}", _OPTION))
        elif (
            section in _COMMAND_SECTIONS and _PROGRAM_WORD.match(entry) and _indent(line) <= 4
        ) or (entry in subcommands and section == "positional arguments"):
            found.append((j, f"{program} {entry}", _OPTION))
    return found


def _program(words: list[str]) -> str:
    """The command a usage line is for: `tool`, `tool sub`, `python -m pkg`."""
    if len(words) >= 3 and words[0] in _PYTHONS and words[1] == "-m":
        return " ".join(words[:3])
    taken: list[str] = []
    for word in words:
        if not _PROGRAM_WORD.match(word) or word.isupper():
            break  # `[OPTIONS]`, `-h`, `<file>`, `FILE`: the arguments begin
        taken.append(word.rsplit("/", 1)[-1])
    # (as deep as the usage line goes: clusterscope's `cscope job-gen task slurm [OPTIONS]`)
    return " ".join(taken[:6])


def _usage_flags(text: str, program: str) -> list[str]:
    """The flags a usage line shows (`[-c | -cd]`, `[--exclude globs]`)."""
    rest = text.split(program, 1)[1] if program in text else text
    return list(dict.fromkeys(_FLAG.findall(rest)))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
