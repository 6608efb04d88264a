"""Shapes from the blind sets of 2026-11-25 (drift round 23, wild batch 22), on small repos,
each false alarm paired with the drift beside it that must still be reported.

Settings keys the code joins from literals (`'tidy.' + key`, a settings class's prefix and
its names), variables named from a prefix constant or set for a child program, a
predecessor's history file, `:doc:` paths climbing to the Sphinx root, `image.*`, listings
whose "calls" are words and asides, attached option values, the shell's own `set -e`,
mkdocstrings anchors, a sibling page linked by file name, `cmd`'s `do_X` commands, Python's
own classes, names a template binds, pseudocode, "doesn't really exist", an interface's
attribute its subclasses define, and placeholder paths.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tidy"
version = "1.0"

[project.scripts]
tidy = "tidy.cli:main"
"""

SETTINGS = """\
import os


from tidy.constants import EnvVars


def expand(d, key):
    return d.get("tidy." + key)


def load(d):
    return [expand(d, "reload_templates"), expand(d, "debug_authorization")]


class AppSettings:
    def __init__(self, prefix):
        self.prefix = prefix

    def _setting(self, name, default):
        from django.conf import settings

        return getattr(settings, self.prefix + name, default)

    @property
    def TRUSTED_PROXY_COUNT(self):
        return self._setting("TRUSTED_PROXY_COUNT", 0)


app_settings = AppSettings("TIDY_")


def option(plugin, name):
    return os.environ.get(f"{EnvVars.ENV_OPTION_PREFIX}{plugin}_{name}".upper())


def test_env(context):
    context.env_vars["TIDY_TEST_ARGS"] = "-x"
"""

CORE = '''\
class Transport:
    """A transport."""


class RedisTransport(Transport):
    recoverable_errors = ()


class FakePopen:
    def communicate(self, data=None):
        return data


class Shell:
    def do_run_script(self, line):
        return line


def get_root(app):
    return app


def excview_factory(handler, registry):
    return handler
'''

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="tidy")
    parser.add_argument("-m", "--method", default="GET")
    return parser.parse_args()
"""

INIT = "from tidy.core import FakePopen, Shell, Transport, excview_factory, get_root\n"

ENVIRONMENT = """\
Environment
===========

Set ``tidy.reload_templates`` or every ``tidy.debug_`` setting; ``tidy.reload_everything``
is no setting. ``TIDY_TRUSTED_PROXY_COUNT`` is a Django setting, ``TIDY_NOT_A_SETTING``
is not. ``TIDY_ENV_TYPE_VIRTUAL_PATH`` and ``TIDY_TEST_ARGS`` are read.

See :doc:`../narr/views` and :doc:`../narr/gone`.

.. image:: _static/router.*

.. image:: _static/missing.*

The chain looks like this::

    INGRESS (implicit)
    tidy.excview_factory (implicit)

It works like this pseudocode::

    root = get_root()

And really::

    root = get_root()

The ``get_roots()`` function doesn't really exist. ``Transport.recoverable_errors`` is
optional; ``Transport.unknown_attr`` is not documented anywhere.

After ``Popen.communicate()`` the shell's ``run_script()`` command runs, then
``FakePopen.talk()``. Build ``src/foo/file.ext`` from the sources.

Populate the list via::

    {% get_providers as excview_factories %}

Which fills ``excview_factories``.
"""

CLI_PAGE = """\
# Command line

```bash
set -euo pipefail
tidy -mPOST
```

Stops at the first error with the `-e` option.
"""

REFERENCE = """\
# Reference

See [the config file](tidy.md) and [fs_context](#tidy.core.Transport.fs_context).

::: tidy.core.Transport
"""


def test_names_the_code_composes_and_shapes_that_are_no_claims(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "tidy",
        {
            "pyproject.toml": PYPROJECT,
            "tidy/__init__.py": INIT,
            "tidy/settings.py": SETTINGS,
            "tidy/constants.py": 'class EnvVars:\n    ENV_OPTION_PREFIX = "TIDY_ENV_TYPE_"\n',
            "tidy/core.py": CORE,
            "tidy/cli.py": CLI,
            "docs/conf.py": "project = 'tidy'\n",
            "docs/narr/views.rst": "Views\n=====\n",
            "docs/_static/router.png": "png",
            "docs/environment.rst": ENVIRONMENT,
            "docs/BFG_HISTORY.rst": "Early days\n==========\n\n``tidy.gone_function`` came.\n",
            "docs/cli.md": CLI_PAGE,
            "docs/reference.md": REFERENCE,
            "docs/tidy.md": "# Config\n",
        },
    )
    page = "docs/environment.rst"
    assert _drift(root) == {
        (page, 4, "tidy.reload_everything"),
        (page, 5, "TIDY_NOT_A_SETTING"),
        (page, 8, "../narr/gone.rst"),  # Sphinx's root stops the climb: docs/narr/gone
        (page, 12, "_static/missing.*"),
        (page, 25, "get_root"),  # not said to be pseudocode: checked
        (page, 28, "Transport.unknown_attr"),
        (page, 31, "FakePopen.talk()"),
    }
