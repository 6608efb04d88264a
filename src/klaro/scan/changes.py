"""What changed between two states: renames proven by evidence, removals, signature changes.

A rename is only claimed on evidence: the same name-free body digest (modules, classes,
functions, methods), the same `dest`/help (CLI options), the same implementing function or
help (sub-commands), or the same read site (environment variables), matched one to one. When
several candidates fit, the change is `ambiguous` and left for a person (or the agent).
Members of a renamed module or class are not renames of their own: the container's rename
already covers every mention of them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from klaro.scan.state import Item, State


@dataclass(frozen=True)
class Change:
    """One difference that can leave documentation stale."""

    kind: str  # module | class | function | method | option | command | env | parameter
    status: str  # renamed | removed | ambiguous
    old: str  # the full old name (`pkg.mod.func`, `cmd|--flag`, `pkg.f(param)`)
    new: str = ""  # the full new name when renamed
    old_token: str = ""  # what a document writes: `func`, `--flag`, `VAR`, `param`
    new_token: str = ""
    owner: str = ""  # for methods and parameters: the owner as documents qualify it
    evidence: str = ""  # why the rename is believed
    candidates: tuple[str, ...] = ()  # for ambiguous changes

    @property
    def certain(self) -> bool:
        return self.status == "renamed"


def compare(old: State, new: State) -> list[Change]:
    """Every rename, removal and parameter change from `old` to `new`, containers first."""
    changes: list[Change] = []
    moved: dict[str, str] = {}  # old container name -> new (modules, classes)
    for kind in ("module", "class", "function", "method"):
        found = _definitions(old, new, kind, moved)
        changes += found
        moved.update((c.old, c.new) for c in found if c.certain)
    changes += _parameters(old, new, moved)
    renamed_commands = _commands(old, new)
    changes += renamed_commands
    changes += _options(old, new, {c.old: c.new for c in renamed_commands if c.certain})
    changes += _env(old, new)
    return changes


def _moved(name: str, moved: dict[str, str]) -> str:
    """The name after its module or class was renamed (`a.old.f` -> `a.new.f`)."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        head = ".".join(parts[:i])
        if head in moved:
            return ".".join([moved[head], *parts[i:]])
    return name


def _definitions(old: State, new: State, kind: str, moved: dict[str, str]) -> list[Change]:
    now = {i.name for i in new.of_kind(kind)}
    gone = [i for i in old.of_kind(kind) if _moved(i.name, moved) not in now]
    before = {_moved(i.name, moved) for i in old.of_kind(kind)}
    added = [i for i in new.of_kind(kind) if i.name not in before]
    changes = []
    for item in gone:
        home = [i for i in added if kind == "module" or i.anchor == _moved(item.anchor, moved)]
        same = [i for i in home if item.digest and i.digest == item.digest]
        why = "same body"
        if not same:  # moved to another module as well
            same = [i for i in added if item.digest and i.digest == item.digest]
        if not same and kind != "module":  # renamed with its parameters: same shape, same place
            same = [i for i in home if item.shape and i.shape == item.shape]
            why = "same body but for the names it uses"
        if not same and kind == "module":
            same, why = _similar_modules(item, added), "mostly the same definitions"
        changes.append(_verdict(kind, item, same, why))
    return _one_to_one(changes)


def _similar_modules(item: Item, added: list[Item]) -> list[Item]:
    """New modules holding most of the old one's definitions (by shape): the best, if clear."""
    if not item.params:
        return []
    scored = []
    for other in added:
        common = sum((Counter(item.params) & Counter(other.params)).values())
        ratio = common / max(len(item.params), len(other.params))
        if ratio >= 0.6:
            scored.append((ratio, other))
    scored.sort(key=lambda pair: -pair[0])
    if len(scored) > 1 and scored[0][0] == scored[1][0]:
        return [other for _, other in scored]
    return [other for _, other in scored[:1]]


def _verdict(kind: str, item: Item, same: list[Item], why: str) -> Change:
    token = item.short
    if len(same) == 1:
        target = same[0]
        return Change(
            kind, "renamed", item.name, target.name, token, target.short, _owner(item), why
        )
    if same:
        names = tuple(i.name for i in same)
        return Change(kind, "ambiguous", item.name, old_token=token, candidates=names)
    return Change(kind, "removed", item.name, old_token=token, owner=_owner(item))


def _owner(item: Item) -> str:
    return item.anchor.rsplit(".", 1)[-1] if item.kind == "method" else ""


def _one_to_one(changes: list[Change]) -> list[Change]:
    """Two old names claiming the same new one: neither rename is proven."""
    claims: dict[str, int] = defaultdict(int)
    for change in changes:
        if change.certain:
            claims[change.new] += 1
    return [
        Change(c.kind, "ambiguous", c.old, old_token=c.old_token, candidates=(c.new,))
        if c.certain and claims[c.new] > 1
        else c
        for c in changes
    ]


def _parameters(old: State, new: State, moved: dict[str, str]) -> list[Change]:
    """Parameters renamed (same position and kind) or removed, per surviving function."""
    changes = []
    for kind in ("function", "method"):
        for item in old.of_kind(kind):
            now = new.get(kind, _moved(item.name, moved))
            if now is None or now.params == item.params:
                continue
            before = [p.split(":", 1) for p in item.params]
            after = [p.split(":", 1) for p in now.params]
            names_after = {n for _, n in after}
            names_before = {n for _, n in before}
            owner = now.name.rsplit(".", 1)[-1]
            for index, (pkind, name) in enumerate(before):
                if name in names_after or name in {"self", "cls"}:
                    continue
                full = f"{item.name}({name})"
                twin = after[index] if index < len(after) else None
                # keys read from **kwargs have no position: a changed one is only removed
                if twin and twin[0] == pkind != "key" and twin[1] not in names_before:
                    changes.append(
                        Change("parameter", "renamed", full, f"{now.name}({twin[1]})", name,
                               twin[1], owner, "same position and kind")
                    )  # fmt: skip
                else:
                    changes.append(
                        Change("parameter", "removed", full, old_token=name, owner=owner)
                    )
    return changes


def _commands(old: State, new: State) -> list[Change]:
    return _match(
        old.of_kind("command"),
        new.of_kind("command"),
        "command",
        [
            ("same implementation and help", lambda i: i.digest),
            ("same options", lambda i: " ".join(i.params) or f"\0{i.name}"),
        ],
        lambda i: i.name.split("|", 1)[0],
    )


def _options(old: State, new: State, commands: dict[str, str]) -> list[Change]:
    """Options whose flags changed on the same command: matched by `dest` and help."""

    def command_of(item: Item) -> str:
        key = item.name.rsplit("|", 1)[0]
        parent, _, name = key.rpartition(" ")
        return commands.get(f"{parent}|{name}", f"{parent}|{name}").replace("|", " ").strip()

    def dest(item: Item) -> str:
        return item.anchor.split("|")[1]

    def helped(item: Item) -> str:
        text = item.anchor.split("|", 2)[2]
        return text or f"\0{item.name}"  # no help: never the same as another option's

    changes = []
    for change in _match(
        old.of_kind("option"),
        new.of_kind("option"),
        "option",
        [("same dest", dest), ("same help", helped), ("the only option changed there", _any)],
        command_of,
    ):
        changes += _flag_changes(change, old, new)
    return changes


def _any(item: Item) -> str:
    return ""


def _flag_changes(change: Change, old: State, new: State) -> list[Change]:
    """An option's rename, flag by flag: `--count` -> `--limit`, `-c` kept or changed."""
    before = old.get("option", change.old)
    if not change.certain:
        flags = before.params if before is not None else (change.old_token,)
        return [
            Change("option", change.status, change.old, old_token=f, candidates=change.candidates)
            for f in flags
        ]
    after = new.get("option", change.new)
    if before is None or after is None:
        return [change]
    gone = [f for f in before.params if f not in after.params]
    fresh = [f for f in after.params if f not in before.params]
    out = []
    for flag in gone:
        longs = flag.startswith("--")
        pair = [f for f in fresh if f.startswith("--") == longs]
        if len(pair) == 1:
            out.append(
                Change("option", "renamed", change.old, change.new, flag, pair[0],
                       evidence=change.evidence)
            )  # fmt: skip
        else:
            out.append(Change("option", "removed", change.old, old_token=flag))
    return out


def _env(old: State, new: State) -> list[Change]:
    return _match(
        old.of_kind("env"),
        new.of_kind("env"),
        "env",
        [("same read site", lambda i: f"{i.anchor}@{i.line}"), ("same reader", lambda i: i.anchor)],
        lambda i: "",
    )


def _match(
    before: Iterable[Item],
    after: Iterable[Item],
    kind: str,
    keys: list[tuple[str, Callable[[Item], str]]],
    scope: Callable[[Item], str],
) -> list[Change]:
    """Match vanished names to new ones on the first key that pairs them uniquely."""
    old_items = list(before)
    new_items = list(after)
    gone_names = {i.name for i in old_items} - {i.name for i in new_items}
    new_names = {i.name for i in new_items} - {i.name for i in old_items}
    # an option keeps its name when only its help changed; compare by flags, not by the key
    if kind == "option":
        old_flags = {f for i in new_items for f in i.params}
        gone_names = {i.name for i in old_items if not set(i.params) <= old_flags}
        kept = {f for i in old_items for f in i.params}
        new_names = {i.name for i in new_items if not set(i.params) <= kept}
    gone = [i for i in old_items if i.name in gone_names]
    added = [i for i in new_items if i.name in new_names]
    found: dict[str, Change] = {}
    taken: set[str] = set()
    crowded: dict[str, list[Item]] = {}
    for why, key in keys:  # the strongest evidence first, for every name, then the next
        for item in gone:
            if item.name in found:
                continue
            same = [
                i
                for i in added
                if i.name not in taken and scope(i) == scope(item) and key(i) == key(item)
            ]
            if len(same) == 1:
                found[item.name] = _verdict(kind, item, same, why)
                taken.add(same[0].name)
            elif same:
                crowded[item.name] = same
    return [
        found.get(i.name)
        or _verdict(kind, i, [c for c in crowded.get(i.name, []) if c.name not in taken], "")
        for i in gone
    ]
