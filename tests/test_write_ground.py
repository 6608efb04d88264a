"""Docstring text copied into the API reference keeps its words but drops false claims."""

from __future__ import annotations

from pathlib import Path

from klaro.scan.analyze import analyze_repository
from klaro.verify import Resolver, project_index, verify
from klaro.write.ground import ground

CODE = '''"""Jobs."""


class Job:
    def __init__(self, name: str) -> None:
        self.name = name

    def run(self) -> None:
        """Run it."""
'''

DOC = """### `Job`

Run with `Job.run()`; the old `Job.start_now` is gone, `Job.dry_mode` is off, `Job.name` stays.
See [the guide](/guide/#jobs), [the code](../jobs/__init__.py) and ![chart](img/none.png).

```python
Job("x").start_now()
```
"""


def test_unresolved_spans_and_dead_links_become_plain_words(tmp_path: Path) -> None:
    (tmp_path / "jobs").mkdir()
    (tmp_path / "jobs" / "__init__.py").write_text(CODE)
    analysis = analyze_repository(tmp_path)
    resolver = Resolver(project_index(analysis))
    grounded = ground(DOC, resolver, "docs/api.md")
    assert grounded.splitlines()[2:4] == [
        # "the old `Job.start_now`" names the past on purpose, as a changelog does
        "Run with `Job.run()`; the old `Job.start_now` is gone, Job.dry_mode is off, "
        "`Job.name` stays.",
        "See the guide, [the code](../jobs/__init__.py) and chart.",
    ]
    assert 'Job("x").start_now()' in grounded  # code blocks are the author's, kept as written
    # and their false claims are still reported: `Job` is the package's, its import left out
    findings = verify(grounded, analysis, path="docs/api.md")
    assert [(f.line, f.reference) for f in findings] == [(7, "Job.start_now")]  # as written
    assert ground(grounded, resolver, "docs/api.md") == grounded
