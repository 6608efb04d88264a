"""A small, versioned fingerprint of what a repository exposes: the evidence drift repair needs.

Each named thing people write about (module, class, function, method, CLI option, sub-command,
environment variable) is kept with a digest of its body that does not depend on its own name,
its parameters and an anchor (where it lives or what it reads), so two states can be compared
without their sources: a rename is the same digest, `dest`, function or read site under a new
name. `.klaro/state.json` holds this for the last documented state when there is no git history.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from klaro.errors import KlaroError
from klaro.scan.model import Analysis, Class, CliCommand, Function, iter_classes
from klaro.scan.syntax import parse_module

STATE_VERSION = 1
STATE_PATH = ".klaro/state.json"
KINDS = ("module", "class", "function", "method", "option", "command", "env", "test-env", "file")
_DIGEST = 12
# identifiers in an AST dump: Name ids, arg names, attribute names, keyword args
# and string constants (a renamed env var or option inside the body)
_NAMES = re.compile(r"\b(id|arg|attr|name)='[^']*'|value='(?:[^'\\]|\\.)*'|value=\"[^\"]*\"")


@dataclass(frozen=True)
class Item:
    """One named thing of a state: what it is called, what it is, and what identifies it."""

    kind: str
    name: str  # dotted name; options `cmd|--flag -f`; commands `parent|name`; env vars the name
    # ("flags": a module's option-shaped string literals, in `params`)
    digest: str = ""  # name-free hash of the body (definitions) or the option's dest/help
    params: tuple[str, ...] = ()  # functions: `kind:name` in order; options: their flags
    anchor: str = ""  # where it lives: owner, command, or `path:via:default` for env reads
    line: int = 0
    shape: str = ""  # digest of the body with every name blanked: survives renamed parameters

    @property
    def short(self) -> str:
        """The name as prose writes it: the last dotted part, the flag, the variable."""
        if self.kind in {"option", "command"}:
            return self.name.rsplit("|", 1)[-1]
        return self.name.rsplit(".", 1)[-1]


@dataclass(frozen=True)
class State:
    """Everything a repository exposes at one commit, keyed by (kind, name)."""

    items: tuple[Item, ...]
    source: str = ""  # the commit it describes, when known
    scripts: tuple[str, ...] = ()
    _by_key: dict[tuple[str, str], Item] = field(default_factory=dict, repr=False, compare=False)

    def get(self, kind: str, name: str) -> Item | None:
        if not self._by_key:
            self._by_key.update(((i.kind, i.name), i) for i in self.items)
        return self._by_key.get((kind, name))

    def of_kind(self, kind: str) -> list[Item]:
        return [i for i in self.items if i.kind == kind]

    def to_json(self) -> str:
        """The versioned JSON form kept in `.klaro/state.json` (one item per line, diffable)."""
        rows = [
            json.dumps([i.kind, i.name, i.digest, list(i.params), i.anchor, i.line, i.shape])
            for i in self.items
        ]
        head = json.dumps({"version": STATE_VERSION, "source": self.source})[:-1]
        scripts = json.dumps(list(self.scripts))
        return f'{head}, "scripts": {scripts}, "items": [\n' + ",\n".join(rows) + "\n]}\n"


def load_state(path: Path) -> State | None:
    """Read a snapshot; None when absent. A damaged or future one is an error naming the file."""
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"version {data.get('version')!r}, expected {STATE_VERSION}")
        items = tuple(
            Item(str(k), str(n), str(d), tuple(p), str(a), int(line), str(shape))
            for k, n, d, p, a, line, shape in data["items"]
        )
        return State(items, str(data.get("source") or ""), tuple(data.get("scripts") or ()))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise KlaroError(f"{path}: not a Klaro state snapshot ({exc})") from None


def build_state(analysis: Analysis, root: Path, source: str = "", *, bodies: bool = True) -> State:
    """Fingerprint an analysis; `root` is where its sources are (digests need the bodies).

    `bodies=False` keeps the names only (no digests, no re-parsing): enough to know what the
    code once named, at a fraction of the cost.
    """
    items: list[Item] = []
    for module in analysis.modules:
        if module.role not in {"package", "script"}:
            continue
        digests = _body_digests(root / module.path) if bodies else {}
        names = [c.qualname for c in module.classes] + [f.qualname for f in module.functions]
        shapes = tuple(sorted(digests.get(q, ("", ""))[1] for q in names))
        items.append(Item("module", module.name, _hash(" ".join(shapes)), shapes, module.path))
        for cls in iter_classes(module.classes):
            items.append(_class_item(cls, digests))
            items += [_function_item(m, digests, "method") for m in cls.methods]
        items += [_function_item(f, digests, "function") for f in module.functions]
        # module constants (`CRON_COMMAND`): names only, what a sentence may still name
        items += [
            Item("constant", f"{module.name}.{v.name}", anchor=module.name, line=v.lineno)
            for v in module.constants
        ]
        keys = (*module.key_literals, *module.passed_keywords)
        if keys:  # `"dual_line"`, `set_global(dual_line=False)`: settings a list may name
            items.append(Item("keys", module.name, params=tuple(sorted(set(keys)))))
        if module.flag_literals:  # `names = ["--verbosity", "-v"]`: flags a library's
            # decorator adds to its users' commands, which only history can tell gone
            items.append(Item("flags", module.name, params=module.flag_literals))
    for command in analysis.cli:
        items += _command_items(command)
    # (and those the tests read: pymsteams documents the `MS_TEAMS_WEBHOOK` its test suite
    # reads, a name that goes stale when the tests rename it)
    tests = [v for m in analysis.modules if m.role == "test" for v in m.env_vars if v.via != "sets"]
    for kind, found in (("env", analysis.env_vars), ("test-env", tests)):
        for var in found:
            anchor = f"{var.path}:{var.via}:{var.default or ''}"
            items.append(Item(kind, var.name, anchor=anchor, line=var.lineno))
    # its files, by content: a page's `CHANGES.rst` or `pip install -r requirements-dev.txt`
    # goes stale when the file is moved or deleted, and the same digest tells where it went
    items += [Item("file", f.path, f.sha256[:_DIGEST]) for f in analysis.files]
    unique = {(i.kind, i.name): i for i in items}
    # the commands it installs: entry points' and files installed as they are (cram's
    # `scripts=['scripts/cram']`)
    scripts = sorted(
        {e.name for e in analysis.metadata.entry_points if "scripts" in e.group}
        | {path.rsplit("/", 1)[-1] for path in analysis.metadata.script_files}
    )
    return State(tuple(unique.values()), source, tuple(scripts))


def _class_item(cls: Class, digests: dict[str, tuple[str, str]]) -> Item:
    owner = cls.fullname.rpartition(".")[0]
    digest, shape = digests.get(cls.qualname, ("", ""))
    # its attributes, class-level and set on instances: a document names them as members
    attributes = tuple(sorted({a.name for a in cls.attributes} | set(cls.instance_attributes)))
    return Item("class", cls.fullname, digest, attributes, owner, cls.lineno, shape)


def _function_item(fn: Function, digests: dict[str, tuple[str, str]], kind: str) -> Item:
    params = tuple(f"{p.kind}:{p.name}" for p in fn.parameters)
    params += tuple(f"key:{k}" for k in fn.kwarg_keys)  # keywords it reads from **kwargs
    owner = fn.fullname.rpartition(".")[0]
    digest, shape = digests.get(fn.qualname, ("", ""))
    return Item(kind, fn.fullname, digest, params, owner, fn.lineno, shape)


def command_key(command: CliCommand) -> str:
    """A command as a user reaches it: `parent name` (the program's root is empty)."""
    return " ".join(p for p in (command.parent or "", command.name) if p)


def _command_items(command: CliCommand) -> Iterator[Item]:
    key = command_key(command)
    if command.name:
        options = tuple(sorted(f for o in command.options for f in o.flags))
        digest = _hash(f"{command.function or ''}|{command.help or ''}")
        yield Item("command", f"{command.parent or ''}|{command.name}", digest, options, key)
    for option in command.options:
        if option.positional:
            continue
        identity = f"{option.dest}|{option.help or ''}|{option.default}|{option.is_flag}"
        yield Item(
            "option",
            f"{key}|{' '.join(option.flags)}",
            _hash(identity),
            option.flags,
            f"{key}|{option.dest}|{option.help or ''}",
            command.lineno,
        )


def _body_digests(path: Path) -> dict[str, tuple[str, str]]:
    """Name-free digests (and shapes) of every class and function body, by qualified name."""
    try:
        tree = parse_module(path.read_bytes(), str(path))
    except (OSError, SyntaxError, ValueError):
        return {}
    found: dict[str, tuple[str, str]] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                qualname = f"{prefix}{node.name}"
                parts: list[ast.AST] = list(node.body)
                if not isinstance(node, ast.ClassDef):
                    parts.insert(0, node.args)
                dumped = " ".join(ast.dump(p) for p in parts)
                digest = _hash(re.sub(rf"\b{re.escape(node.name)}\b", "\0", dumped))
                found[qualname] = (digest, _hash(_NAMES.sub("", dumped)))
                if isinstance(node, ast.ClassDef):
                    walk(node.body, f"{qualname}.")

    walk(tree.body, "")
    return found


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:_DIGEST]


def state_dict(state: State) -> dict[str, Any]:
    """The snapshot as plain data (for tests and `--format json`)."""
    return json.loads(state.to_json())  # type: ignore[no-any-return]
