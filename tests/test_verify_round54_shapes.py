"""Shapes from the blind drift rounds 54 and 55 (ijson, intervaltree, lastversion,
pingparsing), on small repos with the last commit as the documented state.

- `$> python -m pkg.tool -p x` (a `$>` prompt) runs a module whose one parser names all its
  flags: a flag it lost is stale, though another parser of the package takes it.
- "the `buf_size` option" is a parameter word: a keyword the functions lost is stale.
- `tree.discardi(...)` in a list of an object's methods: a method no class has any more is
  stale on whatever object the page calls it, though a test's data file has a `def tree()`.
- A bare ``ping`` on a page that uses "ping" as a plain word names the program, not the
  method `Transmitter.ping` the code renamed.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

BENCH = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("-m", "--method")
    parser.add_argument("-p", "--prefix")
    parser.parse_args()


if __name__ == "__main__":
    main()
"""

DUMP = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-p", "--pretty", action="store_true")
    parser.parse_args()
"""

TREE = """\
class IntervalTree:
    def discard(self, interval):
        pass

    def discardi(self, begin, end):
        pass


class Transmitter:
    def ping(self):
        pass


def items(source, prefix, buf_size=64):
    return source
"""

README = """\
# ivt

Run it::

 $> python -m ivt.bench data.json -m items -p values.item

Set the `buf_size` option to read more at once.

* `tree.discard(interval)`
* `tree.discardi(begin, end)`

Execute ping and parse the result: ``ping`` runs for each host, and ping statistics come
back.
"""


def test_module_programs_option_words_gone_methods_and_plain_words(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ivt"\nversion = "1"\n',
        "ivt/__init__.py": "from ivt.core import IntervalTree, Transmitter, items\n",
        "ivt/bench.py": BENCH,
        "ivt/dump.py": DUMP,
        "ivt/core.py": TREE,
        "test/data/issue25.py": "def tree():\n    return None\n",
        "README.rst": README,
    }
    changes = {
        "ivt/bench.py": [('"-p", "--prefix"', '"--prefix"')],
        "ivt/core.py": [
            ("    def discardi(self, begin, end):\n        pass\n", ""),
            ("def ping(self)", "def send(self)"),
            ("buf_size=64", "read_size=64"),
        ],
    }
    assert _drift_after(tmp_path / "ivt", files, changes) == {
        ("README.rst", 5),
        ("README.rst", 7),
        ("README.rst", 10),
    }
