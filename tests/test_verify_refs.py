"""Reference extraction from Markdown, and what the resolver refuses to call a claim."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from klaro.scan.analyze import analyze_repository
from klaro.verify import project_index
from klaro.verify.refs import extract_references, parse_document
from klaro.verify.resolve import Resolver

DOC = """# Getting Started!

Call `pkg.run()` and read [the guide](docs/guide.md#set-up)
or ![logo](img/logo.png) and <a href="LICENSE">license</a>.

```python
>>> from pkg import Client
>>> client = Client()
>>> client.fetch("x")
'x'
```

```python
client.close()
import pkg.tools as t
t.helper(1).value
```

```console
$ pkg serve --port 8000 \\
    --reload
Serving on 8000
$ export PKG_HOME=/tmp && PKG_MODE=fast pkg check | grep ok
```

## Getting started!
<a name="custom-anchor"></a>
"""


def test_references_keep_their_lines_and_kinds() -> None:
    refs = [(r.kind, r.text, r.line, r.context) for r in extract_references(DOC, "README.md")]
    assert refs == [
        ("code", "pkg.run()", 3, ""),
        ("link", "docs/guide.md#set-up", 3, ""),
        ("link", "img/logo.png", 4, "image"),
        ("link", "LICENSE", 4, "html"),
        ("import", "pkg.Client", 7, "from"),
        ("python", "pkg.Client", 8, "call|0|"),  # with its arguments: count | keywords
        ("python", "pkg.Client.fetch", 9, "instance-call|1|"),
        ("python", "pkg.Client.close", 14, "instance-call|0|"),  # bound in the previous block
        ("import", "pkg.tools", 15, "import"),
        ("python", "pkg.tools.helper.value", 16, "instance-attr"),  # of what helper returns
        ("python", "pkg.tools.helper", 16, "call|1|"),
        ("command", "pkg serve --port 8000 --reload", 20, ""),
        ("env", "PKG_HOME", 23, "export"),
        ("env", "PKG_MODE", 23, "assign"),
        ("command", "pkg check", 23, ""),
        ("command", "grep ok", 23, ""),
    ]


def test_anchors_follow_github_and_mkdocs_slug_rules() -> None:
    """GitHub numbers a repeated heading `-1`, Python-Markdown (MkDocs) `_1`."""
    doc = parse_document(DOC, "README.md")
    assert doc.anchors == {
        "getting-started",
        "getting-started-1",
        "getting-started_1",
        "custom-anchor",
    }
    assert {"pkg.run", "--port", "PKG_HOME"} <= doc.words


def test_a_block_that_does_not_parse_is_read_line_by_line() -> None:
    text = "```python\nfrom pkg import a\nx = <your value>\npkg_value = a.b\n```\n"
    refs = [(r.text, r.line) for r in extract_references(text, "x.md")]
    assert refs == [("pkg.a", 2), ("pkg.a.b", 4)]


NOT_CLAIMS = """# Notes

Install with `pip install tinytool` or `uv add tinytool`; run `git status`, `cd src`, `ls -la`.
Values: `True`, `None`, `42`, `"text"`, `1.2.0`, `>=3.11`, `*.md`, `~/.config/app.toml`.
Words: `name`, `style`, `output`, `json.dumps`, `os.environ`, `requests.get`, `yaml`.
Other tools: `PATH`, `GITHUB_TOKEN`, `npm run build`, `docs/_build/html`, `setup.cfg`.
Own example: `remember()` is defined below, and `Helper.go` is a third-party class.

```python
from rich.console import Console
def remember(x):
    return Console().print(x)
```

```js
const x = require("tinytool");
```

See [the docs](https://example.org/docs) and [issues](../../issues).
"""


def test_things_that_are_not_claims_about_the_project_are_ignored(
    sample_repo: Callable[[str], Path],
) -> None:
    root = sample_repo("verify_basic")
    resolver = Resolver(project_index(analyze_repository(root)))
    doc = parse_document(NOT_CLAIMS, "NOTES.md")
    claims = [o for o in resolver.resolve_document(doc) if o.status != "ignored"]
    assert claims == []


def test_links_are_kept_as_written() -> None:
    """A finding shows the target as the author wrote it, and a repair can find it on the line."""
    text = "See [the café guide](docs/café.md#über-uns).\n"
    assert [r.text for r in extract_references(text, "README.md")] == ["docs/café.md#über-uns"]
