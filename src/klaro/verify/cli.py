"""Claims about the project's command line: `tool sub --flag` lines and flags named in prose.

A command line is a claim when its program is one of the project's scripts (or `python -m`
one of its modules): every flag after it must be an option the program accepts as a user
types it, and its first word a sub-command, unless plugins add sub-commands at run time.

A flag alone in a code span (`--exit-code`, ``--no-warnings``), in a sentence, a table or a
list, is a claim about the project's CLI when the project has one: the text says which
program it means only when it means another (`less -R` in its examples, "pass `--no-binary`
to pip"), so the flag is the project's unless its sentence names another program, or the
document runs another program with it.
"""

from __future__ import annotations

import difflib
import re
import shlex
from collections.abc import Callable, Collection
from dataclasses import replace

from klaro.scan.model import Module
from klaro.verify.former import Former
from klaro.verify.index import UNIVERSAL_OPTIONS, ProjectIndex, distribution_key
from klaro.verify.outcome import Outcome
from klaro.verify.refs import Document, Reference
from klaro.verify.sections import heading_above, page_title, section_above, section_of
from klaro.verify.wording import CODE_SPAN, sentences_around

PYTHONS = frozenset({"python", "python3", "py", "pypy", "pypy3"})
_SHELL_OPERATORS = frozenset({"|", "||", "&&", ";", "&", ">", ">>", "<", "2>", "2>&1", "|&"})
# Options written as the name of their kind: `--option`, `--no-OPTION`, `--arguments`.
_PLACEHOLDERS = frozenset(
    {"option", "options", "flag", "flags", "arg", "args", "argument", "arguments", "foo", "bar"}
)
# Words a usage line writes for any sub-command: `tool release REPO command [options]`.
_COMMAND_PLACEHOLDERS = frozenset({"command", "subcommand", "sub-command", "cmd", "action"})
# Programs prose names when it gives their flags (`--no-binary` to pip, git's `--ignore-rev`):
# well-known tools whose names are not also common English words.
_OTHER_PROGRAMS = frozenset(
    {
        "pip", "pipx", "pip3", "git", "python", "python3", "pytest", "tox", "nox", "npm",
        "npx", "yarn", "docker", "podman", "conda", "mamba", "poetry", "uv", "pdm", "hatch",
        "cargo", "rustc", "gcc", "clang", "curl", "wget", "ssh", "grep", "sed", "awk", "jq",
        "black", "ruff", "flake8", "mypy", "isort", "pylint", "pre-commit", "sphinx-build",
        "mkdocs", "gunicorn", "uvicorn", "kubectl", "helm", "brew", "apt", "apt-get", "gh",
        "twine", "setuptools", "virtualenv", "venv", "ipython", "jupyter", "coverage",
        "sqlite3", "psql", "mysql", "node", "deno", "bash", "zsh", "powershell",
        "heroku", "django", "django-admin", "sudo", "systemctl", "terraform", "ansible",
        "vagrant", "gcloud", "aws", "az", "composer", "mvn", "gradle", "ffmpeg",
        "cmake", "meson", "ninja", "clangd", "nuitka", "pyinstaller", "auditwheel",
        "delocate", "maturin", "nginx", "pandoc", "doxygen", "valgrind",
        "gdb", "lldb", "openssl", "rustup", "pixi", "conda-build", "mount", "chmod",
        "chown", "tmux", "screen", "gpg", "rsync", "ps", "kill", "crontab", "journalctl",
    }
)  # fmt: skip
# Programs whose names are also words (`ls`, `make`, `find`): another's only in a code span.
_OTHER_PROGRAM_SPANS = _OTHER_PROGRAMS | frozenset(
    {
        "ls", "cd", "rm", "cp", "mv", "cat", "make", "find", "go", "less", "more", "man",
        "open", "ag", "rg", "tar", "zip", "unzip", "vim", "emacs", "java", "ruby", "gem",
        "rake", "php", "perl", "lua", "swift", "cargo", "ping", "ssh", "scp", "rsync", "top",
        "timeout", "nohup", "xargs", "watch", "nice", "env", "tee", "sort", "head", "tail",
    }
)  # fmt: skip
_PROMPT_START = re.compile(r"^\s*(?:[$%>]\s+)?")
_TRAIT_FLAG = re.compile(r"^--([A-Z]\w*)\.([A-Za-z_]\w*)$")  # `--Repo2Docker.base_image`
_SPELLINGS = re.compile(r"-\w[\w-]*(?:/--?\w[\w-]*)+")  # `-l/--list`
# `-4`: a short flag that is a digit (wakeonlan's `-4, --ipv4`), or a negative number
_DIGIT_FLAG = re.compile(r"-\d,?")
_WORD = re.compile(r"[A-Za-z][\w.+-]*")
# "run ``gnome-keyring-daemon``", "start `redis-server`": a span a sentence runs is a program
_RUN_SPAN = re.compile(
    r"\b(?:run|runs|running|start|launch|execute|invoke)\s+(?:`+([^`\s][^`]*)`+|[_*]([\w.-]+)[_*])"
    r"|`+([^`\s][^`]*)`+\s+(?:command|program|utility|tool|daemon|binary|executable)\b",
    re.I,
)  # also "run _format-docstring_ with": a program's name in emphasis
# "`--enable-rpc` option of `aria2c`", "flag to pytest": the program a flag is given to
_OPTION_OF = re.compile(
    r"[`*_]*\s+(?:command[- ]line\s+)?(?:option|flag|switch|argument|parameter)s?\s+"
    r"(?:of|to|for|in)\s+(?:the\s+)?(?:(?:invocation|command(?:\s+line)?|call|run)\s+of\s+)?"
    r"([`*_]*)([A-Za-z][\w.-]*)"  # "parameter to the invocation of ``py.test``"
    r"|[`*_]*\s+(?:in|of|for)\s+(`+)([A-Za-z][\w.-]*)`"  # "`--no-isolation` in `build`"
    r"|[`*_]*\s+()([a-z][\w.-]*)\s+(?:option|flag|switch)s?\b"  # "``-o mand`` mount option"
)
# "pass extra flags to Trivy", "arguments to pass to Checkov", "options passed on to
# `pytest`": flags a wrapper hands on to the program it runs
_HANDED_TO = re.compile(
    r"\b(?:flags|options|arguments|args|switches)\s+"
    r"(?:(?:to\s+(?:be\s+)?)?pass(?:ed)?\s+(?:on\s+|through\s+|along\s+)?)?to\s+"
    r"(?:the\s+)?([`*_]*)([A-Za-z][\w.-]*)",
    re.I,
)
_LEAD_REACH = 8  # lines above a flag, in its section, that can say whose flags they are
# words after "flags to" that name no program: "pass flags to the command", "to it"
_GENERIC_OWNERS = frozenset(
    {
        "the", "a", "an", "it", "them", "this", "that", "each", "every", "any", "all",
        "your", "our", "its", "their", "command", "commands", "program", "script", "tool",
        "function", "method", "call", "cli", "underlying", "wrapped", "subprocess",
        "process", "runner", "server", "plugin", "backend", "builder", "compiler",
        "interpreter", "shell", "main",
    }
)  # fmt: skip
# the spans listed after a flag's own, up to the words on them all
_LISTED_WITH = re.compile(r"`*(?:\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)`+[^`]+`+)*")
# "the etcd flags `--key-file` and `--cert-file`": the program named before its flags
_OWNER_BEFORE = re.compile(
    r"\b([a-z][\w.-]*)\s+(?:option|flag|switch)(?:s|es)?\s+"
    r"(?:`+[^`]+`+\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+))*`*$"
)
# "... in the Kubernetes API server config": the flags of the program whose set-up it is
_IN_CONFIG = re.compile(
    r"\s(?:in|to|from)\s+(?:the|your)\s+((?:[A-Z][\w.-]*\s+){1,4})(?:[a-z]+\s+)?"
    r"(?:config(?:uration)?|manifest|settings|unit\s+file|service\s+file)\b"
)
# words before "flag" that say what kind of flag it is, not whose: "the `--x` boolean flag"
_FLAG_ADJECTIVES = frozenset(
    {
        "boolean", "bool", "global", "optional", "required", "mandatory", "cli", "config",
        "configuration", "new", "old", "older", "deprecated", "same", "other", "short",
        "long", "hidden", "experimental", "extra", "additional", "verbose", "debug",
        "default", "following", "corresponding", "related", "positional", "named",
        "special", "useful", "common", "important", "relevant", "main", "top-level",
        "standalone", "separate", "single", "multiple", "repeatable", "this", "that",
        "these", "those", "the", "a", "an", "its", "their", "our", "your", "command",
        "command-line", "line", "program", "tool", "script", "build", "runtime", "run",
        "test", "output", "input", "logging", "log", "format", "filter", "feature",
        "legacy", "unstable", "beta", "advanced", "basic", "generic", "specific", "custom",
        "own", "cmd", "shell", "environment", "env", "dry-run", "force", "quiet", "help",
        "version", "matching", "equivalent", "similar", "respective", "appropriate",
    }
)  # fmt: skip
_FAMILY = re.compile(r"[`*_]*\s+(?:options|flags|switches|arguments)\b")  # "`--x` options"
_WITH_SPAN = re.compile(r"\s+with\s+`+([^`]+)`")  # "run X with `--flag`": what X is given
# a flag the document's own example declares: `parser.add_argument('--block-size', ...)`
_DECLARED = re.compile(r"""(?:add_argument|add_option|option|argument)\(\s*['"](--?[\w-]+)['"]""")
# Words of a sentence about running a program (`the `records` command-line tool`)
_PROGRAM_TALK = re.compile(r"command(?:-line)?s?|cli|tools?|scripts?|executables?|programs?", re.I)
# Words a text introduces a plugin's command with: its sub-commands are not the program's own.
_PLUGIN_TALK = re.compile(r"\b(?:plugins?|extensions?|install)", re.IGNORECASE)


class CliClaims:
    """Check command lines and lone flags against one project's CLI surface."""

    def __init__(
        self,
        index: ProjectIndex,
        module: Callable[[Reference, str], Outcome],
        former: Former | None = None,
    ) -> None:
        self.index = index
        self._module = module  # resolves `python -m pkg.mod` to the project's module
        self._former = former  # the documented state's names: a script renamed since
        self._others: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        # what a command line of ours may pass, and what a flag in prose may name
        self._accepted = index.options | index.flag_literals
        self._real = self._accepted | index.other_options

    def command(self, ref: Reference, text: str, doc: Document | None = None) -> Outcome:
        """A shell command: checked only when its program is the project's."""
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        if ref.kind == "code" and any(w.startswith("[-") for w in words[1:]):
            # a synopsis in a span (``urlextract [-h] [-u] [-i <ignore_file>]``): its optional
            # flags in brackets, alternatives split by `|` (a block's is read as help text)
            words = [w.strip("[]()") for w in words if w not in {"|", "..."}]
            words = [w for w in words if w and w != "|"]
        # one command of a pipeline or list is the project's (`tool -x | grep y`): the first,
        # or the first that runs one of our programs (`perf script | gprof2dot.py -f perf`)
        words = self._our_segment(words)
        if not words:
            return Outcome("ignored", ref)
        if (script := self.git_command(" ".join(words))) is not None:
            words = [script, *words[2:]]  # `git up -q`: git runs the project's `git-up`
        program = words[0].rsplit("/", 1)[-1]
        args = words[1:]
        if doc is not None and _aliased(doc, words[0], ref.line):
            return Outcome("ignored", ref)  # the page's own alias (`alias tool='docker run'`)
        if program.endswith(".py") and program[:-3] in self.index.scripts:
            program = program[:-3]  # `ipwhois_cli.py`: the module its console script runs
        elif (
            ref.context.startswith("help")
            and program.endswith(".py")
            and program[:-3] not in self.index.packages
            and len(self.index.scripts) == 1
            and self._package_file(program)
        ):
            # docker-squash's help pasted as `usage: cli.py [-h] ...`, awscurl's as
            # `__main__.py`: argparse named the file the program ran from, the one script
            program = next(iter(self.index.scripts))
        elif program.endswith(".py") and program[:-3] in self.index.packages:
            # `xlsx2csv.py -a`: the project's module run as a script, as its console script
            # or `python -m` would run it; `tika.py` is the package's module of its name
            # (`tika/tika.py`) when the package itself has no `__main__`
            stem = program[:-3]
            names = self.index.names
            if names.kind(f"{stem}.__main__") is None and names.kind(f"{stem}.{stem}") == "module":
                stem = f"{stem}.{stem}"
            program, args = (
                (stem, args) if stem in self.index.scripts else ("python", ["-m", stem, *args])
            )
        if program in PYTHONS and args[:1] and args[0].endswith(".py"):
            # `python markdown2.py --extras x`: a module of the project run as a file
            stem = args[0].rsplit("/", 1)[-1].removesuffix(".py")
            if stem in self.index.packages:
                args = ["-m", stem, *args[1:]]
        if program in PYTHONS and args[:1] == ["-m"] and len(args) > 1:
            module = args[1]
            if module.split(".")[0] not in self.index.packages:
                return Outcome("ignored", ref)
            outcome = self._module(ref, module)
            if outcome.status != "resolved":
                return outcome
            idle = self._not_runnable(outcome.target)
            if idle:
                return Outcome(
                    "unresolved", ref, message=f"`python -m {module}` runs nothing: {idle}"
                )
            program, args = f"python -m {module}", args[2:]
        elif program in self.index.hosts and program not in self.index.scripts:
            return self._hosted(ref, program, args)
        elif (
            ref.context.startswith("help")
            and program not in self.index.scripts
            and program in self.index.packages
            and self.index.names.kind(f"{program}.__main__") == "module"
            and not (self._former is not None and self._former.script(program))
        ):
            # the help of a parser named after its package (xmljson's `prog='xmljson'`,
            # installed as `xml2json`): the program `python -m xmljson` runs (unless the
            # project installed a script of that name once: renamed, cronitor's)
            program = f"python -m {program}"
        elif program not in self.index.scripts:
            if ref.context == "help-option":
                return Outcome("ignored", ref)  # the help's usage line names the program
            why = self._not_installed(program)
            if why is None:
                return Outcome("ignored", ref)
            return Outcome(
                "unresolved", ref, message=why, suggestions=tuple(sorted(self.index.scripts))
            )
        return self._arguments(ref, program, args, doc)

    def page_program(self, doc: Document, line: int) -> str | None:
        """The program the last command line above 1-based `line` runs, in a block or a
        plain line (dirsync's `dirsync <sourcedir> <targetdir> [options]` over its option
        list): the one whose options a list below it gives. The project's own (or the host it
        plugs into) by its name, `python -m pkg` for its module; "" for another program
        (stdeb's `python setup.py ... bdist_deb` over that command's options); None where the
        page runs none above it."""
        commands = [r for r in (*doc.references, *doc.plain_commands) if r.kind == "command"]
        above = [r for r in commands if r.line < line and r.text.split()]
        if not above:
            return None
        words = max(above, key=lambda r: r.line).text.split()
        if words[0] in PYTHONS and words[1:2] == ["-m"] and len(words) > 2:
            return " ".join(words[:3]) if words[2].split(".")[0] in self.index.packages else ""
        program = words[0].rsplit("/", 1)[-1]
        return program if program in self.index.scripts | self.index.hosts else ""

    def _our_segment(self, words: list[str]) -> list[str]:
        """The words of the command of a pipeline or list that runs one of our programs,
        else of its first command."""
        segments: list[list[str]] = [[]]
        for word in words:
            if word in _SHELL_OPERATORS:
                segments.append([])
            else:
                segments[-1].append(word)
        for segment in segments[1:]:
            program = segment[0].rsplit("/", 1)[-1] if segment else ""
            if program in self.index.scripts or program.removesuffix(".py") in self.index.scripts:
                return segment
        return segments[0]

    def _hosted(self, ref: Reference, program: str, args: list[str]) -> Outcome:
        """`pytest --typeguard-packages=app`: the host's own flags are not ours to know, the
        ones named after the project are the plugin's."""
        for arg in args:
            flag = arg.split("=", 1)[0]
            if not flag.startswith("-") or self.known(flag, self._accepted):
                continue
            # (history is asked last: it reads the documented state)
            if self.index.namespaced(flag) or self._was_option(flag):
                return Outcome(
                    "unresolved",
                    ref,
                    message=f"`{flag}` is not an option the project adds to `{program}`",
                    suggestions=tuple(difflib.get_close_matches(flag, sorted(self.index.options))),
                )
        return Outcome("resolved", ref, program)

    def _not_runnable(self, target: str) -> str:
        """Why `python -m target` runs nothing, or "": a package needs a `__main__.py`, and
        that file, or a plain module, must do something beyond defining (a `main()` call,
        an `if __name__ == "__main__":` guard), which a refactor to entry points drops."""
        names = self.index.names
        definition = names.definition(target)
        if not isinstance(definition, Module):
            return ""
        if definition.is_package:
            main = names.definition(f"{target}.__main__")
            if not isinstance(main, Module):
                return "the package has no __main__.py"
            return "its __main__.py only defines, it calls nothing" if main.inert else ""
        if definition.inert:
            return 'the module only defines: it has no `if __name__ == "__main__":` part'
        return ""

    def _arguments(
        self, ref: Reference, program: str, args: list[str], doc: Document | None
    ) -> Outcome:
        """Check sub-commands and options as a user would type them after the program."""
        index = self.index
        if not index.options and not index.subcommands:
            # a CLI we do not read (tqdm's docstring, csvkit's class-built parsers): only a
            # flag the code spelled at the documented state and spells no more is known gone
            for arg in args:
                flag = arg.split("=", 1)[0]
                if (
                    flag.startswith("-")
                    and not self.known(flag, self._accepted)
                    and self._was_option(flag)
                ):
                    return Outcome(
                        "unresolved",
                        replace(ref, line=_line_of(doc, ref, flag)),
                        message=f"`{flag}` is no longer an option of `{program}`",
                        suggestions=tuple(difflib.get_close_matches(flag, sorted(self._accepted))),
                    )
            return Outcome("resolved", ref, program)
        skip = 0  # the words the last flag takes as its values
        first = True
        command = ""  # the sub-command the flags belong to, once a word names one
        verb_of = ""  # that command, while the word its first argument's choices allow is due
        nested: set[str] | None = None  # the sub-commands of that one, when it has its own
        # the words a group's own arguments take before its sub-command's (the program's
        # own group's, first)
        pending = index.script_arguments.get(program, 0)
        # a program that loads its sub-commands from entry points reads no grammar of its
        # own, but its words are those commands (twine's `upload`), their flags ours
        unparsed = index.unparsed_scripts if not index.entry_commands else set()
        leaves = index.leaf_scripts | unparsed
        grammar = index.grammars.get(program)  # a docopt program's own words and flags
        own = index.program_options.get(program)  # a single command's, all of them named
        if (
            index.default_command
            and program not in leaves
            and not any(a in index.subcommands for a in args if not a.startswith("-"))
        ):
            # `conda-lock -p linux-64`: no word names a command, so the group's default
            # command (`lock`) takes the line, its flags and its words
            command, first = index.default_command, False
        for at, arg in enumerate(args):
            if skip or arg == "--":
                skip -= 1
                if arg == "--":
                    break
                continue
            if _flag_word(arg) or (_DIGIT_FLAG.fullmatch(arg) and self._digit_flags(arg)):
                # a synopsis: `tool -w, --write`, docopt's `[-i, --interactive]`
                flag = arg.split("=", 1)[0].rstrip(",])")
                if (
                    command in index.open_commands
                    and not (own is not None and not command)
                    and not self.former_took(flag)
                ):
                    # its flags are not all ours to name; only history tells one gone (a
                    # deprecated `-r` kept with `dest="root_page"` says nothing of the
                    # `--root-page` that md2conf's computed options spell). One we cannot
                    # name may take the next word (babeldoc's configargparse `--openai-model
                    # "gpt-4o-mini"`): no command word
                    valued = flag not in index.options or flag in index.valued
                    following = args[at + 1] if at + 1 < len(args) else "-"
                    skip = int(valued and "=" not in arg and not following.startswith("-"))
                    continue
                if (trait := _TRAIT_FLAG.match(flag)) and "traitlets" in index.libraries:
                    # traitlets' `--Repo2Docker.base_image=...` sets a class's trait
                    untrue = self._trait(ref, doc, flag, trait.group(1), trait.group(2))
                    if untrue is not None:
                        return untrue
                    continue
                spellings = flag.split("/") if _SPELLINGS.fullmatch(flag) else [flag]
                # `-l/--list`: a README's notation for the two spellings of one flag
                unknown = [f for f in spellings if not self.known(f, self._accepted)]
                if not unknown and grammar is not None:
                    unknown = [f for f in spellings if not self.known(f, set(grammar[1]))]
                if not unknown and own is not None and not command:
                    unknown = [f for f in spellings if not self.known(f, set(own), built=False)]
                if not unknown and self._former is not None:
                    unknown = [f for f in spellings if self._parser_lost(f, command)]
                if (
                    not unknown
                    and command
                    and self._not_of(
                        command, spellings[0], after=program not in leaves, program=program
                    )
                ):
                    return self._wrong_command(ref, spellings[0], command, doc)
                if unknown:
                    flag = unknown[0]
                    close = list(self._renamed(flag))
                    spelt = grammar[1] if grammar is not None else index.options
                    close += difflib.get_close_matches(flag, sorted(spelt - {flag}), n=3)
                    return Outcome(
                        "unresolved",
                        replace(ref, line=_line_of(doc, ref, flag)),
                        message=f"`{flag}` is not an option of `{program}`",
                        suggestions=tuple(dict.fromkeys(close)),  # a rename found twice
                    )
                skip = 0
                if any(f in index.valued for f in spellings):
                    # `-o key value` (nargs=2); `--option=value` gave its one value already
                    counts = [index.values.get(f, 1) for f in spellings]
                    skip = max(counts) - ("=" in arg)
                    if 0 in counts and "=" not in arg:  # `-p a b c`: up to the next flag
                        skip = next(
                            (n for n, a in enumerate(args[at + 1 :]) if a.startswith("-")),
                            len(args) - at - 1,
                        )
                value = arg.partition("=")[2] if "=" in arg else ""
                if skip and at + 1 < len(args):
                    value = args[at + 1]
                elif (
                    "=" not in arg
                    and args[at + 1 : at + 2] in (["true"], ["false"], ["True"], ["False"])
                    and any(f in index.options for f in spellings)
                ):
                    # face_recognition's `--show-distance true` once it is a flag: a flag
                    # takes no value, and the word would be an argument
                    return Outcome(
                        "unresolved",
                        replace(ref, line=_line_of(doc, ref, flag)),
                        message=f"`{flag}` takes no value (`{flag} {args[at + 1]}`): it is "
                        f"a flag of `{program}`",
                    )
                if wrong := self._not_a_choice(ref, doc, spellings[0], value, command):
                    return wrong
                continue
            if program in unparsed:
                break  # a word of a grammar we do not know: its flags may be a task's
            if pending and first:
                pending -= 1  # the program's own argument: `kartothek_cube CUBE info`'s `CUBE`
                continue
            word = re.fullmatch(r"[a-z][a-z0-9_-]*", arg)
            # a single command takes arguments; a script whose command the analysis did not
            # find (a hand-read `sys.argv`) has a grammar we do not know
            sub = program not in leaves
            if (
                first
                and sub
                and index.subcommands
                and word
                and (
                    arg not in index.subcommands
                    or arg in index.nested_only
                    or (grammar is not None and arg not in grammar[0])
                )
            ):
                if doc is not None and (
                    arg in doc.bindings.commands or (index.plugins and doc.bindings.commands)
                ):
                    # the page's example declares it, or declares commands for a program
                    # that loads them at run time (a blueprint's `flask students create`)
                    return Outcome("ignored", ref)
                if ref.context == "help-option" and at + 1 < len(args):
                    # an option row of a sub-command's pasted help (`crossplane minify -o`):
                    # its usage line (`usage: crossplane minify ...`) says the command is gone
                    return Outcome("ignored", ref)
                gone = self._former.command(arg) if self._former is not None else None
                if gone is not None:
                    return Outcome(
                        "unresolved",
                        ref,
                        message=f"`{program} {arg}`: `{arg}` is no longer a command of "
                        f"`{program}` (`{gone[0]}` at {gone[1]})",
                    )
                if index.computed:
                    return Outcome("ignored", ref)  # named by a table we do not read
                if index.plugins and arg in index.other_commands:
                    # a command an example app declares: `flask --app flaskr init-db`
                    return Outcome("ignored", ref)
                # a plugin's command (its options unknown): said so in its section, or help
                # text pasted from an install that had the plugin
                if index.plugins and (
                    ref.context.startswith("help")
                    or (
                        doc is not None
                        and _PLUGIN_TALK.search(section_above(doc.lines, ref.line, rst=doc.rst))
                    )
                ):
                    return Outcome("ignored", ref)
                words = grammar[0] if grammar is not None else index.subcommands
                tops = sorted(words - index.nested_only)
                close = difflib.get_close_matches(arg, tops, n=3)
                owners = sorted(p for p, kids in index.nested.items() if arg in kids)
                under = f" (it is one of `{'`, `'.join(owners)}`)" if owners else ""
                return Outcome(
                    "unresolved",
                    ref,
                    message=f"`{program} {arg}`: `{arg}` is not a command of `{program}`{under}",
                    suggestions=tuple(f"{program} {c}" for c in close),
                )
            if first and sub and word and index.computed and arg not in index.subcommands:
                # lumen's `subs.add_parser(Serve.name)`: commands named by values we cannot
                # read, whose flags are theirs (`lumen serve app.yaml --show`)
                return Outcome("ignored", ref)
            if first and word and index.verbs and not index.subcommands and arg not in index.verbs:
                return Outcome(
                    "unresolved",
                    ref,
                    message=f"`{program} {arg}`: `{arg}` is not one of `{program}`'s commands "
                    f"({', '.join(sorted(index.verbs))})",
                    suggestions=tuple(
                        f"{program} {c}"
                        for c in difflib.get_close_matches(arg, sorted(index.verbs))
                    ),
                )
            if first and word and arg in index.subcommands:
                command = arg
                first = False
                verb_of = arg if arg in index.command_verbs else ""
                nested = index.nested.get(arg) if arg not in index.open_groups else None
                pending = index.group_arguments.get(arg, 0) if nested is not None else 0
                if nested is None and at + 1 < len(args) and self._former is not None:
                    # a group that also takes an argument (mackup's `link [<application>]`
                    # beside `link install`): a word that was its sub-command and is gone
                    after = args[at + 1]
                    gone = self._former.command(after) if after not in index.subcommands else None
                    if gone is not None and arg in index.nested:
                        return Outcome(
                            "unresolved",
                            ref,
                            message=f"`{program} {arg} {after}`: `{after}` is no longer a "
                            f"command of `{program} {arg}` (`{gone[0]}` at {gone[1]})",
                        )
                continue
            if pending:
                pending -= 1  # the group's own argument: `release REPO create`'s `REPO`
                continue
            if verb_of and word and nested is None:
                # `kb sync info` once `sync` takes `push`, `pull` or `status`
                choices, verb_of = index.command_verbs[verb_of], ""
                if arg not in choices and arg not in _COMMAND_PLACEHOLDERS:
                    return Outcome(
                        "unresolved",
                        ref,
                        message=f"`{program} {command} {arg}`: `{arg}` is not one of "
                        f"`{command}`'s choices ({', '.join(sorted(choices))})",
                        suggestions=tuple(
                            f"{program} {command} {c}"
                            for c in difflib.get_close_matches(arg, sorted(choices))
                        ),
                    )
            if nested is not None and word and arg in _COMMAND_PLACEHOLDERS:
                break  # `tool asset REPO command [tag]`: a usage line's word for any of them
            if nested is not None and word:
                if arg not in nested:  # `gita group rmrepo` once `rmrepo` is gone
                    close = difflib.get_close_matches(arg, sorted(nested), n=3)
                    return Outcome(
                        "unresolved",
                        ref,
                        message=f"`{program} {command} {arg}`: `{arg}` is not a command of "
                        f"`{program} {command}`",
                        suggestions=tuple(f"{program} {command} {c}" for c in close),
                    )
                command, nested = arg, None  # its flags are the nested command's
            elif word and command and arg in index.nested.get(command, ()):
                command = arg  # a sub-command we know of a group whose words stay open
            elif word and command and self._chained_sibling(command, arg):
                # geedim's `@click.group(chain=True)`: `search ... download -dt`, whose
                # flags after `download` are its own
                command, nested = arg, None
            elif command in index.wrappers:
                break  # `run sh -c '...'`: argparse.REMAINDER gives the rest to another program
            if own is not None and program not in index.positional_programs:
                # a word its parser takes none of (cyclonedx-py's `environment`): a command
                # we did not read, whose flags are not all the program's own
                own = None
            first = False  # later words may be nested commands or arguments: not checked
        return Outcome("resolved", ref, program)

    def _trait(
        self, ref: Reference, doc: Document | None, flag: str, cls: str, trait: str
    ) -> Outcome | None:
        """A traitlets configuration flag: stale when the project's class of that name (there
        may be none: another application's) lacks the trait."""
        names = self.index.names
        classes = [c for c in names.by_last.get(cls, ()) if names.kind(c) == "class"]
        if not classes or any(self._may_configure(c, trait) for c in classes):
            return None  # it has the trait, or a base of another package may (nbclient's)
        return Outcome(
            "unresolved",
            replace(ref, line=_line_of(doc, ref, flag)),
            message=f"`{flag}`: `{cls}` has no configurable `{trait}`",
        )

    def _may_configure(self, cls: str, trait: str) -> bool:
        """Whether the class has the trait, or may through a base of another package than
        traitlets (voila's `VoilaExecutor(NotebookClient)`); traitlets' own configurables
        give only their few known traits (`Application.log_level`)."""
        names = self.index.names
        status = names.verdict(f"{cls}.{trait}").status
        if status != "unknown":
            return status != "unresolved"
        foreign = {
            base
            for ours in names.method_order(cls)
            for base in names.bases.get(ours, ())
            if base not in names.kinds
        }
        if foreign and all(f.split(".")[0] == "traitlets" for f in foreign):
            return trait in _TRAITLETS_TRAITS
        return True

    def option(self, ref: Reference, text: str, doc: Document) -> Outcome:
        """A flag alone in a code span: the project's, unless the text gives it to another."""
        index = self.index
        flag = text.split("=", 1)[0].split()[0]
        if not index.options and not index.subcommands:
            return self._library_flag(ref, flag)

        if flag in doc.bindings.flags:
            return Outcome("ignored", ref)  # declared by the page's own example program
        if (_placeholder(flag) and not self.former_took(flag)) or (
            text.endswith("-") or flag.endswith("-")
        ):
            # also `--strike--`, text a syntax marks up, and `--max- time`, a pasted help
            # text wrapped inside a word
            return Outcome("ignored", ref)
        if (
            flag in index.flag_literals
            and not self.known(flag, index.options)
            and self._parser_lost(flag, self._section_command(doc, ref.line) or "")
        ):
            # `.. option:: -N` once the parser dropped it, though a string still spells it
            return Outcome(
                "unresolved",
                ref,
                message=f"`{flag}` is no longer an option of the project's commands",
                suggestions=tuple(difflib.get_close_matches(flag, sorted(index.options), n=3)),
            )
        if self.known(flag, self._real) or self._abbreviates_one(flag):
            words = text.split()
            value = text.partition("=")[2] if "=" in words[0] else ""
            if not value and len(words) == 2 and flag in self.index.choices:
                value = words[1]  # gh-md-to-html's `--origin-type repo`: the value it takes
            if wrong := self._not_a_choice(ref, doc, flag, value):
                return wrong
            section = self._section_command(doc, ref.line)
            if (
                section is not None
                and self._not_of(section, flag, nested=True)
                and not self._said_of_another(doc, ref, flag)
            ):
                return self._wrong_command(ref, flag, section, doc)
            return Outcome("resolved", ref, flag)
        if self._family(flag, ref, doc):
            return Outcome("ignored", ref)  # "the `--benchmark` options": a family's prefix
        if (
            _single_dash_word(flag)
            and not any(_single_dash_word(o) for o in index.options)
            and not self.former_took(flag)  # segno's `-sc`, the last such flag, dropped
        ):
            return Outcome("ignored", ref)  # `-fieldname`, `-Wall`: not shaped like ours
        # where a base program adds flags we cannot name (invoke's under fabric's), or the
        # project is a plugin whose docs talk of its host's flags (flake8's `--select`,
        # pytest's `--pdb`), only a typo of ours is a sign: `--prompt-for-sudo-password` is
        # the base's, near our `--prompt-for-login-password`
        hosted = (
            bool(index.hosts)
            and not index.namespaced(flag)  # `--tool-x` stays ours
            and (not index.installs or self._host_named(ref, doc, flag))
        )
        if flag.startswith("--") and flag[2:].replace("-", "_") in index.read_dests:
            # coqui-tts' `--continue_path`: its code reads `args.continue_path` off a parser
            # coqpit builds from a dataclass of another package
            return Outcome("ignored", ref)
        unnamed = (index.open_commands or hosted) and not self._was_option(flag)
        close = list(self._renamed(flag))
        cutoff = 0.9 if unnamed else 0.75
        close += difflib.get_close_matches(flag, sorted(index.options), n=3, cutoff=cutoff)
        if not close and (unnamed or self._anothers(flag, ref, doc)):
            return Outcome("ignored", ref)  # an option we cannot name, or another program's
        if close and self._anothers(flag, ref, doc, spans_only=True):
            return Outcome("ignored", ref)  # "`git-push` with the `--tags` flag", near `--tag`
        return Outcome(
            "unresolved",
            ref,
            message=f"`{flag}` is not an option of the project's commands",
            suggestions=tuple(close),
        )

    def _not_a_choice(
        self, ref: Reference, doc: Document | None, flag: str, value: str, command: str = ""
    ) -> Outcome | None:
        """`--format=cloc-xml` where `--format` takes only the values its `choices=` (or
        `click.Choice`) lists: a value written as a word, not a placeholder, that is none of
        them is wrong (pygount's renamed output format). After a sub-command that takes the
        flag, the values are that command's."""
        index = self.index
        choices = index.choices.get(flag)
        if command and flag in index.command_options.get(command, ()):
            choices = index.command_choices.get((command, flag))
        if not choices or value in choices:
            return None
        numbers = value.isdecimal() and all(c.isdecimal() for c in choices)  # `--effort=4`
        if not (_CHOICE_WORD.match(value) or numbers) or (
            numbers and int(value) in map(int, choices)
        ):
            return None
        return Outcome(
            "unresolved",
            replace(ref, line=_line_of(doc, ref, value)),
            message=f"`{value}` is not a value `{flag}` takes ({', '.join(sorted(choices))})",
            suggestions=tuple(difflib.get_close_matches(value, sorted(choices))),
        )

    def listed_choice(self, ref: Reference, doc: Document) -> Outcome | None:
        """A word span the sentence gives as a value of an option that takes only listed
        ones ("the `--repeat-scope` option with one of the next values: `session`,
        `module`"): reported when the option no longer takes it."""
        word = ref.text.strip()
        if not self.index.choices or not _CHOICE_WORD.match(word):
            return None
        sentence, _ = sentences_around(doc.lines, ref.line, ref.text)
        at = sentence.find(f"{word}`")
        flags = [
            m for m in _FLAG_IN_TEXT.finditer(sentence[: max(at, 0)]) if m[1] in self.index.choices
        ]
        if not flags or not _VALUES_OF.search(sentence[flags[-1].end() : at]):
            return None
        return self._not_a_choice(ref, doc, flags[-1][1], word)

    def _family(self, flag: str, ref: Reference, doc: Document) -> bool:
        """A prefix several options share, named as theirs by the plural after it ("all the
        ``--benchmark`` options") (a flag alone, `--skip`, is still one option)."""
        if ref.text.strip() != flag or sum(o.startswith(f"{flag}-") for o in self._real) < 2:
            return False  # `--skip x --skip y` arguments: the flag used, not a family
        line = doc.lines[ref.line - 1] if 0 < ref.line <= len(doc.lines) else ""
        at = line.find(ref.text)
        return at >= 0 and bool(_FAMILY.match(line, at + len(ref.text)))

    def _section_command(self, doc: Document, line: int) -> str | None:
        r"""The sub-command a section documents, by its heading (asciinema's
        `### \`rec [filename]\``): the flags listed there are that command's."""
        words = heading_above(doc.lines, line, rst=doc.rst).replace("`", " ").split()
        if not words:
            return None
        at = 1 if len(words) > 1 and words[0] in self.index.scripts else 0
        first = words[at]
        if first not in self.index.subcommands:
            return None
        deeper = words[at + 1] if len(words) > at + 1 else ""
        if deeper in self.index.nested.get(first, ()):
            return deeper  # "cooler cload pairs": the flags are `pairs`'
        if _COMMAND_WORD.fullmatch(deeper) and deeper not in _SECTION_WORDS:
            return None  # a command of `first` we cannot name (one a helper registers)
        return first

    def _said_of_another(self, doc: Document, ref: Reference, flag: str) -> bool:
        """Whether the flag's sentence names another sub-command that takes it ("using the
        deep diff command and passing `--create-patch`" under "deep patch command"), or the
        command line just below passes it."""
        sentence = sentences_around(doc.lines, ref.line, ref.text)[0]
        words = set(re.findall(r"[\w-]+", sentence))
        if any(c in words and not self._not_of(c, flag) for c in self.index.subcommands):
            return True
        below = _command_below(doc, ref.line)
        return len(below) > 1 and below[1] in self.index.subcommands and _passes(below, flag)

    def _not_of(
        self,
        command: str,
        flag: str,
        after: bool = False,
        *,
        nested: bool = False,
        program: str = "",
    ) -> bool:
        """Whether `flag`, an option of some command, is not one `command` or the program
        takes (a flag renamed in one sub-command while another keeps it). `after`: the flag
        follows the sub-command's word on a command line, where an argparse program's own
        flags are no longer read (notify-run's `send -a` once only the root has `-a`).
        `nested`: the flags of the command's own sub-commands count (a group's section lists
        them: githubrelease's `release` section, `--body` of `release create`). `program`:
        the program the line runs, whose own parser's sub-command of that name is meant."""
        index = self.index
        if command in index.open_commands or flag in UNIVERSAL_OPTIONS:
            return False
        if flag not in index.options and not (
            (self._former is not None and self._former.took(command, flag) is not None)
            or self._was_option(flag)
        ):
            # known otherwise (a literal, a pattern): not a sub-command's claim, unless a
            # command took it at the documented state (tmuxp's dropped `load -s`); history
            # is read only for such a flag
            return False
        root = index.command_options.get("", set())
        if after and command in index.command_options:  # its parser read: ours to name
            root = root - index.root_only
        mine = index.program_commands.get((program, command))
        own = (index.command_options.get(command, set()) if mine is None else set(mine)) | root
        if nested:
            for sub in index.nested.get(command, ()):
                own = own | index.command_options.get(sub, set())
        return not self.known(flag, own)

    def _wrong_command(
        self, ref: Reference, flag: str, command: str, doc: Document | None
    ) -> Outcome:
        own = sorted(self.index.command_options.get(command, set()))
        return Outcome(
            "unresolved",
            replace(ref, line=_line_of(doc, ref, flag)),  # the line of a long command's flag
            message=f"`{flag}` is not an option of `{command}`",
            suggestions=tuple(difflib.get_close_matches(flag, own, n=3)),
        )

    def _library_flag(self, ref: Reference, flag: str) -> Outcome:
        """A flag in the docs of a project without commands: a library's, which adds it to
        its users' commands (click-log's `--verbosity`). Only history tells it gone: a flag
        the code spelled at the documented state and spells nowhere now."""
        if flag in self.index.flag_literals or self._former is None:
            return Outcome("ignored", ref)
        old = self._former.option(flag)
        if old is None:
            return Outcome("ignored", ref)
        close = difflib.get_close_matches(flag, sorted(self.index.flag_literals), n=3, cutoff=0.6)
        return Outcome(
            "unresolved",
            ref,
            message=f"the code no longer spells the option `{flag}` (it did at {old[1]})",
            suggestions=tuple(close),
        )

    def former_program(self, ref: Reference, word: str, doc: Document) -> Outcome | None:
        """`the `records` command` after the script became `records-cli`: a program the
        project installed at the documented state and no longer does, named in a sentence
        about the command line."""
        # the cheap test first: this runs for every one-word span; a hyphenated word called
        # a command ("The CLI command `create-version-file`") may be any former script
        named = _named_as_program(doc, ref)
        if not (self._could_be_script(word) or ("-" in word.strip("-") and named)):
            return None
        if not (named or _beside(doc, ref, self.index.scripts, self.index.packages)):
            return None
        if _names_the_project(doc, ref) and not (self._former and self._former.script(word)):
            return None  # "To install `bigtree`", "run by `tcconfig` commands": its name
        own = distribution_key(word) == distribution_key(self.index.distribution or "")
        after = _words_beside(doc, ref)[1][:1]
        if own and after == ["installed"] and not (self._former and self._former.script(word)):
            return None  # "With `kedro-mlflow` installed": the distribution, no program
        if (
            own
            and _SUITE_WORD.search(word)
            and len(self.index.scripts) >= 2
            and not (self._former and self._former.script(word))
        ):
            # "{program}`gvm-tools` comes with three command line interface programs": a
            # distribution named as a suite, installing several commands none called so
            # (while "run the `speedo` tool" of `speedset` and `speeddel` is a claim)
            return None
        if word in self.index.packages and any(f"-m {word}" in line for line in doc.lines):
            # stm32loader's "You can also run `stm32loader` without installing it", over
            # `python3 -m stm32loader`: the package still runs, whatever the script became
            return None
        why = self._not_installed(word)
        if why is None:
            return None
        return Outcome(
            "unresolved", ref, message=why, suggestions=tuple(sorted(self.index.scripts))
        )

    def git_command(self, text: str) -> str | None:
        """The project's `git-up` that `git up ...` runs (git runs `git-X` on its PATH for
        `git X`), installed now or at the documented state; None for git's own commands."""
        words = text.split()
        if len(words) < 2 or words[0] != "git" or not _COMMAND_WORD.fullmatch(words[1]):
            return None
        script = f"git-{words[1]}"
        if script in self.index.scripts or (self._former and self._former.script(script)):
            return script
        return None

    def was_script(self, word: str) -> bool:
        """Whether `word` is a command the project installed at the documented state and no
        longer does, or the project's own name while it installs other commands."""
        return self._could_be_script(word) and self._not_installed(word) is not None

    def _not_installed(self, word: str) -> str | None:
        """Why `word`, a program the docs run as the project's, is not one it installs: it
        was at the documented state, or it is the project's own name (`slugify`, its package)
        while the project installs other commands (`slugify-cli`): a renamed script that no
        history is needed to see."""
        index = self.index
        if word in index.scripts or word in index.hosts or word in index.management_commands:
            return None
        old = self._former.script(word) if self._former is not None else None
        if old is not None:
            return f"`{word}` is no longer a command the project installs (it was at {old[1]})"
        # a program is typed as installed: `HTTPie` starting an output line is no command
        # (pyglet's dev script `make.py` makes no `make` of its own: the build tool is another's)
        own = word in index.packages and word not in _OTHER_PROGRAM_SPANS
        own = own or word == distribution_key(index.distribution)
        if not own or not index.scripts:
            return None
        shown = ", ".join(f"`{s}`" for s in sorted(index.scripts))
        return f"`{word}` is not a command the project installs (it installs {shown})"

    def _could_be_script(self, word: str) -> bool:
        """Whether `word` may be a script the project does not install: it is not one now,
        and is the project's name or close to one of its scripts, so other programs' names
        never wake the history."""
        index = self.index
        if word in index.scripts:
            return False
        # `restructuredtext-lint`, the distribution of `restructuredtext_lint`
        own = {distribution_key(n) for n in (*index.packages, index.distribution) if n}
        if distribution_key(word) in own:
            return True
        # `tika-python` once the script is `tika-client`: the project's name, then a word
        head = distribution_key(word).split("-")[0]
        if "-" in word.strip("-") and head in own | {distribution_key(s) for s in index.scripts}:
            return True
        return bool(difflib.get_close_matches(word, sorted(index.scripts), n=1, cutoff=0.6))

    def _digit_flags(self, word: str) -> bool:
        """Whether `-4` is a flag here, not a number: the project's parsers take a digit
        flag, or took this one at the documented state."""
        flag = word.rstrip(",")
        return any(_DIGIT_FLAG.fullmatch(o) for o in self.index.options) or self._was_option(flag)

    def _was_option(self, flag: str) -> bool:
        """Whether a command of the project took `flag` at the documented state, or an option
        whose inner name the flag spells is now spelled otherwise (`--source` when the code
        has `add_argument("--remote", dest="source")`): a rename no history is needed for."""
        return bool(self._renamed(flag)) or self.former_took(flag)

    def _parser_lost(self, flag: str, command: str) -> bool:
        """Whether `command` (a sub-command, "" for the program) took `flag` at the documented
        state and no parser takes it now, though a string of the code still spells it
        (sshuttle's dropped `-N`, also an iptables flag it passes, or a letter of `-NHr`)."""
        former = self._former
        if former is None:
            return False
        # a cluster of short flags: each letter is one
        short = not flag.startswith("--") and flag[1:].isalpha()
        letters = [f"-{c}" for c in flag[1:]] if short else [flag]
        return any(
            not self.known(f, self.index.options) and former.took(command, f) is not None
            for f in letters
        )

    def _chained_sibling(self, command: str, word: str) -> bool:
        """Whether `word` is a command of the chained group `command` belongs to."""
        return any(
            command in kids and word in kids
            for group, kids in self.index.nested.items()
            if group in self.index.chained
        )

    def _package_file(self, name: str) -> bool:
        """Whether a file of that name is a module of the project's packages (`cli.py`,
        `__main__.py`) that may run a program, not a script of its examples or of another
        program (`manage.py`), nor a stub left where a program was (pyltspice's
        `run_server.py` only prints that it moved to spicelib: no code, no imports)."""
        names = self.index.names
        return any(
            names.kind(full) == "module"
            and full in names.library
            and not _stub(names.definition(full))
            for full in names.by_last.get(name.removesuffix(".py"), ())
        )

    def former_took(self, flag: str) -> bool:
        """Whether a command of the project took `flag` at the documented state."""
        return self._former is not None and self._former.option(flag) is not None

    def _renamed(self, flag: str) -> tuple[str, ...]:
        """The spellings of the option whose inner name `flag` spells, when it is not one."""
        name = flag.lstrip("-").replace("-", "_")
        if not flag.startswith("--") or not name.isidentifier():
            return ()
        spelled = self.index.dests.get(name, set())
        if not spelled or flag in spelled:
            return ()
        return tuple(sorted(f for f in spelled if f.startswith("--")) or sorted(spelled))

    def known(self, flag: str, options: set[str], *, built: bool = True) -> bool:
        """Whether a flag is one of `options` as a user may type it: exactly, repeated or
        clustered (`-vv`, `-dco`), negated (`--no-X` for `--X`), or abbreviated where the
        parser that defines it allows (argparse, unless `allow_abbrev=False`); with `built`,
        also one of the names the code builds from templates, anywhere in the project."""
        if flag in options:
            return True
        if flag in UNIVERSAL_OPTIONS:
            # (argparse adds no `--version` of its own: docker-squash's, declared at the
            # documented state and dropped since, is gone; nor does click add `-h`: zip-files'
            # `help_option('--help', '-h')` made `help_option('--help')` drops it)
            declared = flag == "--version" or (flag == "-h" and self.index.declared_help)
            return not (declared and self.former_took(flag))
        glued = not flag.startswith("--") and len(flag) > 2 and flag[:2] in self.index.valued
        if _short_cluster(flag, options) or (glued and flag[:2] in options):
            # (argparse reads `-odot` as `-o dot` where `-o` takes a value)
            # `-ee` reads as `-e e` now, but if `-ee` was an option of its own at the
            # documented state (deptry's short `--extend-exclude`), it is that option, gone
            return not (_single_dash_word(flag) and self.former_took(flag))
        patterns = self.index.flag_patterns  # `--prop-set` of `'--{}set'.format(prefix)`
        if built and patterns is not None and patterns.fullmatch(flag):
            return True
        if flag.startswith("--no-") and f"--{flag[5:]}" in options - self.index.paired:
            return True  # argparse's BooleanOptionalAction and its kin
        abbreviable = self.index.abbreviable & options
        return _abbreviates(flag, abbreviable) and not self._means_another(flag, abbreviable)

    def _means_another(self, flag: str, options: set[str]) -> bool:
        """Whether a flag that was an option of its own at the documented state now
        abbreviates one that was there beside it: telegram-send's `--file`, gone, reads as
        `--file-manager` (a rename that keeps the prefix, `--caption` to `--captions`, does
        not: the same option answers)."""
        if self._former is None or not self.former_took(flag):
            return False
        return any(o.startswith(flag) and self._former.had_option(o) for o in options)

    def _abbreviates_one(self, flag: str) -> bool:
        """Whether a flag named with no command (a span in prose) is a prefix argparse takes
        for one command's option: kapitan's `--target` is `compile`'s `--targets` there, and
        ambiguous only across commands (`inventory`'s `--target-name`)."""
        abbreviable = self.index.abbreviable
        return any(
            _abbreviates(flag, abbreviable & options)
            and not self._means_another(flag, abbreviable & options)
            for options in self.index.command_options.values()
        )

    def _anothers(
        self, flag: str, ref: Reference, doc: Document, *, spans_only: bool = False
    ) -> bool:
        """Whether the document gives this flag to another program: in one of its command
        lines (`less -R`), or in a sentence naming another program and not ours (with
        `spans_only`, in a code span: the stronger sign, when the flag is close to ours)."""
        if self.index.namespaced(flag):
            return False  # "pass pytest the `--typeguard-packages` option": the plugin's
        programs, flags = self._other_programs(doc)
        sentence, before = sentences_around(doc.lines, ref.line, ref.text)
        at = sentence.find(ref.text)
        # (past the other flags listed with it: "`--client-ca-file` or `--x` kubelet flags")
        listed = _LISTED_WITH.match(sentence, at + len(ref.text)) if at >= 0 else None
        said = _OPTION_OF.match(sentence, listed.end()) if listed is not None else None
        index = self.index
        ours = {n.lower() for n in index.scripts | index.packages}
        marked = (said.group(1) or said.group(3)) if said else ""
        owner = (said.group(2) or said.group(4) or said.group(6)).lower() if said else ""
        proper = (
            bool(said and said.group(6))
            and owner not in _FLAG_ADJECTIVES
            and _named_alone(doc, owner)
        )
        if said and (marked or proper or owner in ours | _OTHER_PROGRAMS | programs):
            # "the `--enable-rpc` option of `aria2c`", "the ``-o mand`` mount option", "the
            # `--enable-debugging-handlers` kubelet flag": its owner's, said outright, though
            # the project once had a flag so spelled
            return owner not in ours
        before_owner = _OWNER_BEFORE.search(sentence[: max(at, 0)]) if at > 0 else None
        if (
            before_owner
            and before_owner.group(1).lower() not in _FLAG_ADJECTIVES | ours
            and _named_alone(doc, before_owner.group(1))
        ):
            return True  # "the etcd flags `--key-file` and `--cert-file`"
        configured = _IN_CONFIG.search(sentence, max(at, 0))
        if configured and not {w.lower() for w in configured.group(1).split()} & ours:
            return True  # "set `--insecure-port=0` in the Kubernetes API server config"
        spans = {s.split()[0] for s in CODE_SPAN.findall(sentence) if s.strip()}
        words = {w.lower().rstrip(".") for w in _WORD.findall(CODE_SPAN.sub(" ", sentence))}
        if self._was_option(flag):
            # the project took it at the documented state and dropped it, unless the sentence
            # gives it to another program in a span, naming none of ours (cram's "invoke
            # ``ssh`` in a test, try adding the ``-n`` option", once cram's own `-n` is gone)
            spanned = 0 < ref.line <= len(doc.lines) and f"`{ref.text}`" in doc.lines[ref.line - 1]
            return (
                spanned
                and bool(spans & (programs | _OTHER_PROGRAM_SPANS))
                and not ((words | spans) & ours or spans & index.subcommands)
            )
        if flag in flags:
            return True
        for run in _RUN_SPAN.finditer(sentence):  # "(or run _format-docstring_ with `--x`)"
            given = _WITH_SPAN.match(sentence, run.end())
            program = _program_of(next(filter(None, run.groups())))
            if given and given.group(1).startswith(flag) and program not in ours:
                return True
        above = _command_above(doc, ref.line)
        just_run = {above, above.rstrip("0123456789.")} if above in programs else set()
        if not spans_only and just_run & words:
            # "$ pip3 install ...", then "With the ``-e`` option ... pip's checkout": the
            # program just run, named again, though the sentence names ours too
            return True
        if (words | spans) & ours or spans & index.subcommands:
            return False
        if self._handed_on(doc, ref, programs):
            return True  # "Pass extra flags to Terrascan", then "- `--severity HIGH`"
        if spans_only:
            words = set()
        elif (
            {_program_of(next(filter(None, m))) for m in _RUN_SPAN.findall(sentence)}
            - ours
            - index.subcommands
        ):
            return True  # "Run ``gnome-keyring-daemon`` with ``--unlock``": that program's
        named = words | spans | {w.split("-")[0] for w in words | spans}  # `git-push` is git's
        if named & _OTHER_PROGRAMS or spans & (programs | _OTHER_PROGRAM_SPANS):
            return True
        # "we run ``uv sync`` on it. Other useful flags might include ``--locked``": the
        # sentence before names the program in a span, and none of ours
        earlier = {s.split()[0] for s in CODE_SPAN.findall(before) if s.strip()}
        others = _OTHER_PROGRAM_SPANS | programs
        if earlier & others and not earlier & (ours | index.subcommands):
            return True
        said_before = {w.lower() for w in _WORD.findall(CODE_SPAN.sub(" ", before))}
        if not words and before.rstrip().endswith(":") and said_before & _OTHER_PROGRAMS:
            # "run pytest with the option:", then the span on its own line: pytest's
            return not said_before & ours
        # "$ pip install --upgrade tool", then "Consider using the ``--user`` option": the
        # command line just above is another program's
        if above is not None and above in programs and not spans_only:
            return True
        # "stop on the first failure with `-x`:", then "$ pytest -xm ...": the command line
        # the sentence leads to is another program's, and passes the flag
        below = _command_below(doc, ref.line)
        if below and below[0] in programs and _passes(below[1:], flag):
            return True
        # a page or section whose title names another program ("Using Schemathesis with
        # Docker", "Watcher Docker Parameters") talks of its flags in passing (`--user`)
        titles = f"{page_title(doc.lines)} {heading_above(doc.lines, ref.line, rst=doc.rst)}"
        titled = {w.lower() for w in _WORD.findall(titles)}
        return not spans_only and bool(titled & (_OTHER_PROGRAMS | programs | index.hosts))

    def _handed_on(self, doc: Document, ref: Reference, programs: frozenset[str]) -> bool:
        """Whether the text leading to a flag, in its section, says the flags given there
        are handed on to another program: a wrapper's "Pass extra flags to Terrascan",
        "command-line arguments to pass to Checkov (e.g., `--check HIGH`)". The program is
        named as a proper name, a span or a program the page runs, and none of ours."""
        first = max(section_of(doc.lines, ref.line, rst=doc.rst)[0], ref.line - _LEAD_REACH)
        text = " ".join(doc.lines[first - 1 : ref.line])
        index = self.index
        ours = index.own_names() | {c.lower() for c in index.subcommands}
        owners = [(m.group(1), m.group(2).rstrip(".")) for m in _HANDED_TO.finditer(text)]
        named = [
            owner
            for marked, owner in owners
            if owner.lower() not in _GENERIC_OWNERS
            and (marked or owner[0].isupper() or owner in programs | _OTHER_PROGRAMS)
        ]
        return bool(named) and not any(o.lower() in ours for o in named)

    def _host_named(self, ref: Reference, doc: Document, flag: str) -> bool:
        """Whether the sentence of a flag, or the one before, names a program the project
        plugs into (flake8, pytest), or the page runs that program with the flag (`pytest
        -v --gherkin-terminal-reporter`): a project with programs of its own talks of the
        host's flags there."""
        sentence, before = sentences_around(doc.lines, ref.line, ref.text)
        words = {w.lower().strip("_*`") for w in re.findall(r"[\w.*`-]+", f"{before} {sentence}")}
        if words & self.index.hosts:
            return True
        # any line that runs the host, a shell block's or a plain literal block's
        runs = (_PROMPT_START.sub("", line).split() for line in doc.lines)
        return any(
            run and run[0] in self.index.hosts and any(w.split("=")[0] == flag for w in run[1:])
            for run in runs
        )

    def _other_programs(self, doc: Document) -> tuple[frozenset[str], frozenset[str]]:
        """Programs other than ours the document runs, and the flags it gives them.

        Runs are its shell lines, the code spans that start with a well-known program
        (`pipx install tool --include-deps`) and the lines of plain blocks that do (`black
        --diff trio` in a ```text block); `python -m pip` runs pip.
        """
        if doc.path not in self._others:
            programs: set[str] = set()
            flags: set[str] = set()
            for ref in doc.references:
                # (a span may start with its prompt: `$ git clone --recurse-submodules ...`)
                words = _PROMPT_START.sub("", ref.text).split()
                if ref.kind not in {"command", "code"} or not words:
                    continue
                words = _module_run(words)
                program = words[0].rsplit("/", 1)[-1]
                if ref.kind == "code" and program not in _OTHER_PROGRAM_SPANS:
                    continue
                if program in self.index.scripts or program.split(".")[0] in self.index.packages:
                    continue
                if program.startswith("-"):
                    # a block of options alone (`--existing_schema_path file.json`, "run it
                    # with the additional option"): flags for a program named elsewhere
                    continue
                programs.add(program)
                flags.update(_flags_given(words[1:]))
            flags.update(f for line in doc.lines for f in _DECLARED.findall(line))
            for line in doc.lines:  # the shell's own: `set -euo pipefail`
                if shell_set := _SHELL_SET.match(line):
                    flags.update(_flags_given(shell_set.group(1).split()))
            for line in doc.plain_lines:  # a well-known program in a block we do not run
                words = _PROMPT_START.sub("", line).split()
                words = _module_run(words)  # `python3 -m pip install --no-build-isolation .`
                if words and words[0] in _OTHER_PROGRAMS and words[0] not in PYTHONS:
                    programs.add(words[0])
                    flags.update(_flags_given(words[1:]))
            self._others[doc.path] = (frozenset(programs), frozenset(flags))
        return self._others[doc.path]


_SHELL_SET = re.compile(r"^\s*(?:\$\s+)?set\s+((?:[-+][A-Za-z]+\s*)+)")


def _named_alone(doc: Document, word: str) -> bool:
    """Whether the page names `word` on its own somewhere, not only as the kind of a flag
    ("the Kubelet's `/metrics` endpoint" beside "`--x` kubelet flag"; oaklib's "general"
    is only ever "the general option"): a thing, such as a program, not a word for a kind."""
    alone = re.compile(
        rf"(?<![\w-]){re.escape(word)}(?![\w-])(?!\s+(?:option|flag|switch|argument|parameter)s?\b)",
        re.I,
    )
    return any(alone.search(line) for line in doc.lines)


def _flags_given(words: list[str]) -> set[str]:
    """The options a command line gives: `--flag=x` as `--flag`, and each letter of a
    cluster of short ones (`set -euo pipefail` gives `-e`, `-u` and `-o`)."""
    found = {w.split("=", 1)[0] for w in words if w.startswith("-")}
    found |= {f"-{c}" for w in words if re.fullmatch(r"-[A-Za-z]{2,}", w) for c in w[1:]}
    return found


def _command_above(doc: Document, line: int, reach: int = 6) -> str | None:
    """The program of the last command line within `reach` lines above 1-based `line`."""
    found = None
    for ref in doc.references:
        if ref.kind == "command" and line - reach <= ref.line < line and ref.text.split():
            found = ref.text.split()[0].rsplit("/", 1)[-1]
    return found


# a word after a sub-command in a heading that names a deeper command, not a topic of it
_COMMAND_WORD = re.compile(r"[a-z][a-z0-9_-]*")
_SECTION_WORDS = frozenset(
    {
        "options", "option", "flags", "arguments", "args", "usage", "examples", "example",
        "command", "commands", "subcommand", "subcommands", "mode", "parameters", "reference",
        "and", "or", "with", "for", "in", "of", "the", "a", "to", "vs",
    }
)  # fmt: skip


def _line_of(doc: Document | None, ref: Reference, word: str) -> int:
    """The line of a span running over several lines that holds `word` (a span that starts
    `asciinema` at the end of one line and passes `--out-fmt` on the next)."""
    lines = doc.lines if doc is not None else []
    first = lines[ref.line - 1] if 0 < ref.line <= len(lines) else ""
    # the word whole: `--config` is not in `--configure-channel`
    whole = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    if whole.search(first) or not first:
        return ref.line
    for below in range(ref.line, min(ref.line + 3, len(lines))):
        if whole.search(lines[below]):
            return below + 1
    return ref.line


def _command_below(doc: Document, line: int, reach: int = 4) -> list[str]:
    """The words of the first command line within `reach` lines below 1-based `line`, its
    program's name first."""
    for ref in doc.references:
        if ref.kind == "command" and line < ref.line <= line + reach and ref.text.split():
            words = ref.text.split()
            return [words[0].rsplit("/", 1)[-1], *words[1:]]
    return []


def _passes(words: list[str], flag: str) -> bool:
    """Whether a command's words pass `flag`: as written, with a value, or in a cluster of
    short flags (`-xm` passes `-x`)."""
    for word in words:
        if word == flag or word.startswith(f"{flag}="):
            return True
        short = len(flag) == 2 and flag[1] != "-"
        if short and word.startswith("-") and not word.startswith("--") and flag[1] in word[1:]:
            return True
    return False


def _aliased(doc: Document, program: str, line: int) -> bool:
    """Whether a command line runs an alias the page defined above it, in its section
    (awscurl's Docker section: `alias awscurl='docker run ...'`, then `awscurl ...`)."""
    defined = doc.aliases.get(program)
    if defined is None or defined > line:
        return False
    return heading_above(doc.lines, line, rst=doc.rst) == heading_above(
        doc.lines, defined, rst=doc.rst
    )


def _named_as_program(doc: Document, ref: Reference) -> bool:
    """Whether the span sits next to a word for a program: "the `records` tool", "a tool
    called `slugify`", "run `tidy`" (not "the `slugify` function" in a CLI section)."""
    before, after = _words_beside(doc, ref, clause=True)
    if not before and 1 < ref.line <= len(doc.lines):
        line = doc.lines[ref.line - 1]
        if line.lstrip().startswith(("`", "*")):  # the sentence began on the line above
            before = _WORD.findall(doc.lines[ref.line - 2])
    if not after and 0 < ref.line < len(doc.lines) and doc.lines[ref.line - 1].rstrip()[-1:] == "`":
        # "the `generate-schema`" then "script ..." on the next line: the sentence goes on
        after = _WORD.findall(doc.lines[ref.line])
    words = [w.rstrip(".") for w in [*before[-2:], *after[:1]]]
    # "by typing `tika-python` without any arguments", "`tika-python` installed in your
    # bin directory": a command typed, a program installed
    typed = bool(before) and before[-1].lower() in {"typing", "type", "running", "invoke"}
    installed = bool(after) and after[0].lower() == "installed"
    return (
        typed or installed or any(_PROGRAM_TALK.fullmatch(w) or w.lower() == "run" for w in words)
    )


# the last word of a name that says it is a set of programs: `gvm-tools`, `foo_utils`
_SUITE_WORD = re.compile(
    r"[-_.](?:tools|utils|utilities|scripts|suite|toolkit|toolbox|kit|commands|programs)$",
    re.I,
)


def _stub(module: object) -> bool:
    """Whether a module defines, imports and runs no parser: a stub with nothing to run."""
    return isinstance(module, Module) and not (
        module.functions or module.classes or module.imports or module.cli
    )


def _names_the_project(doc: Document, ref: Reference) -> bool:
    """Whether the words around the span use it as the project's name, not one program's:
    what is installed ("To install `bigtree`, run ...") or a family of commands ("executed
    by ``tcconfig`` commands", several programs)."""
    before, after = _words_beside(doc, ref)
    if not after and ref.line < len(doc.lines):
        after = _WORD.findall(doc.lines[ref.line])  # the sentence goes on below
    return bool(before and _INSTALLING.fullmatch(before[-1])) or bool(
        after and _COMMANDS_FAMILY.fullmatch(after[0].rstrip("."))
    )


def _words_beside(
    doc: Document, ref: Reference, *, clause: bool = False
) -> tuple[list[str], list[str]]:
    """The words of the span's line before it and after it (the right one of a span the
    line writes twice); nothing where the line does not write it as a span. With `clause`,
    only those of its clause: "these domain-specific tools, `matscipy` contains" has none
    before it."""
    if not 0 < ref.line <= len(doc.lines):
        return [], []
    line = doc.lines[ref.line - 1]
    twins = [r for r in doc.references if r.line == ref.line and r.text == ref.text]
    which = next((i for i, r in enumerate(twins) if r is ref), 0)  # the same span twice
    matches = list(re.finditer(r"`+" + re.escape(ref.text) + r"`+", line))
    if not matches:
        return [], []
    match = matches[min(which, len(matches) - 1)]
    before, after = line[: match.start()], line[match.end() :]
    if clause:
        # nor the words of another span's phrase: "The `capirca` tool uses `capirca` Python
        # package", whose "tool" is the first span's
        before = re.split(r"[,;:.!?]\s", before)[-1].rpartition("`")[2]
        after = re.split(r"[,;:.!?](?:\s|$)", after)[0].partition("`")[0]
    return _WORD.findall(before), _WORD.findall(after)


_INSTALLING = re.compile(r"install(?:s|ed|ing)?|upgrad(?:e|es|ed|ing)|uninstall", re.I)
_COMMANDS_FAMILY = re.compile(r"commands|tools|scripts|executables|programs|utilities", re.I)


def _beside(
    doc: Document, ref: Reference, scripts: set[str], packages: Collection[str] = ()
) -> bool:
    """Whether the span is another name for a program named just before it: "``rst-lint``
    (also available as ``restructuredtext-lint``)", "run `tidy` or `tidy-cli`", "invoke
    `git-dmb` instead of `git-delete-merged-branches`" (or `python3 -m` our package)."""
    line = doc.lines[ref.line - 1] if 0 < ref.line <= len(doc.lines) else ""
    at = line.find(f"`{ref.text}`")
    spans = list(re.finditer(r"`+([^`]+)`+", line[: max(at, 0)]))
    if at < 0 or not spans:
        return False
    first = spans[-1].group(1).strip()
    words = first.split()
    run = _module_run(words) != words and _program_of(first) in packages
    if first not in scripts and not run:
        return False
    between = line[spans[-1].end() : at]
    return (
        len(between) <= 40 and re.search(r"\b(?:as|or|alias|instead\s+of)\b", between) is not None
    )


def _module_run(words: list[str]) -> list[str]:
    """`python -m pip install x` as the command line of the module it runs: `pip install x`."""
    if words[:1] and words[0] in PYTHONS and words[1:2] == ["-m"] and len(words) > 2:
        return words[2:]
    return words


def _program_of(command: str) -> str:
    """The program a command line runs, lower case: `python -m pkg.cli` runs `pkg`."""
    words = command.split()
    if words[0] in PYTHONS and words[1:2] == ["-m"] and len(words) > 2:
        return words[2].split(".")[0].lower()
    return words[0].rsplit("/", 1)[-1].lower()


def _placeholder(flag: str) -> bool:
    """`--option`, `--no-OPTION`, `--OPTIONS`, `--some-option`: a flag standing for any flag."""
    name = flag.lstrip("-")
    words = [w for w in name.split("-") if w]
    if len(words) > 1 and words[0].lower() in {"some", "my", "your", "any", "an", "other"}:
        return True  # `--some-option`, `--my-flag`
    return name.lower() in _PLACEHOLDERS or any(len(w) > 1 and w.isupper() for w in words)


_FLAG_IN_TEXT = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
# what says the spans after an option are its values: "with one of the next values:",
# "takes `a` or `b`", "choices are"
_VALUES_OF = re.compile(r"\b(?:values?|choices?|one\s+of|either|accepts?|takes?)\b", re.I)
_CHOICE_WORD = re.compile(r"^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$")  # `cloc-xml`, not `FORMAT`


def _single_dash_word(flag: str) -> bool:
    """`-fieldname`: one dash and several letters (no cluster of short flags checks it)."""
    return not flag.startswith("--") and len(flag) > 2


# what traitlets' own configurables (`Application`, `Configurable`) let a command line set
_TRAITLETS_TRAITS = frozenset(
    {"log_level", "log_format", "log_datefmt", "logging_config", "show_config"}
    | {"show_config_json", "config_file", "config_file_name", "config"}
)


def _short_cluster(flag: str, options: set[str]) -> bool:
    """`-vv` (a counted flag given twice) or `-dco` (short flags given together); or a short
    option with its value attached (`-mPOST`, `-n3`), which no cluster of letters spells."""
    if flag.startswith("--") or len(flag) < 3:
        return False
    if not flag[2:].islower() or not flag[2:].isalpha():
        return flag[:2] in options
    # (`-h` among them: pew's `usage: pew cp [-hd] source`, argparse's own help flag)
    return all(f"-{letter}" in options or f"-{letter}" == "-h" for letter in flag[1:])


def _abbreviates(flag: str, options: set[str]) -> bool:
    """argparse accepts any unambiguous prefix of a long option (`--package` for `--packages`)."""
    if not flag.startswith("--") or len(flag) < 3:
        return False
    return len([o for o in options if o.startswith(flag)]) == 1


def _flag_word(word: str) -> bool:
    """Whether a word of a command line is a flag: `-x`, `--name`, not `-` (stdin), `-1`
    (a number) or `- item`."""
    return word.startswith("-") and len(word) > 1 and not (word[1].isdigit() or word[1].isspace())
