"""The agent's memory, carried from node to node by LangGraph."""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from klaro.verify.model import Finding


class AgentState(TypedDict, total=False):
    """Everything one documentation run knows; `messages` and `error_log` only ever grow."""

    messages: Annotated[list[AnyMessage], add_messages]  # the conversation after the task
    task: str  # the rendered task: goal, target, file tree, starting draft
    target: str  # the one documentation path this run may write
    file_tree: str
    files_read: list[str]
    analysis_results: dict[str, str]  # tool observations about code, by "tool(target)"
    plan: str
    planned_at: int  # step of the last (re)plan
    errors_planned: int  # error_log entries the last plan already saw
    document_draft: str
    verified_draft: str  # the best draft that passed verification (the offline draft at first)
    submitted: bool
    summary: str
    last_action_result: str
    error_log: Annotated[list[str], operator.add]
    nudged: bool
    verify_attempts: int
    findings: list[Finding]  # blocking findings of the last verification
    removed: list[Finding]  # references dropped because they never resolved
    step: int  # model calls made by run_model
    tokens: int  # input + output tokens of every model call, plans included
    status: str  # set once the run is over


def initial_state(task: str, target: str, file_tree: str, draft: str) -> dict[str, Any]:
    """Return the state a run starts from."""
    return {
        "messages": [],
        "task": task,
        "target": target,
        "file_tree": file_tree,
        "files_read": [],
        "analysis_results": {},
        "plan": "",
        "planned_at": 0,
        "errors_planned": 0,
        "document_draft": draft,
        "verified_draft": draft,
        "submitted": False,
        "summary": "",
        "last_action_result": "",
        "error_log": [],
        "nudged": False,
        "verify_attempts": 0,
        "findings": [],
        "removed": [],
        "step": 0,
        "tokens": 0,
        "status": "",
    }
