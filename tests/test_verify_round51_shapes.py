"""Shapes from the blind drift round 51 (zulip, replicate), on a small repo with the last
commit as the documented state.

- A class defined at the top that a branch rebinds to a subclass (`if LEGACY: Client =
  LegacyClient`) is still the class: its methods and keywords are checked.
- A module name bound to what a property of an instance gives (`predictions =
  default_client.predictions`, `-> Predictions`) is an instance of that class.
- A parser a helper is handed as it is made (`parser = add_defaults(ArgumentParser())`)
  has the helper's options, and a single-command program takes only its own flags, though
  another program of the project has a flag so named (up to a word its parser takes none
  of, `chat-bridge sync`: a command we did not read).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PYPROJECT = """\
[project]
name = "chat"
version = "1.0"

[project.scripts]
chat-send = "chat.send:main"
chat-bridge = "chat.bridge:main"
"""

INIT = """\
import argparse
import os


class Client:
    def __init__(self, email=None, client="chat"):
        self.email = email

    def send_message(self, message):
        return message

    @property
    def predictions(self) -> "Predictions":
        return Predictions()


class Predictions:
    def create(self, model, webhook=None):
        return model


def add_defaults(parser):
    group = parser.add_argument_group("API")
    group.add_argument("--user")
    group.add_argument("--site")
    return parser


LEGACY = os.environ.get("CHAT_LEGACY")
if LEGACY == "3":

    class LegacyClient(Client):
        def get_filters(self):
            return []

    Client = LegacyClient

default_client = Client()
predictions = default_client.predictions
"""

SEND = """\
import argparse

import chat


def main():
    parser = chat.add_defaults(argparse.ArgumentParser(prog="chat-send"))
    parser.add_argument("-m", "--message")
    parser.parse_args()
"""

BRIDGE = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="chat-bridge")
    parser.add_argument("--user")
    parser.add_argument("--room")
    parser.parse_args()
"""

README = """\
# chat

```python
import chat

client = chat.Client(email="bot@example.com", client="Test/0.1")
client.send_message({"to": "hamlet"})
chat.predictions.create("model", webhook="https://example.com")
```

    chat-send --user bot@example.com --site https://chat.example.com -m hello
    chat-bridge sync --site x
"""


def test_rebound_classes_property_instances_and_program_flags(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "src/chat/__init__.py": INIT,
        "src/chat/send.py": SEND,
        "src/chat/bridge.py": BRIDGE,
        "README.md": README,
    }
    changes = {
        "src/chat/__init__.py": [
            ('client="chat"', 'user_agent="chat"'),
            ("def send_message(", "def send("),
            ("webhook=None", "hook=None"),
            ('group.add_argument("--user")', 'group.add_argument("--email")'),
        ]
    }
    assert _drift_after(tmp_path / "chat", files, changes) == {
        ("README.md", 6),  # client=
        ("README.md", 7),  # send_message
        ("README.md", 8),  # webhook=
        ("README.md", 11),  # --user (the bridge's own flag, not chat-send's)
    }
