"""Rewrite stale references in people's documents, only the stale tokens, with evidence.

Given the changes between the documented state and the current one (`scan.changes`), each line
of a Markdown or reStructuredText document is searched for the old names where a reader would
take them as code: in code spans, code blocks (Python and shell examples), and in prose when
the name is unmistakably code (`snake_case`, `CamelCase`, `--flag`, `ENV_VAR`, dotted or
called). A proven rename is rewritten in place, token by token, and every other byte of the
document stays. A rename is not applied where the old name still means something else in the
current code (another class's method of that name, say): such lines, and lines naming removed
things, are left for review.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from klaro.scan.changes import Change
from klaro.scan.names import Names
from klaro.scan.state import State

_RST_DIRECTIVE = re.compile(
    r"^\s*\.\.\s+(code-block|code|sourcecode|doctest|testcode|testsetup|testcleanup|ipython"
    r"|jupyter-execute|prompt)::"
)
# `.. autoclass:: Name(...)`, `.. decorator:: name`, and option lines like `:members: a, b`
_RST_CODE_LINE = re.compile(r"^\s*\.\.\s+[\w:-]+::\s*\S|^\s+:[\w-]+:\s")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_DISTINCT = re.compile(r"_|^-|^[A-Z][a-z0-9]+[A-Z]|\.")


@dataclass(frozen=True)
class Edit:
    """One line rewritten: where, the line before and after, and the renames it applied."""

    file: str
    line: int
    before: str
    after: str
    renames: tuple[tuple[str, str], ...]
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Review:
    """A line that names something changed in a way Klaro will not fix on its own."""

    file: str
    line: int
    text: str
    change: Change
    note: str = ""  # why a model's proposal for this line was not applied

    @property
    def reason(self) -> str:
        c = self.change
        if c.status == "removed":
            return f"`{c.old_token}` was removed ({c.old.strip('|').replace('|', ' ')})"
        if c.old_token == c.new_token:
            return (
                f"`{c.old_token}` moved to `{c.new}`; this line needs more than a token edit "
                "(an import to split or to add)"
            )
        if c.status == "ambiguous":
            names = ", ".join(f"`{n}`" for n in c.candidates[:3])
            return f"`{c.old_token}` was renamed, but to which is unclear: {names}"
        return f"`{c.old_token}` was renamed to `{c.new_token}`, but the name still has a meaning"


@dataclass(frozen=True)
class Proposal:
    """Lines a model rewrote for reviews, applied only because the checker passed the result.

    `first`..`last` (1-based, inclusive) are the replaced lines of the document as it was
    before this proposal; `before` is their text and `after` what replaced it.
    """

    file: str
    first: int
    last: int
    before: str
    after: str
    reviews: tuple[Review, ...]


@dataclass
class DocumentFix:
    """The repaired text of one document and what was done to it."""

    path: str
    before: str
    after: str
    edits: list[Edit] = field(default_factory=list)
    reviews: list[Review] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)


def apply_proposals(text: str, proposals: Sequence[Proposal]) -> tuple[str, list[Proposal]]:
    """Apply proposals to a text that may differ from theirs (the writer's); returns the applied.

    A proposal's lines are looked for where it was made, else as a block found exactly once;
    a proposal whose lines are not found is left out.
    """
    lines = text.splitlines(keepends=True)
    applied: list[Proposal] = []
    for p in sorted(proposals, key=lambda p: p.first, reverse=True):
        old = p.before.splitlines(keepends=True)
        start = p.first - 1
        if lines[start : start + len(old)] != old:
            found = [i for i in range(len(lines)) if lines[i : i + len(old)] == old]
            if len(found) != 1:
                continue
            start = found[0]
        lines[start : start + len(old)] = p.after.splitlines(keepends=True)
        applied.append(p)
    return "".join(lines), applied[::-1]


@dataclass(frozen=True)
class Rule:
    """How one change shows in a document: the token pattern, its replacement, and where."""

    change: Change
    pattern: re.Pattern[str]
    new: str
    certain: bool
    where: str  # code | anywhere | command | call | import | text | example


def shifted(line: int, proposals: Sequence[Proposal]) -> int:
    """A line number of the document before `proposals`, in the document after them."""
    moved = sum(
        len(p.after.splitlines()) - (p.last - p.first + 1) for p in proposals if p.last < line
    )
    return line + moved


def plan_rules(changes: Sequence[Change], current: State, names: Names) -> list[Rule]:
    """Turn changes into token rules; a name still in use elsewhere makes its rule uncertain."""
    others = {i.short for i in current.items if i.kind in {"env", "command", "option"}}

    def in_use(token: str) -> bool:
        """Whether the current code still gives the name a meaning (the one resolver decides)."""
        return bool(names.find(token)) or token in names.parameters or token in others

    flags_in_use = {f for i in current.of_kind("option") for f in i.params}
    commands_in_use = {i.short for i in current.of_kind("command")}
    targets: dict[str, set[str]] = {}
    for change in changes:
        if change.certain:
            targets.setdefault(change.old_token, set()).add(change.new_token)
    renamed = {(c.old, c.new) for c in changes if c.certain}
    rules = []
    for change in changes:
        token = change.old_token
        if token and token == change.new_token and change.certain:
            old_parent, new_parent = change.old.rpartition(".")[0], change.new.rpartition(".")[0]
            if old_parent != new_parent and (old_parent, new_parent) not in renamed:
                rules += _moved_rules(change, old_parent, new_parent)
            continue  # else moved with its module or class: that rename covers its mentions
        if not token:
            continue
        if not change.certain and token in targets:
            continue  # renamed elsewhere (another command's copy of the option): that rule rules
        clash = len(targets.get(token, ())) > 1
        if change.kind == "option":
            certain = change.certain and not clash and token not in flags_in_use
            boundary = rf"(?<![\w-]){re.escape(token)}(?![\w-])"
            where = "anywhere" if token.startswith("--") else "code"
            rules.append(Rule(change, re.compile(boundary), change.new_token, certain, where))
            continue
        if change.kind == "parameter":
            if in_use(token) or clash:  # only where the call names its function
                pattern = re.compile(
                    rf"(?<![\w.]){re.escape(token)}(?=\s*=(?!=))|(?<=`){re.escape(token)}(?=`)"
                )
                rules.append(Rule(change, pattern, change.new_token, change.certain, "call"))
            else:  # a name nothing else has: wherever code mentions it
                pattern = re.compile(rf"(?<![\w$.-]){re.escape(token)}(?![\w-])")
                rules.append(Rule(change, pattern, change.new_token, change.certain, "code"))
            continue
        if change.kind == "module" and "." in change.old:
            new_full = change.new
            dotted = re.compile(rf"(?<![\w.]){re.escape(change.old)}(?![\w])")
            rules.append(Rule(change, dotted, new_full, change.certain, "anywhere"))
            parent = change.old.rpartition(".")[0]
            # `from pkg import old` names the module by its last part
            imported = re.compile(
                rf"(?<=from {re.escape(parent)} import )(?:[\w, ]*?\b)?{re.escape(token)}\b"
            )
            rules.append(Rule(change, imported, "", change.certain, "import"))
            continue
        taken = token in commands_in_use if change.kind == "command" else in_use(token)
        certain = change.certain and not clash and not taken
        boundary = rf"(?<![\w$-]){re.escape(token)}(?![\w-])"
        where = "command" if change.kind == "command" else "anywhere"
        rules.append(Rule(change, re.compile(boundary), change.new_token, certain, where))
        if not certain and change.certain:  # still certain where the owner is written out
            owners = "|".join(re.escape(q) for q in _qualifiers(change))
            qualified = re.compile(rf"(?<![\w-])(?:{owners})\.(?P<t>{re.escape(token)})(?![\w-])")
            rules.append(Rule(change, qualified, change.new_token, not clash, "anywhere"))
    return rules


def _moved_rules(change: Change, old_parent: str, new_parent: str) -> list[Rule]:
    """A definition moved to another module under the same name (`pkg.a.C` -> `pkg.b.C`).

    Its dotted name is rewritten in prose, code spans and directives, and `from pkg.a import C`
    becomes `from pkg.b import C`. Left for review: an import that also names other things
    of the old module (splitting a line is not a token edit), and `pkg.a.C` used in a code
    example, whose `import pkg.a` would not make `pkg.b` available.
    """
    token = re.escape(change.old_token)
    dotted = re.compile(rf"(?<![\w.]){re.escape(change.old)}(?!\w)")
    alone = re.compile(
        rf"(?<=from ){re.escape(old_parent)}(?=\s+import\s+{token}(?:\s+as\s+\w+)?\s*(?:#.*)?$)"
    )
    shared = re.compile(rf"(?<=from {re.escape(old_parent)} import )(?:[\w, ]*?\b)?{token}\b")
    return [
        Rule(change, dotted, change.new, True, "text"),
        Rule(change, dotted, change.new, False, "example"),
        Rule(change, alone, new_parent, True, "anywhere"),
        Rule(change, shared, change.new_token, False, "anywhere"),
    ]


def _qualifiers(change: Change) -> list[str]:
    """What a document writes before `.name` to say whose name it is: owner, module, package."""
    parts = change.old.split(".")[:-1]
    found = [change.owner] if change.owner else []
    found += [p for p in parts if not p.startswith("_")]
    return sorted({q for q in found if q}, key=len, reverse=True) or ["\0"]


def repair_document(
    path: str, text: str, rules: Sequence[Rule], scripts: Iterable[str] = ()
) -> DocumentFix:
    """Apply the certain rules to one document; list the lines the uncertain ones touch."""
    fix = DocumentFix(path, text, text)
    if not rules:
        return fix
    lines = text.splitlines(keepends=True)
    code = code_lines(lines, path)
    programs = tuple(scripts)
    examples = _example_names(text, path, rules)
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        in_block = number - 1 in code
        spans = [(m.start(2), m.end(2)) for m in _CODE_SPAN.finditer(line)]
        replacements: dict[tuple[int, int], tuple[str, Change]] = {}
        flagged: list[Change] = []
        for rule in rules:
            for match in rule.pattern.finditer(line):
                start, end = match.span("t" if "t" in rule.pattern.groupindex else 0)
                if not _applies(rule, line, start, end, in_block, spans, programs):
                    continue
                if not rule.certain and not _bound(rule, examples.get(number, ())):
                    flagged.append(rule.change)
                    continue
                if rule.where == "import":
                    start = end - len(rule.change.old_token)
                    new = rule.change.new_token
                else:
                    new = rule.new
                if not any(s < end and start < e for s, e in replacements):
                    replacements[(start, end)] = (new, rule.change)
        new_line = line
        for (start, end), (new, _) in sorted(replacements.items(), reverse=True):
            new_line = new_line[:start] + new + new_line[end:]
        if replacements:
            pairs = tuple((line[s:e], n) for (s, e), (n, _) in sorted(replacements.items()))
            used = tuple(dict.fromkeys(c for _, c in replacements.values()))
            fix.edits.append(Edit(path, number, line, new_line, pairs, used))
        fixed = {c.old_token for e in fix.edits[-1:] if e.line == number for c in e.changes}
        seen: set[str] = set()
        for change in flagged:
            if change.old_token not in fixed and change.old_token not in seen:
                seen.add(change.old_token)
                fix.reviews.append(Review(path, number, line.rstrip("\r\n"), change))
        out.append(new_line)
    fix.after = "".join(out)
    return fix


def _example_names(text: str, path: str, rules: Sequence[Rule]) -> dict[int, set[str]]:
    """Dotted names the Python examples use, by line (`cov.save()` -> `pkg.Coverage.save`)."""
    if all(r.certain or r.change.kind != "method" for r in rules):
        return {}
    from klaro.verify.refs import read_document

    found: dict[int, set[str]] = {}
    for ref in read_document(text, path).references:
        if ref.kind in {"python", "import"}:
            found.setdefault(ref.line, set()).add(ref.text)
    return found


def _bound(rule: Rule, used: Iterable[str]) -> bool:
    """A method named on an example's instance of its own class (`cov = Coverage()`)."""
    change = rule.change
    if not change.certain or change.kind != "method" or not change.owner:
        return False
    return any(name.split(".")[-2:] == [change.owner, change.old_token] for name in used)


def _keyword_of(change: Change, line: str, start: int, end: int) -> bool:
    """Whether the match is a keyword passed to the changed function: `name=` inside the
    parentheses of a call whose callee is the function, by its old or new name."""
    if not re.match(r"\s*=(?!=)", line[end:]):
        return False
    depth = 0
    for at in range(start - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(line[at], 0)
        if depth < 0:
            callee = re.search(r"([A-Za-z_]\w*)\s*$", line[:at])
            names = {n.rsplit("(", 1)[0].rsplit(".", 1)[-1] for n in (change.old, change.new)}
            return callee is not None and callee.group(1) in names
    return False


def _applies(
    rule: Rule,
    line: str,
    start: int,
    end: int,
    in_block: bool,
    spans: list[tuple[int, int]],
    programs: tuple[str, ...],
) -> bool:
    """Whether a match is a reference to code, in the place this kind of name is written."""
    in_span = any(s <= start and end <= e for s, e in spans)
    word_start = line.rfind(" ", 0, start) + 1
    word_end = line.find(" ", end)
    word = line[word_start : word_end if word_end >= 0 else len(line)]
    if "://" in word or ("@" in word.split("/")[0] and "/" in word):
        return False  # a URL or an e-mail address names someone else's resource
    token = rule.change.old_token
    if rule.change.kind == "parameter" and _keyword_of(rule.change, line, start, end):
        return True  # `pkg.load(path, strict=True)` in a sentence: a call all the same
    if rule.where == "call":
        owner = rule.change.old.rsplit("(", 1)[0].rsplit(".", 1)[-1]
        new_owner = rule.change.new.rsplit("(", 1)[0].rsplit(".", 1)[-1]
        return bool(re.search(rf"\b(?:{re.escape(owner)}|{re.escape(new_owner)})\b", line)) and (
            in_block or in_span
        )
    if rule.where == "command":
        before = line[:start]
        runs = [*(re.escape(p) for p in programs), r"python3? -m [\w.]+"]
        # the program, then only options, then the sub-command: `tool -v serve`
        options = r"(?:\s+-[^\s`]+(?:\s+[^\s`-][^\s`]*)?)*"  # `-n 3`: an option and its value
        ran = any(re.search(rf"(?<![\w-]){p}{options}\s+$", before) for p in runs)
        alone = in_span and line[start - 1 : start] == "`" and line[end : end + 1] == "`"
        return ran or alone
    if rule.where == "code":
        return in_block or in_span
    if rule.where in {"text", "example"}:  # a directive's argument names code like prose does
        example = in_block and not _RST_CODE_LINE.match(line)
        return example == (rule.where == "example")
    if in_block or in_span or rule.where == "import":
        return True
    context = line[max(0, start - 1) : end + 1]
    return bool(_DISTINCT.search(token)) or "." in context or line[end : end + 1] == "("


def code_lines(lines: list[str], path: str) -> set[int]:
    """0-based numbers of lines inside code blocks (fenced or indented; rst literal blocks)."""
    rst = path.lower().endswith((".rst", ".rest", ".txt"))
    return _rst_blocks(lines) if rst else _markdown_blocks(lines)


def _markdown_blocks(lines: list[str]) -> set[int]:
    from klaro.write.regions import code_block_lines

    return code_block_lines("".join(lines))


def _rst_blocks(lines: list[str]) -> set[int]:
    found: set[int] = set()
    opener_indent: int | None = None
    for number, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if opener_indent is not None:
            if not stripped or indent > opener_indent:
                found.add(number)
                continue
            opener_indent = None
        if stripped.startswith(">>>") or _RST_CODE_LINE.match(line):
            found.add(number)  # a doctest, a directive's argument or its options name code
        if _RST_DIRECTIVE.match(line) or (
            stripped.endswith("::") and not stripped.startswith("..")
        ):
            opener_indent = indent
    return found
