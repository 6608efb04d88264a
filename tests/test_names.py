"""The one name resolver: the agent, the writer, the code graph and the checker agree on names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.agent.tools import Toolbox
from klaro.agent.workspace import ToolError, Workspace
from klaro.redact import Redactor
from klaro.scan.analyze import analyze_repository
from klaro.scan.graph import build_graph
from klaro.scan.model import Analysis
from klaro.scan.names_build import names_of
from klaro.verify import Resolver, project_index
from klaro.verify.outcome import Outcome
from klaro.verify.refs import parse_document
from klaro.write.symbols import SymbolIndex

# name -> what the project says about it
CASES = {
    "nameslib.Console": "resolved",  # re-exported class
    "nameslib.console": "resolved",  # module-level instance
    "nameslib.console.print": "resolved",  # method through the instance
    "nameslib.console.width": "resolved",  # `self.width = width`
    "nameslib.App.name": "resolved",  # class attribute
    "nameslib.get_app": "resolved",
    "nameslib.Local.describe": "resolved",  # inherited from a project class
    "nameslib.console.prnt": "unresolved",
    "nameslib.Console.write": "unresolved",
    "nameslib.App.stop": "unresolved",
    "nameslib.load_file": "unresolved",
    "nameslib.Settings.model_validate": "unknown",  # pydantic's BaseModel may have it
    "nameslib.Local.model_dump": "unknown",
}


def _outcomes(analysis: Analysis, text: str) -> list[Outcome]:
    """Resolve a Markdown text as the checker does."""
    return Resolver(project_index(analysis)).resolve_document(parse_document(text, "R.md"))


@pytest.fixture
def analysis(sample_repo: Callable[[str], Path]) -> Analysis:
    return analyze_repository(sample_repo("names_lib"))


def _checker(analysis: Analysis, name: str) -> str:
    resolver = Resolver(project_index(analysis))
    (outcome,) = resolver.resolve_document(parse_document(f"Use `{name}`.\n", "README.md"))
    return {"ignored": "unknown"}.get(outcome.status, outcome.status)


def _agent(toolbox: Toolbox, name: str) -> str:
    try:
        out = toolbox.run("analyze_code", {"target": name}).text
    except ToolError:
        return "unresolved"
    return "unknown" if '"status": "unknown"' in out else "resolved"


def _toolbox(analysis: Analysis) -> Toolbox:
    root = Path(analysis.root)
    ws = Workspace(root, [f.path for f in analysis.files], redactor=Redactor([]))
    return Toolbox(ws, analysis, build_graph(analysis), target="README.md", doc_paths=("x",))


def test_agent_writer_graph_and_checker_agree(analysis: Analysis) -> None:
    toolbox = _toolbox(analysis)
    writer = SymbolIndex(analysis)
    package = analysis.module("nameslib")
    assert package is not None
    for name, expected in CASES.items():
        assert _checker(analysis, name) == expected, name
        assert _agent(toolbox, name) == expected, name
        assert names_of(analysis).verdict(name).status == expected, name
        top = name.split(".", 2)[1:]
        if len(top) == 1:  # a name the package exports: the writer must see the same
            export = writer.resolve(package, top[0])
            assert (export is not None) == (expected == "resolved"), name
            # an object the package hands out (`console = Console()`) is documented as such
            assert export is None or export.instance == (top[0] == "console"), name
    graph = toolbox.graph
    assert graph.resolve("nameslib.console.print") == ["nameslib._core.Console.print"]
    assert graph.resolve("console") == ["nameslib._core.Console"]  # an instance is its class
    assert "nameslib._core.Console.print" in graph.callees("nameslib._core.Console.log")
    with pytest.raises(ToolError):
        toolbox.run("code_graph", {"symbol": "nameslib.console.prnt"})


def test_instance_and_factory_types(analysis: Analysis) -> None:
    names = names_of(analysis)
    assert names.type_of("nameslib._core.console") == "nameslib._core.Console"
    assert names.type_of("nameslib._core.get_app") == "nameslib._core.App"
    assert names.type_of("nameslib._core.make_console") == "nameslib._core.Console"
    assert names.lookup("nameslib.console.log") == "nameslib._core.Console.log"
    assert names.find("Console.print") == ["nameslib._core.Console.print"]
    assert names.open_class("nameslib.models.Local")  # through Settings(BaseModel)
    assert not names.open_class("nameslib._core.Console")


CALLS = """# Calls

```python
from nameslib import Console, console, get_app, load, open_file
console.print("x", end="")
console.print("x", ending="")
load("a.txt", strict=True)
load("a.txt", strct=True)
open_file("a.txt", strict=True)
open_file("a.txt", strikt=True)
Console(width=3, color=False)
Console(1, 2)
get_app().run(port=1)
get_app().run(prt=1)
```

Spans: `load(path, strict=True)`, `load(path, mode="r")`, `nameslib.load("a", "b", 3)`,
`console.log("hi", end="")`, `console.log("hi", sepp="")`, `load(...)`.
"""


def test_calls_are_checked_against_the_real_signature(analysis: Analysis) -> None:
    resolver = Resolver(project_index(analysis))
    outcomes = resolver.resolve_document(parse_document(CALLS, "README.md"))
    bad = {
        (o.reference.line, o.reference.text): o.message
        for o in outcomes
        if o.status == "unresolved"
    }
    lines = {line for line, _ in bad}
    # the block starts on line 4: every second call is wrong
    assert lines == {6, 8, 10, 12, 14, 17, 18}, bad
    messages = " ".join(bad.values())
    assert "`print()` has no parameter `ending`" in messages
    assert "`open_file()` has no parameter `strikt`" in messages  # **options go to load()
    assert "`Console()` takes 1 positional argument, not 2" in messages
    assert "`run()` has no parameter `prt`" in messages  # an instance from a factory
    assert "`load()` takes 2 positional arguments, not 3" in messages
    assert "`log()` has no parameter `sepp`" in messages  # log forwards **kwargs to print


def test_environment_read_through_a_helper_or_a_constant(analysis: Analysis) -> None:
    found = {e.name: e.via for e in analysis.env_vars}
    assert found == {
        "NAMESLIB_LEVEL": "helper",  # LEVEL = setting("NAMESLIB_LEVEL", "info")
        "NAMESLIB_CONFIG": "helper",  # inside another function
        "NAMESLIB_DEBUG": "os.getenv",  # os.getenv(_DEBUG), _DEBUG = "NAMESLIB_DEBUG"
    }
    doc = "```bash\nexport NAMESLIB_LEVEL=debug\nNAMESLIB_LEVL=1 python -m nameslib\n```\n"
    outcomes = _outcomes(analysis, doc)
    status = {o.reference.text: o.status for o in outcomes if o.reference.kind == "env"}
    assert status == {"NAMESLIB_LEVEL": "resolved", "NAMESLIB_LEVL": "unresolved"}


def test_file_names_are_not_attribute_claims(analysis: Analysis) -> None:
    text = (
        "Translations live in `nameslib.pot`; settings in `setup.cfg` or `nameslib.toml`; "
        "data in `nameslib.db`, sources match `src/*.py`. But `nameslib.lod()` is a typo.\n"
    )
    outcomes = _outcomes(analysis, text)
    bad = [o.reference.text for o in outcomes if o.status == "unresolved"]
    assert bad == ["nameslib.lod()"]


def test_attributes_served_by_getattr_count_when_the_example_registers_them(
    analysis: Analysis,
) -> None:
    text = (
        "```python\nfrom nameslib._core import registry\n\n"
        '@registry.register("isbn")\ndef isbn(text):\n    return text\n\n'
        'registry.isbn("978")\nregistry.parze("978")\n```\n'
    )
    outcomes = _outcomes(analysis, text)
    status = {o.reference.text: o.status for o in outcomes if o.reference.kind == "python"}
    assert status["nameslib._core.registry.isbn"] == "ignored"
    assert status["nameslib._core.registry.parze"] == "unresolved"


def test_flags_as_users_type_them(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "flagtool"\n[project.scripts]\nflagtool = "flagtool:main"\n'
    )
    (tmp_path / "flagtool.py").write_text(
        "import argparse\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        '    parser.add_argument("-v", "--verbose", action="count")\n'
        '    parser.add_argument("-d", action="store_true")\n'
        '    parser.add_argument("-o", "--output")\n'
        '    parser.add_argument("--color", action=argparse.BooleanOptionalAction)\n'
        "    parser.parse_args()\n"
    )
    text = (
        "```console\n$ flagtool -vv -do out.txt --no-color\n$ flagtool -vx\n```\n\n"
        "Use `-vvv`, `--no-color` or `--no-colour`.\n"
    )
    resolver = Resolver(project_index(analyze_repository(tmp_path)))
    outcomes = resolver.resolve_document(parse_document(text, "README.md"))
    bad = [o.reference.text for o in outcomes if o.status == "unresolved"]
    assert bad == ["flagtool -vx", "--no-colour"]


def test_a_renamed_top_level_module_is_drift_not_another_library(analysis: Analysis) -> None:
    text = (
        "```python\nfrom nameslibb import console\nimport pydantic\nimport nameslab_tools\n```"
        "\n\n```bash\nsetx NAMESLIB_LEVL debug\n```\n"
    )
    outcomes = _outcomes(analysis, text)
    bad = [(o.reference.text, o.suggestions[:1]) for o in outcomes if o.status == "unresolved"]
    assert bad == [
        ("nameslibb.console", ("nameslib.console",)),
        ("NAMESLIB_LEVL", ("NAMESLIB_LEVEL",)),  # Windows `setx` sets a variable too
    ]


def test_environment_read_through_a_helper_imported_from_another_module(tmp_path: Path) -> None:
    (tmp_path / "envlib").mkdir()
    (tmp_path / "envlib/__init__.py").write_text("")
    (tmp_path / "envlib/settings.py").write_text(
        "import os\n\n\ndef env(name, default=None):\n    return os.environ.get(name, default)\n"
    )
    (tmp_path / "envlib/app.py").write_text(
        "from envlib.settings import env\nfrom . import settings\n\n"
        'LEVEL = env("ENVLIB_LEVEL", "info")\nCOLOR = settings.env("ENVLIB_COLOR")\n'
        'NAME = env("x", "NOT_AN_ENV_READ")\n'
    )
    analysis = analyze_repository(tmp_path)
    found = {e.name: (e.path, e.via) for e in analysis.env_vars}
    assert found == {
        "ENVLIB_LEVEL": ("envlib/app.py", "helper"),
        "ENVLIB_COLOR": ("envlib/app.py", "helper"),
    }
    doc = "Set `ENVLIB_LEVEL` or `ENVLIB_COLOR`; `ENVLIB_LEVL` is a typo.\n"
    outcomes = _outcomes(analysis, doc)
    status = {o.reference.text: o.status for o in outcomes if o.reference.kind in {"env", "code"}}
    assert status == {
        "ENVLIB_LEVEL": "resolved",
        "ENVLIB_COLOR": "resolved",
        "ENVLIB_LEVL": "unresolved",
    }


CALLABLE = """\
class Config:
    def get(self, option, default=None, cast=str):
        return cast(option)

    def __call__(self, *args, **kwargs):
        return self.get(*args, **kwargs)


class AutoConfig:
    def __init__(self):
        self.config = None

    def _load(self):
        self.config = Config()

    def __call__(self, *args, **kwargs):
        if not self.config:
            self._load()
        return self.config(*args, **kwargs)


class EnvError(ValueError):
    pass


config = AutoConfig()
"""


@pytest.fixture
def callable_lib(tmp_path: Path) -> Analysis:
    (tmp_path / "cfglib").mkdir()
    (tmp_path / "cfglib/__init__.py").write_text(CALLABLE)
    return analyze_repository(tmp_path)


def test_a_called_instance_is_checked_against_its_classes_call(callable_lib: Analysis) -> None:
    names = names_of(callable_lib)
    assert names.type_of("cfglib.AutoConfig.config") == "cfglib.Config"  # self.config = Config()
    text = "Read with `config('DEBUG', cast=bool)`; not `config('DEBUG', convert=bool)`.\n"
    outcomes = _outcomes(callable_lib, text)
    bad = [(o.reference.text, o.message) for o in outcomes if o.status == "unresolved"]
    assert bad == [("config('DEBUG', convert=bool)", "`config()` has no parameter `convert`")]


def test_the_package_named_in_an_example_without_its_import_is_checked(
    callable_lib: Analysis,
) -> None:
    text = (
        "```python\ndef parse(value, attr):\n    if attr.name:\n"
        '        raise cfglib.EnvError("bad")\n    raise cfglib.EnvErr("bad")\n'
        "    return os.path.join(value)\n```\n"
    )
    outcomes = _outcomes(callable_lib, text)
    status = {o.reference.text: o.status for o in outcomes if o.status != "ignored"}
    assert status == {"cfglib.EnvError": "resolved", "cfglib.EnvErr": "unresolved"}


def test_a_function_re_exported_over_its_own_submodule_is_the_function(tmp_path: Path) -> None:
    # python-slugify: slugify/__init__.py does `from .slugify import *`, so `slugify.slugify`
    # is the function, and `from slugify import slugify` gets it, not the submodule.
    (tmp_path / "slugger").mkdir()
    (tmp_path / "slugger/__init__.py").write_text(
        "from .special import *\nfrom .slugger import *\n"
    )
    (tmp_path / "slugger/special.py").write_text("PAIRS = []\n")
    (tmp_path / "slugger/slugger.py").write_text(
        "def slugger(text, max_length=0, word_boundary=False):\n    return text\n"
    )
    (tmp_path / "slugger/other.py").write_text("def helper():\n    return 1\n")
    analysis = analyze_repository(tmp_path)
    names = names_of(analysis)
    assert names.lookup("slugger.slugger") == "slugger.slugger.slugger"
    assert names.lookup("slugger.other") == "slugger.other"  # a submodule nothing shadows
    text = (
        "```python\nfrom slugger import slugger\n\nslugger(txt, word_boundary=True)\n"
        "slugger(txt, whole_words=True)\n```\n"
    )
    outcomes = _outcomes(analysis, text)
    bad = [o.message for o in outcomes if o.status == "unresolved"]
    assert bad == ["`slugger()` has no parameter `whole_words`"]


def test_the_default_name_of_an_environment_helper_is_read_too(tmp_path: Path) -> None:
    """dj-database-url's `def config(env=DEFAULT_ENV): os.environ.get(env)` reads
    `DATABASE_URL` when called with no argument."""
    (tmp_path / "dburl").mkdir()
    (tmp_path / "dburl/__init__.py").write_text(
        'import os\n\nDEFAULT_ENV = "DBURL_DATABASE_URL"\n\n\n'
        "def config(env=DEFAULT_ENV, default=None):\n    return os.environ.get(env, default)\n\n\n"
        'def cache(env="DBURL_CACHE_URL"):\n    return os.environ[env]\n'
    )
    analysis = analyze_repository(tmp_path)
    assert {e.name: e.via for e in analysis.env_vars} == {
        "DBURL_DATABASE_URL": "helper",
        "DBURL_CACHE_URL": "helper",
    }
    doc = "Set `DBURL_DATABASE_URL` or `DBURL_CACHE_URL`; `DBURL_DATABASE_URI` is a typo.\n"
    outcomes = _outcomes(analysis, doc)
    status = {o.reference.text: o.status for o in outcomes if o.reference.kind in {"env", "code"}}
    assert status == {
        "DBURL_DATABASE_URL": "resolved",
        "DBURL_CACHE_URL": "resolved",
        "DBURL_DATABASE_URI": "unresolved",
    }
