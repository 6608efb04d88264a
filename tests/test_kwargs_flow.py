"""Keywords through `**kwargs`: followed where every use is accounted for, open otherwise."""

from __future__ import annotations

import pytest

from klaro.scan.analyze import analyze_repository
from klaro.scan.model import Analysis
from klaro.verify import Resolver, project_index
from klaro.verify.refs import parse_document

CODE = """\
class Sink:
    def __init__(self, path, *, rotation=None, **kwargs):
        self.rotation = rotation
        self._open_kwargs = {**kwargs, "mode": "a"}

    def reopen(self):
        return open(self.path, **self._open_kwargs)


class Log:
    def add(self, sink, *, level="INFO", enqueue=False, **kwargs):
        loop = kwargs.pop("loop", None)
        if isinstance(sink, str):
            sink = Sink(sink, **kwargs)
            kwargs = {}
        if kwargs:
            raise TypeError("unexpected keyword %r" % next(iter(kwargs)))
        return sink, loop

    def bind(self, **kwargs):
        extra = {}
        extra.update(kwargs)
        return extra

    def swallow(self, **kwargs):
        return None


def connect(url, **options):
    settings = dict(options)
    return _dial(url, **settings)


def _dial(url, **options):
    return _socket(url, **options)


def _socket(url, timeout=10, retries=3):
    return url, timeout, retries


class Task:
    def __init__(self, body, name=None, help=None):
        self.body = body


def task(*args, **kwargs):
    klass = kwargs.pop("klass", Task)
    return klass(args[0], **kwargs)


class Item:
    def __init__(self, value, size=1):
        self.value = value


class Factory:
    def __init__(self, type: "Type[Item]" = Item):
        self.type = type

    def make(self, *args, **kwargs):
        fmt = kwargs.pop("fmt", None)
        return self.type(*args, **kwargs), fmt


_factory = Factory()


def make(*args, **kwargs):
    return _factory.make(*args, **kwargs)


log = Log()
"""


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Analysis:
    root = tmp_path_factory.mktemp("flow")
    (root / "flowlib").mkdir()
    (root / "flowlib/__init__.py").write_text(CODE)
    (root / "pyproject.toml").write_text('[project]\nname = "flowlib"\nversion = "1"\n')
    return analyze_repository(root)


def _unresolved(analysis: Analysis, code: str) -> list[str]:
    doc = parse_document(
        f"```python\nfrom flowlib import log, connect, make, task\n{code}\n```\n", "R.md"
    )
    outcomes = Resolver(project_index(analysis)).resolve_document(doc)
    return [o.message for o in outcomes if o.status == "unresolved"]


@pytest.mark.parametrize(
    "code",
    [
        'log.add("app.log", rotation="1 week")',  # Sink's own keyword
        'log.add("app.log", encoding="utf-8", newline="")',  # Sink stashes them for open()
        "log.add(print, loop=None)",  # read by name in add
        "log.bind(anything=1)",  # handed on as a value: open
        "log.swallow(whatever=2)",  # never used: nothing says it is refused
        'connect("db://", timeout=3)',  # alias, then two forwarding steps
        'task(print, help={"x": "the x"})',  # `klass = kwargs.pop("klass", Task)`: Task's
        'make(1, fmt="x", size=2)',  # arrow's factory: its `self.type` holds the class Item
    ],
)
def test_keywords_that_reach_a_parameter_pass(analysis: Analysis, code: str) -> None:
    assert _unresolved(analysis, code) == []


@pytest.mark.parametrize(
    ("code", "bad"),
    [
        ('log.add("app.log", rotate_at="1 week")', "rotate_at"),
        ('log.add("app.log", queued=True)', "queued"),
        ('connect("db://", timeout_s=3)', "timeout_s"),
        ('task(print, arg_help={"x": "the x"})', "arg_help"),
        ("make(1, colour=2)", "colour"),
    ],
)
def test_a_keyword_no_step_accepts_is_reported(analysis: Analysis, code: str, bad: str) -> None:
    messages = _unresolved(analysis, code)
    assert len(messages) == 1 and f"has no parameter `{bad}`" in messages[0], messages


def test_the_flow_is_recorded_in_the_analysis(analysis: Analysis) -> None:
    functions = {f.qualname: f for m in analysis.modules for c in m.classes for f in c.methods}
    functions.update((f.qualname, f) for m in analysis.modules for f in m.functions)
    assert functions["Log.add"].forwards == ("Sink",)
    assert functions["Log.add"].kwarg_keys == ("loop",)
    assert functions["Sink.__init__"].forwards == ("open",)
    assert functions["Log.bind"].kwargs_open
    assert functions["connect"].forwards == ("_dial",)
    assert functions["task"].forwards == ("Task",)


BOUND = """\
import warnings


class Api:
    def decode(self, token, key="", leeway=0, **kwargs):
        if kwargs:
            warnings.warn(f"passing additional kwargs is deprecated: {tuple(kwargs)}")
        return token, key, leeway


_api = Api()
decode = _api.decode
"""


def test_a_module_function_bound_to_an_instance_refusing_extra_keywords(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # PyJWT: `decode = _jwt_global_obj.decode`, whose **kwargs are only warned about.
    root = tmp_path_factory.mktemp("bound")
    (root / "tok").mkdir()
    (root / "tok/__init__.py").write_text("from .api import decode\n")
    (root / "tok/api.py").write_text(BOUND)
    analysis = analyze_repository(root)
    text = (
        '```python\nimport tok\n\ntok.decode(token, "secret", leeway=10)\ntok.decode(\n'
        '    token,\n    "secret",\n    clock_skew=10,\n)\n```\n'
    )
    outcomes = Resolver(project_index(analysis)).resolve_document(parse_document(text, "R.md"))
    bad = [(o.reference.line, o.message) for o in outcomes if o.status == "unresolved"]
    assert bad == [(8, "`decode()` has no parameter `clock_skew`")]  # the keyword's own line
