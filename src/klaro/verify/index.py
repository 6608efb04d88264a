"""What a project offers besides its names, built once per analysis: CLI surface, env, files.

Which console scripts, sub-commands, options and environment variables the project has, and
which files; dotted names are resolved by `klaro.scan.names` (the `names` field).
"""

from __future__ import annotations

import ast
import functools
import posixpath
import re
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

from klaro.scan.layout import is_test_path
from klaro.scan.model import Analysis, CliCommand, Function, Module, iter_classes
from klaro.scan.names import Names
from klaro.scan.names_build import names_of
from klaro.scan.syntax import parse_module
from klaro.verify.mentions import prose_names

UNIVERSAL_OPTIONS = frozenset({"--help", "-h", "--version"})
# typer gives every application these unless built with `add_completion=False`
TYPER_OPTIONS = frozenset({"--install-completion", "--show-completion"})
# what Django's BaseCommand.create_parser gives every management command
DJANGO_COMMAND_OPTIONS = frozenset(
    {
        "--version", "-v", "--verbosity", "--settings", "--pythonpath", "--traceback",
        "--no-color", "--force-color", "--skip-checks",
    }
)  # fmt: skip


@dataclass
class ProjectIndex:
    """CLI surface, environment variables and files of one project, beside its names.

    Names (what `pkg.Class.meth` means, members, inheritance, instances) are the one resolver
    of `klaro.scan.names`, shared with the code graph, the writer and the agent.
    """

    root: Path
    names: Names = field(default_factory=Names)
    scripts: set[str] = field(default_factory=set)  # console / gui scripts
    # Django's management commands (`management/commands/cities_light.py`): programs that
    # `manage.py` or `django-admin` run, never installed as scripts
    management_commands: set[str] = field(default_factory=set)
    # accessors the project registers on another library's objects (xarray-simlab's
    # `@register_dataset_accessor("xsimlab")`): name -> the class serving `ds.xsimlab.run()`
    accessors: dict[str, str] = field(default_factory=dict)
    # the entry-point groups the project's metadata fills (`versioningit.vcs`): names of
    # groups, which a dotted span may write, not attributes
    entry_groups: set[str] = field(default_factory=set)
    # whether the metadata declares them (a program the analysis found is named after the
    # project when it does not): a pure plugin installs none
    installs: bool = False
    subcommands: set[str] = field(default_factory=set)
    # a group's own sub-commands by its name (`group` -> `add`, `rmrepo`), for groups that
    # are sub-commands themselves and declare all theirs (no plugins, no computed names)
    nested: dict[str, set[str]] = field(default_factory=dict)
    # groups whose words we cannot list: sub-commands from plugins or computed names, or a
    # positional argument of their own before them that we cannot count (argparse's)
    open_groups: set[str] = field(default_factory=set)
    # click groups taking arguments of their own, read before their sub-command's word
    # (githubrelease's `release REPO create`): how many words those arguments take
    group_arguments: dict[str, int] = field(default_factory=dict)
    # a console script whose entry point is such a group (kartothek's `kartothek_cube CUBE
    # info`): the words its arguments take before the sub-command's
    script_arguments: dict[str, int] = field(default_factory=dict)
    options: set[str] = field(default_factory=set)
    # options declared elsewhere in the repository (a test suite's pytest options, a dev
    # script's flags): real, so naming them is not drift, but not the product's CLI
    other_options: set[str] = field(default_factory=set)
    other_commands: set[str] = field(default_factory=set)  # commands any module declares
    valued: set[str] = field(default_factory=set)  # options that take a value
    values: dict[str, int] = field(default_factory=dict)  # those taking more than one word
    # the values an option takes, where every option spelled so lists them (`--format`)
    choices: dict[str, frozenset[str]] = field(default_factory=dict)
    # a sub-command's own: duckduckgo-search's `news -t` takes `day`, `text -t` takes `d`
    command_choices: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    # long options of argparse parsers that take unambiguous prefixes (`allow_abbrev`)
    abbreviable: set[str] = field(default_factory=set)
    # long flags no parser makes a `--no-X` of: click switches that name their own off
    # switch (`--gap/--gapless`), and argparse's and getopt's options, but for argparse's
    # BooleanOptionalAction (diceware's `--caps` has a `--no-caps` only while it declares one)
    paired: set[str] = field(default_factory=set)
    # option-shaped string literals of the shipped code: flags some parser we do not read
    # accepts (a table-driven argparse, an IPython magic), so naming them is not drift
    flag_literals: set[str] = field(default_factory=set)
    # each command's own options by its name ("" for programs' root commands): a flag of
    # one sub-command named under another is not that one's
    command_options: dict[str, set[str]] = field(default_factory=dict)
    # flags only argparse root parsers take: argparse stops reading the program's own flags
    # at its sub-command's word, so `tool sub --root-flag` is an error
    root_only: set[str] = field(default_factory=set)
    # sub-commands only ever found under another sub-command (`tags follow`): never a
    # program's first word
    nested_only: set[str] = field(default_factory=set)
    # options the code builds from templates (`--*set`), as one expression: None when none
    flag_patterns: re.Pattern[str] | None = None
    # dotted keys the shipped code spells as strings (a config key `scriv.create.add`, a
    # logger name): a document naming one names the key, not a Python path
    key_literals: set[str] = field(default_factory=set)
    key_prefixes: set[str] = field(default_factory=set)  # `"pyramid."`, joined to keys
    # the Django settings the package reads or declares (`ACCOUNT_LOGIN_URL`)
    django_settings: set[str] = field(default_factory=set)
    # CamelCase words the package's docstrings write ("members in UserModel"): the code's
    # own name for a class the reader defines, when the project defines none by it
    docstring_words: set[str] = field(default_factory=set)
    # the code scans the environment by a computed prefix: its own variables are open
    env_scanned: bool = False
    registered: set[str] = field(default_factory=set)  # names stored under a string key
    sql_functions: set[str] = field(default_factory=set)  # what the code's SQL calls
    # relative paths and globs the shipped code spells: files it looks for where it runs
    path_literals: set[str] = field(default_factory=set)
    # prefixes of members the code reaches by a built name (`getattr(self, "convert_" + tag)`)
    attr_prefixes: tuple[str, ...] = ()
    plugins: bool = False  # a command group also gets sub-commands from plugins
    computed: bool = False  # a command group names sub-commands by values we cannot read
    # the command a top-level group hands a line whose first word names none (see
    # `CliCommand.default`), when the project has one such group
    default_command: str = ""
    # commands that accept flags we cannot name (another package's decorator adds them, or
    # unknown ones pass on): sub-commands by name, "" for a program's own command
    open_commands: set[str] = field(default_factory=set)
    # commands that hand the rest of their command line to another program (`run sh -c`)
    wrappers: set[str] = field(default_factory=set)
    # an option's inner name -> how it is spelled (`dest="source"` -> `--remote`): a flag
    # named like the inner name and spelled no more is a renamed option
    dests: dict[str, set[str]] = field(default_factory=dict)
    # dests the code reads off a parse result that no parser we read declares: options of a
    # parser another library builds (coqpit's `TrainerArgs.init_argparse()`)
    read_dests: set[str] = field(default_factory=set)
    # click groups made with `chain=True`: a line may name several of their commands
    chained: set[str] = field(default_factory=set)
    # scripts whose command takes no sub-commands: a word after them is an argument; and
    # scripts whose command the analysis did not find (they parse their own `sys.argv`)
    leaf_scripts: set[str] = field(default_factory=set)
    # the flags of single-command programs whose options are all named (see _script_commands)
    program_options: dict[str, frozenset[str]] = field(default_factory=dict)
    # (program, sub-command) -> that sub-command's flags, where the program's parser makes it:
    # stegano-lsb's `hide` takes no `-f` that stegano-wav's `hide` takes
    program_commands: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    positional_programs: set[str] = field(default_factory=set)  # of those, the ones taking words
    # whether `-h` needs declaring: every parser read is click's or typer's, which add only
    # `--help` unless told (`help_option_names=["-h", "--help"]`), unlike argparse
    declared_help: bool = False
    unparsed_scripts: set[str] = field(default_factory=set)
    entry_commands: set[str] = field(default_factory=set)  # sub-commands from entry points
    # a docopt program's whole grammar, read from its usage text: script -> (its command
    # words, its flags). Other programs of the project may take other words and flags
    # (sumy keeps `--language` once `sumy_eval` renamed its own)
    grammars: dict[str, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)
    env_vars: set[str] = field(default_factory=set)
    # of those, the ones read through another library's reader (bpyutils' `getenv`, which
    # may spell them with a start of its own)
    env_foreign: set[str] = field(default_factory=set)
    shell_flags: set[str] = field(default_factory=set)  # the flags its shell functions take
    test_env_vars: set[str] = field(default_factory=set)  # named by the test suite alone
    test_env_reads: set[str] = field(default_factory=set)  # of those, the ones it reads
    env_prefixes: set[str] = field(default_factory=set)
    # of those, the ones named after the project (`GWPY_`) or starting several of the
    # variables it reads, not taken from one read (`LIGO_DATAFIND_SERVER` gives `LIGO_`)
    own_env_prefixes: set[str] = field(default_factory=set)
    # the heads of nested settings' variables whose fields the scan lists
    # (`POSTING_HEADING` of `POSTING_HEADING__VISIBLE`, pydantic-settings')
    env_nested: set[str] = field(default_factory=set)
    env_patterns: set[str] = field(default_factory=set)  # prefixes of names built at run time
    env_prefix_literals: set[str] = field(default_factory=set)  # `"KEYRING_PROPERTY_"` in code
    env_suffixes: set[str] = field(default_factory=set)  # `"{}_LOG_FRIENDLY".format(prefix)`
    # the project's own prefixes its docstrings say a family applies under (``CALDAV_*``
    # variables): a dependency the code hands its settings to may read them, by names the
    # code never spells
    env_families: set[str] = field(default_factory=set)
    files: set[str] = field(default_factory=set)
    dirs: set[str] = field(default_factory=set)
    code_dirs: set[str] = field(default_factory=set)  # top folders holding the project's code
    basenames: set[str] = field(default_factory=set)  # last components of repository files
    # names of the repositories the package metadata links to (`pydantic-settings` for
    # https://github.com/pydantic/pydantic-settings): the project's own home on a code forge
    repositories: set[str] = field(default_factory=set)
    # other packages the project requires or imports, their dotted parts in lower case
    # (`sqlalchemy`, `elementtree`): a sentence naming one gives the next name to it
    libraries: set[str] = field(default_factory=set)
    sites: set[str] = field(default_factory=set)  # hosts of the project's own web pages
    # the choices of a lone program's first positional argument (keyring's `get`, `set`,
    # `del`): its verbs, checked as sub-commands are
    verbs: set[str] = field(default_factory=set)
    # the same of a sub-command (`kb sync push|pull|info`), by its names
    command_verbs: dict[str, frozenset[str]] = field(default_factory=dict)
    # programs the project plugs into (`pytest11` entry points: pytest), whose command
    # lines pass the project's namespaced flags (`pytest --typeguard-packages=...`)
    hosts: set[str] = field(default_factory=set)
    distribution: str = ""  # the name the package metadata gives
    version: str = ""  # the version it gives ("" when it is computed at build time)

    @property
    def packages(self) -> set[str]:
        return self.names.packages

    def is_key(self, name: str) -> bool:
        """Whether the code spells `name` as a key: whole (`"scriv.create.add"`), or as a
        prefix literal joined to a key literal (`'pyramid.' + key` with `'reload_templates'`,
        a settings class's `"ALLAUTH_"` with `"TRUSTED_PROXY_COUNT"`)."""
        if name in self.key_literals:
            return True
        if (
            "." in name
            and all(part[:1].islower() for part in name.split("."))
            and name.lower() in self._lower_dotted_keys
        ):
            # git's `cola.autoloadCommitTemplate`, spelt lower-case: keys git folds (not a
            # class, `streamlink.stream.Stream`, beside the module path "streamlink.stream.stream")
            return True
        head, dot, rest = name.partition(".")
        if (
            dot
            and rest in self.key_literals
            and f"{head}." in self._key_namespaces
            and rest not in self.names.by_last
        ):
            # kinto's `kinto.storage_backend`: a setting under the namespace the code's own
            # keys use (`"kinto.settings_prefix"`), named by a key it spells (`"storage_backend"`)
            # and by nothing it defines (pyramid_debugtoolbar's `add_debugtoolbar_panel` is a
            # function of a submodule, whatever name it is registered under)
            return True
        for prefix in (p for p in self.key_prefixes if name.startswith(p)):
            rest = name[len(prefix) :]
            if rest in self.key_literals:
                return True
            # the start of a family: `pyramid.debug_`, "the `pyramid.reload` settings"
            start = rest.rstrip("_") + "_"
            if len(start) > 2 and any(k.startswith(start) for k in self.key_literals):
                return True
        return False

    @functools.cached_property
    def _lower_dotted_keys(self) -> frozenset[str]:
        """The dotted keys the code spells all in lower case (git config keys, which git
        compares without case): a page may write them camelCased."""
        return frozenset(k for k in self.key_literals if "." in k and k == k.lower())

    @functools.cached_property
    def _key_namespaces(self) -> frozenset[str]:
        """The first parts of the dotted keys the code spells (`kinto.` of
        `"kinto.settings_prefix"`)."""
        return frozenset(k.partition(".")[0] + "." for k in self.key_literals if "." in k)

    def own_page(self, url: str) -> bool:
        """Whether a web address is one of the project's own pages (its repository, its docs
        site, a host named after it): a name linked to another site is that site's name."""
        host = _host(url)
        if repository := repository_name(url):
            return repository in self.repositories or repository in self.own_names()
        labels = set(re.split(r"[.-]", host))
        return host in self.sites or any(
            set(re.split(r"[._-]", n)) <= labels for n in self.own_names()
        )

    def namespaced(self, flag: str) -> bool:
        """`--typeguard-packages`: a long flag that starts with the project's own name, as
        a plugin names the flags it adds to its host program."""
        head, dash, rest = flag.removeprefix("--").partition("-")
        if not (flag.startswith("--") and dash and rest and len(head) > 2):
            return False  # `--no-color` is no plugin's for a project called `no`
        return head.lower() in self.own_names()

    def own_names(self) -> set[str]:
        """The names the project goes by: its distribution, packages and scripts."""
        return {n.lower() for n in (self.distribution, *self.packages, *self.scripts) if n}

    @functools.cached_property
    def data_stems(self) -> frozenset[str]:
        """The names of the data files the package ships beside its code (demucs'
        `remote/htdemucs_ft.yaml`, a model it loads by that name): a page names them as
        values the code looks up, not as code; and of the notebooks anywhere (kilosort's
        `docs/tutorials/make_probe.ipynb`, which a page lists by name)."""
        return frozenset(
            path.rsplit("/", 1)[-1].split(".")[0]
            for path in self.files
            if path.endswith(".ipynb")
            or (
                "/" in path
                and path.split("/")[0] in self.code_dirs
                and not path.endswith((".py", ".pyi", ".pyx"))
            )
        )

    @functools.cached_property
    def macros(self) -> frozenset[str]:
        """Macros the project's Jinja templates define (`{% macro render_commit(commit) %}`):
        docs for template writers call them. Read once, on the first name that needs it."""
        found: set[str] = set()
        for path in sorted(f for f in self.files if f.endswith(_TEMPLATE_SUFFIXES)):
            try:
                text = (self.root / path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            found.update(_MACRO.findall(text))
        return frozenset(found)

    def top_level_names(self, page: str, target: str) -> set[str]:
        """The names a Python file a page includes (`.. literalinclude:: ../ex/async.py`)
        defines at its top level, or makes there by name (deap's `creator.create(
        "FitnessMax", base.Fitness, ...)`); nothing when it is missing or does not parse.
        The file is only read, never run."""
        folder = posixpath.dirname(page)
        tops = [folder]
        if target.startswith("/"):  # Sphinx's: from the source folder, some page's parent
            parts = folder.split("/")
            tops += ["/".join(parts[:i]) for i in range(len(parts) - 1, -1, -1)]
        paths = [posixpath.normpath(posixpath.join(t, target.lstrip("/"))) for t in tops]
        path = next(
            (p for p in paths if not p.startswith("..") and (self.root / p).is_file()), None
        )
        if path is None:
            return set()
        try:
            tree = parse_module((self.root / path).read_bytes(), path)
        except (OSError, SyntaxError, ValueError):
            return set()
        found: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.add(node.name)
            elif isinstance(node, ast.Assign):
                found.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif (
                isinstance(node, ast.Expr)
                and isinstance(call := node.value, ast.Call)
                and call.args
                and isinstance(first := call.args[0], ast.Constant)
                and isinstance(first.value, str)
                and first.value.isidentifier()
            ):
                found.add(first.value)
        return found

    def exists(self, path: str) -> bool:
        """Whether a repository path exists (a file or a folder)."""
        path = path.strip("/")
        if path in self.files or path in self.dirs or not path:
            return True
        return (self.root / path).exists() if self.root.is_dir() else False


def _nested_only(commands: Sequence[CliCommand]) -> set[str]:
    """The names of commands that are only ever a sub-command's sub-command (toot's `tags
    follow`): no program takes them as its first word."""
    # a program's root: "" (argparse, docopt), or a named group with no parent (click's
    # `cli`) where no "" root beside it makes its parentless commands top-level ones
    rooted = {c.path for c in commands if not c.name and c.parent is None and c.has_subcommands}
    roots = {c.name for c in commands if c.parent is None and c.path not in rooted} | {""}
    top = {
        name
        for c in commands
        if c.parent is None or c.parent in roots
        for name in (c.name, *c.aliases)
    }
    return {
        name
        for c in commands
        if c.parent is not None and c.parent not in roots
        for name in (c.name, *c.aliases)
    } - top


def _root_only(commands: Sequence[CliCommand], builders: set[int]) -> set[str]:
    """The flags of programs' argparse root parsers that no other root command takes: a
    docopt usage, a getopt loop or a hand-read argv accepts its flags anywhere, and so does
    an argparse parser we cannot place (`CliCommand.anywhere`)."""
    strict: set[str] = set()
    lenient: set[str] = set()
    for command in commands:
        if command.name or id(command) in builders:
            continue
        flags = {f for o in command.options if not o.positional for f in o.flags}
        argparse = command.framework == "argparse" and not command.anywhere
        (strict if argparse else lenient).update(flags)
    return strict - lenient


def _subparser_builders(commands: Sequence[CliCommand]) -> set[int]:
    """The unnamed commands that only fill a named sub-command's parser: tmuxp's
    `create_load_subparser(parser)` in `cli/load.py`, read on its own as a program with the
    same options as `tmuxp load`. Their flags are that sub-command's, not the program's."""
    named = [
        {f for o in c.options if not o.positional for f in o.flags} for c in commands if c.name
    ]
    found = set()
    for command in commands:
        flags = {f for o in command.options if not o.positional for f in o.flags}
        if not command.name and flags and any(flags <= other for other in named):
            found.add(id(command))
    return found


# First words of environment variables that belong to other programs or the system: a project
# reading XDG_CONFIG_HOME or PIP_TOOLS_CACHE does not make every XDG_* or PIP_* its own.
OTHER_NAMESPACES = frozenset(
    {
        "XDG", "PIP", "PYTHON", "GIT", "GITHUB", "RUNNER", "CI", "AWS", "AZURE", "GOOGLE",
        "GCP", "DOCKER", "NODE", "NPM", "CONDA", "VIRTUAL", "LC", "LANG", "TERM", "SSL",
        "REQUESTS", "HTTP", "HTTPS", "NO", "COMP", "PYTEST", "TOX", "UV", "POETRY",
        "QT",  # Qt's own (`QT_QPA_PLATFORM`, `QT_STYLE_OVERRIDE`), whatever qtpy reads
    }
)  # fmt: skip


_COMMAND_GROUP = re.compile(r"(?:^|[._])(?:(?:\w*_)?(?:sub)?commands|entry_points)$")
# the request variables of CGI, which a WSGI server reads from its `environ` dict
_CGI_NAMESPACES = frozenset(
    {"REMOTE", "SERVER", "REQUEST", "SCRIPT", "QUERY", "CONTENT", "PATH", "GATEWAY", "AUTH"}
)


def _env_word(name: str) -> str:
    return re.split(r"[-_.]", name)[0].upper()


_TEMPLATE_SUFFIXES = (".jinja", ".jinja2", ".j2", ".html", ".htm", ".tmpl", ".tpl")
_MACRO = re.compile(r"\{%-?\s*macro\s+([A-Za-z_]\w*)\s*\(")

# hosts many projects share: a page there is not the project's own for its host alone
_SHARED_HOSTS = frozenset({"", "pypi.org", "github.com", "gitlab.com", "readthedocs.io"})


# entry-point groups of plugins, and the program that loads them
_HOSTS = (
    ("pytest11", "pytest"),
    ("flake8.", "flake8"),
    ("pylint.", "pylint"),
    ("sphinx.", "sphinx-build"),  # a builder or an extension (sphinxcontrib-spelling)
)


def _host(url: str) -> str:
    return urlsplit(url.strip()).netloc.lower().split("@")[-1].split(":")[0]


def distribution_key(name: str) -> str:
    """A distribution name as PEP 503 compares them (`Python_Slugify` is `python-slugify`)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _string_value(source: str | None) -> str | None:
    """The identifier a class attribute's source text (`"regex"`) holds, if it is one."""
    if not source or source[:1] not in "'\"" or source[-1:] != source[:1]:
        return None
    value = source[1:-1]
    return value if value.isidentifier() else None


def repository_name(url: str) -> str:
    """The repository a code-forge URL points into (`https://gitlab.com/o/name/-/issues`: name)."""
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    forge = "git" in parts.netloc or parts.netloc in {"bitbucket.org", "codeberg.org"}
    if not forge or len(segments) < 2:
        return ""
    return segments[1].lower().removesuffix(".git")


def build_index(analysis: Analysis) -> ProjectIndex:
    """Index the CLI, environment variables and files of an analysis, beside its names."""
    index = ProjectIndex(root=Path(analysis.root), names=names_of(analysis))
    modules = [m for m in analysis.modules if m.role != "test"]
    meta = analysis.metadata
    index.scripts = {e.name for e in meta.entry_points if e.group.endswith("_scripts")}
    index.scripts |= {path.rsplit("/", 1)[-1] for path in meta.script_files}
    index.entry_groups = {e.group for e in meta.entry_points}
    index.installs = bool(index.scripts)
    index.other_options = {
        flag
        for m in analysis.modules
        for c in m.cli
        for o in c.options
        if not o.positional
        for flag in o.flags
    }
    index.other_commands = {c.name for m in analysis.modules for c in m.cli if c.name}
    builders = _subparser_builders(analysis.cli)
    defaults = {c.default for c in analysis.cli if c.default and not c.parent}
    index.default_command = next(iter(defaults)) if len(defaults) == 1 else ""
    index.declared_help = bool(analysis.cli) and all(
        c.framework in {"click", "typer"} for c in analysis.cli
    )
    unlisted: set[str] = set()  # valued flags some option takes any value for
    counted: dict[str, set[int]] = {}  # the words click commands of a name take before theirs
    for command in analysis.cli:
        if command.name:
            index.subcommands.add(command.name)
            index.subcommands.update(command.aliases)
        index.plugins = index.plugins or command.plugins
        index.computed = index.computed or command.computed
        if command.chained:
            index.chained.update((command.name, *command.aliases))
        if command.parent:
            index.nested.setdefault(command.parent, set()).update((command.name, *command.aliases))
        arguments = [o for o in command.options if o.positional]
        if command.plugins or command.computed:
            index.open_groups.add(command.name)
        elif command.framework in {"click", "typer"} and all(o.required for o in arguments):
            counted.setdefault(command.name, set()).add(sum(o.values for o in arguments))
        elif arguments:
            index.open_groups.add(command.name)
        if command.framework == "typer":
            index.options |= TYPER_OPTIONS
        if "/management/commands/" in f"/{command.path}":  # a Django management command
            index.options |= DJANGO_COMMAND_OPTIONS
        if command.framework == "objects":  # flags known, grammar not: tasks add flags
            index.open_commands.add("")
        for option in command.options:
            if option.rest:
                index.wrappers.update((command.name, *command.aliases))
            if option.unnamed:
                index.open_commands.update((command.name, *command.aliases))
                if command.parent is None:  # a program's own, or one we could not place
                    index.open_commands.add("")
            elif not option.positional:
                index.options.update(option.flags)
                for name in (command.name, *command.aliases):
                    if id(command) in builders:
                        continue  # a sub-command's parser, read where it is filled
                    index.command_options.setdefault(name, set()).update(option.flags)
                index.dests.setdefault(option.dest, set()).update(option.flags)
                if not option.is_flag:
                    index.valued.update(option.flags)
                    if option.values != 1:  # two or more, or all up to the next flag (0)
                        index.values.update(dict.fromkeys(option.flags, option.values))
                    for flag in option.flags:
                        if option.choices:
                            listed = index.choices.get(flag, frozenset())
                            index.choices[flag] = listed | frozenset(option.choices)
                            for name in (command.name, *command.aliases):
                                index.command_choices[(name, flag)] = frozenset(option.choices)
                        else:
                            unlisted.add(flag)
                if command.abbreviations:
                    index.abbreviable.update(f for f in option.flags if f.startswith("--"))
                longs = [f for f in option.flags if f.startswith("--")]
                # click, docopt and getopt never make `--no-X` of `--X` (a click switch spells
                # its pair); argparse does with BooleanOptionalAction; typer for booleans
                fixed = command.framework in {"click", "docopt", "getopt"}
                if fixed or (command.framework == "argparse" and not option.negatable):
                    index.paired.update(longs)
            if option.envvar:
                index.env_vars.add(option.envvar)
    index.choices = {f: c for f, c in index.choices.items() if f not in unlisted}
    for name, counts in counted.items():
        # a group's words counted only where every command of its name takes as many
        if len(counts) > 1:
            index.open_groups.add(name)
        elif (words := counts.pop()) and name in index.nested:
            index.group_arguments[name] = words
    roots = {c.function: c.name for c in analysis.cli if c.parent is None and c.function}
    for entry in meta.entry_points:
        root = roots.get(entry.target.replace(":", "."))
        if entry.group.endswith("_scripts") and root in index.group_arguments:
            index.script_arguments[entry.name] = index.group_arguments[root]
    index.root_only = _root_only(analysis.cli, builders)
    index.nested_only = _nested_only(analysis.cli)
    (
        index.leaf_scripts,
        index.unparsed_scripts,
        index.program_options,
        index.positional_programs,
        index.program_commands,
    ) = _script_commands(analysis, index.names)
    index.grammars = _docopt_grammars(analysis, index.names)
    # `[project.entry-points."twine.registered_commands"]`: the sub-commands a program loads
    # by name at run time (`check = "twine.commands.check:main"`), each parsing its own flags
    index.entry_commands = {
        e.name for e in meta.entry_points if _COMMAND_GROUP.search(e.group) and e.name
    }
    index.subcommands |= index.entry_commands
    index.verbs = _verbs(analysis) if len(index.scripts) <= 1 else set()
    index.command_verbs = _command_verbs(analysis)
    index.hosts = {
        host for e in meta.entry_points for group, host in _HOSTS if e.group.startswith(group)
    }
    if not index.scripts and analysis.cli and meta.name:
        index.scripts.add(meta.name)
    index.accessors = {
        match.group(1): cls.fullname
        for cls in analysis.iter_classes()
        for decorator in cls.decorators
        if (match := _ACCESSOR.search(decorator))
    }
    index.management_commands = {
        m.path.rsplit("/", 1)[-1].removesuffix(".py")
        for m in analysis.modules
        if m.role == "package" and "/management/commands/" in f"/{m.path}"
    } - {"__init__"}
    direct: set[str] = set()  # read by the standard library's readers or the project's
    for env in (e for m in modules for e in m.env_vars):
        if "." in env.via and not env.via.startswith("os."):
            index.env_foreign.add(env.name)
        else:
            direct.add(env.name)
        if env.name.endswith("*"):  # a name the code builds at run time: `KLARO_` + key
            index.env_patterns.add(env.name[:-1])
        elif env.name.startswith("*"):  # `"{}_LOG_FRIENDLY".format(prefix)`
            index.env_suffixes.add(env.name[1:])
        else:
            index.env_vars.add(env.name)
            if env.via == "pydantic-settings" and "__" in env.name:
                index.env_nested.add(env.name.partition("__")[0])
    index.env_foreign -= direct
    readers = _shell_scripts(analysis, index.packages)
    scripts = [text for shipped, text in readers if shipped]
    # (what any shell script of the project reads: osprofiler's DevStack plugin,
    # `devstack/lib/osprofiler`, reads the OSPROFILER_COLLECTOR its README sets)
    from_shell = {v for _, text in readers for v in _SHELL_VARIABLE.findall(text)}
    index.env_vars |= from_shell
    index.env_vars |= _c_getenv(analysis)
    # (those that carry the project's name: `CMAKE_*` are CMake's, `CIBW_*` cibuildwheel's)
    own = tuple(n.upper().replace("-", "_") for n in (meta.name or "", *index.packages) if n)
    index.env_vars |= {v for v in _cmake_variables(analysis) if v.startswith(own)}
    index.env_vars |= _scikit_build_variables(analysis)
    index.shell_flags = {f for text in scripts for f in _SHELL_FLAG.findall(text)}
    tests = [e for m in analysis.modules if m.role == "test" for e in m.env_vars]
    index.test_env_vars = {e.name for e in tests} - index.env_vars
    index.test_env_reads = {e.name for e in tests if e.via != "sets"} - index.env_vars
    names = [meta.name or "", *index.packages, *index.scripts]
    prefixes = {n.upper().replace("-", "_") for n in names if n}
    # a script called `http` does not make HTTP_PROXY the project's
    index.own_env_prefixes = {p + "_" for p in prefixes if p not in OTHER_NAMESPACES}
    index.env_prefixes = set(index.own_env_prefixes)
    # the first word of a variable it reads, unless another program's: the system's, a
    # dependency's (`DJANGO_SETTINGS_MODULE` set for Django) or CGI's (a WSGI `environ`)
    foreign = [  # the modules the code imports from other packages
        i.module
        for m in modules
        for i in m.imports
        if i.module.split(".")[0] not in index.names.packages | {"__future__"}
    ]
    theirs = (
        OTHER_NAMESPACES
        | _CGI_NAMESPACES
        | {_env_word(d) for d in [*foreign, *index.names.dependencies]}
    )
    # (not a shell script's expansions: ansible-dev-tools' devspaces entrypoint.sh expands
    # the `PROJECT_SOURCE` Dev Spaces sets, which makes no `PROJECT_` family of its own)
    read_words = Counter(
        v.split("_")[0]
        for v in index.env_vars - (from_shell - direct)
        if "_" in v[1:] and v.split("_")[0] not in theirs
    )
    index.env_prefixes |= {word + "_" for word in read_words}
    # a family of its own: several variables under one word (`MAGENTIC_BACKEND`,
    # `MAGENTIC_API_TOKEN`), not one read of another program's (`LIGO_DATAFIND_SERVER`)
    index.own_env_prefixes |= {word + "_" for word, n in read_words.items() if n >= 2}
    # (after the prefixes: a build's knobs, `CC ?= gcc`, say nothing of the program's names)
    index.env_vars |= _make_variables(analysis)  # each one the environment may set
    index.repositories = {n for _, url in meta.urls if (n := repository_name(url))}
    index.sites = {_host(url) for _, url in meta.urls if not repository_name(url)} - _SHARED_HOSTS
    index.distribution = meta.name or ""
    index.version = meta.version or ""
    index.libraries = {part.lower() for module in foreign for part in module.split(".")} | {
        d.lower() for d in index.names.dependencies
    }
    index.env_prefix_literals = {
        p for m in modules if m.role in {"package", "script"} for p in m.env_prefix_literals
    }
    index.flag_literals = {
        f
        for m in modules
        if m.role in {"package", "script"} and not analysis.foreign(m)
        for f in m.flag_literals
    }
    index.key_literals = {k for m in modules if m.role == "package" for k in m.key_literals}
    index.django_settings = {k for m in modules if m.role == "package" for k in m.django_settings}
    # (less the dests any parser we read declares, its positionals' too: telnetlib3's
    # `args.host` is its positional `host`, no sign of a `--host` option)
    declared = {o.dest for m in modules for c in m.cli for o in c.options if o.dest} | set(
        index.dests
    )
    index.read_dests = {
        d for m in modules if m.role in {"package", "script"} for d in m.parsed_reads
    } - declared
    index.key_prefixes = {k for m in modules if m.role == "package" for k in m.key_prefixes}
    package_docstrings = _docstrings([m for m in modules if m.role == "package"])
    index.docstring_words = _docstring_words(package_docstrings)
    # (the project's whole namespace, `CALDAV_*`, none of which the code reads itself: hatch's
    # help naming `HATCH_PYTHON_SOURCE_*`, a family it does not read, is as wrong as the page
    # copying it, and fsspec's "``FSSPEC_*``" beside its own read of `FSSPEC_CONFIG_DIR`
    # leaves a page's `FSSPEC_CONFIG_DIRECTORY` a typo)
    index.env_families = {
        family
        for family in _env_families(package_docstrings) & index.own_env_prefixes
        if not any(v.startswith(family) for v in index.env_vars | index.env_patterns)
    }
    patterns = sorted(
        {
            p
            for m in modules
            if m.role in {"package", "script"} and not analysis.foreign(m)
            for p in m.flag_patterns
        }
    )
    if patterns:
        index.flag_patterns = re.compile(
            "|".join(re.escape(p).replace(r"\*", r"[\w-]*") for p in patterns)
        )
    # a scan whose prefixes the code spells (tqdm's `envwrap("TQDM_")`) is read as `TQDM_*`
    scans = any(m.env_scan for m in modules if m.role == "package")
    index.env_scanned = scans and not index.env_patterns
    index.registered = {r for m in modules if m.role == "package" for r in m.registered}
    index.sql_functions = {f for m in modules if m.role == "package" for f in m.sql_functions}
    index.path_literals = {p for m in modules if m.role == "package" for p in m.path_literals}
    keyed_by = {a for m in modules if m.role == "package" for a in m.registered_by}
    index.registered |= {
        value
        for m in modules
        if keyed_by and m.role == "package"
        for c in m.classes
        for a in c.attributes
        if a.name in keyed_by and (value := _string_value(a.value))
    }
    # a plugin an entry point registers by name (hbmqtt's `topic_acl`), which a host loads
    index.registered |= {e.name for e in meta.entry_points if not e.group.endswith("_scripts")}
    built = {p for m in modules if m.role == "package" for p in m.attr_prefixes}
    index.attr_prefixes = tuple(sorted(built))
    index.files = {f.path for f in analysis.files} | {s.path for s in analysis.skipped}
    index.basenames = {p.rsplit("/", 1)[-1] for p in index.files}
    shipped = [m for m in modules if m.role in {"package", "script"} and "/" in m.path]
    index.code_dirs = {m.path.split("/")[0] for m in shipped}
    index.dirs = {p.rsplit("/", i)[0] for p in index.files for i in range(1, p.count("/") + 1)}
    folders = {m.path.rpartition("/")[0] for m in shipped}
    index.key_literals |= _data_file_names(index, folders) | _yaml_key_paths(index, folders)
    index.key_literals |= _action_names(index)
    return index


def _action_names(index: ProjectIndex) -> set[str]:
    """The inputs and outputs of the GitHub Action the repository is (its root `action.yml`):
    a README's `requirements_file` is the action's input, which no Python defines."""
    found: set[str] = set()
    for path in ("action.yml", "action.yaml"):
        if path not in index.files:
            continue
        import yaml  # only for a repository that is an action

        try:
            data = yaml.safe_load((index.root / path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue  # an action file that does not read defines nothing we can list
        for section in ("inputs", "outputs"):
            declared = data.get(section) if isinstance(data, dict) else None
            if isinstance(declared, dict):
                found.update(str(name) for name in declared)
    return found


_XML_NAME = re.compile(rb"""\bname\s*=\s*["']([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+)["']""")


def _data_file_names(index: ProjectIndex, folders: set[str]) -> set[str]:
    """Dotted names the package's XML data files declare (ZConfig's `<sectiontype
    name="ZConfig.basic.mapping">`, a ZCML registration): identifiers of that format,
    which documents write like Python paths."""
    found: set[str] = set()
    for path in sorted(index.files):
        if not path.endswith((".xml", ".zcml")) or path.rpartition("/")[0] not in folders:
            continue
        try:
            with open(index.root / path, "rb") as handle:
                data = handle.read(200_000)
        except OSError:
            continue
        found.update(m.decode("ascii") for m in _XML_NAME.findall(data))
    return found


_KEY_PATH_DEPTH = 4  # `a.b.c.d`: deeper paths are data, not settings a page names


def _yaml_key_paths(index: ProjectIndex, folders: set[str]) -> set[str]:
    """The dotted key paths of the YAML files the package ships (garak's `garak.core.yaml`
    has `reporting:` holding `report_dir:`, which its FAQ names `reporting.report_dir`): the
    settings a configuration file of the program holds, which no Python defines."""
    paths = [
        p
        for p in sorted(index.files)
        if p.endswith((".yaml", ".yml")) and p.rpartition("/")[0] in folders
    ]
    if not paths:
        return set()
    import yaml  # only for a package that ships YAML data

    found: set[str] = set()
    for path in paths:
        try:
            with open(index.root / path, "rb") as handle:
                data = yaml.safe_load(handle.read(200_000))
        except (OSError, UnicodeDecodeError, yaml.YAMLError, RecursionError):
            continue  # a data file that does not read (or a template) names nothing we use
        stack: list[tuple[str, object]] = [("", data)]
        while stack:
            prefix, node = stack.pop()
            if not isinstance(node, dict) or prefix.count(".") >= _KEY_PATH_DEPTH - 1:
                continue
            for key, value in node.items():
                if isinstance(key, str) and key.isidentifier():
                    if prefix:
                        found.add(f"{prefix}.{key}")
                    stack.append((f"{prefix}.{key}" if prefix else key, value))
    return found


# also tcsh's `$?NAME` (whether it is set)
_SHELL_VARIABLE = re.compile(r"\$\??\{?(?:env:)?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)")
_SHELL_HEADS = (b"#!", b"#compdef")
# a flag a shell function tests for: `-a)` in a `case`, `[ "$1" = "-d" ]`
_SHELL_FLAG = re.compile(r"""(?<![\w$-])(--?[A-Za-z][\w-]*)(?:\)|"\s*\]|\|)""")
# shells whose scripts the file scan does not tell by suffix (powerline's bindings)
_OTHER_SHELLS = (".fish", ".tcsh", ".csh", ".ksh")


# `getenv("CYSIGNALS_CRASH_QUIET")` in C: a variable the extension reads
_C_GETENV = re.compile(rb'\b(?:secure_)?getenv\s*\(\s*"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"')
_C_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp")
_C_FILES = 200  # a C library vendored whole says nothing more past this many files


def _c_getenv(analysis: Analysis) -> set[str]:
    """The variables the project's own C sources read with `getenv("NAME")` (cysignals'
    `implementation.c` reads `CYSIGNALS_CRASH_QUIET`), in its package folders or `src/`."""
    found: set[str] = set()
    shipped = [m for m in analysis.modules if m.role in {"package", "script"} and "/" in m.path]
    tops = {m.path.split("/")[0] for m in shipped} | {"src"}
    paths = [
        f.path
        for f in analysis.files
        if f.path.endswith(_C_SUFFIXES) and f.path.split("/")[0] in tops
    ]
    for path in paths[:_C_FILES]:
        try:
            with open(Path(analysis.root) / path, "rb") as handle:
                data = handle.read(1_000_000)
        except OSError:
            continue
        if b"getenv" in data:
            found.update(m.decode("ascii") for m in _C_GETENV.findall(data))
    return found


def _cmake_variables(analysis: Analysis) -> set[str]:
    """The variables the top CMakeLists.txt of a scikit-build project reads from the
    environment: `$ENV{NAME}`, and where it reads them by a name it loops over (pyzmq's
    `foreach(_optname ZMQ_DRAFT_API ...)` then `DEFINED ENV{${_optname}}`), the options and
    cache variables it declares (`option(ZMQ_DRAFT_API ...)`, `set(X "4.3.5" CACHE ...)`)
    and the names it loops over."""
    if not any(f.path == "CMakeLists.txt" for f in analysis.files):
        return set()
    try:
        text = (Path(analysis.root) / "CMakeLists.txt").read_text(
            encoding="utf-8", errors="replace"
        )
    except OSError:
        return set()
    found = set(_CMAKE_ENV.findall(text))
    if "ENV{${" in text:
        found |= set(_CMAKE_DECLARED.findall(text))
        for names in _CMAKE_LOOP.findall(text):
            found |= {n for n in names.split() if _CMAKE_NAME.fullmatch(n)}
    return found


def _scikit_build_variables(analysis: Analysis) -> set[str]:
    """The variables pyproject.toml's `[tool.scikit-build]` reads from the environment:
    a define's `{ env = "COINCURVE_UPSTREAM_REF", default = "..." }` and an override's
    `if.env.NAME` condition, both scikit-build-core's own syntax."""
    if not any(f.path == "pyproject.toml" for f in analysis.files):
        return set()
    try:
        text = (Path(analysis.root) / "pyproject.toml").read_text(encoding="utf-8")
        if "scikit-build" not in text:
            return set()
        tool = tomllib.loads(text).get("tool")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return set()
    found: set[str] = set()
    stack = [tool.get("scikit-build")] if isinstance(tool, dict) else []
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            env = node.get("env")
            if isinstance(env, str):
                found.add(env)
            elif isinstance(env, dict):
                found.update(k for k in env if isinstance(k, str))
            stack.extend(v for k, v in node.items() if k != "env")
    return {v for v in found if _CMAKE_NAME.fullmatch(v)}


def _make_variables(analysis: Analysis) -> set[str]:
    """The variables the top Makefile takes from the environment when set there: those it
    gives a default with `?=` (socketsecurity's `SOCKET_SDK_PATH ?= ../socketdev`)."""
    found: set[str] = set()
    for file in analysis.files:
        if file.path not in _MAKEFILES:
            continue
        try:
            text = (Path(analysis.root) / file.path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found |= set(_MAKE_DEFAULT.findall(text))
    return found


# xarray's and pandas' (`register_dataset_accessor("xsimlab")`, `register_dataframe_accessor`)
_ACCESSOR = re.compile(
    r"register_(?:dataset|dataarray|datatree|dataframe|series|index)_accessor\(\s*['\"](\w+)['\"]"
)
_MAKEFILES = frozenset({"Makefile", "makefile", "GNUmakefile"})
_MAKE_DEFAULT = re.compile(r"^\s*(?:export\s+)?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*\?=", re.M)
_CMAKE_ENV = re.compile(r"\bENV\{([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\}")
_CMAKE_DECLARED = re.compile(
    r"^\s*(?:option|set)\s*\(\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b(?=[^)]*(?:CACHE|\"))", re.M
)
_CMAKE_LOOP = re.compile(r"^\s*foreach\s*\(\s*\w+\s+([^)]*)\)", re.M)
_CMAKE_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def _shell_scripts(analysis: Analysis, packages: set[str]) -> list[tuple[bool, str]]:
    """The text of the shell scripts outside the tests, each with whether the package ships
    it: in a package folder (argcomplete's `bash_completion.d/_python-argcomplete`), or
    installed as it is, wherever it lies (virtualenvwrapper's `virtualenvwrapper.sh`, named
    in setup.py's `scripts=`): the project's code, though not Python. Scripts are told by
    their suffix or, without one, their first line."""
    found: list[tuple[bool, str]] = []
    root = Path(analysis.root)
    installed = set(analysis.metadata.script_files)
    for file in analysis.files:
        parts = file.path.split("/")
        shipped = bool(packages & set(parts[:-1])) or file.path in installed
        if not (shipped or not is_test_path(file.path)) or file.size > 200_000:
            continue
        told = file.language == "shell" or parts[-1].endswith(_OTHER_SHELLS)
        if not told and ("." in parts[-1] or file.language == "python"):
            continue
        try:
            data = (root / file.path).read_bytes()
        except OSError:
            continue
        sniffed = file.language == "other" and _reads_like_shell(data)
        if told or data.startswith(_SHELL_HEADS) or sniffed:
            found.append((shipped, data.decode("utf-8", "replace")))
    return found


# `NAME=value` (no spaces: an ini file's `key = value` has them) and a `$NAME` expansion
_SHELL_ASSIGNMENT = re.compile(rb"^[ \t]*(?:export[ \t]+)?[A-Za-z_]\w*\+?=\S", re.MULTILINE)
_SHELL_EXPANSION = re.compile(rb"\$(?:\{|\()?[A-Za-z_]")


def _reads_like_shell(data: bytes) -> bool:
    """Whether a file with neither suffix nor `#!` line is shell all the same: it sets
    variables and expands them, as the files DevStack sources from a plugin do
    (cinderlib's `devstack/settings`: `CINDERLIB_SAMPLE=$CINDERLIB_SAMPLE_DIR/...`)."""
    head = data[:4096]
    return bool(_SHELL_ASSIGNMENT.search(head) and _SHELL_EXPANSION.search(head))


class _ScriptCommands(NamedTuple):
    leaves: set[str]  # scripts whose command takes no sub-commands
    unparsed: set[str]  # scripts whose command the analysis did not find
    own: dict[str, frozenset[str]]  # the flags of single commands whose flags are all named
    positional: set[str]  # of those, the ones taking words
    scoped: dict[tuple[str, str], frozenset[str]]  # (program, sub-command) -> its flags


def _script_commands(analysis: Analysis, names: Names) -> _ScriptCommands:
    """Console scripts whose command (`pkg.cli:main`, followed through re-exports) is a single
    command, not a group; those whose function is no command the analysis read (it parses
    `sys.argv` by hand), in a module that declares none; of the single commands whose
    options are all named, those options: the program's own (zulip-send takes no `--user`
    though an integration's parser does); which of those take words; and of the groups, the
    flags of each sub-command their parser makes (see `_own_subcommands`)."""
    # by the function's full name (`function` may be written short); a root parser over the
    # sub-parsers the same function makes (argparse's `add_parser` inside `main`)
    ordered = sorted(
        ((m, c) for m in analysis.modules for c in m.cli if c.function),
        key=lambda pair: pair[1].parent is None,
    )
    commands = {
        c.function if c.function.startswith(f"{m.name}.") else f"{m.name}.{c.function}": (m, c)
        for m, c in ordered
        if c.function
    }
    # a group is named by its module's commands: another module's (an example repository's)
    # group `cli` says nothing of this one's `cli`
    parents = {(m.name, c.parent) for m in analysis.modules for c in m.cli if c.parent}
    # option objects (invoke's `Argument`) say a program's flags, not its grammar: words after
    # them (invoke's task names) take flags of their own
    with_cli = {m.name for m in analysis.modules if any(c.framework != "objects" for c in m.cli)}
    leaves: set[str] = set()
    unparsed: set[str] = set()
    own: dict[str, frozenset[str]] = {}
    positional: set[str] = set()  # of those, the ones whose parser takes words
    scoped: dict[tuple[str, str], frozenset[str]] = {}
    # (a function making two parsers leaves its program's flags to either)
    parsers = Counter(
        (m.name, c.function) for m in analysis.modules for c in m.cli if c.parent is None
    )
    targets = _script_targets(analysis, names)
    # one program, one parser: the script runs it, however many calls away (youtube-
    # transcript-api's `main()` makes a `YouTubeTranscriptCli` whose `_parse_args` builds it)
    shipped = [(m, c) for m in analysis.modules if m.role in {"package", "script"} for c in m.cli]
    sole = [
        (m, c) for m, c in shipped if c.parent is None and not c.name and c.framework == "argparse"
    ]
    if len(shipped) != 1:
        sole = []  # mycli's click command beside the parser of one of its shell's commands
    if any(not e.group.endswith("_scripts") for e in analysis.metadata.entry_points):
        sole = []  # commands from entry points (`relay.commands`): a parser may be one's
    for program, (module, target, home) in targets.items():
        found = commands.get(target) or _called_program(names.defs.get(target), commands, names)
        # (pytest-watcher's `ptw` and `pytest-watcher` are two names of one entry point)
        one_target = len({t for _, t, _ in targets.values()}) == 1
        if found is None and one_target and len(sole) == 1 and sole[0][1].function:
            found = sole[0]
        if found is None:
            if module not in with_cli and home not in with_cli:
                unparsed.add(program)
            elif _one_flat_parser(analysis, home):
                # `main()` runs the parser another function of its module builds (pyatv's
                # `atvremote`, whose `command` positional is matched at run time): no group
                leaves.add(program)
            continue
        where, command = found
        scoped.update(((program, n), f) for n, f in _own_subcommands(where, command).items())
        if not (command.has_subcommands or command.plugins or command.computed) and not (
            {(where.name, command.name), (where.name, command.function)} & parents
        ):
            leaves.add(program)
            # options all declared by `add_argument` (not click's: a command class or a
            # decorator of another module may add more, click-odoo's `env_options`)
            if (
                command.framework == "argparse"
                and parsers.get((where.name, command.function), 0) == 1
                and not command.option_refs
                and not command.anywhere
                and not any(o.unnamed for o in command.options)
            ):
                own[program] = frozenset(
                    f for o in command.options if not o.positional for f in o.flags
                )
                if any(o.positional for o in command.options):
                    positional.add(program)
    for program, (module, _, _) in targets.items():
        if module.endswith(".__main__") and program in leaves:
            # `python -m localtileserver` runs the `__main__` module its console script's
            # entry point is in: that program, a single command whose words are arguments
            runs = f"python -m {module.removesuffix('.__main__')}"
            leaves.add(runs)
            if program in own:
                own[runs] = own[program]
            if program in positional:
                positional.add(runs)
    # programs installed as they are (`scripts=["bin/num2words"]`): the file's own commands
    for path in analysis.metadata.script_files:
        script = next((m for m in analysis.modules if m.path == path.removeprefix("./")), None)
        roots = [c for c in script.cli if c.parent is None] if script else []
        name = path.rsplit("/", 1)[-1]
        if script is not None and not roots:
            unparsed.add(name)
        elif len(roots) == 1 and not (roots[0].has_subcommands or roots[0].plugins):
            leaves.add(name)
    # `python -m ijson.benchmark -p x`: a module of the package run as a program, whose one
    # argparse parser names all its flags, takes those only
    for runnable in analysis.modules:
        roots = [c for c in runnable.cli if c.parent is None]
        if runnable.role != "package" or len(roots) != 1:
            continue
        root = roots[0]
        if (
            root.framework == "argparse"
            and not (root.name or root.has_subcommands or root.option_refs or root.anywhere)
            and not any(o.unnamed for o in root.options)
        ):
            program = f"python -m {runnable.name.removesuffix('.__main__')}"
            own[program] = frozenset(f for o in root.options if not o.positional for f in o.flags)
            if any(o.positional for o in root.options):
                positional.add(program)
    return _ScriptCommands(leaves, unparsed, own, positional, scoped)


def _own_subcommands(module: Module, root: CliCommand) -> dict[str, frozenset[str]]:
    """The flags of each sub-command a program's argparse parser makes in its own module
    and function, by name and alias, where they are all named. Several programs of one project
    often share sub-command names (stegano's `stegano-lsb hide`, `stegano-rdh hide`), whose
    flags differ; a sub-command made elsewhere (a helper module's `register(subparsers)`)
    is left to the project-wide lookup."""
    if root.framework != "argparse":
        return {}  # (click's `add_command` makes a placeholder apart from the command's own)
    children = [
        c
        for c in module.cli
        if c.parent == root.name and c is not root and c.function == root.function
    ]
    names = Counter(n for c in children for n in (c.name, *c.aliases))
    found: dict[str, frozenset[str]] = {}
    for child in children:
        if child.option_refs or child.anywhere or any(o.unnamed for o in child.options):
            continue
        flags = frozenset(f for o in child.options if not o.positional for f in o.flags)
        found.update((n, flags) for n in (child.name, *child.aliases) if names[n] == 1)
    return found


def _script_targets(analysis: Analysis, names: Names) -> dict[str, tuple[str, str, str]]:
    """Each console script's (module, function as the names know it, module defining that
    function): `pkg.cli:main` followed through re-exports."""
    found = {}
    for entry in analysis.metadata.entry_points:
        if entry.group.endswith("_scripts"):
            module, _, function = (part.strip() for part in entry.target.partition(":"))
            target = names.lookup(f"{module}.{function}") or f"{module}.{function}"
            found[entry.name] = (module, target, names.module_of.get(target, module))
    return found


def _docopt_grammars(
    analysis: Analysis, names: Names
) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Each script whose module parses its command line with docopt alone, and so spells
    its whole grammar in one usage text: its command words and flags."""
    homes = {script: home for script, (_, _, home) in _script_targets(analysis, names).items()}
    by_path = {m.path: m.name for m in analysis.modules}
    for path in analysis.metadata.script_files:
        if path.removeprefix("./") in by_path:
            homes[path.rsplit("/", 1)[-1]] = by_path[path.removeprefix("./")]
    cli = {m.name: m.cli for m in analysis.modules if m.cli}
    grammars = {}
    for script, home in homes.items():
        commands = cli.get(home, ())
        if commands and all(c.framework == "docopt" for c in commands):
            words = frozenset(c.name for c in commands if c.name and c.parent is None)
            flags = frozenset(f for c in commands for o in c.options for f in o.flags)
            grammars[script] = (words, flags)
    return grammars


def _one_flat_parser(analysis: Analysis, module: str) -> bool:
    """Whether a module declares one argparse program and no sub-commands at all."""
    cli = [c for m in analysis.modules if m.name == module for c in m.cli]
    return (
        len(cli) == 1
        and cli[0].framework == "argparse"
        and not (cli[0].name or cli[0].has_subcommands or cli[0].plugins or cli[0].computed)
    )


def _verbs(analysis: Analysis) -> set[str]:
    """The choices of the first positional argument of the one root command that has such
    choices and no sub-commands (`parser.add_argument("operation", choices=[...])`)."""
    found = []
    for command in (c for m in analysis.modules if m.role != "test" for c in m.cli):
        if command.parent is None and not command.has_subcommands and not command.plugins:
            first = next((o for o in command.options if o.positional), None)
            if first is not None and first.choices:
                found.append(set(first.choices))
    return found[0] if len(found) == 1 else set()


def _command_verbs(analysis: Analysis) -> dict[str, frozenset[str]]:
    """The choices of the first positional argument of each sub-command that has no
    sub-commands of its own (kb-manager's `sync` takes `push`, `pull` or `info`), by the
    command's names; a name two commands share with other choices is left out."""
    found: dict[str, set[frozenset[str]]] = {}
    for command in (c for m in analysis.modules if m.role != "test" for c in m.cli):
        if command.parent is None or command.has_subcommands or command.plugins:
            continue
        first = next((o for o in command.options if o.positional), None)
        choices = frozenset(first.choices) if first is not None else frozenset()
        for name in (command.name, *command.aliases):
            found.setdefault(name, set()).add(choices)
    return {name: next(iter(c)) for name, c in found.items() if len(c) == 1 and next(iter(c))}


def _called_program(
    function: object, commands: dict[str, tuple[Module, CliCommand]], names: Names
) -> tuple[Module, CliCommand] | None:
    """The program a script's function runs: by calling it (`def main(): program()` after
    `from radon.cli import program`), when one program with a sub-command has that name, or
    a module-level object of the function's module that is its one program (typer's `app()`);
    else the one program the project functions it calls run, up to three calls away
    (pyicloud's `main()` imports the typer app module's `main()` on call, which runs `app()`)."""
    if not isinstance(function, Function):
        return None
    roots = {
        (c.function or "").rsplit(".", 1)[-1]: (m, c)
        for m, c in commands.values()
        if c.has_subcommands
    }
    apps: dict[str, list[tuple[Module, CliCommand]]] = {}  # the root groups, by module
    for m, c in commands.values():
        if c.has_subcommands and not c.name and c.parent is None:
            apps.setdefault(m.name, []).append((m, c))
    seen = {function.fullname}
    level = [function]
    for _ in range(4):
        runs: dict[tuple[str, int], tuple[Module, CliCommand]] = {}
        for caller in level:
            for m, c in _runs(caller, roots, apps.get(caller.module, []), names):
                runs[(c.path, c.lineno)] = (m, c)
        if runs:
            return next(iter(runs.values())) if len(runs) == 1 else None
        followed: dict[str, Function] = {}
        for caller in level:
            for call in caller.calls:
                # (a call through a function-local import is kept as the imported full name)
                head = call.partition(".")[0]
                target = names.resolve_in(caller.module, call) or (
                    names.lookup(call) if "." in call and head in names.packages else None
                )
                defined = names.defs.get(target) if target and target not in seen else None
                if target is not None and isinstance(defined, Function):
                    followed[target] = defined
        seen |= set(followed)
        level = [followed[t] for t in sorted(followed)]
    return None


def _runs(
    function: Function,
    roots: dict[str, tuple[Module, CliCommand]],
    apps: list[tuple[Module, CliCommand]],
    names: Names,
) -> list[tuple[Module, CliCommand]]:
    """The programs `function` runs by calling them itself."""
    called = {call.rsplit(".", 1)[-1] for call in function.calls}
    found = [
        (m, c)
        for name in called
        if name in roots
        for m, c in [roots[name]]
        # its module's own `appstart`, not another script's of that name (pyatv's `atvremote`
        # beside `atvproxy`, whose `appstart` makes sub-commands)
        if m.name == function.module or f"{function.module}.{name}" not in names.kinds
    ]
    if not found and len(apps) == 1:
        constants = {v.name for v in apps[0][0].constants}
        found = [apps[0]] if constants & set(function.calls) else []
    return found


def _docstrings(modules: list[Module]) -> list[str]:
    """The docstrings of `modules`: of each module, function, class and method."""
    texts = [m.docstring or "" for m in modules]
    for module in modules:
        texts += [f.docstring or "" for f in module.functions]
        for cls in iter_classes(module.classes):
            texts += [cls.docstring or "", *(f.docstring or "" for f in cls.methods)]
    return [text for text in texts if text]


def _docstring_words(texts: list[str]) -> set[str]:
    """The CamelCase words written plainly (no code markup) in the docstrings `texts`."""
    words = {word for text in texts for word in prose_names(text)}
    # `UserModel`, not `cron_command` nor a flag
    return {word for word in words if "_" not in word and not word.startswith("-")}


# a family of variables by its start: `CALDAV_*`, `CALDAV_<KEY>`, `CALDAV_{NAME}`
_ENV_FAMILY = re.compile(r"\b([A-Z][A-Z0-9]+_(?:[A-Z0-9]+_)*)(?:\*|<\w+>|\{\w+\})")
_ENVIRONMENT_WORD = re.compile(r"environ|\benv\b|variable", re.IGNORECASE)


def _env_families(texts: list[str]) -> set[str]:
    """The starts of variable families that docstrings speaking of the environment name:
    caldav's "``CALDAV_*`` variables apply", read by the configuration library it calls."""
    return {
        m.group(1)
        for text in texts
        if _ENVIRONMENT_WORD.search(text)
        for m in _ENV_FAMILY.finditer(text)
    }
