"""Shapes from the blind wild batch 25 (gql, flask-moment, dateparser, django-auditlog,
fastapi-pagination), on small repos, each false alarm beside the drift that must still be
reported.

A `__getattr__` that asks what the constructor was given (`self._schema.get_type(name)`) or
makes the entry it looks up (`self.variables[name] = ...`) answers the user's names, while a
class's own table still refuses; a `-> Self` method ends a call chain on the receiver's class;
a page's `literalinclude` of Python defines the names its later lines call; a list item is a
sentence of its own; a Jinja template in an untagged block is no Python; `pkg 1.0.0` is a
release; a version-prefixed migration page is history; a method a mixin calls on `self` and
nobody defines is the host class's.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

DSL = """\
from typing import Self


class Field:
    def select(self, *fields) -> Self:
        return self

    def alias(self, name) -> Self:
        return self

    def args(self, **arguments) -> Self:
        return self


class Fragment(Field):
    def on(self, type_) -> "Fragment":
        return self

    def spread(self):
        return self


class Type:
    def __init__(self, graphql_type):
        self._type = graphql_type

    def __getattr__(self, name):
        if name in self._type.fields:
            return Field()
        raise AttributeError(name)


class Schema:
    def __init__(self, schema):
        self._schema = schema

    def __getattr__(self, name):
        found = self._schema.get_type(name)
        if found is None:
            raise AttributeError(f"Type {name} not found")
        return Type(found)


class Variables:
    def __init__(self):
        self.variables = {}

    def __getattr__(self, name):
        if name not in self.variables:
            self.variables[name] = name
        return self.variables[name]


_TABLE = {"red": 1, "green": 2}


class Colours:
    def __getattr__(self, name):
        try:
            return _TABLE[name]
        except KeyError:
            raise AttributeError(name) from None


def execute(query, upload_files=False):
    return query


async def main(args):
    return args
"""

DSL_DOC = """\
The DSL
=======

.. code-block:: python

    from dsl import Schema, Variables, Colours, Fragment

    ds = Schema(client.schema)
    var = Variables()
    query = ds.Query.hero.select(ds.Character.id, ds.Character.name)
    review = ds.Mutation.createReview.args(review=var.review, episode=var.episode)
    frag = Fragment("x").on(ds.Human).select(ds.Human.name).alias("y")
    frag.spread()
    frag.explode()
    Colours().red
    Colours().blue

.. literalinclude:: ../examples/async_query.py

Run it with ``asyncio.run(main())``.

To upload:

* create a ``Fragment`` object
* set the ``upload_files`` argument to True
* call ``execute()`` with the ``upload_filez`` argument set

From ``dsl 1.0.0`` on, wrong settings raise.
"""

EXAMPLE = """\
import asyncio


async def main():
    print("done")
"""

TEMPLATE_DOC = """\
Templates
=========

In a template::

    {{ moment.locale("es") }}
    {{ moment.include_moment() }}
"""

MIGRATION_DOC = """\
# Migrating to 0.13

The `cls_name` argument is gone.
"""

MIXIN = """\
class LogAccessMixin:
    def render_to_response(self, context):
        obj = self.get_object()
        return obj

    def get_for_object(self, obj):
        return obj
"""


def test_batch25_shapes(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "dsl",
        {
            "pyproject.toml": '[project]\nname = "dsl"\nversion = "1"\n',
            "dsl/__init__.py": DSL,
            "dsl/mixins.py": MIXIN,
            "docs/conf.py": "",
            "docs/dsl.rst": DSL_DOC,
            "docs/templates.rst": TEMPLATE_DOC,
            "docs/v0_13_migration.md": MIGRATION_DOC,
            "docs/usage.rst": "Usage\n=====\n\nThe mixin expects your view to have a "
            "``get_object`` method; ``get_for_objects`` is a typo.\n",
            "examples/async_query.py": EXAMPLE,
        },
    )
    assert _drift(root) == {
        ("docs/dsl.rst", 14, "dsl.Fragment.on.select.alias.explode"),  # Self: a Fragment
        ("docs/dsl.rst", 16, "dsl.Colours.blue"),  # the class's own table has no `blue`
        ("docs/dsl.rst", 26, "upload_filez"),
        ("docs/usage.rst", 4, "get_for_objects"),
    }
