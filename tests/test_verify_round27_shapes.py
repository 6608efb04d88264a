"""Shapes from the blind drift round 27 (enlighten, td-watson, nodeenv), on small repos.

A Google `Returns:` section that names its class with a role (``:py:class:`Counter`: ...``)
types what the method returns, so an example's chain reaches the class's methods; a click
command that ignores unknown options but has no argument to take them fails on them, and
one that `ctx.invoke` runs is no plugin group; a click switch that names its own off switch
(`--gap/--gapless`) makes no `--no-gap`; a setting a config class had as an attribute
(``parallel_extract = False``) is stale once the class drops it, though an option's `dest`
still spells the word.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _drift, _write

MANAGER = '''\
class SubCounter:
    def update_from(self, source, incr=1):
        return incr


class Counter:
    def add_subcounter(self, color, count=0, all_fields=None):
        return SubCounter()


class Manager:
    counter_class = Counter

    def counter(self, **kwargs):
        """Make a counter.

        Returns:
            :py:class:`Counter`: Instance of counter class
        """
        return self._add_counter(self.counter_class, **kwargs)

    def _add_counter(self, counter_class, **kwargs):
        return counter_class(**kwargs)


def get_manager():
    return Manager()
'''

BARS_DOC = """\
Bars
====

.. code-block:: python

    import bars

    manager = bars.get_manager()
    done = manager.counter(total=10)
    sub = done.add_subcounter('green', all_fields=True, colour='x')
    sub.update_from(done, 2)
    sub.transfer_from(done, 2)
"""


def test_a_google_returns_role_types_the_chain(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "bars",
        {
            "pyproject.toml": '[project]\nname = "bars"\nversion = "1"\n',
            "bars/__init__.py": MANAGER,
            "README.rst": BARS_DOC,
        },
    )
    assert _drift(root) == {
        ("README.rst", 10, "bars.get_manager.counter.add_subcounter"),
        ("README.rst", 12, "bars.get_manager.counter.add_subcounter.transfer_from"),
    }


WATCH = """\
import click


@click.group()
def cli():
    pass


@cli.command(context_settings={"ignore_unknown_options": True})
@click.option("--at", "at_")
@click.option("-g/-G", "--gap/--no-gap", "gap_", default=True)
@click.argument("args", nargs=-1)
@click.pass_context
def start(ctx, at_, gap_, args):
    ctx.invoke(stop)


@cli.command(context_settings={"ignore_unknown_options": True})
@click.option("--at", "at_")
def stop(at_):
    pass
"""

WATCH_DOC = """\
# watch

    $ watch start --at 10:00 --custom
    $ watch stop --at 13:37

With the `--no-gap` flag no gap is left.
"""


def test_click_commands_take_only_the_unknown_options_they_can_hold(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "watch",
        {
            "pyproject.toml": '[project]\nname = "watch"\nversion = "1"\n'
            '[project.scripts]\nwatch = "watch.cli:cli"\n',
            "watch/__init__.py": "",
            "watch/cli.py": WATCH,
            "README.md": WATCH_DOC,
        },
    )
    _first_commit(root)
    assert _drift_since_commit(root) == set()
    renamed = WATCH.replace("--gap/--no-gap", "--gap/--gapless")
    (root / "watch" / "cli.py").write_text(
        renamed.replace('"--at", "at_")\ndef stop', '"--when", "at_")\ndef stop')
    )
    # `start` hands unknown options to its variadic `args`; `stop` has nothing to take them;
    # `--gap/--gapless` makes no `--no-gap`
    assert _drift_since_commit(root) == {
        ("README.md", 4, "watch stop --at 13:37"),
        ("README.md", 6, "--no-gap"),
    }


CONFIG = """\
import argparse


class Config:
    jobs = 2
    parallel_extract = True


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-parallel-extract", dest="parallel_extract", action="store_false")
    return parser
"""

CONFIG_DOC = """\
nodes
=====

Set ``parallel_extract = False`` and ``jobs = 4`` in ``~/.nodesrc``.
"""


def test_a_setting_the_config_class_dropped_is_stale(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "nodes",
        {
            "pyproject.toml": '[project]\nname = "nodes"\nversion = "1"\n',
            "nodes.py": CONFIG,
            "README.rst": CONFIG_DOC,
        },
    )
    _first_commit(root)
    assert _drift_since_commit(root) == set()
    (root / "nodes.py").write_text(CONFIG.replace("    parallel_extract = True\n", ""))
    assert _drift_since_commit(root) == {("README.rst", 4, "parallel_extract = False")}


RELOADER = '''\
class IReloaderProxy:
    def watch_files(self, files):
        """Track some custom paths."""


_proxy = None


def get_reloader():
    """Get a reference to the current :class:`reload.IReloaderProxy`."""
    return _proxy


def start_reloader(path):
    """Start a monitor; in a monitored process it will return a reference to the current
    :class:`reload.IReloaderProxy` instead."""
    if _proxy is not None:
        return get_reloader()
    return run(path)


def run(path):
    return path
'''

RELOADER_DOC = """\
# reload

```python
import reload

reloader = reload.start_reloader('app.main')
reloader.watch_files(['foo.ini'])
reloader.stop_all()
reload.get_reloader().watch_file('bar.ini')
```
"""


def test_a_docstring_that_returns_a_reference_to_a_class_types_the_result(
    tmp_path: Path,
) -> None:
    root = _write(
        tmp_path / "reload",
        {
            "pyproject.toml": '[project]\nname = "reload"\nversion = "1"\n',
            "reload/__init__.py": RELOADER,
            "README.md": RELOADER_DOC,
        },
    )
    assert _drift(root) == {
        ("README.md", 8, "reload.start_reloader.stop_all"),
        ("README.md", 9, "reload.get_reloader.watch_file"),
    }
