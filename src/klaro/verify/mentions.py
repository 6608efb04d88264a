"""Names plain text gives without code markup: "set the IPDB_CONTEXT_SIZE env variable",
"also available under pyrsistent.typing".

A README often names a variable in a sentence or in an example's comment with no backticks.
The words around it say what it is, so it is a claim like ``IPDB_CONTEXT_SIZE`` would be:
the checker reads it, and reports it when the code no longer reads it. A dotted name in a
sentence is a claim only when it starts with the project's package, which the resolver
decides; web hosts and file names (`pkg.readthedocs.io`, `mkdocs.yml`) are told apart there.
"""

from __future__ import annotations

import ast
import re

from klaro.verify.wording import parse_call

_NAME = r"\$?([A-Z][A-Z0-9]*(?:__?[A-Z0-9]+)+)"
_VARIABLE = r"env(?:ironment)?[ -]+var(?:iable)?s?\b"  # not a bare "variable": a constant
# `NAME env variable`, `NAME environment variable`, `the environment variable NAME`
_ENV_MENTION = re.compile(
    rf"(?<![\w`$./-]){_NAME}\s+{_VARIABLE}|\benv(?:ironment)?[ -]+var(?:iable)?s?\s+{_NAME}\b"
)


def env_mentions(text: str) -> list[str]:
    """The environment variables plain `text` names as such, in order."""
    return [a or b for a, b in _ENV_MENTION.findall(text)]


# `pkg.sub.name` in a sentence: not part of a path, an address, a longer dotted word or a
# quoted string (a topic "pubsub.subscribe", a logger's name)
# (not a glob of names, Kotti's settings row `kotti.depot.*.*`)
_DOTTED = re.compile(
    r"(?<![\w./:@#$%=~\\\"'\u201c\u2018-])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?![\w/@=\\-]|\.[\w*])"
)


# a template's expression or tag (`{{ cookiecutter.repo_name }}`, `{% if x %}`)
TEMPLATE_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")


def dotted_mentions(text: str) -> list[str]:
    """The dotted names plain `text` writes (`pyrsistent.typing`), in order; not those of
    the template expressions it holds. A call that passes keywords keeps its arguments
    (`pkg.load(path, strict=True)`): they are claims about the signature, as in a span."""
    text = TEMPLATE_TAGS.sub(" ", text)
    return [
        m.group(1) + _keyword_arguments(text, m.end())
        for m in _DOTTED.finditer(text)
        if not _table_heading(text, m.start(), m.end())
    ]


def _table_heading(text: str, start: int, end: int) -> bool:
    """Whether a dotted name is a TOML or INI table written plainly, `[nitpick.files]` (also
    Markdown-escaped, `\\[tool.black\\]`), not the text of a link `[pkg.load](...)`."""
    after = text[end:].lstrip("\\")
    opened = text[:start].rstrip("\\").endswith("[")
    return opened and after[:1] == "]" and after[1:2] not in {"(", "["}


def _keyword_arguments(text: str, start: int) -> str:
    """The parenthesised arguments at `start` when they parse and pass a keyword, else ""."""
    if not text.startswith("(", start):
        return ""
    close = text.find(")", start)
    inside = text[start:close]
    if close < 0 or len(inside) > 120 or "\n" in inside or "=" not in inside:
        return ""
    arguments = text[start : close + 1]
    call = parse_call(arguments)
    return arguments if call is not None and call.keywords else ""


# a heading that is an API name: `render_content`, `class GitHubAssetManager(Base)`,
# `Grip.run(host=None)`
_HEADING_NAME = re.compile(
    r"^(class\s+|def\s+)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(\s*\(.*\))?(\s*->\s*[\w.\[\], ]+)?:?$"
)


def heading_name(title: str) -> str | None:
    """The name of the code a heading consists of, as API reference pages title their
    entries (`#### render_content`, `#### class GitHubAssetManager(ReadmeAssetManager)`,
    which gives `GitHubAssetManager()`: a word like `Grip` is a class's name there); None
    for a heading of words ("Usage", "MarkupSafe", "Advanced usage")."""
    match = _HEADING_NAME.match(title.strip())
    if match is None:
        return None
    keyword, name, call, returns = match.groups()
    if call and call[0].isspace() and not (returns or re.search(r"[:=]", call)):
        return None  # "Installation (optional)": words; `bysize (size: int) -> None` is code
    call = call.strip() if call else call
    last = name.rsplit(".", 1)[-1]
    # a bare CamelCase word is a product's name as often as a class's ("MarkupSafe")
    coded = "_" in last.strip("_") or "." in name
    if call in {"(s)", "(es)"}:
        return None  # "Example(s)": a word and its plural
    if keyword:  # `class Metre(Base)` declares code: read as a call, as code spans are
        return f"{name}()"
    return name if call or coded else None


def heading_signature(title: str) -> list[tuple[str, str]]:
    """The signature references of a heading that writes a callable with its parameters
    (zmail's `### MailServer.send_mail(recipients, mail, timeout=None, auto_add_to=False)`):
    `(name, context)` pairs, read as a signature a block copies is read (`signature||all`
    for the callable, `signature|param|all` for each parameter); [] unless a default or an
    annotation shows the parentheses hold parameters, not a call's values."""
    match = _HEADING_NAME.match(title.strip())
    if match is None or match[1] or not match[3] or not re.search(r"[=:]", match[3]):
        return []
    try:
        tree = ast.parse(f"def _f{match[3].strip()}: pass")
    except (SyntaxError, ValueError):
        return []
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    args = function.args
    params = [p.arg for p in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    params = params[1:] if params[:1] in (["self"], ["cls"]) else params
    named = ",".join(params)
    return [(match[2], f"signature||{named}")] + [
        (match[2], f"signature|{p}|{named}") for p in params
    ]


# `cron_command`, `CRON_COMMAND`, `CronTab`, `helper()` in a sentence without markup: shaped
# like code (a plain word counts only when empty parentheses make it a call)
_PROSE_NAME = re.compile(
    r"(?<![\w.`/$@:#{-])([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+"
    r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+[A-Z]*"
    # defusedxml's "*DTDForbidden* exception": an acronym, then words
    r"|[A-Z]{2,}[a-z0-9]*(?:[A-Z][a-z0-9]+)+[A-Z]*"
    r"|[A-Za-z_]\w*(?=\(\))"
    # jsonmerge's "the *idRef* merge option": lower camel case, emphasised as a name, or
    # quoted as one (func-timeout's 'Takes two arguments, "timeout" and "allowOverride"')
    r"|(?<=\*)[a-z]+(?:[A-Z][a-z0-9]+)+(?=\*)|(?<=\")[a-z]+(?:[A-Z][a-z0-9]+)+(?=\"))"
    r"(?![\w`/@}-]|\.\w)"
)


# `--emphasize` in a sentence ("colour emphasis via --emphasize"), not `a--b` nor a URL's
_PROSE_FLAG = re.compile(r"(?<![\w`'\"/=.:-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w`'\"/=-])")


def prose_names(text: str) -> list[str]:
    """The identifiers plain `text` writes without markup (`cron_command`, `CRON_COMMAND`,
    `CronTab`, `helper()`) and its long flags (`--emphasize`): words that name code only when
    the code once had them (see `Former`)."""
    # (Markdown's and reST's escaped underscore: defusedxml's "make\_parser()")
    plain = TEMPLATE_TAGS.sub(" ", text).replace("\\_", "_")
    return _PROSE_NAME.findall(plain) + _PROSE_FLAG.findall(plain)
