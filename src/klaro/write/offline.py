"""The offline writer: a grounded README from the analysis alone, no model, same bytes each run.

Every name, option, path and command it writes comes from the analysis, the package metadata
or the repository's tool files (`ProjectFacts`); a section with no facts behind it is left
out rather than padded. Sections follow the order of the `readme` style guide. Text taken
from docstrings loses its backticks here, so that every inline code span in the README is a
reference Klaro itself grounded (the API reference keeps docstrings as written).
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from urllib.parse import quote

from klaro.scan.graph import CodeGraph
from klaro.scan.model import (
    Analysis,
    Class,
    CliCommand,
    CliOption,
    Module,
    PackageMetadata,
)
from klaro.verify import verify
from klaro.write.api import api_sections, documented_modules, top_packages
from klaro.write.docstrings import first_line
from klaro.write.examples import Example, command_examples, python_examples, read_tests
from klaro.write.filters import is_private_name, is_setting
from klaro.write.project import ProjectFacts
from klaro.write.regions import Section, update_document
from klaro.write.styleguides import StyleGuide
from klaro.write.symbols import SymbolIndex, call_signature, short_signature

_MAX_TREE = 60
_MAX_PURPOSE = 80  # a tree line, not a paragraph (rich's _spinners.py: a licence)
_MAX_OVERVIEW = 10
_MAX_LIBRARY = 8
_MAX_SUBCOMMANDS = 30
_MAX_EXAMPLES = 3
_NONE = "\u2013"  # an en dash: "nothing here", in a cell that must not be empty
_MAX_COMMAND_EXAMPLES = 3
_DEV_EXTRAS = {"dev", "develop", "development", "test", "tests", "testing", "docs", "lint"}
_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`<]*?)(?:\s*<[^>]*>)?`")
_MD_SPECIAL = re.compile(r"([\\*|<\[\]])")


def render_readme(
    analysis: Analysis,
    graph: CodeGraph,
    facts: ProjectFacts,
    guide: StyleGuide,
    *,
    api_link: str | None = None,
) -> str:
    """Return a complete README for a repository that has none."""
    return update_document(None, readme_sections(analysis, graph, facts, guide, api_link=api_link))


def render_api(analysis: Analysis, graph: CodeGraph, guide: StyleGuide) -> str:
    """Return a complete API reference for a repository that has none."""
    return update_document(None, api_sections(analysis, graph, guide))


def readme_sections(
    analysis: Analysis,
    graph: CodeGraph,
    facts: ProjectFacts,
    guide: StyleGuide,
    *,
    api_link: str | None = None,
) -> list[Section]:
    """Return the README sections that have facts behind them, in the guide's order."""
    index = SymbolIndex(analysis)
    rank = _ranks(graph)  # PageRank over the whole graph: computed once, used twice
    builders: dict[str, Callable[[], str | None]] = {
        "title": lambda: _title(analysis),
        "installation": lambda: _installation(analysis.metadata),
        "usage": lambda: _usage(analysis, graph, index, rank),
        "configuration": lambda: _configuration(analysis, facts),
        "project-structure": lambda: _structure(analysis),
        "api-overview": lambda: _overview(analysis, index, rank, api_link),
        "development": lambda: _development(facts),
        "license": lambda: _license(analysis.metadata, facts),
    }
    sections: list[Section] = []
    for spec in guide.sections():
        build = builders.get(spec.key)
        if build is None:
            continue  # a repository guide may list sections only a model can write
        content = build()
        if not content:
            continue
        level = 1 if spec.key == "title" else 2
        body = content if level == 1 else f"## {spec.heading}\n\n{content}"
        sections.append(Section(spec.key, spec.heading, body, spec.aliases, level, spec.words))
    return sections


def project_name(analysis: Analysis) -> str:
    """The distribution name, else the top package, else the repository folder."""
    tops = top_packages(analysis)
    return analysis.metadata.name or (tops[0].name if tops else posixpath.basename(analysis.root))


def _plain(text: str) -> str:
    """Docstring text for the README: reST roles and backticks dropped, markdown escaped."""
    text = _ROLE.sub(r"\1", text).replace("``", "").replace("`", "")
    text = re.sub(r"\\(?=\w)", "", text)  # reST escapes such as `Option`\s
    return _MD_SPECIAL.sub(r"\\\1", text)


def _value(source: str | None) -> str:
    """A default as a reader types it: string literals unquoted, other source kept."""
    if source is None or source == "None":
        return ""
    try:
        value = ast.literal_eval(source)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return _plain(source)
    return _plain(value if isinstance(value, str) else repr(value))


def _badge(label: str, value: str, colour: str) -> str:
    def enc(text: str) -> str:
        return quote(text.replace("-", "--").replace("_", "__"), safe="")

    return f"![{label}: {value}](https://img.shields.io/badge/{enc(label)}-{enc(value)}-{colour})"


def _title(analysis: Analysis) -> str:
    meta = analysis.metadata
    tops = top_packages(analysis)
    description = meta.description or (first_line(tops[0].docstring) if tops else "")
    lines = [f"# {project_name(analysis)}"]
    badges = []
    if meta.requires_python:
        badges.append(_badge("python", meta.requires_python, "blue"))
    if meta.license and len(meta.license) <= 40:
        badges.append(_badge("license", meta.license, "green"))
    if badges:
        lines += ["", " ".join(badges)]
    if description:
        lines += ["", _plain(description)]
    return "\n".join(lines)


def _installation(meta: PackageMetadata) -> str | None:
    if meta.name is None:
        return None
    out = ["Install from the package index with pip:", "", "```console"]
    out += [f"pip install {meta.name}", "```"]
    if meta.requires_python:
        out += ["", f"It needs Python {_plain(meta.requires_python)}."]
    extras = [(name, reqs) for name, reqs in meta.optional_dependencies if name not in _DEV_EXTRAS]
    if extras:
        out += ["", "Optional extras add features and their dependencies:", ""]
        out += ["| Extra | Installs |", "| --- | --- |"]
        out += [f"| `{name}` | {_plain(', '.join(reqs))} |" for name, reqs in extras]
        out += ["", "```console", f'pip install "{meta.name}[{extras[0][0]}]"', "```"]
    return "\n".join(out)


def _commands_for(analysis: Analysis, target: str) -> list[CliCommand]:
    """The commands a console script `pkg.mod:func` runs: those declared in its module."""
    module_name, _, func = target.partition(":")
    module = analysis.module(module_name.strip())
    if module is None:
        return []
    imported = next(
        (i for i in module.imports if i.alias == func.strip().split(".")[0] and i.name), None
    )
    if not module.cli and imported is not None and imported.module != module.name:
        # `dotenv = "dotenv.__main__:cli"` where `__main__` only does `from .cli import cli`
        return _commands_for(analysis, f"{imported.module}:{imported.name}")
    commands = list(module.cli)
    if any(c.has_subcommands and c.parent is None for c in commands):
        # sub-commands the analysis linked to this program from other modules of the package
        commands += [
            c for m in analysis.modules if m is not module for c in m.cli if c.parent == ""
        ]
    roots = [c for c in commands if c.parent is None]
    if len(roots) > 1:  # several parsers in one module: keep the one the script calls
        func = func.strip().split(".")[-1]
        keep = [c for c in roots if (c.function or "").split(".")[-1] == func] or roots[:1]
        names = {c.name for c in keep}
        commands = [c for c in commands if c in keep or (c.parent or "") in names]
    return commands


def _commands_called_by(analysis: Analysis, graph: CodeGraph, target: str) -> list[CliCommand]:
    """The parser a console script builds through helpers (`main` → `get_options` → parser).

    Follows the code graph's calls from the script's function, three hops at most, to the
    function that declares an argparse program; that program and its sub-commands are the
    script's command line.
    """
    module_name, _, func = target.partition(":")
    start = f"{module_name.strip()}.{func.strip()}"
    frontier, reached = [start], {start}
    for _ in range(3):
        frontier = [c for f in frontier for c in graph.callees(f) if c not in reached]
        reached.update(frontier)
    for module in analysis.modules:
        roots = [
            c
            for c in module.cli
            if c.parent is None and c.function and f"{module.name}.{c.function}" in reached
        ]
        if len(roots) == 1:
            names = {roots[0].name}
            return [c for c in module.cli if c is roots[0] or (c.parent or "") in names]
    return []


def _option_cell(option: CliOption) -> str:
    return ", ".join(f"`{flag}`" for flag in option.flags)


def _synopsis(prog: str, command: CliCommand, has_subcommands: bool) -> str:
    parts = [prog]
    for option in (o for o in command.options if not o.hidden):
        if option.positional:
            name = option.dest.upper()
            parts.append(name if option.required else f"[{name}]")
        else:
            flag = min(option.flags, key=len) if option.is_flag else option.flags[0]
            text = flag if option.is_flag else f"{flag} {option.dest.upper()}"
            parts.append(text if option.required else f"[{text}]")
    if has_subcommands:
        parts.append("COMMAND")
    return " ".join(parts)


def _options_table(options: tuple[CliOption, ...]) -> list[str]:
    options = tuple(o for o in options if not o.hidden)
    if not options:
        return []
    rows = [
        (_option_cell(o), _plain(" ".join((o.help or "").split())), _value(o.default))
        for o in options
    ]
    return table(("Option", "Description", "Default"), rows)


def table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> list[str]:
    """A Markdown table without empty cells: a column nobody fills is left out, gaps get a dash."""
    keep = [0] + [i for i in range(1, len(header)) if any(row[i] for row in rows)]
    out = ["| " + " | ".join(header[i] for i in keep) + " |"]
    out.append("| " + " | ".join("---" for _ in keep) + " |")
    out += ["| " + " | ".join(row[i] or _NONE for i in keep) + " |" for row in rows]
    return out


def _script_usage(
    script: str, commands: list[CliCommand], examples: Sequence[Example] = ()
) -> list[str]:
    out = [f"### `{script}`", ""]
    roots = [c for c in commands if c.parent is None]
    root = roots[0] if roots else None
    subs = [c for c in commands if c.parent is not None]
    if root is not None and root.help:
        out += [_plain(first_line(root.help)), ""]
    synopsis = _synopsis(script, root, bool(subs)) if root else script
    out += ["```console", synopsis, "```"]
    if examples:
        sources = ", ".join(f"[`{p}`]({p})" for p in dict.fromkeys(e.source for e in examples))
        out += ["", f"For example, as the tests run it ({sources}):", "", "```console"]
        out += [e.code for e in examples] + ["```"]
    if root is not None and root.options:
        out += ["", *_options_table(root.options)]
    parents = {c.name: c for c in commands}

    def prog_of(sub: CliCommand) -> str:
        path = [sub.name]
        parent = parents.get(sub.parent or "")
        while parent is not None and parent.parent is not None and len(path) < 5:
            path.insert(0, parent.name)
            parent = parents.get(parent.parent)
        return " ".join([script, *path])

    if len(subs) > _MAX_SUBCOMMANDS:
        # many commands: every one in a compact table, the details for the first ones only
        rows = [(f"`{prog_of(c)}`", _plain(first_line(c.help or ""))) for c in subs]
        out += ["", *table(("Command", "Description"), rows)]
    for sub in subs[:_MAX_SUBCOMMANDS]:
        prog = prog_of(sub)
        has_children = any(c.parent == sub.name for c in subs)
        out += ["", f"#### `{prog}`", ""]
        if sub.help:
            out += [_plain(first_line(sub.help)), ""]
        out += ["```console", _synopsis(prog, sub, has_children), "```"]
        if sub.options:
            out += ["", *_options_table(sub.options)]
    return out


def _library_usage(analysis: Analysis, index: SymbolIndex, rank: dict[str, int]) -> list[str]:
    tops = top_packages(analysis)
    if not tops:
        return []
    exports = [
        e
        for e in index.exports(tops[0])
        if (e.instance or call_signature(e.obj)) and not is_private_name(e.name)
    ]
    exports.sort(key=lambda e: (rank.get(e.fullname, len(rank)), e.name))
    exports = exports[:_MAX_LIBRARY]
    if not exports:
        return []
    names = ", ".join(sorted(e.name for e in exports))
    statement = f"from {tops[0].name} import {names}"
    if len(statement) > 88:  # as a formatter would wrap it
        listed = "".join(f"    {n},\n" for n in sorted(e.name for e in exports))
        statement = f"from {tops[0].name} import (\n{listed})"
    out = ["### As a library", "", "```python", statement, "```", ""]
    for export in exports:
        if export.instance and isinstance(export.obj, Class):
            out += _object_methods(export.name, export.obj, rank)
            continue
        summary = _plain(first_line(export.obj.docstring))
        line = f"- `{short_signature(export.obj)}`"
        out.append(f"{line}: {summary}" if summary else line)
    return out


def _object_methods(name: str, cls: Class, rank: dict[str, int]) -> list[str]:
    """An object the package hands out (`logger`): its most central public methods."""
    methods = [m for m in cls.methods if m.is_public and not m.name.startswith("_")]
    methods.sort(key=lambda m: (rank.get(m.fullname, len(rank)), m.name))
    out: list[str] = []
    for method in methods[:_MAX_LIBRARY]:
        bound = method.parameters[1:] if method.kind != "staticmethod" else method.parameters
        signature = short_signature(replace(method, parameters=bound)) or method.name
        summary = _plain(first_line(method.docstring))
        line = f"- `{name}.{signature}`"
        out.append(f"{line}: {summary}" if summary else line)
    return out


def _ranks(graph: CodeGraph) -> dict[str, int]:
    """Position of every symbol in the centrality ranking, most central first.

    Private definitions are ranked too: a package that defines everything in `_client.py`
    and re-exports it (httpx) would otherwise get no ranking at all, and alphabetical lists
    presented as "most central first". Callers keep only what is exported.
    """
    ranked = graph.central(len(graph.graph), public_only=False)
    return {name: i for i, (name, _) in enumerate(ranked)}


def _usage(
    analysis: Analysis, graph: CodeGraph, index: SymbolIndex, rank: dict[str, int]
) -> str | None:
    out: list[str] = []
    tests = read_tests(analysis)
    for script in analysis.metadata.console_scripts:
        if out:
            out.append("")
        commands = _commands_for(analysis, script.target) or _commands_called_by(
            analysis, graph, script.target
        )
        function = script.target.partition(":")[2].strip().split(".")[-1]
        harvested = _checked(analysis, command_examples(tests, script.name, function, commands))
        out += _script_usage(script.name, commands, harvested[:_MAX_COMMAND_EXAMPLES])
    examples = _chosen_examples(analysis, python_examples(analysis, index, rank, tests))
    if examples:
        out += ([""] if out else []) + ["### Examples", ""] + examples
    library = _library_usage(analysis, index, rank)
    if library:
        out += ([""] if out else []) + library
    return "\n".join(out) or None


def _fenced(example: Example) -> str:
    return f"```{example.lang}\n{example.code}\n```"


def _checked(analysis: Analysis, examples: list[Example]) -> list[Example]:
    """The examples whose every reference `klaro check` resolves (the rest are stale)."""
    return [e for e in examples if not verify(_fenced(e), analysis)]


def _chosen_examples(analysis: Analysis, examples: list[Example]) -> list[str]:
    """The most central examples that still resolve, one per symbol, with where they are from."""
    out: list[str] = []
    shown: set[str] = set()
    for example in examples:
        if len(shown) >= _MAX_EXAMPLES:
            break
        if example.symbol in shown or not _checked(analysis, [example]):
            continue
        shown.add(example.symbol)
        link = f"[`{example.source}`]({example.source})"
        if example.symbol == example.source:
            lead = f"The script {link}:"
        elif example.source.startswith("test") or "/test" in example.source:
            lead = f"`{example.symbol}`, as the tests in {link} call it:"
        else:
            lead = f"`{example.symbol}`, from its docstring:"
        out += ([""] if out else []) + [lead, "", _fenced(example)]
    return out


def _configuration(analysis: Analysis, facts: ProjectFacts) -> str | None:
    rows: dict[str, tuple[str, str]] = {}
    for env in (e for e in analysis.env_vars if is_setting(e.name)):
        module = next((m.name for m in analysis.modules if m.path == env.path), env.path)
        # a private module is named by the public package it belongs to; a start-up file
        # (`hook.pth`) by its path
        module = env.path if env.path.endswith(".pth") else module
        module = ".".join(_public_prefix(module.split("."))) or module
        default, where = rows.get(env.name, ("", f"`{module}`"))
        rows[env.name] = (default or _value(env.default), where)
    for command in analysis.cli:
        for option in command.options:
            if option.envvar and option.envvar not in rows and is_setting(option.envvar):
                rows[option.envvar] = (_value(option.default), f"option `{option.flags[0]}`")
    out: list[str] = []
    if rows:
        out += ["Environment variables the code reads:", ""]
        out += table(
            ("Variable", "Default", "Read by"),
            [(f"`{name}`", d, w) for name, (d, w) in sorted(rows.items())],
        )
    if facts.config_files:
        out += ([""] if out else []) + ["Example configuration files:", ""]
        out += [f"- [`{path}`]({path})" for path in facts.config_files]
    return "\n".join(out) or None


def _public_prefix(parts: list[str]) -> list[str]:
    """The leading parts of a dotted name up to its first private one."""
    kept: list[str] = []
    for part in parts:
        if is_private_name(part):
            break
        kept.append(part)
    return kept


def _clip(text: str, width: int) -> str:
    """Cut `text` at a word boundary to at most `width` characters, marking the cut."""
    if len(text) <= width:
        return text
    return text[: width - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"


def _structure(analysis: Analysis) -> str | None:
    modules = sorted((m for m in analysis.modules if m.role == "package"), key=lambda m: m.path)
    if not modules:
        return None
    shown = modules[:_MAX_TREE]
    tree: dict[str, list[Module]] = {}
    for module in shown:
        tree.setdefault(posixpath.dirname(module.path), []).append(module)
    lines: list[tuple[str, str]] = []
    for folder in sorted(tree):
        lines.append((f"{folder}/" if folder else "./", ""))
        entries = tree[folder]
        for i, module in enumerate(entries):
            branch = "└── " if i == len(entries) - 1 else "├── "
            purpose = _clip(first_line(module.docstring).replace("`", ""), _MAX_PURPOSE)
            lines.append((branch + posixpath.basename(module.path), purpose))
    width = max(len(name) for name, _ in lines) + 2
    body = [f"{name.ljust(width)}{purpose}".rstrip() for name, purpose in lines]
    if len(modules) > len(shown):
        body.append(f"… and {len(modules) - len(shown)} more modules")
    return "\n".join(["```text", *body, "```"])


def _overview(
    analysis: Analysis, index: SymbolIndex, rank: dict[str, int], api_link: str | None
) -> str | None:
    shown: dict[str, tuple[str, str | None]] = {}  # definition -> (public name, docstring)
    for module in sorted(documented_modules(analysis), key=lambda m: (m.name.count("."), m.name)):
        for export in index.exports(module):
            public = f"{module.name}.{export.name}"
            if is_private_name(public):
                continue
            shown.setdefault(export.fullname, (public, export.obj.docstring))
    if not shown:
        return None
    ranked = sorted(shown, key=lambda n: (rank.get(n, len(rank)), shown[n][0]))
    out = ["The most used public classes and functions, most central first:", ""]
    for fullname in ranked[:_MAX_OVERVIEW]:
        name, doc = shown[fullname]
        summary = _plain(first_line(doc))
        out.append(f"- `{name}`: {summary}" if summary else f"- `{name}`")
    if api_link:
        out += ["", f"Every public module, class and function: [API reference]({api_link})."]
    return "\n".join(out)


def _development(facts: ProjectFacts) -> str | None:
    if not facts.commands and not facts.dev_install:
        return None
    out: list[str] = []
    if facts.dev_install:
        out += ["Install the project in editable mode:", "", "```console", facts.dev_install]
        out += ["```"]
    if facts.commands:
        sources = ", ".join(f"`{s}`" for s in dict.fromkeys(c.source for c in facts.commands))
        out += ([""] if out else []) + [f"Run the checks the repository defines ({sources}):", ""]
        width = max(len(c.command) for c in facts.commands) + 2
        lines = [
            f"{c.command.ljust(width)}# {c.help}" if c.help else c.command for c in facts.commands
        ]
        out += ["```console", *lines, "```"]
    return "\n".join(out)


def _license(meta: PackageMetadata, facts: ProjectFacts) -> str | None:
    name = _plain(meta.license) if meta.license and len(meta.license) <= 80 else None
    file = facts.license_file
    if name and file:
        return f"Released under the {name} license; see [{file}]({file})."
    if name:
        return f"Released under the {name} license."
    if file:
        return f"See [{file}]({file})."
    return None
