"""Fit the conversation into the context budget, oldest observations first.

Tool results are the bulk of an agent's context and lose value fastest: once the model has
acted on a file it read, the text can go. Old observations are replaced by a one-line stub
(the message and its `tool_call_id` stay, so every tool call still has its answer), and the
most recent exchanges are always kept whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage

KEEP_RECENT = 6  # messages at the end that are never shortened
STUB = "[older observation dropped to fit the context budget; call the tool again if needed]"


def size(messages: Sequence[AnyMessage]) -> int:
    """Characters the messages will carry (about 4 per token), tool-call arguments included."""
    total = 0
    for m in messages:
        total += len(str(m.content))
        if isinstance(m, AIMessage):
            total += sum(len(str(c["args"])) + len(c["name"]) for c in m.tool_calls)
    return total


def fit_messages(messages: Sequence[AnyMessage], budget_chars: int) -> list[AnyMessage]:
    """Return the messages, with old tool results stubbed until they fit `budget_chars`."""
    out = list(messages)
    excess = size(out) - budget_chars
    limit = max(len(out) - KEEP_RECENT, 0)
    for i in range(limit):
        if excess <= 0:
            break
        m = out[i]
        if isinstance(m, ToolMessage) and len(str(m.content)) > len(STUB):
            excess -= len(str(m.content)) - len(STUB)
            out[i] = m.model_copy(update={"content": STUB})
        elif isinstance(m, AIMessage) and len(str(m.content)) > 400:
            excess -= len(str(m.content)) - 400
            out[i] = m.model_copy(update={"content": str(m.content)[:400] + " [...]"})
    return out
