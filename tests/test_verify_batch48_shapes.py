"""Shapes from the blind wild batch 48 (kinto), on a small repo, each beside a line that must
still be reported.

- A Pyramid-style setting named under the namespace the code's own dotted keys use
  (`"kinto.settings_prefix"`), by a key the code spells (`"storage_backend"`):
  ``kinto.storage_backend`` is a setting, not a module attribute; a name the code defines
  elsewhere (``kinto.add_panel``, registered by that name) is still a claim.
- `:doc:` of an intersphinx name (`intake_esgf:configure`) is another project's page.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

INIT = """\
DEFAULT_SETTINGS = {
    "storage_backend": "kinto.core.storage.memory",
    "cache_backend": "kinto.core.cache.memory",
}


def main(config):
    config.add_settings({"kinto.settings_prefix": "kinto"})
    return config


def load(settings):
    return settings.get("storage_backend")


def includeme(config):
    config.add_directive("add_panel", add_panel)
"""

PANELS = """\
def add_panel(config, panel):
    return panel
"""

SETTINGS = """\
Settings
========

Set ``kinto.storage_backend`` and ``kinto.cache_backend``; call ``kinto.mian()``, and
``kinto.add_panel`` (a function of ``kinto.panels``, not of ``kinto``).

See :doc:`configure intake-esgf <intake_esgf:configure>`, not :doc:`missing`.
"""


def test_namespaced_settings_keys(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "kinto"\nversion = "1"\n',
        "kinto/__init__.py": INIT,
        "kinto/panels.py": PANELS,
        "docs/conf.py": "project = 'kinto'\n",
        "docs/settings.rst": SETTINGS,
    }
    assert _drift(_write(tmp_path / "kinto", files)) == {
        ("docs/settings.rst", 4, "kinto.mian()"),
        ("docs/settings.rst", 5, "kinto.add_panel"),
        ("docs/settings.rst", 7, "missing.rst"),
    }
