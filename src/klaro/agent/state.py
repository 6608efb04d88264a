"""The agent's state, carried from node to node by LangGraph: one dataclass, defaults here.

The draft lives only here: tools return the draft they made and `call_tool` writes it back.
Tokens are counted once, in the run's `Usage`; the state holds what the routers decide on.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from klaro.verify.model import Finding


class Status(StrEnum):
    """How a run ended."""

    PUBLISHED = "published"  # the submission verified as it was
    REPAIRED = "repaired"  # published without the lines whose references never resolved
    REJECTED = "rejected"  # nothing the model wrote verified; the starting draft stands
    TOKEN_BUDGET = "token_budget"
    RECURSION_LIMIT = "recursion_limit"
    MODEL_ERROR = "model_error"


@dataclass
class AgentState:
    """Everything one documentation run knows; `messages` and `error_log` only ever grow."""

    task: str  # the rendered task: goal, target, file tree, decisions, starting draft
    target: str  # the one documentation path this run may write
    document_draft: str
    verified_draft: str  # the best draft that passed verification (the offline draft at first)
    messages: Annotated[list[AnyMessage], add_messages] = field(default_factory=list)
    error_log: Annotated[list[str], operator.add] = field(default_factory=list)
    files_read: list[str] = field(default_factory=list)  # read_file paths, first read first
    analysis_results: dict[str, str] = field(default_factory=dict)  # "tool(target)" -> gist
    plan: str = ""
    planned_at: int = 0  # step of the last (re)plan
    errors_planned: int = 0  # error_log entries the last plan already saw
    submitted: bool = False
    summary: str = ""
    nudged: bool = False
    verify_attempts: int = 0
    findings: list[Finding] = field(default_factory=list)  # blocking ones, last verification
    removed: list[Finding] = field(default_factory=list)  # dropped: they never resolved
    step: int = 0  # model calls made by run_model
    status: Status | None = None  # set once the run is over
