"""Shapes from the blind wild batch 79 (garth), a page that is right, on a small repo that
has it: a printed result cut short on purpose (`# ... other scores` inside one call,
`SleepNeed(...)` for another), whose calls leave out required fields; a keyword the
excerpt shows that the class does not take is still reported.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

MODELS = """\
import dataclasses


@dataclasses.dataclass
class SleepScores:
    overall: int
    rem: int
    deep: int


@dataclasses.dataclass
class SleepNeed:
    baseline: int
    actual: int


@dataclasses.dataclass
class SleepDTO:
    id: int
    sleep_scores: SleepScores
    sleep_need: SleepNeed
    next_sleep_need: SleepNeed
    nap_time_seconds: int
"""

PAGE = """\
# Sleep

```python
SleepDTO(
    id=1751863648000,
    sleep_scores=SleepScores(
        overall=83,
        # ... other scores
    ),
    sleep_need=SleepNeed(baseline=470, actual=470),
    next_sleep_need=SleepNeed(...),
)
SleepNeed(baseline=470, actual=470, feedback="NO_CHANGE")
SleepScores(overall=1)
```
"""


def test_a_printed_result_cut_short(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "garthx"\nversion = "1"\n',
        "garthx/__init__.py": "from garthx.models import SleepDTO, SleepNeed, SleepScores\n",
        "garthx/models.py": MODELS,
        "README.md": PAGE.replace("```python\n", "```python\nfrom garthx import *\n", 1),
    }
    found = _drift(_write(tmp_path / "garthx", files))
    assert {(line, name) for _, line, name in found} == {
        (14, "garthx.SleepNeed"),
        (15, "garthx.SleepScores"),
    }
