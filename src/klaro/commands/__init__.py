"""Klaro's sub-commands, one module each; `COMMANDS` is the order `klaro --help` lists them."""

from __future__ import annotations

from klaro.commands import action, analyze, ask, check, generate, index, memory, search

COMMANDS = (generate, analyze, check, index, search, ask, memory, action)
