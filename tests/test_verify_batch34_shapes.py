"""Shapes from the blind wild batch 34 (pyvisa, pyglet, ansible-lint, pyvo, python-can,
Cheetah3, aiocoap), on small repos, each beside a line that must still be reported.

- `open_resource() -> "Resource"` gives the subclass the resource name picks: a method only
  a project subclass defines is no drift (pyvisa, 12 false alarms); one no class has is.
- ``AudioDriver`` beside `PulseAudioDriver` and `XAudio2Driver`: the role the classes
  share, no typo of one of them.
- A dev script `make.py` makes no `make` command: `make html` runs the build tool.
- A literal block that does not parse but defines a class at its margin is Python: the
  prose after it names the page's class.
- `.config/tool.yml` and `collections/requirements.yml`, which the code spells (or globs):
  files the program looks for where it runs.
- The inputs of the repository's `action.yml` are names a README may use.
- `__weakref__` is every ordinary class's; `pkg.Templates.Page.tmpl` is a shipped file.
- ``samp.app.echo`` beside `"samp.app.echo"` in the examples is a value.
- "``extended_id`` has been deprecated in favor of ``is_extended_id``" makes no claim.
- "$ pip3 install ..." then "With the ``-e`` option ... pip's": pip's flag.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "visa"
version = "1.0"

[project.scripts]
visa = "visa.cli:main"
"""

CLI = """\
import argparse

CONFIG_FILES = (".config/visa.yml", ".config/visa.yaml")
REQUIREMENTS = "**/requirements.{yaml,yml}"


def requirements_files():
    return []


def main():
    parser = argparse.ArgumentParser(prog="visa")
    parser.add_argument("--timeout", type=int)
    parser.parse_args()
"""

RESOURCES = """\
class Resource:
    def close(self):
        pass


class MessageBasedResource(Resource):
    def query(self, message):
        return message


class ResourceManager:
    def open_resource(self, name) -> "Resource":
        return _CLASSES[name](name)


class AbstractAudioDriver:
    pass


class PulseAudioDriver(AbstractAudioDriver):
    pass


class XAudio2Driver(AbstractAudioDriver):
    pass


class Group:
    pass


class TextureGroup(Group):
    pass


class Bus:
    pass


_CLASSES = {"INSTR": MessageBasedResource}
"""

README = """\
# visa

```python
import visa

rm = visa.ResourceManager()
inst = rm.open_resource("GPIB0::12::INSTR")
inst.query("*IDN?")
inst.write_raw(b"x")
```

The ``AudioDriver`` is a singleton; the ``AudoDriver`` picks one.

Build the docs:

```console
$ make html
```

Configure it in `.config/visa.yml` or list roles in `collections/requirements.yml`;
not in `visa/settings.yml`.

Set the action's `requirements_file` input.
"""

GUIDE_RST = """\
Guide
=====

.. autoattribute:: visa.resources.Bus.__weakref__

.. autoattribute:: visa.resources.Bus.__slots_gone__

See the template {visa.Templates.Page.tmpl} for an example.

Groups can be nested; the following example demonstrates this::

    import visa

    class TextureBindGroup(visa.resources.Group):
        def set_state(self):
            # not necessary

    group = TextureBindGroup()

The ``TextureBindGroup`` instances merge; a ``visa.resources.TextureGrup`` nests them.

Clients receive ``samp.app.echo`` messages::

    >>> client.get_subscribed_clients("samp.app.echo")

The argument ``extended_id`` has been deprecated in favor of ``is_extended_id``;
``old_extended_id`` is gone.

Install it from the web::

    $ pip3 install --upgrade "git+https://example.com/visa#egg=visa"

With the ``-e`` option, that is also a viable option if you want to modify visa and
pip's checkout directories suit you. With ``-t`` visa waits.
"""

ACTION = """\
name: visa
inputs:
  requirements_file:
    description: extra requirements
runs:
  using: composite
  steps: []
"""


def test_subclasses_roles_build_tools_files_and_values(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "action.yml": ACTION,
        "make.py": "def build():\n    pass\n",
        "visa/__init__.py": "from visa.resources import ResourceManager\n",
        "visa/cli.py": CLI,
        "visa/resources.py": RESOURCES,
        "visa/samp/__init__.py": "",
        "visa/Templates/__init__.py": "",
        "visa/Templates/Page.tmpl": "<html></html>\n",
        "README.md": README,
        "docs/guide.rst": GUIDE_RST,
    }
    assert _drift(_write(tmp_path / "visa", files)) == {
        ("README.md", 9, "visa.ResourceManager.open_resource.write_raw"),
        ("README.md", 12, "AudoDriver"),
        ("README.md", 21, "visa/settings.yml"),
        ("docs/guide.rst", 6, "visa.resources.Bus.__slots_gone__"),
        ("docs/guide.rst", 20, "visa.resources.TextureGrup"),
        ("docs/guide.rst", 34, "-t"),
    }
