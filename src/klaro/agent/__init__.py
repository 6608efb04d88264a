"""The documentation agent: a LangGraph loop that plans, explores, writes and verifies."""

from klaro.agent.run import AgentResult, run_agent

__all__ = ["AgentResult", "run_agent"]
