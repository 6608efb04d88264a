"""Shapes from the blind drift round 39 (toot, randomname, langcodes), on a small repo with
the last commit as the documented state.

- A click group in one module, `@cli.command()` in others that import it: the program's
  sub-commands (toot: every sub-command was missed). A command handed to `copy()` for a
  snake-case alias is no group extended by plugins.
- A word that is only a sub-command's sub-command (`tags follow`) is no first word.
- A project decorator whose wrapper hands `*args, **kwargs` on keeps the signature, plus
  its keyword-only parameters (randomname's `run_with_set_random_seed` adds `seed`).
- `import fire` inside `main()` and `fire.Fire({"get": prints(get_name), ...})`: commands.
- `find = Language.find`: the module name has the method's signature.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit, _edit
from test_verify_wild import _write

PYPROJECT = """\
[project]
name = "toot"
version = "1.0"

[project.scripts]
toot = "toot.cli:cli"
names = "toot.names:main"
"""

GROUP = """\
import click


@click.group()
@click.option("--debug", is_flag=True)
def cli(debug):
    pass


from toot.cli import post  # noqa
from toot.cli import tags  # noqa
"""

POST = """\
from copy import copy

import click

from toot.cli import cli


@cli.command()
@click.option("--description", "-d")
@click.option("--visibility")
def post(description, visibility):
    pass


@cli.command()
@click.option("--description")
def update_account(description):
    pass


update_account_alias = copy(update_account)
cli.add_command(update_account_alias, name="update_account")
"""

TAGS = """\
import click

from toot.cli import cli


@cli.group()
def tags():
    pass


@tags.command()
def follow():
    pass


@cli.command()
def follow_user():
    pass
"""

NAMES = """\
import functools


def seeded(method):
    def decorated(*args, seed=None, **kwargs):
        return method(*args, **kwargs)

    return decorated


@seeded
def get_name(adj="a", noun="n", sep="-"):
    return adj + sep + noun


class Language:
    @staticmethod
    def find(name, language=None):
        return name


find = Language.find


def prints(func):
    @functools.wraps(func)
    def inner(*a, **kw):
        print(func(*a, **kw))

    return inner


def main():
    import fire

    fire.Fire({"get": prints(get_name), "find": find})
"""

README = """\
# toot

    $ toot post --description "an image" hello
    $ toot follow-user someone
    $ toot tags follow python
    $ toot follow python
    $ names get

```python
from toot.names import find, get_name
get_name(adj="big", seed=3)
find("french", language="en")
```
"""


def test_click_groups_across_modules_wrappers_fire_tables_and_method_aliases(
    tmp_path: Path,
) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "toot/__init__.py": "",
        "toot/cli/__init__.py": GROUP,
        "toot/cli/post.py": POST,
        "toot/cli/tags.py": TAGS,
        "toot/names.py": NAMES,
        "README.md": README,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    changes = {
        "toot/cli/post.py": [('"--description", "-d"', '"--alt-text", "-d"')],
        "toot/cli/tags.py": [("def follow_user", "def follow_account")],
        "toot/names.py": [
            ('adj="a"', 'adjective="a"'),
            ("adj + sep", "adjective + sep"),
            ("name, language=None", "name, in_language=None"),
            ('{"get": ', '{"name": '),
        ],
    }
    _edit(tmp_path, changes)
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 3, "toot post --description 'an image' hello"),
        ("README.md", 4, "toot follow-user someone"),
        ("README.md", 6, "toot follow python"),
        ("README.md", 7, "names get"),
        ("README.md", 11, "toot.names.get_name"),
        ("README.md", 12, "toot.names.find"),
    }
