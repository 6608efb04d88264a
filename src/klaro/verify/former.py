"""Names the code once had: what makes a bare `OldName` in a sentence stale rather than a word.

A code span naming something the project lacks is only reported when it clearly reads as a
project name (`find_config()`, or close to a name the project has); a renamed class such as
`AutoConfig` -> `ConfigFinder` is neither. The documented state (`.klaro/state.json`, else git:
the PR's merge base, `HEAD` while the working tree has edits, else the previous commit; see
`scan.history`) tells what the code named when the docs were last true. A name it had and the
current code lacks is stale wherever a document names it. Looked up lazily: git and the old
tree's analysis only run when a document names something unknown, and a commit's names are
cached in the user's cache directory.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from pathlib import Path

from klaro.errors import KlaroError, UsageError
from klaro.scan.model import Analysis
from klaro.scan.state import State, build_state

_PYTHON_KINDS = frozenset({"module", "class", "function", "method", "constant"})
_CALLABLE = frozenset({"function", "method"})


@dataclass
class Former:
    """The names the documented state had and the code lacks: Python names by the short name
    documents write (`AutoConfig`, a parameter), and environment variables."""

    root: Path
    analysis: Analysis
    since: str | None = None
    cache_dir: Path | None = None
    # a tree of the documented state already on disk (the drift gate's download of the PR's
    # base): used instead of git and the snapshot
    base_root: Path | None = None
    base_label: str = "the pull request's base"
    problem: str = ""  # why the documented state could not be read, for one line on stderr
    # the documented state already read (`check --fix` holds it): neither git nor a tree
    base_state: State | None = None
    # what a stale name's finding adds: how to repair it (nothing when --fix itself asks)
    advice: str = "`klaro check --fix` repairs proven renames"
    _where: str = field(default="", repr=False)
    _names: dict[tuple[str, str], tuple[str, str]] | None = field(default=None, repr=False)
    # function -> the keywords it took (parameters and keys read from **kwargs)
    _params: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _defined: set[str] = field(default_factory=set, repr=False)  # full names it had
    _functions: set[str] = field(default_factory=set, repr=False)  # its module-level functions
    # keyword -> the functions that took it, still exist and take it no more
    _lost: dict[str, list[str]] = field(default_factory=dict, repr=False)
    # command (`load`, "" for the program) -> the flags it took
    _command_flags: dict[str, set[str]] = field(default_factory=dict, repr=False)
    _files: dict[str, str] = field(default_factory=dict, repr=False)  # path -> content digest

    def __post_init__(self) -> None:
        if self.since:  # a wrong `--since` is said at once, not only when a name needs it
            from klaro.scan.history import require_commit

            require_commit(self.root, self.since)

    def get(self, short: str) -> tuple[str, str] | None:
        """`(full old name, where it was seen)` when the code once named `short`, else None."""
        return self._lookup("python", short)

    def env(self, name: str) -> tuple[str, str] | None:
        """`(name, where it was read)` when the code once read the variable `name`, else None."""
        return self._lookup("env", name)

    def env_family(self, prefix: str) -> tuple[str, str] | None:
        """`(a variable, where)` when the code once read variables starting with `prefix`
        and reads none of them now (rq-scheduler's `RQ_REDIS_*`, renamed), else None."""
        return next(
            (
                (name, where)
                for (group, name), (_, where) in sorted(self._gone().items())
                if group == "env" and name.startswith(prefix)
            ),
            None,
        )

    def script(self, name: str) -> tuple[str, str] | None:
        """`(name, where)` when the project once installed a command `name`, else None."""
        return self._lookup("script", name)

    def command(self, name: str) -> tuple[str, str] | None:
        """`(command, where)` when the project's CLI once had the sub-command `name`."""
        return self._lookup("command", name)

    def option(self, flag: str) -> tuple[str, str] | None:
        """`(flag, where)` when a command of the project once took the option `flag`."""
        return self._lookup("option", flag)

    def callable_gone(self, short: str, defined: Container[str]) -> tuple[str, str] | None:
        """`(full old name, where)` when the documented state defined a function or method
        named `short` (python-vagrant's `Vagrant.provision`) and the current code defines
        nothing so named (`defined`, by last part): a name living on only as a parameter
        (`up(provision=None)`) is no callable."""
        self._gone()
        if short in defined:
            return None
        full = next((f for f in sorted(self._params) if f.rsplit(".", 1)[-1] == short), None)
        return (full, self._where) if full is not None else None

    def function_gone(self, short: str, defined: Container[str]) -> tuple[str, str] | None:
        """`(full old name, where)` when the documented state had a module-level function
        named `short` (colorclass's `set_light_background`) whose full name the code no
        longer defines, whatever else (a class's method) still goes by `short`."""
        self._gone()
        full = next(
            (
                f
                for f in sorted(self._functions)
                if f.rsplit(".", 1)[-1] == short and f not in defined
            ),
            None,
        )
        return (full, self._where) if full is not None else None

    def had(self, full: str) -> str | None:
        """Where the documented state had the definition `full` (a class's method that moved
        away while its name lives on elsewhere), else None."""
        self._gone()
        return self._where if full in self._defined else None

    def took(self, command: str, flag: str) -> str | None:
        """Where the documented state had `command` (as a user types it after the program,
        `load`; "" for the program) take `flag`, else None."""
        self._gone()
        return self._where if flag in self._command_flags.get(command, set()) else None

    def had_option(self, flag: str) -> bool:
        """Whether some command took `flag` at the documented state (gone or not)."""
        self._gone()
        return any(flag in flags for flags in self._command_flags.values())

    def file(self, path: str) -> tuple[str, str] | None:
        """`(where, where it went)` when the documented state had the file `path` (relative
        to the root): where it went is a file of the tree with the same content (a move,
        `CHANGES.rst` now `HISTORY.rst`), else "". Whether the tree still has it is the
        caller's question."""
        self._gone()
        digest = self._files.get(path)
        if digest is None:
            return None
        moved = sorted(f.path for f in self.analysis.files if f.sha256.startswith(digest))
        return self._where, (moved[0] if len(moved) == 1 else "")

    def keywords(self, function: str) -> tuple[frozenset[str], str] | None:
        """`(keywords, where)`: what the function (full name) took at the documented state
        (its parameters and the keys it read from `**kwargs`), None when it did not exist."""
        self._gone()
        found = self._params.get(function)
        return (found, self._where) if found is not None else None

    def keyword_takers(self, name: str) -> list[str]:
        """The functions (full names) that took the keyword `name` at the documented state."""
        self._gone()
        return sorted(f for f, keywords in self._params.items() if name in keywords)

    def lost_keyword(self, name: str) -> list[str]:
        """The functions (full names) that took the keyword `name` at the documented state
        and, still there, take it no more (`histogram(bins=)` now `n_bins`), though some
        other function of the project may still have a parameter of that name."""
        self._gone()
        return self._lost.get(name, [])

    def _lookup(self, group: str, name: str) -> tuple[str, str] | None:
        return self._gone().get((group, name))

    def _gone(self) -> dict[tuple[str, str], tuple[str, str]]:
        """The documented state's gone names, read once, on the first question."""
        if self._names is None:
            self._names = self._load()
        return self._names

    def _load(self) -> dict[tuple[str, str], tuple[str, str]]:
        from klaro.scan.analyze import analyze_repository
        from klaro.scan.history import baseline

        def analyse(root: Path) -> Analysis:  # the current tree's cache holds most files
            current = Path(self.analysis.root)
            return analyze_repository(root, cache_dir=self.cache_dir, cache_of=current)

        current = build_state(self.analysis, self.root, bodies=False)
        if self.base_state is not None:
            return self._remember(self.base_state, current, self.base_label)
        if self.base_root is not None:
            old = build_state(analyse(self.base_root), self.base_root, bodies=False)
            return self._remember(old, current, self.base_label)

        try:
            base = baseline(
                self.root, analyse, since=self.since, bodies=False, cache_dir=self.cache_dir
            )
        except UsageError:
            raise  # `--since` names no commit: the user's mistake, said as such
        except KlaroError as exc:  # a damaged snapshot must not stop the check itself
            self.problem = str(exc)
            return {}
        if base is None:
            return {}
        where = f"commit {base.revision[:12]}" if base.revision else base.origin
        return self._remember(base.state, current, where)

    def _remember(
        self, old: State, current: State, where: str
    ) -> dict[tuple[str, str], tuple[str, str]]:
        self._where = where
        self._defined = {i.name for i in old.items if i.kind in _PYTHON_KINDS}
        self._defined |= {f"{i.name}.{a}" for i in old.items if i.kind == "class" for a in i.params}
        self._functions = {i.name for i in old.items if i.kind == "function"}
        self._files = {i.name: i.digest for i in old.items if i.kind == "file"}
        self._params = {
            i.name: frozenset(p.partition(":")[2] for p in i.params)
            for i in old.items
            if i.kind in _CALLABLE
        }
        # (a function now taking `**kwargs` may take the keyword through them: not lost)
        taken_now = {
            i.name: {p.partition(":")[2] for p in i.params}
            for i in current.items
            if i.kind in _CALLABLE and not any(p.startswith("var_keyword:") for p in i.params)
        }
        for item in old.items:
            if item.kind in _CALLABLE and item.name in taken_now:
                # (one missing from `taken_now` is gone, or takes `**kwargs` now)
                for param in item.params:
                    name = param.partition(":")[2]
                    if name not in taken_now[item.name] and name not in {"self", "cls"}:
                        self._lost.setdefault(name, []).append(item.name)
            if item.kind == "option":
                command = item.name.rpartition("|")[0]
                self._command_flags.setdefault(command, set()).update(item.params)
        return gone_names(old, current, where)


def gone_names(old: State, new: State, where: str) -> dict[tuple[str, str], tuple[str, str]]:
    """Names the old state had and the new one lacks: by ("python", short name) for modules,
    classes, functions, methods, parameters and class attributes; by ("env", name) for
    environment variables; by ("script", name) for the commands the project installs, by
    ("command", name) for their sub-commands and by
    ("option", flag) for their options and the flags its code spells (a library's decorator
    adding `--verbosity` to its users' commands)."""
    defined = {i.short for i in new.items if i.kind in _PYTHON_KINDS}
    now = defined | {
        p.partition(":")[2] for i in new.items if i.kind in _CALLABLE for p in i.params
    }
    env_now = {i.name for i in new.items if i.kind == "env"}
    tests_now = {i.name for i in new.items if i.kind == "test-env"}
    options_now = {f for i in new.items if i.kind in {"option", "flags"} for f in i.params}
    commands_now = {i.short for i in new.items if i.kind == "command"}
    attributes_now = {a for i in new.items if i.kind == "class" for a in i.params}
    keys_now = {k for i in new.items if i.kind == "keys" for k in i.params}
    gone: dict[tuple[str, str], tuple[str, str]] = {
        ("script", name): (name, where) for name in set(old.scripts) - set(new.scripts)
    }
    for item in old.items:
        if item.kind in _CALLABLE:  # a parameter no function has any more (`no_color`)
            for param in item.params:
                name = param.partition(":")[2]
                # (one that lives on as an attribute, `self.categories = series`, is named
                # so still)
                if name not in now and name not in attributes_now and name not in {"self", "cls"}:
                    gone.setdefault(("python", name), (f"{item.name}({name})", where))
        if item.kind == "class":  # an attribute no class has any more (`v.functions`)
            for attr in item.params:
                if attr not in attributes_now and attr not in defined:
                    _name_gone(gone, attr, (f"{item.name}.{attr}", where))
        if item.kind == "keys":  # a setting's key the code no longer spells (`dual_line`)
            for key in item.params:
                if key not in keys_now and key not in now and key not in attributes_now:
                    gone.setdefault(("python", key), (f"{item.name} key {key!r}", where))
            continue
        if item.kind == "module" and "." not in item.name:
            continue  # a top-level package is also the project's name in prose; imports tell
        if item.kind in _PYTHON_KINDS and item.short not in now:
            _name_gone(gone, item.short, (item.name, where))
        elif item.kind == "env" and item.name not in env_now and not item.name.endswith("*"):
            gone.setdefault(("env", item.name), (item.name, where))
        elif item.kind == "test-env" and item.name not in env_now | tests_now:
            # a variable only the tests read (pymsteams' `MS_TEAMS_WEBHOOK`), renamed there
            gone.setdefault(("env", item.name), (item.name, where))
        elif item.kind == "command" and item.short not in commands_now:
            gone.setdefault(("command", item.short), (item.name.replace("|", " ").strip(), where))
        elif item.kind in {"option", "flags"}:
            for flag in set(item.params) - options_now:
                gone.setdefault(("option", flag), (flag, where))
    return gone


def _name_gone(
    gone: dict[tuple[str, str], tuple[str, str]], name: str, record: tuple[str, str]
) -> None:
    """Keep what the code named `name`: a definition or an attribute rather than a parameter
    of the same name (icmplib's property `Hop.distance` over `Hop.__init__(distance)`)."""
    known = gone.get(("python", name))
    if known is None or known[0].endswith(")"):
        gone[("python", name)] = record
