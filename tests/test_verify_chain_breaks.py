"""An example's chain is checked where it breaks: `every(10).seconds.do(job)` once the `Job`
that `every()` returns has no `seconds` names a missing member, not an object we cannot
follow (schedule's README, found by `benchmarks/automutate.py`); a step whose type is
merely unknown (an untyped result) still ends the check there.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

SCHEDULE = """\
class Job:
    def __init__(self, interval):
        self.interval = interval

    @property
    def minutes(self):
        return self

    def do(self, job):
        return self

    def tag(self, name):
        return make_tag(name)


def make_tag(name):
    return name


def every(interval: int = 1) -> Job:
    return Job(interval)
"""

README = """\
# schedule

```python
import schedule

schedule.every(10).minutes.do(job)
schedule.every(10).seconds.do(job)
schedule.every(10).tag("x").anything.goes()
```
"""


def test_a_chain_is_judged_where_it_breaks(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "schedule"\nversion = "1"\n',
        "schedule/__init__.py": SCHEDULE,
        "README.md": README,
    }
    root = _write(tmp_path / "schedule", files)
    assert _drift(root) == {("README.md", 7, "schedule.every.seconds.do")}
