"""A scripted chat model: a real `BaseChatModel` that replays prepared replies.

Calls with tools bound (the agent's `run_model`) take the next entry of `script`; calls
without tools (the planner) take the next entry of `plans`. Entries are AIMessages, strings, or
callables that see the request and build the reply. Usage is reported like a real endpoint's,
estimated at 4 characters per token, so budgets and benchmarks can be exercised.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

Reply = AIMessage | str | Callable[[list[BaseMessage]], AIMessage]
_ids = itertools.count(1)


def call(name: str, **args: Any) -> AIMessage:
    """An assistant message calling one tool."""
    return calls((name, args))


def calls(*pairs: tuple[str, dict[str, Any]]) -> AIMessage:
    """An assistant message calling several tools at once."""
    return AIMessage(
        content="",
        tool_calls=[{"name": n, "args": a, "id": f"call_{next(_ids)}"} for n, a in pairs],
    )


def invalid(name: str, raw_args: str) -> AIMessage:
    """An assistant message whose only tool call has unparseable arguments."""
    return AIMessage(
        content="",
        invalid_tool_calls=[
            {"name": name, "args": raw_args, "id": f"call_{next(_ids)}", "error": "bad JSON"}
        ],
    )


def chars(messages: Sequence[BaseMessage]) -> int:
    total = 0
    for m in messages:
        total += len(str(m.content))
        total += sum(len(str(c["args"])) for c in getattr(m, "tool_calls", []) or [])
    return total


class ScriptedChatModel(BaseChatModel):
    """Replay `script` to tool-bound calls and `plans` to plain calls, recording every request."""

    script: list[Any] = Field(default_factory=list)
    plans: list[Any] = Field(default_factory=list)
    default_plan: str = "## Facts survey\n1. Given: the draft.\n## Plan\n1. Submit."
    requests: list[list[BaseMessage]] = Field(default_factory=list)
    plan_requests: list[list[BaseMessage]] = Field(default_factory=list)
    tools_seen: list[dict[str, Any]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Runnable[Any, BaseMessage]:
        formatted = [convert_to_openai_tool(t) for t in tools]
        self.tools_seen = formatted
        return self.bind(tools=formatted, **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        if kwargs.get("tools"):
            self.requests.append(list(messages))
            if not self.script:
                raise AssertionError("the scripted model ran out of replies")
            entry = self.script.pop(0)
        else:
            self.plan_requests.append(list(messages))
            entry = self.plans.pop(0) if self.plans else self.default_plan
        reply = entry(list(messages)) if callable(entry) else entry
        reply = AIMessage(content=reply) if isinstance(reply, str) else reply.model_copy()
        given, taken = chars(messages) // 4, max(chars([reply]) // 4, 1)
        reply.usage_metadata = {
            "input_tokens": given,
            "output_tokens": taken,
            "total_tokens": given + taken,
        }
        return ChatResult(generations=[ChatGeneration(message=reply)])
