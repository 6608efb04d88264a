"""Put together a command line that a package builds across functions and modules.

Each module's commands are read on their own (`cli_argparse`, `cli_decorated`); the program
they make is only whole once a helper's options and sub-commands are placed under the command
that hands it its parser: `create_import_subparser(import_parser)` in one module,
`service_subparsers = parser.add_subparsers()` and `create_gitlab_subparser(service_subparsers)`
in a second, `subparsers.add_parser("gitlab")` in a third make `vcspull import gitlab`.
"""

from __future__ import annotations

import sys
from dataclasses import replace

from klaro.scan.model import CliCommand, CliOption, EntryPoint, Module


def link_commands(modules: list[Module]) -> list[Module]:
    """Place sub-commands and shared options made elsewhere under the commands they extend."""
    modules = _link_helper_subcommands(modules)
    modules = _link_subcommands(modules)
    modules = _link_click_groups(modules)
    modules = _adopt_added_commands(modules)
    modules = _link_typer_mounts(modules)
    return _resolve_shared_options(modules)


def _link_typer_mounts(modules: list[Module]) -> list[Module]:
    """Put the commands of a Typer app another module mounts (`app.add_typer(account_app,
    name="account")`) under that group: the app's commands become the group's, its callback
    gives the group its options. A root callback beside commands of its own app is a group:
    typer runs none of them without a word naming it."""
    mounted: dict[str, CliCommand] = {}  # module of the mounted app -> the group
    for module in modules:
        bound = {i.alias: i.binds for i in module.imports}
        for command in module.cli:
            head, _, rest = (command.mounts or "").partition(".")
            if command.mounts and head in bound:  # an app imported from another module
                target = f"{bound[head]}.{rest}" if rest else bound[head]
                if target.rpartition(".")[0] != module.name:
                    mounted.setdefault(target.rpartition(".")[0], command)
    callbacks = {  # the group's place -> the mounted app's callback
        (group.path, group.lineno): callback
        for m in modules
        if (group := mounted.get(m.name)) is not None
        for callback in m.cli
        if callback.framework == "typer" and not callback.name and callback.parent is None
    }
    out = []
    for module in modules:
        group = mounted.get(module.name)
        commands = []
        for command in module.cli:
            if command.mounts:
                given = callbacks.get((command.path, command.lineno))
                if given is not None:
                    command = replace(
                        command, function=given.function, help=given.help, options=given.options
                    )
                command = replace(command, mounts=None)
            elif group is not None and command.framework == "typer" and command.parent is None:
                if not command.name:
                    continue  # the group's options now
                command = replace(command, parent=group.name)
            commands.append(command)
        out.append(replace(module, cli=tuple(_typer_roots(commands))))
    return out


def _typer_roots(commands: list[CliCommand]) -> list[CliCommand]:
    """A module's typer commands with its root callback marked a group when commands of its
    app stand beside it."""
    others = any(c.framework == "typer" and c.name and c.parent is None for c in commands)
    return [
        replace(c, has_subcommands=True)
        if others and c.framework == "typer" and not c.name and c.parent is None
        else c
        for c in commands
    ]


def _link_click_groups(modules: list[Module]) -> list[Module]:
    """Put `@cli.command()` of one module under the click group `cli` another module makes
    (toot: a module per command, each importing the group of `toot/cli/__init__.py`)."""
    if not any(c.group_ref for m in modules for c in m.cli):
        return modules
    groups = {
        c.function: c.name
        for m in modules
        for c in m.cli
        if c.framework == "click" and c.function and c.name
    }
    linked: set[str] = set()  # the groups given sub-commands
    out = []
    for module in modules:
        bound = {i.alias: i.binds for i in module.imports}
        commands = []
        for command in module.cli:
            if command.group_ref:
                found = next(
                    (
                        t
                        for t in _targets(module, command.group_ref, bound)
                        if t in groups and t != command.function
                    ),
                    None,
                )
                parent = groups[found] if found else None
                if found:
                    linked.add(found)
                command = replace(command, parent=parent, group_ref=None)
            commands.append(command)
        out.append(replace(module, cli=tuple(commands)))
    return [
        replace(
            m,
            cli=tuple(
                replace(c, has_subcommands=True)
                if c.framework == "click" and c.function in linked
                else c
                for c in m.cli
            ),
        )
        for m in out
    ]


def _adopt_added_commands(modules: list[Module]) -> list[Module]:
    """Put a click command another module registers (`cli.add_command(pipeline)`, `pipeline`
    imported) under that group, by its own name; the placeholders go."""
    if not any(c.adopts for m in modules for c in m.cli):
        return modules
    adopted: dict[str, str] = {}  # command function -> the group taking it
    adopting: set[tuple[str, str]] = set()  # (module, group name)
    for module in modules:
        bound = {i.alias: i.binds for i in module.imports}
        for command in module.cli:
            if command.adopts and command.parent:
                adopting.add((module.name, command.parent))
                for target in _targets(module, command.adopts, bound):
                    adopted.setdefault(target, command.parent)
    out = []
    for module in modules:
        commands = []
        for command in module.cli:
            if command.adopts:
                continue
            parent = adopted.get(command.function or "")
            if parent and command.parent is None and command.name and command.name != parent:
                command = replace(command, parent=parent)
            if (module.name, command.name) in adopting:
                command = replace(command, has_subcommands=True)
            commands.append(command)
        out.append(replace(module, cli=tuple(commands)))
    return out


def _targets(module: Module, ref: str, bound: dict[str, str]) -> tuple[str, ...]:
    """The full names a helper written in `module` may be: imported, or the module's own."""
    head, _, rest = ref.partition(".")
    target = bound.get(head)
    imported = (f"{target}.{rest}" if rest else target) if target else None
    return tuple(t for t in (imported, f"{module.name}.{ref}") if t)


def _link_helper_subcommands(modules: list[Module]) -> list[Module]:
    """Give each sub-command a helper adds its parent: the command whose sub-parsers the helper
    is handed (`register(subparsers)`), also where that command hands its own parser to a
    function that makes the sub-parsers (`def create_import_subparser(parser)`)."""
    if not any(c.subcommand_refs for m in modules for c in m.cli):
        return modules
    bound = {m.name: {i.alias: i.binds for i in m.imports} for m in modules}
    parsers = [(m, c) for m in modules for c in m.cli if c.framework == "argparse"]
    # the sub-parsers helpers that a function filling a parser it is given calls
    fillers: dict[str, list[tuple[Module, str]]] = {}
    for module, command in parsers:
        if not command.name and command.function and command.subcommand_refs:
            fillers.setdefault(f"{module.name}.{command.function}", []).extend(
                (module, ref) for ref in command.subcommand_refs
            )
    filled: dict[tuple[str, int], list[tuple[Module, str]]] = {}  # by the command filled
    used: set[str] = set()  # the fillers some command hands its parser to
    for module, command in parsers:
        for _, ref in command.option_refs:
            for target in _targets(module, ref, bound[module.name]):
                if target in fillers:
                    filled.setdefault((command.path, command.lineno), []).extend(fillers[target])
                    used.add(target)
    parents: dict[str, str] = {}  # helper's full name -> name of the command it extends
    for module, command in parsers:
        refs = filled.get((command.path, command.lineno), [])
        if not command.name and f"{module.name}.{command.function}" in used:
            continue  # a filler's sub-commands are those of the command it fills
        for where, ref in [*((module, r) for r in command.subcommand_refs), *refs]:
            for target in _targets(where, ref, bound[where.name]):
                parents.setdefault(target, command.name)
    out = []  # the refs are emptied even where none led anywhere
    extended = set(filled)
    for module in modules:
        commands = tuple(_placed(module, c, parents, extended) for c in module.cli)
        out.append(module if commands == module.cli else replace(module, cli=commands))
    return out


def _placed(
    module: Module, command: CliCommand, parents: dict[str, str], extended: set[tuple[str, int]]
) -> CliCommand:
    """The command with its parent found, and its sub-commands known, once links are made."""
    placed = command
    if command.framework == "argparse" and command.name and command.parent is None:
        parent = parents.get(f"{module.name}.{command.function}")
        if parent is not None:
            placed = replace(placed, parent=parent)
    if (command.path, command.lineno) in extended:
        placed = replace(placed, has_subcommands=True)
    if placed.subcommand_refs:
        placed = replace(placed, subcommand_refs=())
    return placed


def _link_subcommands(modules: list[Module]) -> list[Module]:
    """Attach argparse sub-commands declared in other modules to the program they extend.

    A CLI split over modules (`def register(subparsers): subparsers.add_parser("run")`) hands
    the sub-parsers object around at run time, which no AST shows. When a package has exactly
    one argparse program that calls `add_subparsers()`, its package's parsers added to an
    unknown sub-parsers object can only be that program's sub-commands.
    """
    roots = [
        (m, c)
        for m in modules
        if m.role == "package"
        for c in m.cli
        if c.framework == "argparse" and c.name == "" and c.has_subcommands
    ]
    if len(roots) != 1:
        return modules
    root_module, _ = roots[0]
    top = root_module.name.split(".")[0]
    linked = []
    for module in modules:
        if module.role != "package" or module.name.split(".")[0] != top:
            linked.append(module)
            continue
        commands = tuple(
            replace(c, parent="")
            if c.framework == "argparse" and c.name and c.parent is None
            else c
            for c in module.cli
        )
        linked.append(module if commands == module.cli else replace(module, cli=commands))
    return linked


def _resolve_shared_options(modules: list[Module]) -> list[Module]:
    """Put options defined in one module and applied in another (`@options.verbose`) in place.

    pip-tools and others declare each click option once (`verbose = click.option(...)` in
    `options.py`) and decorate several commands with it; the decorator names an import. An
    argparse parser handed to another package's function (failprint's `add_flags(parser)`)
    gets options we cannot name: the command is open.
    """
    if not any(c.option_refs for m in modules for c in m.cli):
        return modules
    shared: dict[str, list[CliOption]] = {}
    for m in modules:
        for name, option in m.shared_options:
            shared.setdefault(f"{m.name}.{name}", []).append(option)
    ours = {m.name.split(".")[0] for m in modules}
    extended = _extended_classes(modules, ours)
    out = []
    for module in modules:
        if not any(c.option_refs for c in module.cli):
            out.append(module)
            continue
        bound = {i.alias: i.binds for i in module.imports}
        commands = []
        for command in module.cli:
            inserted: dict[int, list[CliOption]] = {}
            for position, ref in command.option_refs:
                made = ref.endswith("()")  # `parents=[maker()]`: the parser it returns
                plain = ref.removesuffix("()")
                if ":" in plain:  # imported inside the function: `hendrics.base:_add_args`
                    source, _, inside = plain.partition(":")
                    name, _, rest = inside.partition(".")
                    target: str | None = f"{source}.{name}"
                else:
                    head, _, rest = plain.partition(".")
                    target = bound.get(head)
                call = "()" if made else ""
                found = shared.get(f"{target}.{rest}{call}" if rest else f"{target}{call}")
                if found is None and not made:
                    # diazo's `op = _createOptionParser(usage=usage)`, named like a parser
                    # class: a function of ours that makes the parser and returns it
                    found = shared.get(f"{target}.{rest}()" if rest else f"{target}()")
                if found is None:  # a helper defined in the same module
                    found = shared.get(f"{module.name}.{ref}")
                foreign = bool(target) and str(target).split(".")[0] not in ours
                # or the project's class built on another package's (lumen's `LumenAIServe`
                # on panel's `Serve`, which adds bokeh's options to the parser it is given)
                foreign = foreign or (target or f"{module.name}.{ref}") in extended
                if not found and command.framework == "argparse" and (foreign or made):
                    # `add_flags(parser)` from failprint: another package adds options whose
                    # names its own code decides; or a parser made where we cannot read it
                    found = [CliOption((), str(target or ref), hidden=True, unnamed=True)]
                if found:
                    inserted.setdefault(position, []).extend(found)
            options: list[CliOption] = []
            for i in range(len(command.options) + 1):
                options += inserted.get(i, [])
                options += command.options[i : i + 1]
            commands.append(replace(command, options=tuple(options), option_refs=()))
        out.append(replace(module, cli=tuple(commands)))
    return out


def _extended_classes(modules: list[Module], ours: set[str]) -> set[str]:
    """The full names of the project's classes with a base another package defines (not
    the standard library's: repomix's `RepomixArgumentParser(argparse.ArgumentParser)` adds
    no option of its own)."""
    found = set()
    for module in modules:
        bound = {i.alias: i.binds for i in module.imports}
        for cls in module.classes:
            roots = {bound.get(b.split(".")[0], "").split(".")[0] for b in cls.bases}
            if roots - ours - sys.stdlib_module_names - {""}:
                found.add(f"{module.name}.{cls.name}")
    return found


def root_typer_apps(modules: list[Module], entry_points: tuple[EntryPoint, ...]) -> list[Module]:
    """A Typer app a console script runs is the program, whatever its `name=`: changelog-gen's
    `app = typer.Typer(name="changelog")` installed as `changelog` has `changelog init`, not
    `changelog changelog init`. Its commands, read as a group's of that name (the module
    cannot tell it is no one's sub-app), are the program's own when no command of that name
    exists to hold them."""
    run = {e.target.partition(":")[0] for e in entry_points if e.group.endswith("_scripts")}
    named = {c.name for m in modules for c in m.cli}
    out = []
    for module in modules:
        parents = {c.parent for c in module.cli if c.framework == "typer"}
        group = next(iter(parents)) if len(parents) == 1 else None
        if module.name not in run or not group or group in named:
            out.append(module)
            continue
        commands = tuple(
            replace(c, parent=None) if c.framework == "typer" else c for c in module.cli
        )
        out.append(replace(module, cli=commands))
    return out
