"""click and typer: commands are functions decorated with `.command()` / `.group()`."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from klaro.scan.cli_ast import (
    default_of,
    dict_fields,
    dotted,
    first_paragraph,
    fixed_count,
    help_of,
    kw,
    literal,
    named_value,
    positional_defaults,
    string_list,
    truthy,
)
from klaro.scan.model import CliCommand, CliOption

CLICK_MODULES = {"click", "rich_click", "cloup", "asyncclick"}
_IMPLICIT_CLICK = {
    "version_option": ("--version",),
    "help_option": ("--help",),
    "password_option": ("--password",),
    "confirmation_option": ("--yes",),
}


# a decorator adding options: another package's (`click_log.simple_verbosity_option`,
# `optgroup.option`) or the project's own factory (`config_option("--config-file")`)
_OPTION_HELPER = re.compile(r"(?:\w+_)?options?(?:_\w+)?")

_IMPLICIT_HELP = {  # click's own help text for the options it builds
    "version_option": "Show the version and exit.",
    "help_option": "Show this message and exit.",
}


def shared_click_options(tree: ast.Module, module: str) -> list[tuple[str, CliOption]]:
    """Return reusable click options by the name commands apply them with, one pair each.

    Four shapes are read: `verbose = click.option(...)` (applied as `@verbose`), a list of
    options `common = [click.option(...), ...]` (applied through a helper, `@add(common)`),
    options composed by a call (`common = compose(click.option(...), ...)`), and
    a helper decorator `def common_options(f)`, or a factory of one applied as
    `@insert_options()`, whose body applies options (directly, stacked, or in a loop over
    such a list). A name may carry several options.
    """
    found: list[tuple[str, CliOption]] = []
    lists: dict[str, list[CliOption]] = {}  # names a helper's body may use, single or many
    # `verbose = click.option(...)` or, annotated, `verbose: Callable = click.option(...)`
    for name, value in filter(None, map(named_value, tree.body)):
        option = _click_option(value) if isinstance(value, ast.Call) else None
        if option is not None:
            found.append((name, option))
            lists[name] = [option]
        elif isinstance(value, ast.List | ast.Tuple | ast.Call):
            # also options handed to a composing helper: `CommonArgs = _compose(
            # click.option(...), ...)` (magic-wormhole), applied as `@CommonArgs`
            given = value.args if isinstance(value, ast.Call) else value.elts
            options = [
                o for e in given if isinstance(e, ast.Call) and (o := _click_option(e)) is not None
            ]
            if options and len(options) == len(given):
                lists[name] = options
                found += [(name, o) for o in options]
    helpers = {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(node))
    }
    done: dict[str, list[CliOption]] = {}
    foreign = foreign_roots(tree, module)
    for name in helpers:
        found += [(name, o) for o in _helper_options(name, helpers, lists, done, foreign)]
    return found


def foreign_roots(tree: ast.Module, module: str) -> set[str]:
    """Names this module binds by importing another package than its own and click's."""
    own = module.split(".")[0]
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            pairs = [(a.name, a.asname or a.name.split(".")[0]) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            pairs = [(node.module, a.asname or a.name) for a in node.names]
        else:
            continue
        found.update(bound for source, bound in pairs if source.split(".")[0] != own)
    return found - CLICK_MODULES


def foreign_option(decorator: ast.expr, foreign: set[str]) -> CliOption | None:
    """The options another package's decorator adds (`@click_log.simple_verbosity_option(
    logger)`), whose names its own code decides: one option standing for them, `unnamed`."""
    func = dotted(decorator.func if isinstance(decorator, ast.Call) else decorator)
    root, last = func.split(".")[0], func.rsplit(".", 1)[-1]
    if root not in foreign or not _OPTION_HELPER.fullmatch(last):
        return None
    return CliOption(flags=(), dest=func, hidden=True, unnamed=True)


def _helper_options(
    name: str,
    helpers: dict[str, ast.FunctionDef],
    lists: dict[str, list[CliOption]],
    done: dict[str, list[CliOption]],
    foreign: set[str],
) -> list[CliOption]:
    """Options a helper decorator applies to the function it is given, in source order.

    The helper may be a decorator (`def common(f)`) or a factory of one
    (`def insert_options(*, require_pk=False)` returning an inner decorator); its body may
    build the options inline, name a module list of them (`+ _import_options`), or name
    another helper (`load_extension_option` among the decorators it applies).
    """
    if name in done:
        return done[name]
    done[name] = []  # a helper naming itself adds nothing more
    options: list[CliOption] = []
    for sub in _in_order(helpers[name].body):
        if isinstance(sub, ast.Call):
            option = _click_option(sub) or foreign_option(sub, foreign)
            if option is not None and "." in dotted(sub.func):  # `click.option`, not `option`
                options.append(option)
        elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
            if sub.id in lists:
                options += lists[sub.id]
            elif sub.id in helpers and sub.id != name:
                options += _helper_options(sub.id, helpers, lists, done, foreign)
    done[name] = options
    return options


def _in_order(body: list[ast.stmt]) -> Iterable[ast.AST]:
    """Yield the nodes below `body` depth-first in source order (`ast.walk` goes by level)."""
    for stmt in body:
        stack: list[ast.AST] = [stmt]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(list(ast.iter_child_nodes(node))))


def decorated_commands(
    tree: ast.Module,
    path: str,
    module: str,
    frameworks: set[str],
    shared: dict[str, list[CliOption]],
) -> list[CliCommand]:
    """Find click and typer commands: functions decorated with `.command()` or `.group()`."""
    typer_apps = _typer_apps(tree)
    functions = [
        (node, prefix)
        for node, prefix in _functions(tree.body, "")
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    names: dict[str, str] = {}  # function name -> command name, for parent lookups
    found: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str, ast.expr, str]] = []
    elsewhere = _imported_elsewhere(tree)
    given = _typer_callbacks(tree, typer_apps)
    for node, prefix in functions:
        if not prefix and node.name in given:
            # `typer.Typer(callback=_main_callback)`: as `@app.callback()` over it
            names[node.name] = ""  # the app's own options, as a callback's
            found.append((node, prefix, given[node.name], "typer"))
            continue
        for deco in node.decorator_list:
            call = deco if isinstance(deco, ast.Call) else None
            func = dotted(call.func if call else deco)
            last = func.rsplit(".", 1)[-1]
            owner = func.rsplit(".", 1)[0] if "." in func else ""
            if last not in {"command", "group", "callback"} or func in elsewhere:
                continue
            is_typer = owner in typer_apps
            if not is_typer and not (frameworks & CLICK_MODULES):
                continue
            name = _command_name(node.name, call, typer=is_typer, callback=last == "callback")
            names[node.name] = name
            found.append((node, prefix, deco, "typer" if is_typer else "click"))
            break
    # `run = cli.command(cls=...)(run_command)`, typer's `app.command()(main)`: a function
    # registered by calling the decorator; an imported one's options are not ours to read
    local = {node.name: (node, prefix) for node, prefix in functions if not prefix}
    registered: list[CliCommand] = []
    for call in _decorating_calls(tree):
        inner = call.func
        assert isinstance(inner, ast.Call)
        func = dotted(inner.func)
        owner, _, last = func.rpartition(".")
        # (usethis' `app.command(name="init")(usethis._ui.interface.init.init)`: a function
        # of another module, written by its module's path)
        target = dotted(call.args[0])
        is_typer = owner in typer_apps
        if not owner or func in elsewhere or not (is_typer or frameworks & CLICK_MODULES):
            continue
        name = _command_name(target.rpartition(".")[2], inner, typer=is_typer, callback=False)
        if target in local and target not in names:
            names[target] = name
            found.append((*local[target], inner, "typer" if is_typer else "click"))
        elif target not in local:
            parent = typer_apps.get(owner) if is_typer else names.get(owner)
            unknown = CliOption((), target, hidden=True, unnamed=True)
            registered.append(
                CliCommand(
                    name=name,
                    framework="typer" if is_typer else "click",
                    path=path,
                    lineno=call.lineno,
                    function=target if "." in target else f"{module}.{target}",
                    options=(unknown,),
                    parent=parent or None,
                )
            )
    # only a group gains sub-commands: a command handed to `copy()` (toot's snake-case alias
    # of `update_account`) is no group extended by plugins
    made_groups = {
        node.name
        for node, _, deco, _ in found
        if dotted(deco.func if isinstance(deco, ast.Call) else deco).endswith("group")
    }
    extended = _extended_groups(tree, made_groups) if frameworks & CLICK_MODULES else set()
    resolving = _resolving_classes(tree)
    # `app = typer.Typer(cls=_RootGroup)`: apps whose group looks its commands up itself
    looked_up = {v for v, made in _typer_made(tree) if _group_class(made) in resolving}
    aliases = annotated_aliases(tree)
    foreign = foreign_roots(tree, module)
    imported = (elsewhere | _imported_modules(tree)) - CLICK_MODULES
    out = []
    for node, prefix, deco, framework in found:
        call = deco if isinstance(deco, ast.Call) else None
        func = dotted(call.func if call else deco)
        owner = func.rsplit(".", 1)[0] if "." in func else ""
        parent = names.get(owner) if owner not in CLICK_MODULES else None
        refs: list[tuple[int, str]] = []
        if framework == "typer":
            parent = typer_apps.get(owner)
            options = tuple(_typer_options(node, aliases))
        else:
            options = tuple(_click_options(node, shared, refs, foreign))
            if _passes_unknown_options(call, node):
                passed = CliOption((), "ignore_unknown_options", hidden=True, unnamed=True)
                options += (passed,)
        help_text = help_of(kw(call, "help")) if call else None
        # `@cli.command()` on a group another module of the project makes
        linked = framework == "click" and not parent and owner.split(".")[0] in imported
        out.append(
            CliCommand(
                name=names[node.name],
                framework=framework,
                path=path,
                lineno=node.lineno,
                function=f"{module}.{prefix}{node.name}",
                help=help_text or first_paragraph(ast.get_docstring(node)),
                options=options,
                parent=parent or None,
                option_refs=tuple(refs),
                plugins=node.name in extended,
                group_ref=owner if linked else None,
                # `@click.group(cls=AliasedGroup)`: its `get_command` maps other words too;
                # so does the group class of the typer app the command is on
                computed=(call is not None and _group_class(call) in resolving)
                or (framework == "typer" and owner in looked_up),
                default=_default_command(call) if call is not None else None,
                chained=call is not None
                and any(
                    k.arg == "chain" and isinstance(k.value, ast.Constant) and k.value.value is True
                    for k in call.keywords
                ),
            )
        )
    out += registered
    if frameworks & CLICK_MODULES:
        out += _added_commands(tree, path, module, names)
    if "typer" in frameworks:
        out += _typer_run_commands(tree, path, module)
        # a group's own callback already stands for it
        named = {(c.name, c.parent) for c in out}
        out += [g for g in _typer_groups(tree, path, typer_apps) if (g.name, g.parent) not in named]
        out += _mounted_typers(tree, path, typer_apps)
    return out


def _decorating_calls(tree: ast.Module) -> Iterable[ast.Call]:
    """Module-level `x.command(...)(function)` and `x.group(...)(function)` calls."""
    for stmt in tree.body:
        value = stmt.value if isinstance(stmt, ast.Assign | ast.Expr) else None
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Call)
            and dotted(value.func.func).rsplit(".", 1)[-1] in {"command", "group"}
            and len(value.args) == 1
            and isinstance(value.args[0], ast.Name | ast.Attribute)
            and dotted(value.args[0])
        ):
            yield value


def _default_command(call: ast.Call) -> str | None:
    """`@click.group(cls=DefaultGroup, default="lock")`: the command click-default-group
    hands a command line whose first word is no command."""
    value = kw(call, "default")
    return value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else None


def _typer_run_commands(tree: ast.Module, path: str, module: str) -> list[CliCommand]:
    """`typer.run(main)`: a program of one command, its options the undecorated function's
    parameters (shell-gpt's `sgpt`)."""
    functions = {
        n.name: n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    out = []
    for call in ast.walk(tree):
        if not (
            isinstance(call, ast.Call)
            and dotted(call.func) in {"typer.run", "run"}
            and call.args
            and isinstance(call.args[0], ast.Name)
            and call.args[0].id in functions
        ):
            continue
        if dotted(call.func) == "run" and "run" not in _typer_names(tree):
            continue  # another `run` than typer's
        node = functions[call.args[0].id]
        out.append(
            CliCommand(
                name="",
                framework="typer",
                path=path,
                lineno=node.lineno,
                function=f"{module}.{node.name}",
                help=first_paragraph(ast.get_docstring(node)),
                options=tuple(_typer_options(node, annotated_aliases(tree))),
            )
        )
    return out


def _typer_names(tree: ast.Module) -> set[str]:
    """The names `from typer import ...` binds."""
    return {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "typer"
        for alias in node.names
    }


def _imported_modules(tree: ast.Module) -> set[str]:
    """The names a module's top-level `import x.y` statements bind (`x`)."""
    return {
        (alias.asname or alias.name).split(".")[0]
        for node in tree.body
        if isinstance(node, ast.Import)
        for alias in node.names
    }


def _imported_elsewhere(tree: ast.Module) -> set[str]:
    """Bare names a module imports from other than click or typer: schemathesis'
    `from schemathesis.cli.ext.groups import group` gives `@group("Options")`, a heading
    of the help text, not a command group."""
    return {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        and (node.level or (node.module or "").split(".")[0] not in CLICK_MODULES | {"typer"})
        for alias in node.names
    }


def _added_commands(
    tree: ast.Module, path: str, module: str, names: dict[str, str]
) -> list[CliCommand]:
    """`group.add_command(cmd, "name")`: a command registered on a group under a name.

    The command object may live in another module (`scripts.compile.cli`); its name on the
    group is what users type, so that is recorded (with the target as `function`).
    """
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and dotted(node.func).endswith(".add_command")):
            continue
        group = dotted(node.func).rsplit(".", 1)[0]
        if group not in names or not node.args:
            continue
        given = node.args[1] if len(node.args) > 1 else kw(node, "name")
        target = dotted(node.args[0])
        if isinstance(given, ast.Constant) and isinstance(given.value, str):
            name = given.value
        elif target in names:
            name = names[target]
        elif given is None and isinstance(node.args[0], ast.Name | ast.Attribute):
            # the object's own name, known once its module is read: linked across modules
            out.append(
                CliCommand(
                    name="",
                    framework="click",
                    path=path,
                    lineno=node.lineno,
                    parent=names[group],
                    adopts=target,
                )
            )
            continue
        else:
            continue  # the name is the command object's own, known only at run time
        function = f"{module}.{target}" if target in names else target
        out.append(
            CliCommand(
                name=name,
                framework="click",
                path=path,
                lineno=node.lineno,
                function=function,
                parent=names[group],
            )
        )
    return out


def _resolving_classes(tree: ast.Module) -> set[str]:
    """Group classes that look commands up themselves: a class of the module overriding
    `get_command` or `resolve_command` (magic-wormhole's `AliasedGroup`: `tx` for `send`),
    or an imported one named for it (click-aliases' `ClickAliasedGroup`, click-default-group's
    `DefaultGroup`, whose default command takes any word, pytrilogy's `LazyGroup`, which
    imports its commands by name when one is typed)."""
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    found = {
        node.name
        for node in classes
        if any(
            isinstance(f, ast.FunctionDef) and f.name in {"get_command", "resolve_command"}
            for f in node.body
        )
    }
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            found.update(
                a.asname or a.name for a in node.names if re.search(r"Alias|Default|Lazy", a.name)
            )
    # and a class of the module built on one (comfy-cli's `_RootGroup(LazyTyperGroup)`)
    while more := {
        node.name
        for node in classes
        if node.name not in found and any(dotted(b).rsplit(".", 1)[-1] in found for b in node.bases)
    }:
        found |= more
    return found


def _group_class(call: ast.Call) -> str:
    given = kw(call, "cls")
    return dotted(given).rsplit(".", 1)[-1] if given is not None else ""


def _extended_groups(tree: ast.Module, groups: set[str]) -> set[str]:
    """Groups whose sub-commands also come from plugins, so others than ours may exist.

    Read: `@with_plugins(...)` (click-plugins); `group.add_command(...)` given a loaded object
    (`ep.load()`) or inside a loop; the group handed to code we cannot see into (a pluggy
    hook `pm.hook.register_commands(cli=cli)`, `trogon.tui()(cli)`), not to a function of
    this module nor to click itself (`ctx.invoke(stop)` runs a command).
    """
    local = {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    looped = {id(n) for loop in ast.walk(tree) if isinstance(loop, ast.For) for n in ast.walk(loop)}
    shadowed = _shadowed_uses(tree, groups)
    found: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name in groups
            and any(dotted(d).split("(")[0].endswith("with_plugins") for d in node.decorator_list)
        ):
            found.add(node.name)
        if not isinstance(node, ast.Call):
            continue
        func = dotted(node.func)
        owner, _, last = func.rpartition(".")
        if last == "add_command":
            loaded = any(isinstance(a, ast.Call) for a in node.args)  # `ep.load()`
            if owner in groups and (id(node) in looped or loaded):
                found.add(owner)
            continue
        if func in local or func.split(".")[0] in CLICK_MODULES or func in groups:
            continue
        if last in {"invoke", "forward"}:
            continue  # `ctx.invoke(stop)`: click's context runs the command, adds none
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            if isinstance(arg, ast.Name) and arg.id in groups and id(arg) not in shadowed:
                found.add(arg.id)
    return found


def _shadowed_uses(tree: ast.Module, names: set[str]) -> set[int]:
    """The uses of `names` inside functions that bind the same name themselves: in
    `def issues(db, auth): load_token(auth)` the parameter `auth`, not the command `auth`."""
    uses: set[int] = set()
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        args = func.args
        bound = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
        bound |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
        inside = [n for stmt in func.body for n in ast.walk(stmt)]
        bound |= {n.id for n in inside if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        uses |= {id(n) for n in inside if isinstance(n, ast.Name) and n.id in bound & names}
    return uses


def _functions(body: list[ast.stmt], prefix: str) -> Iterable[tuple[ast.stmt, str]]:
    """The functions of a body, with those of its classes and those a function defines: a
    factory making the program (fastcs's `_launch` builds a Typer and its commands)."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node, prefix
            yield from _functions(node.body, f"{prefix}{node.name}.<locals>.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node.body, f"{prefix}{node.name}.")


def _typer_apps(tree: ast.Module) -> dict[str, str]:
    """Map variables bound to `typer.Typer(...)` to their command name ("" for the root).

    An app this module adds to another (`app.add_typer(render_subapp)`) is a sub-command
    named by `add_typer(name=...)` or its own `Typer(name=...)`; an app others are added to
    and that is added to none is the program, whatever its `name=` (cadwyn's), and so is
    one the module runs itself (trx's `app = typer.Typer(name="trx")`, then `app()`)."""
    apps = {variable: literal(kw(call, "name")) or "" for variable, call in _typer_made(tree)}
    added = _added_typers(tree, apps)
    run = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in apps
    }
    for owner in ({o for _, o in added.values()} | run) - set(added):
        apps[owner] = ""
    for app, (name, _) in added.items():
        apps[app] = name
    return apps


def _typer_callbacks(tree: ast.Module, apps: dict[str, str]) -> dict[str, ast.Call]:
    """Functions handed to `typer.Typer(callback=...)`, each with the `app.callback()` call
    it stands for: the app's own options are its parameters."""
    found: dict[str, ast.Call] = {}
    for variable, call in _typer_made(tree):
        if isinstance(callback := kw(call, "callback"), ast.Name) and variable in apps:
            owner = ast.Attribute(ast.Name(variable, ast.Load()), "callback", ast.Load())
            found[callback.id] = ast.Call(owner, [], [])
    return found


def _typer_made(tree: ast.Module) -> Iterable[tuple[str, ast.Call]]:
    """Each variable bound to `typer.Typer(...)`, with that call."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and dotted(node.value.func) in {"typer.Typer", "Typer"}
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node.value


def _add_typer_calls(tree: ast.Module, apps: dict[str, str]) -> Iterable[tuple[ast.Call, str]]:
    """Each `app.add_typer(sub, ...)` on an app of this module, with that app's variable."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "add_typer"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in apps
            and node.args
        ):
            yield node, node.func.value.id


def _added_typers(tree: ast.Module, apps: dict[str, str]) -> dict[str, tuple[str, str]]:
    """The apps added to another of this module: app -> (its command name, the owner)."""
    added: dict[str, tuple[str, str]] = {}
    for call, owner in _add_typer_calls(tree, apps):
        sub = call.args[0]
        if isinstance(sub, ast.Name) and sub.id in apps:
            name = literal(kw(call, "name")) or apps[sub.id]
            if name:
                added[sub.id] = (name, owner)
    return added


def _typer_groups(tree: ast.Module, path: str, apps: dict[str, str]) -> list[CliCommand]:
    """The sub-command groups `add_typer` makes (`cadwyn render`), each a command whose own
    commands are the sub-app's."""
    return [
        CliCommand(
            name, "typer", path, getattr(_typer_line(tree, app), "lineno", 1),
            parent=apps.get(owner) or None, has_subcommands=True,
        )
        for app, (name, owner) in _added_typers(tree, apps).items()
    ]  # fmt: skip


def _mounted_typers(tree: ast.Module, path: str, apps: dict[str, str]) -> list[CliCommand]:
    """The groups made of another module's app (`app.add_typer(account_app, name="account")`
    after `from .commands.account import app as account_app`): a module per group, as typer
    programs grow. Named by `name=` only: the other app's own `Typer(name=...)` is not read."""
    found = []
    for call, owner in _add_typer_calls(tree, apps):
        sub = call.args[0]
        given = kw(call, "name")
        name = given.value if isinstance(given, ast.Constant) else None
        mounted = isinstance(sub, ast.Name | ast.Attribute) and dotted(sub) not in apps
        if mounted and isinstance(name, str) and name:
            found.append(
                CliCommand(
                    name, "typer", path, call.lineno, parent=apps.get(owner) or None,
                    has_subcommands=True, mounts=dotted(sub),
                )
            )  # fmt: skip
    return found


def _typer_line(tree: ast.Module, app: str) -> ast.AST | None:
    return next(
        (
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Assign) and any(getattr(t, "id", "") == app for t in n.targets)
        ),
        None,
    )


def _command_name(function: str, call: ast.Call | None, *, typer: bool, callback: bool) -> str:
    if callback:
        return ""
    if call is not None:
        explicit = call.args[0] if call.args else kw(call, "name")
        if isinstance(explicit, ast.Constant) and isinstance(explicit.value, str):
            return explicit.value
    name = function.lower().replace("_", "-")
    if not typer:
        for suffix in ("-command", "-cmd", "-group", "-grp"):
            if name.endswith(suffix) and len(name) > len(suffix):
                name = name[: -len(suffix)]
    return name


def _passes_unknown_options(
    call: ast.Call | None, node: ast.FunctionDef | ast.AsyncFunctionDef
) -> bool:
    """`@click.command(context_settings=dict(ignore_unknown_options=True))`: flags the command
    does not know go on to its arguments (shiv hands them to pip). Only to arguments that
    take them: a variadic `@click.argument(nargs=-1)`, or `ctx.args` with
    `allow_extra_args`; a command with neither fails on them ("unexpected extra argument")."""
    given = dict_fields(kw(call, "context_settings") if call is not None else None)
    if given is None:
        return False
    if not truthy(given.get("ignore_unknown_options")):
        return False
    return truthy(given.get("allow_extra_args")) or any(
        isinstance(deco, ast.Call)
        and dotted(deco.func).rsplit(".", 1)[-1] == "argument"
        and _variadic(kw(deco, "nargs"))
        for deco in node.decorator_list
    )


def _variadic(nargs: ast.expr | None) -> bool:
    """`nargs=-1`: an argument taking every word left."""
    return isinstance(nargs, ast.UnaryOp) or (
        isinstance(nargs, ast.Constant) and isinstance(nargs.value, int) and nargs.value < 0
    )


def _click_options(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    shared: dict[str, list[CliOption]],
    refs: list[tuple[int, str]],
    foreign: set[str],
) -> list[CliOption]:
    """Return a command's options in decorator order (click lists them so in `--help`).

    A decorator naming a reusable option of this module (`@verbose`) is resolved here; one
    naming another module's (`@options.verbose`) is kept in `refs` for the repository pass.
    """
    options: list[CliOption] = []
    for deco in node.decorator_list:
        if isinstance(deco, ast.Call):
            option = _click_option(deco)
            grouped = [o for a in deco.args if isinstance(a, ast.Call) and (o := _click_option(a))]
            if option is not None:
                options.append(option)
            elif grouped:  # cloup's `@option_group("Registry", cloup.option("--registry"))`
                options += grouped
            elif len(deco.args) == 1 and dotted(deco.args[0]) in shared:
                options += shared[dotted(deco.args[0])]  # `@add_options(common)`
            elif dotted(deco.func) in shared:
                options += shared[dotted(deco.func)]  # a factory: `@insert_options(pk=True)`
            elif (option := foreign_option(deco, foreign)) is not None:
                options.append(option)
            elif dotted(deco.func).split(".", 1)[0] not in CLICK_MODULES:
                refs.append((len(options), dotted(deco.func)))  # `@options.common()`
            continue
        name = dotted(deco)
        last = name.rsplit(".", 1)[-1]
        if last in _IMPLICIT_CLICK:
            options.append(
                CliOption(
                    _IMPLICIT_CLICK[last],
                    last.split("_")[0],
                    help=_IMPLICIT_HELP.get(last),
                    is_flag=True,
                )
            )
        elif name in shared:
            options += shared[name]
        elif (option := foreign_option(deco, foreign)) is not None:
            options.append(option)
        elif "." in name and name.split(".", 1)[0] not in CLICK_MODULES:
            refs.append((len(options), name))
        elif name and "." not in name:
            refs.append((len(options), name))  # `from .options import verbose`
    return options


def _click_option(call: ast.Call) -> CliOption | None:
    """Read one `click.option(...)`, `click.argument(...)` or `click.version_option(...)`."""
    func = dotted(call.func)
    owner, _, last = func.rpartition(".")
    strings = [
        a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
    ]
    # another package's click-compatible option (`optgroup.option("--host")`) names its flags
    named = bool(_OPTION_HELPER.fullmatch(last)) and any(s.startswith("-") for s in strings)
    if owner and owner not in CLICK_MODULES and not named:
        return None
    if last in _IMPLICIT_CLICK:
        given = tuple(s for s in strings if s.startswith("-")) or _IMPLICIT_CLICK[last]
        said = help_of(kw(call, "help")) or _IMPLICIT_HELP.get(last)
        return CliOption(given, last.split("_")[0], help=said, is_flag=True)
    if last not in {"option", "argument"} and not named:
        return None
    if last == "option" and len(strings) < len(call.args):
        # `click.option(*param_decls, **attrs)` in genomepy's decorator over a table of
        # options, `click.option("--" + long)`: names made at run time, which we cannot list
        return CliOption(flags=(), dest=func, hidden=True, unnamed=True)
    flags: list[str] = []
    primary: list[str] = []  # click derives the name from the first part of `--a/--b`
    dest = ""
    for text in strings:
        if text.startswith("-"):
            parts = [part.strip() for part in text.split("/") if part.strip()]
            flags.extend(parts)
            primary.extend(parts[:1])
        else:
            dest = text
    positional = last == "argument"
    if positional and not flags:
        flags = [dest]
    if not dest and primary:
        # click: the first `--long` name in declaration order, else the first short one
        longs = [f for f in primary if f.startswith("--")]
        dest = (longs or primary)[0].lstrip("-").replace("-", "_").lower()
    many = _variadic(kw(call, "nargs"))
    default = kw(call, "default")
    return CliOption(
        flags=tuple(flags),
        dest=dest,
        help=help_of(kw(call, "help")),
        default=default_of(default),
        required=truthy(kw(call, "required"))
        or (positional and default is None and not many and kw(call, "required") is None),
        is_flag=truthy(kw(call, "is_flag"))
        or truthy(kw(call, "count"))
        or any("/" in s for s in strings if s.startswith("-")),
        positional=positional,
        envvar=literal(kw(call, "envvar")),
        hidden=truthy(kw(call, "hidden")),
        choices=_click_choices(kw(call, "type")),
        values=fixed_count(kw(call, "nargs")),
    )


def _click_choices(node: ast.expr | None) -> tuple[str, ...]:
    """`type=click.Choice(["json", "yaml"])`: the values the option takes, when click
    compares them as written (not with `case_sensitive=False`)."""
    if not isinstance(node, ast.Call) or dotted(node.func).rsplit(".", 1)[-1] != "Choice":
        return ()
    if not node.args or kw(node, "case_sensitive") is not None:
        return ()
    return string_list(node.args[0])


def annotated_aliases(tree: ast.Module) -> dict[str, ast.Subscript]:
    """The module's names for `Annotated` types (`Verbose = Annotated[bool,
    typer.Option("--verbose", "-v")]`, or `Verbose: TypeAlias = ...`), which parameters
    then use as their annotation: typer reads the option through the alias."""
    return {
        name: value
        for name, value in filter(None, map(named_value, tree.body))
        if isinstance(value, ast.Subscript) and dotted(value.value).endswith("Annotated")
    }


def _typer_options(
    node: ast.FunctionDef | ast.AsyncFunctionDef, aliases: dict[str, ast.Subscript]
) -> Iterable[CliOption]:
    """Read typer parameters: plain defaults, `= typer.Option(default, ...)` or `Annotated`
    (written out, or through one of the module's `aliases`)."""
    args = node.args
    pairs = positional_defaults(args)
    pairs += list(zip(args.kwonlyargs, args.kw_defaults, strict=True))
    for arg, default in pairs:
        if isinstance(arg.annotation, ast.Name) and arg.annotation.id in aliases:
            arg = ast.arg(arg.arg, aliases[arg.annotation.id])
        annotated = _typer_marker(_annotated_extra(arg.annotation))
        marker = annotated or _typer_marker(default)
        value = default
        if marker is not None and annotated is None:
            # old style: `typer.Option(default, "--flag")`; `...` marks it required
            value = marker.args[0] if marker.args else kw(marker, "default")
            if value is not None and _is_str_flag(value):
                value = None
        required = value is None or (isinstance(value, ast.Constant) and value.value is ...)
        shown = None if required else default_of(value)
        help_text = help_of(kw(marker, "help")) if marker is not None else None
        if (marker is None and default is None) or (
            marker is not None and dotted(marker.func).endswith("Argument")
        ):
            yield CliOption((arg.arg,), arg.arg, help_text, shown, required, positional=True)
            continue
        strings = [
            a.value
            for a in (marker.args if marker is not None else ())
            if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value[:1] == "-"
        ]
        flags = [p.strip() for s in strings for p in s.split("/") if p.strip()]
        is_bool = _is_bool(_annotated_type(arg.annotation))
        if not flags:
            dashed = arg.arg.replace("_", "-")
            flags = [f"--{dashed}", f"--no-{dashed}"] if is_bool else [f"--{dashed}"]
        yield CliOption(
            flags=tuple(flags),
            dest=arg.arg,
            help=help_text,
            default=shown,
            required=required,
            is_flag=is_bool,
            envvar=literal(kw(marker, "envvar")) if marker is not None else None,
        )


def _annotated_type(annotation: ast.expr | None) -> ast.expr | None:
    """Return `T` of `Annotated[T, ...]`, else the annotation itself."""
    if (
        isinstance(annotation, ast.Subscript)
        and dotted(annotation.value).endswith("Annotated")
        and isinstance(annotation.slice, ast.Tuple)
        and annotation.slice.elts
    ):
        return annotation.slice.elts[0]
    return annotation


def _is_bool(annotation: ast.expr | None) -> bool:
    """Tell `bool`, `Optional[bool]`, `Union[bool, None]` and `bool | None` apart from others."""
    if annotation is None:
        return False
    text = ast.unparse(annotation).replace(" ", "")
    return text in {"bool", "Optional[bool]", "Union[bool,None]", "bool|None", "None|bool"} or (
        text in {"typing.Optional[bool]", "typing.Union[bool,None]", "t.Optional[bool]"}
    )


def _is_str_flag(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.startswith("-")
    )


def _typer_marker(node: ast.expr | None) -> ast.Call | None:
    if isinstance(node, ast.Call) and dotted(node.func).rsplit(".", 1)[-1] in {
        "Option",
        "Argument",
    }:
        return node
    return None


def _annotated_extra(annotation: ast.expr | None) -> ast.expr | None:
    """Return the first metadata item of `Annotated[T, typer.Option(...)]`."""
    if (
        isinstance(annotation, ast.Subscript)
        and dotted(annotation.value).endswith("Annotated")
        and isinstance(annotation.slice, ast.Tuple)
        and len(annotation.slice.elts) > 1
    ):
        return annotation.slice.elts[1]
    return None


def click_objects(tree: ast.Module, path: str) -> list[CliCommand]:
    """A program's options made as click objects and the commands it finds at run time, as
    flask's `FlaskGroup` has them: `_app_option = click.Option(["-A", "--app"], ...)` put in
    a group's `params` (or a command's: `run_command.params.insert(0, _debug_option)`), and a
    `click.Group` subclass whose `get_command` loads commands from the user's app or from
    entry points. One command, named "" (the program), holds them; [] when there are none."""
    options: list[CliOption] = []
    loaded = set(_loaded_names(tree))
    for node in tree.body:
        if not (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and dotted(node.value.func).rsplit(".", 1)[-1] in {"Option", "Argument"}
            and dotted(node.value.func).split(".")[0] in CLICK_MODULES | {"Option", "Argument"}
            and any(isinstance(t, ast.Name) and t.id in loaded for t in node.targets)
        ):
            continue
        call = node.value
        decls = call.args[0] if call.args else None
        if not isinstance(decls, ast.List | ast.Tuple):
            continue
        last = "option" if dotted(call.func).endswith("Option") else "argument"
        as_decorator = ast.Call(
            func=ast.Attribute(value=ast.Name("click"), attr=last),
            args=list(decls.elts),
            keywords=call.keywords,
        )
        if (option := _click_option(as_decorator)) is not None:
            options.append(option)
    loads = any(
        isinstance(node, ast.ClassDef)
        and node.bases
        and any(
            isinstance(f, ast.FunctionDef) and f.name in {"get_command", "list_commands"}
            for f in node.body
        )
        for node in tree.body
    )
    if not options and not loads:
        return []
    line = min(getattr(n, "lineno", 1) for n in tree.body)
    return [CliCommand("", "click", path, line, options=tuple(options), plugins=loads)]


def _loaded_names(tree: ast.Module) -> Iterable[str]:
    """The names the module reads somewhere (not only binds)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            yield node.id
