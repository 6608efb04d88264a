"""argparse (and optparse, read the same way): follow parser variables through
add_subparsers, add_parser and add_argument / add_option."""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterable
from typing import NamedTuple

from klaro.scan.cli_ast import (
    default_of,
    dict_fields,
    dotted,
    fixed_count,
    help_of,
    iterated_mapping,
    kw,
    literal,
    positional_defaults,
    string_list,
    suppressed,
    truthy,
)
from klaro.scan.cli_decorated import foreign_roots
from klaro.scan.cli_docopt import usage_options, usage_text
from klaro.scan.layout import absolute_module
from klaro.scan.model import CliCommand, CliOption
from klaro.scan.node_facts import flag_pattern
from klaro.scan.option_rows import folded, row_loops, spread_rows

_ADDERS = (".add_argument", ".addoption", ".add_option")  # argparse, pytest, optparse
# keywords a custom argparse Action takes for its environment variable (twine's `env=`)
_ENV_KEYWORDS = ("env", "envvar", "env_var")
_GROUPS = (
    ".add_argument_group",
    ".add_mutually_exclusive_group",
    ".add_option_group",
    "OptionGroup",
)
# stands for the options of a parser another package made (`sphinx.cmd.build.get_parser()`,
# `parents=[...]`), which we cannot list
_THEIRS = CliOption((), "another package's parser", hidden=True, unnamed=True)
# what argparse's and optparse's parsers (and their groups) do themselves
_PARSER_API = frozenset(
    {"add_argument", "add_option", "addoption", "add_subparsers", "add_parser"}
    | {"add_argument_group", "add_mutually_exclusive_group", "add_option_group"}
    | {"parse_args", "parse_known_args", "parse_intermixed_args", "parse_known_intermixed_args"}
    | {"set_defaults", "get_default", "print_help", "print_usage", "format_help"}
    | {"format_usage", "error", "exit", "set_usage", "get_usage", "get_option", "has_option"}
    | {"remove_option", "disable_interspersed_args", "enable_interspersed_args"}
    | {"convert_arg_line_to_args", "register", "get_prog_name", "print_version", "get_version"}
    | {"get_option_group", "set_default", "format_description", "format_epilog"}
)
# stands for options whose flags the code computes (`group.add_option(abbrev, name)` in a loop
# over what a helper built, `f"--{name}"`): we cannot list them
_COMPUTED = CliOption((), "computed option names", hidden=True, unnamed=True)


class Argparse:
    """Follow parser variables through add_subparsers/add_parser/add_argument calls."""

    def __init__(self, path: str, constants: dict[str, str], module: str = "") -> None:
        self.path = path
        self.module = module
        self.constants = constants
        self.commands: dict[str, dict[str, object]] = {}
        self.options: dict[str, list[CliOption]] = {}
        self.refs: dict[str, list[tuple[int, str]]] = {}  # helper(parser) calls, by command
        # helpers handed a command's sub-parsers (`create_gitlab_subparser(subparsers)`),
        # which add its sub-commands in a function or module of their own
        self.sub_refs: dict[str, list[str]] = {}
        self.lists: dict[str, tuple[str, ...]] = {}  # `OPS = ["get", "set"]`, by dotted name
        # `parents=[common]`: the parsers whose options a parser copies, by command key
        self.parents: dict[str, list[str]] = {}
        # functions that make a parser and return it (`def _create_shared_parent()`): other
        # parsers copy its options with `parents=[_create_shared_parent()]`
        self.returned: dict[str, str] = {}
        # string defaults of each function's parameters: macs3's `def add_pileup_parser(
        # subparsers, name="pileup")` then `subparsers.add_parser(name)` makes `pileup`
        self.defaults: dict[str, dict[str, str]] = {}
        # helpers that make a sub-command named after the function they are given
        # (crossplane's `create_subparser(function, help)` runs `add_parser(function.__name__)`)
        # and the factories returning such a helper as a decorator (pypistats' `@subcommand`)
        self.makers: dict[str, _Maker] = {}
        self.factories: dict[str, str] = {}  # factory -> the maker it returns
        self.params: dict[str, list[str]] = {}  # positional parameters of each function
        self.locals: dict[str, dict[str, ast.expr]] = {}  # `name = function.__name__`, by scope
        # sub-parser holders a nested function sees in its enclosing scopes (a closure's)
        self.closures: dict[str, dict[str, str]] = {}
        # the methods of the project's parser classes (`class XkcdPassArgumentParser(
        # argparse.ArgumentParser)`), by function node, and by scope once walked: the flags
        # they add to `self` are those of every parser the class makes
        self.methods: dict[int, str] = {}
        self.class_of: dict[str, str] = {}
        self.parser_names: set[str] = set()
        # `parser = maker()` in a function, by (function, variable): the maker's name
        self.made_by: dict[tuple[str, str], str] = {}
        self.tree = ast.Module(body=[], type_ignores=[])
        # names the function being walked imports itself (hendrics' `from .base import
        # _add_default_args` inside `main`): name -> `module:name`, which the module's own
        # imports (the ones `cli_links` reads) leave out
        self.imported: dict[str, str] = {}

    def run(self, tree: ast.Module) -> list[CliCommand]:
        tree = _keyed_parsers(tree)
        self.tree = tree
        self.looped = {
            id(n) for loop in ast.walk(tree) if isinstance(loop, ast.For) for n in ast.walk(loop)
        }
        # the names another package's imports bind: a parser one of them makes has options
        parsers = _parser_modules(tree)
        self.foreign = foreign_roots(tree, self.module) - parsers
        self.parses = bool(parsers)  # the module imports argparse or optparse
        self.parser_names = parsers
        self.spread = _spread_tables(tree)
        self.methods = {
            id(method): node.name
            for node in tree.body
            if isinstance(node, ast.ClassDef)
            and any(dotted(base).endswith(_PARSERS) for base in node.bases)
            for method in node.body
            if isinstance(method, ast.FunctionDef)
        }
        self._scope(tree.body, "")
        known = any(
            isinstance(n, ast.Call) and dotted(n.func).endswith(".parse_known_args")
            for n in ast.walk(tree)
        )
        passed_on = known and _keeps_the_rest(tree)
        # the functions that hand the rest on (pew's `mkvirtualenv_cmd`): their parsers, not
        # its other commands' (`ls_cmd`'s flags are all its own); all, when none is made there
        spans = [
            (node.lineno, node.end_lineno or node.lineno)
            for node in ast.walk(tree)
            if passed_on
            and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and _keeps_the_rest(node)
        ]
        lines = [int(str(info["lineno"])) for info in self.commands.values()]
        if not any(start <= at <= end for at in lines for start, end in spans):
            spans = [(0, 10**9)]
        out = []
        for key, info in self.commands.items():
            options = tuple(self._options_of(key))
            made_where = any(start <= int(str(info["lineno"])) <= end for start, end in spans)
            if passed_on and made_where and not info.get("subcommands") and not info["parent"]:
                # `args, pip_args = parser.parse_known_args()` on a flat parser: the flags it
                # does not know go on to another program (zipapps hands them to pip)
                options += (CliOption((), "parse_known_args", hidden=True, unnamed=True),)
            out.append(
                CliCommand(
                    name=str(info["name"]),
                    framework="argparse",
                    path=self.path,
                    lineno=int(str(info["lineno"])),
                    function=str(info["function"]) or None,
                    help=info["help"] if isinstance(info["help"], str) else None,
                    options=options,
                    parent=info["parent"] if isinstance(info["parent"], str) else None,
                    # a parser we only see as a parameter is no command of its own: the one
                    # it stands for gets its sub-commands once the link is made
                    has_subcommands=bool(info.get("subcommands")) and not key.endswith(":implicit"),
                    option_refs=tuple(self.refs.get(key, ())),
                    subcommand_refs=tuple(self.sub_refs.get(key, ())),
                    abbreviations=info.get("abbreviations") is not False,
                    plugins=bool(info.get("plugins")),
                    computed=bool(info.get("computed")),
                    aliases=_aliases(info.get("aliases")),
                    # (a parser of the project's subclass: its methods add flags elsewhere)
                    anywhere=known or key.endswith(":implicit") or bool(info.get("subclassed")),
                )
            )
        return out

    def _options_of(self, key: str, seen: frozenset[str] = frozenset()) -> list[CliOption]:
        """A parser's options with those of the parsers it names in `parents=[...]`, which
        argparse copies into it (a sub-command's shared `common` flags are its own)."""
        options = list(self.options.get(key, ()))
        for parent in self.parents.get(key, ()):
            if parent not in seen and parent != key:
                options += [o for o in self._options_of(parent, seen | {key}) if o not in options]
        return options

    def helper_options(self) -> list[tuple[str, CliOption]]:
        """Options that a helper adds to a parser it is given (`def add_common(parser)`).

        They are shared like click's option decorators: `_resolve_shared_options` puts them
        in every command whose parser is handed to the helper, in this module or another.
        """
        found = [
            (str(info["function"]), option)
            for key, info in self.commands.items()
            if key.endswith(":implicit") and info["function"]
            for option in self.options.get(key, ())
        ]
        # the flags a parser class's methods add to `self`, those of each parser it makes
        found += [
            (self.class_of[str(info["function"])], option)
            for key, info in self.commands.items()
            if key.endswith(":self:implicit") and str(info["function"]) in self.class_of
            for option in self.options.get(key, ())
        ]
        # a parser a function makes and returns, copied by `parents=[maker()]` as `maker()`
        found += [
            (f"{function}()", option)
            for function, key in self.returned.items()
            for option in self._options_of(key)
        ]
        return found

    def _scope(self, body: list[ast.stmt], function: str) -> None:
        """Walk one function (or the module) in source order; variables are per scope."""
        variables: dict[str, str] = {}  # variable -> command key
        subparsers: dict[str, str] = {}  # variable -> parent command key
        made: set[str] = set()  # variables another package's call gave (a parser, maybe)
        bound: dict[str, str] = {}  # `addarg = group.add_argument`: alias -> `group.add_argument`
        outer = dict(self.imported)
        for stmt in body:
            for node in _in_order(stmt):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    inner = f"{function}.{node.name}".lstrip(".")
                    pairs = [
                        *positional_defaults(node.args),
                        *zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True),
                    ]
                    self.defaults[inner] = {
                        arg.arg: default.value
                        for arg, default in pairs
                        if isinstance(default, ast.Constant) and isinstance(default.value, str)
                    }
                    self.params[inner] = [a.arg for a, _ in positional_defaults(node.args)]
                    self.closures[inner] = self._closure(function, subparsers, pairs)
                    if id(node) in self.methods:
                        self.class_of[inner] = self.methods[id(node)]
                    self._scope(node.body, inner)
                    self._decorated(node, function)
                elif isinstance(node, ast.ImportFrom) and function:
                    package = self.path.endswith("__init__.py")
                    source = absolute_module(self.module, package, node.module, node.level)
                    self.imported.update(
                        (a.asname or a.name, f"{source}:{a.name}") for a in node.names
                    )
                elif isinstance(node, ast.Assign) and (words := self._words(node.value)):
                    # `self.parser._operations = ["get", "set"]`, then `choices=` it
                    self.lists.update((dotted(t), words) for t in node.targets if dotted(t))
                elif isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(
                    node.value, ast.Call
                ):
                    self._note_local(node, function)
                    known = set(variables)
                    self._assign(node, function, variables, subparsers)
                    if set(variables) == known:
                        # lumen's `serve_command = Serve(parser=serve_parser)`: panel's
                        # command class adds bokeh's options to the parser it is handed
                        self._helper_call(node.value, variables, subparsers)
                    if dotted(node.value.func).split(".")[0] in self.foreign and not _argopt(
                        node.value
                    ):
                        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                        made.update(t.id for t in targets if isinstance(t, ast.Name))
                elif isinstance(node, ast.Assign) and dotted(node.value).endswith(_ADDERS):
                    # buku's `addarg = general_grp.add_argument`, then `addarg('-a', '--add')`
                    bound.update(
                        (t.id, dotted(node.value)) for t in node.targets if isinstance(t, ast.Name)
                    )
                elif isinstance(node, ast.Assign):
                    self._note_local(node, function)
                elif (
                    isinstance(node, ast.Return)
                    and isinstance(node.value, ast.Name)
                    and f"{function}.{node.value.id}" in self.makers
                ):
                    self.factories[function] = f"{function}.{node.value.id}"  # a decorator
                elif (
                    isinstance(node, ast.Return)
                    and isinstance(node.value, ast.Name)
                    and node.value.id in variables
                    and function
                    and function not in self.makers
                ):
                    self.returned[function] = variables[node.value.id]
                elif isinstance(node, ast.Call) and dotted(node.func).endswith(".add_parser"):
                    # a command with no options of its own
                    self._sub_parser(node, function, subparsers, variables)
                elif isinstance(node, ast.Call) and (
                    adder := bound.get(dotted(node.func), dotted(node.func))
                ).endswith(_ADDERS):
                    # pytest's `parser.addoption` takes argparse's arguments
                    owner = adder.rsplit(".", 1)[0]
                    key = variables.get(owner) or self._implicit(owner, function, node.lineno)
                    if owner not in variables and (maker := self.made_by.get((function, owner))):
                        self.refs.setdefault(key, []).append((0, f"{maker}()"))
                    variables.setdefault(owner, key)
                    options = self.options.setdefault(key, [])
                    if owner in made and _THEIRS not in options:
                        options.append(_THEIRS)  # `get_parser()` of sphinx: its options too
                    if id(node) in self.spread:
                        spelt = self.spread[id(node)]
                        options += [self._option(call) for call in spelt]
                        # (a row whose flags stay unread: the rest are read all the same)
                        if any(map(self._computed, spelt)) and _COMPUTED not in options:
                            options.append(_COMPUTED)
                        continue
                    options.append(self._option(node))
                    if self._computed(node) and _COMPUTED not in options:
                        options.append(_COMPUTED)
                elif isinstance(node, ast.Call) and self._maker_call(node, function):
                    continue  # `create_subparser(help, "show help")`, its parser unused
                elif isinstance(node, ast.Call):
                    self._helper_call(node, variables, subparsers)
                    self._plugin_call(node, subparsers)
                    self._subclass_call(node, variables)
        self.imported = outer

    def _helper_call(self, call: ast.Call, variables: dict[str, str], subs: dict[str, str]) -> None:
        """Note `add_common(parser)`: a function that adds options to a parser we know; and
        `register(subparsers)`: one that adds sub-commands to it."""
        helper = dotted(call.func)
        if not helper or helper.endswith(("()", *_GROUPS, *_PARSERS)):
            return  # (`optparse.OptionGroup(parser, ...)` makes a group of it, read as such)
        head, dot, rest = helper.partition(".")
        if head in self.imported:  # imported by the function itself: `module:name`
            helper = self.imported[head] + dot + rest
        if helper in _SHTAB and call.args and isinstance(parser := call.args[0], ast.Name):
            if parser.id in variables:
                self.options.setdefault(variables[parser.id], []).append(_shtab_option(call))
            return
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            if isinstance(arg, ast.Name) and arg.id in subs and id(call) not in self.looped:
                self.sub_refs.setdefault(subs[arg.id], []).append(helper)
                return
            if isinstance(arg, ast.Name) and arg.id in variables:
                if helper.split(".")[0] == arg.id:
                    return  # a method of the parser itself (`parser.parse_args()`)
                key = variables[arg.id]
                position = len(self.options.get(key, ()))
                self.refs.setdefault(key, []).append((position, helper))
                return

    def _subclass_call(self, call: ast.Call, variables: dict[str, str]) -> None:
        """`parser.install_nodes_options()`: a method no parser of argparse or optparse has,
        so the parser is the project's subclass (clustershell's `OptionParser`), whose
        methods add options we read as their own (`self.add_option`): the program's flags
        are not all the ones `main` adds."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return
        key = variables.get(func.value.id)
        if key is None or func.attr in _PARSER_API or func.attr.startswith("_"):
            return
        if key in self.commands:
            self.commands[key]["subclassed"] = True

    def _plugin_call(self, call: ast.Call, subs: dict[str, str]) -> None:
        """Note plugins given the sub-parsers: `for ep in eps: ep.load()(subparsers)`.

        Sub-commands then also come from code we cannot see; a call outside a loop to a
        plain function (`register(subparsers)`) is a helper of the project, read as such.
        """
        dynamic = id(call) in self.looped or isinstance(call.func, ast.Call)
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            if dynamic and isinstance(arg, ast.Name) and arg.id in subs:
                self.commands[subs[arg.id]]["plugins"] = True

    def _assign(
        self,
        node: ast.Assign | ast.AnnAssign,
        function: str,
        variables: dict[str, str],
        subs: dict[str, str],
    ) -> None:
        call = node.value
        assert isinstance(call, ast.Call)
        func = dotted(call.func)
        raw_targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        targets = [t.id for t in raw_targets if isinstance(t, ast.Name)]
        if not targets:
            return
        if (made := self._maker_call(call, function)) is not None:
            for target in targets:
                variables[target] = made  # `p = create_subparser(parse, "...")`
            return
        wrapper = ""
        if (
            call.args
            and isinstance(inner := call.args[0], ast.Call)
            and dotted(inner.func).endswith(_PARSERS)
            and not func.endswith(_PARSERS)
        ):
            # zulip's `parser = zulip.add_default_arguments(argparse.ArgumentParser(...))`: a
            # helper adds its options to the parser it is handed, and returns it
            wrapper, call, func = func, inner, dotted(inner.func)
        if _argopt(call):
            # git-fame's `parser = argopt(__doc__, version=...)`: an argparse parser of a
            # docopt text, whose options are the text's (prefixes taken, as argparse does)
            key = f"{function}:{targets[0]}:{node.lineno}"
            self._add(key, "", node.lineno, function, None, None)
            self._abbreviations(key, call)
            text = usage_text(call.args[0], self.tree, self.constants)
            self.options[key] = usage_options(text) if text else [_THEIRS]
        elif func.endswith(_PARSERS) or func in self.methods.values():  # optparse, the same way
            key = f"{function}:{targets[0]}:{node.lineno}"
            self._add(
                key,
                "",
                node.lineno,
                function,
                help_of(kw(call, "description"), self.constants),
                None,
            )
            self._abbreviations(key, call)
            self._parents(key, call, variables)
            if func.endswith("OptionParser") and kw(call, "version") is not None:
                # optparse's `OptionParser(version=...)` adds `--version` itself
                self.options.setdefault(key, []).append(_OPTPARSE_VERSION)
            if wrapper:
                self.refs.setdefault(key, []).append((0, wrapper))
            if func.split(".")[0] not in self.parser_names | self.foreign:
                # the project's own parser class: the flags its methods add are this one's
                self.refs.setdefault(key, []).append((0, func))
        elif func.endswith(".add_subparsers"):
            holder = func[: -len(".add_subparsers")]
            parent: str | None = variables.get(holder)
            if parent is None and function and holder.isidentifier():
                # `def create_import_subparser(parser): parser.add_subparsers()`: the parser
                # of whichever command hands itself to this function
                parent = variables[holder] = self._implicit(holder, function, node.lineno)
            if parent in self.commands:  # not one of the computed commands
                subs[targets[0]] = parent
                self.commands[parent]["subcommands"] = True
            return
        elif func.endswith(".add_parser"):
            found = self._sub_parser(call, function, subs, variables)
            if found is None:
                # `sp = subparsers.add_parser(name, ...)` in a loop over a table: commands we
                # cannot name, whose options are theirs, never the program's own
                # (of sub-parsers we did not see made, its options stay the program's own,
                # open to names we cannot read, as before)
                parent_key = subs.get(func[: -len(".add_parser")])
                if parent_key is not None:
                    self.commands[parent_key]["computed"] = True
                    for target in targets:
                        variables[target] = f"{function}:{target}:computed"
                return
            key = found
        elif func.endswith(_GROUPS):
            # `parser.add_argument_group(...)`, or optparse's `OptionGroup(parser, ...)` and
            # `parser.add_option_group(...)`
            base = func.rsplit(".", 1)[0] if not func.endswith("OptionGroup") else ""
            if not base and call.args:
                base = dotted(call.args[0])
            owner = variables.get(base)
            if owner is None and function and base.isidentifier() and base not in subs:
                # `def add_args(parser): group = parser.add_argument_group(...)`, or a parser
                # class's `self.add_mutually_exclusive_group()`: the parser handed in
                owner = variables[base] = self._implicit(base, function, node.lineno)
            if owner:
                for target in targets:
                    variables[target] = owner
            return
        elif func in self.returned and function:
            # pew's `parser = mkvirtualenv_argparser()` in `new_cmd`: once flags are added to
            # it here, a command of the maker's flags and those
            self.made_by[(function, targets[0])] = func
            return
        else:
            return
        for target in targets:
            variables[target] = key

    def _sub_parser(
        self, call: ast.Call, function: str, subs: dict[str, str], variables: dict[str, str]
    ) -> str | None:
        """Register `subparsers.add_parser("name", ...)`, assigned or not; return its key."""
        holder = dotted(call.func)[: -len(".add_parser")]
        parent_key = subs.get(holder) or self.closures.get(function, {}).get(holder)
        name = self._string(call.args[0]) if call.args else None
        if name is None and call.args and isinstance(call.args[0], ast.Name):
            name = self.defaults.get(function, {}).get(call.args[0].id)  # a parameter's default
        if name is None and call.args and (source := self._named_by(call.args[0], function)):
            # `add_parser(function.__name__)`: each call of this helper makes one
            self.makers[function] = _Maker(*source, parent_key)
            return f"{function}:maker"
        if name is None:
            return None
        key = f"{function}:{name}:{call.lineno}"
        if key not in self.commands:
            help_text = help_of(kw(call, "help") or kw(call, "description"), self.constants)
            parent = str(self.commands[parent_key]["name"]) if parent_key else None
            if parent_key and parent_key.endswith(":implicit"):
                # the sub-parsers of a parser this function is given: the command's parent is
                # whichever command hands its parser here, placed once the link is made
                parent = None
                if function not in self.sub_refs.setdefault(parent_key, []):
                    self.sub_refs[parent_key].append(function)
            self._add(key, name, call.lineno, function, help_text, parent)
            self._abbreviations(key, call)
            aliases = kw(call, "aliases")  # `aliases=["gs"]`: the command's other names
            self.commands[key]["aliases"] = string_list(aliases) if aliases is not None else ()
            self._parents(key, call, variables)
        return key

    def _closure(
        self, function: str, subs: dict[str, str], pairs: list[tuple[ast.arg, ast.expr | None]]
    ) -> dict[str, str]:
        """The sub-parser holders a function nested in `function` sees: the enclosing
        scopes', less those its parameters shadow, and a parameter whose default is one
        (pypistats' `def subcommand(args=None, parent=subparsers)`)."""
        seen = {**self.closures.get(function, {}), **subs}
        shadowed = {a.arg for a, _ in pairs}
        closure = {k: v for k, v in seen.items() if k not in shadowed}
        for arg, default in pairs:
            if isinstance(default, ast.Name) and default.id in seen:
                closure[arg.arg] = seen[default.id]
        return closure

    def _note_local(self, node: ast.Assign | ast.AnnAssign, function: str) -> None:
        """Remember `name = function.__name__` (one name bound once), for `add_parser(name)`."""
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and node.value is not None:
            self.locals.setdefault(function, {})[targets[0].id] = node.value

    def _named_by(self, node: ast.expr, function: str) -> tuple[int, tuple[str, str]] | None:
        """The parameter whose function's `__name__` names a sub-parser (`function.__name__`,
        `func.__name__.replace("_", "-")`, or a local holding it): its position, and the
        replacement made to the name ("", "" for none)."""
        params = self.params.get(function, [])
        if isinstance(node, ast.Name) and node.id not in params:
            node = self.locals.get(function, {}).get(node.id, node)
        replaced = ("", "")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "replace"
            and len(node.args) == 2
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)
        ):
            replaced = (str(literal(node.args[0])), str(literal(node.args[1])))
            node = node.func.value
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "__name__"
            and isinstance(node.value, ast.Name)
            and node.value.id in params
        ):
            return params.index(node.value.id), replaced
        return None

    def _maker_call(self, call: ast.Call, function: str) -> str | None:
        """`create_subparser(parse, "...")`: the sub-command a maker makes for the function
        it is handed, named after it; its key."""
        called = dotted(call.func)
        maker = f"{function}.{called}".lstrip(".")
        if maker not in self.makers:
            maker = called
        made = self.makers.get(maker)
        if made is None or made.position >= len(call.args):
            return None
        given = call.args[made.position]
        name = given.id if isinstance(given, ast.Name) else None
        if isinstance(given, ast.Attribute):
            name = given.attr  # `create_subparser(commands.parse, ...)`
        return self._made(maker, name, call.lineno, function, open_options=False)

    def _decorated(self, node: ast.FunctionDef | ast.AsyncFunctionDef, function: str) -> None:
        """`@subcommand([argument("-p"), ...])` over `def recent(args)`: the factory's
        decorator makes the sub-command `recent`, with the options its arguments list (which
        we do not read: they stay open)."""
        for decorator in node.decorator_list:
            called = dotted(decorator.func if isinstance(decorator, ast.Call) else decorator)
            scoped = f"{function}.{called}".lstrip(".")
            maker = next((m for m in (scoped, called) if m in self.makers), None)
            if maker is None and isinstance(decorator, ast.Call):
                maker = self.factories.get(scoped) or self.factories.get(called)
            if maker is not None and self.makers[maker].position == 0:
                self._made(maker, node.name, node.lineno, function, open_options=True)

    def _made(
        self, maker: str, name: str | None, lineno: int, function: str, *, open_options: bool
    ) -> str | None:
        """Register the sub-command `maker` makes for the function `name`."""
        made = self.makers[maker]
        if not name:
            return None
        old, new = made.replaced
        name = name.replace(old, new) if old else name
        key = f"{function}:{name}:{lineno}"
        if key not in self.commands:
            parent_key = made.parent
            parent = str(self.commands[parent_key]["name"]) if parent_key in self.commands else None
            self._add(key, name, lineno, function, None, parent)
            if parent_key in self.commands:
                self.commands[parent_key]["subcommands"] = True
            options = self.options.setdefault(key, list(self.options.get(f"{maker}:maker", ())))
            if open_options and _COMPUTED not in options:
                options.append(_COMPUTED)
        return key

    def _parents(self, key: str, call: ast.Call, variables: dict[str, str]) -> None:
        """`parents=[common]`: the options of a parser this scope made are copied in; a
        parent we do not follow (another package's, a call's) gives options we cannot list."""
        parents = kw(call, "parents")
        if not isinstance(parents, ast.List | ast.Tuple):
            return
        for parent in parents.elts:
            maker = dotted(parent.func) if isinstance(parent, ast.Call) else ""
            if isinstance(parent, ast.Name) and parent.id in variables:
                self.parents.setdefault(key, []).append(variables[parent.id])
            elif maker and not maker.endswith("()"):
                # `parents=[_create_shared_parent()]`: the options of the parser that function
                # returns, found across modules (cli_links) as `maker()`
                position = len(self.options.get(key, ()))
                self.refs.setdefault(key, []).append((position, f"{maker}()"))
            elif _THEIRS not in self.options.get(key, ()):
                self.options.setdefault(key, []).append(_THEIRS)  # we follow no other's

    def _abbreviations(self, key: str, call: ast.Call) -> None:
        """`allow_abbrev=False` turns off argparse's prefix matching for that parser."""
        given = kw(call, "allow_abbrev")
        if isinstance(given, ast.Constant) and not given.value:
            self.commands[key]["abbreviations"] = False

    def _implicit(self, owner: str, function: str, lineno: int) -> str:
        """Register a parser we only see as a parameter (`def add_args(parser)`)."""
        key = f"{function}:{owner}:implicit"
        if key not in self.commands:
            self._add(key, "", lineno, function, None, None)
        return key

    def _add(
        self,
        key: str,
        name: str,
        lineno: int,
        function: str,
        help_text: str | None,
        parent: str | None,
    ) -> None:
        self.commands[key] = {
            "name": name,
            "lineno": lineno,
            "function": function,
            "help": help_text,
            "parent": parent,
        }

    def _string(self, node: ast.expr) -> str | None:
        """A string, a constant's name, or one built of them (`'--' + NAME`, `f'--{NAME}'`)."""
        return folded(node, self.constants)

    def _computed(self, call: ast.Call) -> bool:
        """Whether an add call spells a flag we cannot read: not a string, nor a constant.

        Only where it is a parser's, as far as we can tell: the module imports argparse or
        optparse, or the call passes keywords (`help=`, `**kwargs`); a `menu.add_option(item)`
        of some other API leaves the program's options as we read them. A starred list
        (`add_argument(*spec.aliases, **spec.options)`) forwards the flags of a spec the
        project declares elsewhere with literals, as httpie's `ParserSpec` does: those we read.
        """
        unread = any(
            self._string(a) is None
            and not _templated(a)
            and not (isinstance(a, ast.Starred) and not self._filled(a.value))
            for a in call.args
        )
        return unread and (self.parses or bool(call.keywords))

    def _filled(self, node: ast.expr) -> bool:
        """Whether a starred name is a list the function fills itself, with no literal list of
        flags bound to it: nose2's `opts.append("-" + short_opt)` for each plugin's switch."""
        return isinstance(node, ast.Name) and node.id not in self.lists

    def _option(self, call: ast.Call) -> CliOption:
        flags = tuple(s for s in (self._string(a) for a in call.args) if s)
        positional = bool(flags) and not flags[0].startswith("-")
        action = literal(kw(call, "action"))
        dest = literal(kw(call, "dest"))
        if not dest and flags:
            longest = max(flags, key=lambda f: (f.startswith("--"), len(f)))
            dest = longest.lstrip("-").replace("-", "_")
        nargs = (literal(kw(call, "nargs")) or "").rsplit(".", 1)[-1]
        envvar = next(
            (self._string(v) for k in _ENV_KEYWORDS if (v := kw(call, k)) is not None), None
        )
        choices = self._choices(kw(call, "choices"))
        return CliOption(
            flags=flags,
            dest=dest or "",
            help=help_of(kw(call, "help"), self.constants)
            or _ACTION_HELP.get(action or ""),  # argparse's own words for what it adds
            default=default_of(kw(call, "default")),
            # argparse requires a positional unless it may be empty (`?`, `*`, REMAINDER)
            required=truthy(kw(call, "required"))
            or (positional and nargs not in {"?", "*", "REMAINDER", "..."}),
            is_flag=action in {"store_true", "store_false", "store_const", "count", "version"}
            or (action or "").endswith("BooleanOptionalAction"),
            positional=positional,
            envvar=envvar if envvar and envvar.isidentifier() else None,
            hidden=suppressed(kw(call, "help")),
            # an option's too, unless `type=` converts the value first (`type=str.lower`;
            # jinja-cli's `type=str` keeps it as given)
            choices=choices if positional or _keeps_value(kw(call, "type"), choices) else (),
            rest=positional and nargs in {"REMAINDER", "..."},  # argparse.REMAINDER is "..."
            negatable=(action or "").endswith("BooleanOptionalAction"),
            # (0: `nargs="*"` or `"+"` on a flag, which takes every word up to the next flag:
            # yawsso's `-p 'lab*' dev prod` names three profiles, no command)
            values=0 if not positional and nargs in {"*", "+"} else fixed_count(kw(call, "nargs")),
        )

    def _choices(self, node: ast.expr | None) -> tuple[str, ...]:
        """`choices=["get", "set"]`, or a name bound to such a list before."""
        if node is None:
            return ()
        return self._words(node) or self.lists.get(dotted(node), ())

    def _words(self, node: ast.expr) -> tuple[str, ...]:
        """A literal list of strings, also one that splices lists bound before (pyclean's
        `['all', *debris_default_topics, *debris_optional_topics]`) or adds them up."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self._words(node.left), self._words(node.right)
            return left + right if left and right else ()
        if isinstance(node, ast.Name):
            return self.lists.get(node.id, ())
        if not isinstance(node, ast.List | ast.Tuple) or not node.elts:
            return ()
        words: list[str] = []
        for element in node.elts:
            if isinstance(element, ast.Starred) and isinstance(element.value, ast.Name):
                spliced = self.lists.get(element.value.id)
                if not spliced:
                    return ()
                words += spliced
            elif isinstance(element, ast.Constant) and isinstance(element.value, str):
                words.append(element.value)
            elif isinstance(element, ast.Constant) and type(element.value) is int:
                words.append(str(element.value))  # `choices=[1, 2, 3]` with `type=int`
            else:
                return ()
        return tuple(words)


_ACTION_HELP = {"version": "show program's version number and exit"}
_OPTPARSE_VERSION = CliOption(("--version",), "version", help=_ACTION_HELP["version"], is_flag=True)


def _argopt(call: ast.Call) -> bool:
    """`argopt(text, ...)` of the argopt package: an argparse parser built from a docopt text."""
    return dotted(call.func) in {"argopt", "argopt.argopt"} and bool(call.args)


# shtab's `add_argument_to(parser, option_string="--print-completion")` adds the option that
# prints a shell's completion script
_SHTAB = frozenset({"shtab.add_argument_to", "add_argument_to"})


def _shtab_option(call: ast.Call) -> CliOption:
    given = kw(call, "option_string") or (call.args[1] if len(call.args) > 1 else None)
    if isinstance(given, ast.Constant) and isinstance(given.value, str):
        flags: tuple[str, ...] = (given.value,)
    else:
        flags = (string_list(given) if given is not None else ()) or ("--print-completion",)
    return CliOption(flags, "print_completion", "print shell completion script")


def _parser_modules(tree: ast.Module) -> set[str]:
    """The names argparse and optparse imports bind (`argparse`, `ArgumentParser`): theirs
    are the parsers we read, not another package's."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(
                a.asname or a.name for a in node.names if a.name in {"argparse", "optparse"}
            )
        elif isinstance(node, ast.ImportFrom) and node.module in {"argparse", "optparse"}:
            found.update(a.asname or a.name for a in node.names)
    return found


def _spread_tables(tree: ast.Module) -> dict[int, list[ast.Call]]:
    """The add calls that spread a module's table of options, as the calls they stand for.

    gcalcli declares `PROGRAM_OPTIONS = {'--nocache': {'action': 'store_false', ...}, ...}`
    and runs `for option, definition in PROGRAM_OPTIONS.items(): parser.add_argument(option,
    **definition)`: one `add_argument('--nocache', action='store_false', ...)` a key. Keys
    may be a tuple of flags (`('-v', '--verbose'): {...}`). A literal table of rows is
    spread the same way, a call a row (`option_rows`): dirsync's `for opt, args in options:
    self.add_argument('--' + opt, *args[0], **args[1])`.
    """
    tables: dict[str, ast.Dict] = {
        node.targets[0].id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Dict)
        and node.value.keys
        and all(_flag_key(k) for k in node.value.keys)
    }
    spread: dict[int, list[ast.Call]] = {}
    for loop in (n for n in ast.walk(tree) if isinstance(n, ast.For)):
        over = iterated_mapping(loop.iter)
        table = tables.get(over.id) if isinstance(over, ast.Name) else None
        target = loop.target
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:
            name, spec = target.elts
        else:
            name, spec = target, None
        if table is None or not isinstance(name, ast.Name):
            continue
        for call in (n for n in ast.walk(loop) if isinstance(n, ast.Call)):
            if not (
                dotted(call.func).endswith(_ADDERS)
                and len(call.args) == 1
                and isinstance(call.args[0], ast.Name)
                and call.args[0].id == name.id
            ):
                continue
            spread[id(call)] = [
                ast.Call(call.func, _flag_key(key) or [], _spelt(call, spec, value))
                for key, value in zip(table.keys, table.values, strict=True)
            ]
    if any(
        isinstance(n, ast.Call) and dotted(n.func).endswith(_ADDERS)
        for each in ast.walk(tree)
        if isinstance(each, ast.For)
        for n in ast.walk(each)
    ):  # (most modules add no option in a loop: no scope need be read)
        for loop, rows in row_loops(tree):
            spread.update(spread_rows(loop, rows, _ADDERS))
    spread.update(_spread_entries(tree))
    return spread


def _spread_entries(tree: ast.Module) -> dict[int, list[ast.Call]]:
    """hendrics' `DEFAULT_PARSER_ARGS["nproc"] = dict(args=["--nproc"], kwargs=dict(...))`
    entries, which a helper spreads with `parser.add_argument(*a, **k)` after `a =
    arg["args"]`: each add call of a function that reads the table stands for all of them."""
    entries: dict[str, list[tuple[list[ast.expr], list[ast.keyword]]]] = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if isinstance(target, ast.Name) and isinstance(node.value, ast.Dict):
            found = [_entry(v) for v in node.value.values]
            if found and all(found):
                entries[target.id] = [e for e in found if e]
        elif (
            isinstance(target, ast.Subscript)
            and isinstance(target.value, ast.Name)
            and (entry := _entry(node.value))
        ):
            entries.setdefault(target.value.id, []).append(entry)
    spread: dict[int, list[ast.Call]] = {}
    if not entries:
        return spread  # (most modules: no function need be walked)
    for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        read = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)} & set(entries)
        if len(read) != 1:
            continue
        table = entries[read.pop()]
        for call in (n for n in ast.walk(function) if isinstance(n, ast.Call)):
            if (
                dotted(call.func).endswith(_ADDERS)
                and call.args[:1]
                and isinstance(call.args[0], ast.Starred)
            ):
                spread[id(call)] = [ast.Call(call.func, flags, kws) for flags, kws in table]
    return spread


def _entry(node: ast.expr) -> tuple[list[ast.expr], list[ast.keyword]] | None:
    """An option's entry of a table: `dict(args=["--nproc"], kwargs=dict(type=int))` or
    `{"args": [...], "kwargs": {...}}`, as the flags and keywords of its add call."""
    if isinstance(node, ast.Call) and node.args:
        return None  # `dict(base, ...)`: fields we cannot list
    fields = dict_fields(node) or {}
    listed = fields.get("args")
    flags = _flag_key(ast.Tuple(listed.elts) if isinstance(listed, ast.List | ast.Tuple) else None)
    if flags is None:
        return None
    given = dict_fields(fields.get("kwargs")) or {}
    return flags, [ast.keyword(name, value) for name, value in given.items()]


def _flag_key(node: ast.expr | None) -> list[ast.expr] | None:
    """A table key's flags (`'--nocache'`, `('-v', '--verbose')`), or None."""
    elts = node.elts if isinstance(node, ast.Tuple) else [node] if node else []
    if elts and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in elts):
        return list(elts)  # type: ignore[arg-type]
    return None


def _spelt(call: ast.Call, spec: ast.expr | None, value: ast.expr) -> list[ast.keyword]:
    """The keywords of one spread call: `**definition` read from the table's literal."""
    keywords = []
    for given in call.keywords:
        if given.arg is None and isinstance(spec, ast.Name) and dotted(given.value) == spec.id:
            if isinstance(value, ast.Dict):
                keywords += [
                    ast.keyword(k.value, v)
                    for k, v in zip(value.keys, value.values, strict=True)
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)
                ]
        else:
            keywords.append(given)
    return keywords


def _templated(node: ast.expr) -> bool:
    """Whether a flag is a template whose own letters we keep as a pattern (`"--{}set".format(
    prefix)`, `f"--{prefix}histogram"`: `node_facts.flag_pattern`); `f"--{name}"` is not."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        node = node.func.value if node.func.attr == "format" else node
    return flag_pattern(node) is not None


def _aliases(value: object) -> tuple[str, ...]:
    return tuple(str(a) for a in value) if isinstance(value, tuple) else ()


_PARSERS = ("ArgumentParser", "OptionParser")


class _Maker(NamedTuple):
    """A helper that makes one sub-command per function it is handed, named after it."""

    position: int  # of the parameter holding the function
    replaced: tuple[str, str]  # `__name__.replace(old, new)`, ("", "") for none
    parent: str | None  # the command whose sub-commands they are


def _keyed_parsers(tree: ast.Module) -> ast.Module:
    """The module with the parsers it keeps in a dict read as variables named by their key:
    credstash's `parsers['super'] = argparse.ArgumentParser(...)`, then, after
    `action = 'get'`, `parsers[action] = subparsers.add_parser(action, ...)` and
    `parsers[action].add_argument(...)`. A copy: the module's tree stays as written."""
    if not any(
        isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Subscript) for t in n.targets)
        and isinstance(n.value, ast.Call)
        and dotted(n.value.func).endswith((*_PARSERS, ".add_parser"))
        for n in ast.walk(tree)
    ):
        return tree
    tree = copy.deepcopy(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef):
            _name_keyed(node.body)
    return tree


def _name_keyed(body: list[ast.stmt]) -> None:
    """Rewrite a body's `parsers[key]` (a string, or a name a statement before bound to one)
    as the name `parsers['key']`, and a sub-parser's name given by such a name as the string."""
    strings: dict[str, str] = {}  # names bound to a string by the statements so far

    class Keyed(ast.NodeTransformer):
        def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
            return node  # its own body, its own names

        def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
            return node

        def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
            self.generic_visit(node)
            key = node.slice
            if isinstance(key, ast.Name) and key.id in strings:
                key = ast.Constant(strings[key.id])
            if (
                isinstance(node.value, ast.Name)
                and isinstance(key, ast.Constant)
                and isinstance(key.value, str)
            ):
                named = ast.Name(f"{node.value.id}[{key.value!r}]", node.ctx)
                return ast.copy_location(named, node)
            return node

        def visit_Call(self, node: ast.Call) -> ast.AST:
            self.generic_visit(node)
            first = node.args[0] if node.args else None
            if (
                dotted(node.func).endswith(".add_parser")
                and isinstance(first, ast.Name)
                and first.id in strings
            ):
                node.args[0] = ast.copy_location(ast.Constant(strings[first.id]), first)
            return node

    for i, stmt in enumerate(body):
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        body[i] = Keyed().visit(stmt)
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                strings.pop(node.id, None)
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        ):
            strings[stmt.targets[0].id] = stmt.value.value


def _in_order(node: ast.AST) -> Iterable[ast.AST]:
    """Yield nodes depth-first in source order, not descending into nested functions."""
    yield node
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return
    for child in ast.iter_child_nodes(node):
        yield from _in_order(child)


_PARSE_CALLS = frozenset({"parse_args", "parse_known_args", "parse_intermixed_args"})


def parsed_reads(tree: ast.AST) -> tuple[str, ...]:
    """The attributes the module reads off what a parser's `parse_args()` (or
    `parse_known_args()`'s first item) gives: `args.continue_path` after `args, rest =
    parser.parse_known_args(argv)`. Each names a dest of that parser, whoever built it."""
    held: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and node.value.func.attr in _PARSE_CALLS
        ):
            target = node.targets[0]
            if isinstance(target, ast.Tuple) and target.elts:
                target = target.elts[0]
            if isinstance(target, ast.Name):
                held.add(target.id)
    if not held:
        return ()
    return tuple(
        sorted(
            {
                n.attr
                for n in ast.walk(tree)
                if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id in held
                and isinstance(n.ctx, ast.Load)
                and not n.attr.startswith("_")
            }
        )
    )


def _keeps_the_rest(tree: ast.AST) -> bool:
    """Whether what a `parse_known_args()` call leaves is handed on to other code
    (`args, pip_args = parser.parse_known_args()`, then `FreezeTool(args.freeze, pip_args)`):
    not thrown away (`args, _ = ...`), reported (`parser.error(...)`, cutadapt) or parsed by
    another parser of ours (snmpsim's `helper.parse_known_args(unparsed_args)`)."""
    kept = {
        rest.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and dotted(n.value.func).endswith(".parse_known_args")
        and isinstance(target := n.targets[0], ast.Tuple)
        and len(target.elts) == 2
        and isinstance(rest := target.elts[1], ast.Name)
        and rest.id != "_"
    }
    for node in ast.walk(tree):
        # kept for later on an object: pythran's `args.extra_flags = extra`, the compiler's
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Name)
            and node.value.id in kept
            and isinstance(node.targets[0], ast.Attribute | ast.Subscript)
        ):
            return True
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        if dotted(call.func).rsplit(".", 1)[-1] in _NOT_HANDED_ON:
            continue
        given = [*call.args, *(k.value for k in call.keywords)]
        # also in an argv list: `subprocess.call(["pip", "install", *pip_args])`
        given += [e for g in given if isinstance(g, ast.List | ast.Tuple) for e in g.elts]
        given = [g.value if isinstance(g, ast.Starred) else g for g in given]
        if any(isinstance(g, ast.Name) and g.id in kept for g in given):
            return True
    return False


# calls that report or re-parse leftovers rather than pass them on to another program
_NOT_HANDED_ON = frozenset(
    {
        "error", "exit", "print", "write", "join", "parse_args", "parse_known_args", "len",
        "debug", "info", "warning", "warn", "format", "repr", "str", "list", "tuple", "bool",
    }
)  # fmt: skip


def _keeps_value(node: ast.expr | None, choices: tuple[str, ...] = ()) -> bool:
    """Whether an option's `type=` hands its word on as written (none, or `str`), so that
    its `choices` are the words a command line gives; `type=int` does so for integer
    choices (`choices=[1, 2, 3]`: the word `3` is the value 3)."""
    if isinstance(node, ast.Name) and node.id == "int":
        return bool(choices) and all(c.isdecimal() for c in choices)
    return node is None or (isinstance(node, ast.Name) and node.id == "str")
