"""Shapes from the blind drift round 21 (httpstat, python-crontab), on small repos: each
drift that must now be reported is paired with a decoy that must stay quiet.

A class whose instances each read the variable they are made with (`Env('{prefix}_DEBUG')`)
reads the filled-in names, not any name under its prefix; a loop over, or an index into, a
project container gives one of the class it holds, and a property returning `self.x[i]` gives
one element of `self.x`; a container of items of several classes stays unchecked.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_verify_wild import _drift, _write

from klaro.scan.python import analyze_source

ENV_CLASS = """\
import os


class Env:
    prefix = "APP"

    def __init__(self, key):
        self.key = key.format(prefix=self.prefix)

    def get(self, default=None):
        return os.environ.get(self.key, default)


ENV_SHOW_SPEED = Env("{prefix}_SHOW_SPEED")


def main():
    debug = Env("{prefix}_LOG_DEBUG").get("false")
    return ENV_SHOW_SPEED.get("false"), debug
"""

ENV_PAGE = """\
# app

```bash
export APP_SHOW_SPEED=true
export APP_DEBUG=true
```
"""


def _files(code: str, page: str) -> dict[str, str]:
    return {
        "pyproject.toml": '[project]\nname = "app"\nversion = "1"\n',
        "app/__init__.py": code,
        "README.md": page,
    }


def test_an_env_class_reads_the_names_it_is_made_with(tmp_path: Path) -> None:
    assert _drift(_write(tmp_path, _files(ENV_CLASS, ENV_PAGE))) == {("README.md", 5, "APP_DEBUG")}


def test_an_env_class_made_with_a_computed_name_may_read_any_under_its_prefix(
    tmp_path: Path,
) -> None:
    code = ENV_CLASS + "\n\ndef extra(name):\n    return Env(name).get()\n"
    assert _drift(_write(tmp_path, _files(code, ENV_PAGE))) == set()


@pytest.mark.parametrize(
    "built",
    ['f"{self.prefix}_{key}"', 'self.prefix + "_" + key', "PREFIX + key"],
)
def test_an_env_class_building_the_name_from_literal_parts(built: str) -> None:
    code = (
        'import os\n\nPREFIX = "APP_"\n\n\nclass Env:\n    prefix = "APP"\n\n'
        f"    def __init__(self, key, default=None):\n        self.key = {built}\n\n"
        "    def get(self):\n        return os.getenv(self.key)\n\n\n"
        'COLOR = Env("COLOR")\nWIDTH = Env(key="WIDTH")\n'
    )
    module = analyze_source(code, "app.py", "app", is_package=False)
    names = {e.name for e in module.env_vars}
    assert names == {"APP_COLOR", "APP_WIDTH"}  # and no `APP_*`
    assert not module.env_dynamic


CRONTAB = """\
class CronSlice:
    def every(self, n):
        return self

    def during(self, start, end):
        return self


class CronSlices(list):
    def __init__(self):
        super().__init__([CronSlice() for _ in range(5)])


class CronItem:
    def __init__(self, command=""):
        self.command = command
        self.slices = CronSlices()

    @classmethod
    def from_line(cls, line):
        return cls(line)

    @property
    def hour(self):
        return self.slices[1]

    def setall(self, *values):
        return values

    def schedule(self, date_from=None):
        return date_from


class CronTab:
    def __init__(self):
        self.crons = []
        for line in ("a", "b"):
            self.append(CronItem.from_line(line))

    def append(self, item):
        self.crons.insert(0, item)

    def new(self, command=""):
        item = CronItem(command)
        self.append(item)
        return item

    def __iter__(self):
        for job in list(self.crons):
            yield job

    def __getitem__(self, i):
        return self.crons[i]
"""

CRONTAB_PAGE = """\
# cron

```python
from cron import CronTab

cron = CronTab()
for job in cron:
    job.setall(2, 10)
    job.set_all(2, 10)
    job.schedule(date_from=None)
    job.schedule(start=None)
first = cron[0]
first.hour.every(2)
first.hour.random_during(1, 3)
```
"""


def test_a_loop_over_a_project_container_gives_one_of_what_it_holds(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "cron"\nversion = "1"\n',
        "cron.py": CRONTAB,
        "README.md": CRONTAB_PAGE,
    }
    found = {(line, ref.rpartition(".")[2]) for _, line, ref in _drift(_write(tmp_path, files))}
    assert found == {(9, "set_all"), (11, "schedule"), (14, "random_during")}


def test_a_container_of_several_classes_stays_unchecked(tmp_path: Path) -> None:
    mixed = CRONTAB.replace(
        "        self.append(item)\n        return item\n",
        "        self.append(item)\n        self.crons.append(CronSlice())\n        return item\n",
    )
    page = CRONTAB_PAGE.replace("first.hour.every(2)\nfirst.hour.random_during(1, 3)\n", "")
    files = {
        "pyproject.toml": '[project]\nname = "cron"\nversion = "1"\n',
        "cron.py": mixed,
        "README.md": page,
    }
    assert _drift(_write(tmp_path, files)) == set()
