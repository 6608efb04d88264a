"""The agent graph: plan, act with tools, write, verify; built on demand, never at import.

START → plan → run_model ─┬─ tool calls ──→ call_tool ─┬─ submitted ─→ verify ─┬─→ finish → END
          ↑               ├─ final answer → update_draft ─────────────↗        └─→ run_model
          │               ├─ bare text ───→ nudge → run_model          (fix rejected refs)
          │               └─ over budget ─→ finish
          └──── tool errors / every `planning_interval` steps ─┘ (else → run_model)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langgraph.graph import END, START, StateGraph

from klaro.agent.nodes import Nodes, RunContext
from klaro.agent.state import AgentState
from klaro.agent.tools import Toolbox
from klaro.config import Config

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langgraph.graph.state import CompiledStateGraph


def build_graph(
    model: BaseChatModel, tools: Toolbox, config: Config, context: RunContext
) -> CompiledStateGraph[AgentState, None, AgentState, AgentState]:
    """Compile the documentation agent for one run; the routers' `Literal`s are the edges."""
    n = Nodes(model, tools, config, context)
    g = StateGraph(AgentState)
    for name in ("plan", "run_model", "call_tool", "update_draft", "nudge", "verify", "finish"):
        g.add_node(name, getattr(n, name))
    g.add_edge(START, "plan")
    g.add_edge("plan", "run_model")
    g.add_conditional_edges("run_model", n.route_model)
    g.add_conditional_edges("call_tool", n.check_completeness)
    g.add_edge("update_draft", "verify")
    g.add_edge("nudge", "run_model")
    g.add_conditional_edges("verify", n.route_verify)
    g.add_edge("finish", END)
    return g.compile()
