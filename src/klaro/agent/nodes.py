"""The nodes and routers of the agent graph; `graph.py` only wires them.

Every model request is rebuilt from the state: the system prompt, the task, the current plan,
then the conversation fitted to the context budget, redacted last, so no secret can slip into a
request whatever a tool returned.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AnyMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.runnables import Runnable
from pydantic import ValidationError

from klaro.agent.context import fit_messages
from klaro.agent.feedback import Verifier, blocking, finding_line, salvage
from klaro.agent.model import Usage
from klaro.agent.prompts import doc_format, render
from klaro.agent.state import AgentState, Status
from klaro.agent.tools import Toolbox
from klaro.agent.trace import Trace
from klaro.agent.workspace import ToolError
from klaro.config import Config
from klaro.redact import Redactor

FINAL_ANSWER = "Final Answer:"
_CODE_TOOLS = ("analyze_code", "code_graph", "search_code")


@dataclass
class RunContext:
    """What the nodes share besides the state: the bill, the trace and the redactor."""

    verifier: Verifier
    redactor: Redactor = field(default_factory=Redactor)
    trace: Trace = field(default_factory=Trace)
    usage: Usage = field(default_factory=Usage)


def _looks_like_document(text: str, draft: str) -> bool:
    """Tell a whole document (headings, a fair share of the draft's length) from a chat reply."""
    has_heading = any(line.startswith("#") for line in text.splitlines())
    return has_heading and len(text) >= len(draft) // 4


class Nodes:
    """The graph's nodes, bound to the model, the tools, the config and the run context."""

    def __init__(
        self, model: BaseChatModel, tools: Toolbox, config: Config, ctx: RunContext
    ) -> None:
        self.model = model
        self.bound: Runnable[Any, BaseMessage] = model.bind_tools(list(tools.tools.values()))
        self.tools = tools
        self.config = config
        self.ctx = ctx

    # Calling the model ------------------------------------------------------------------

    def _ask(self, node: str, runnable: Runnable[Any, BaseMessage], msgs: list[AnyMessage]) -> Any:
        """Send redacted messages, count the usage, trace the call."""
        safe = [_redacted(m, self.ctx.redactor) for m in msgs]
        with self.ctx.trace.step(node) as rec:
            reply = runnable.invoke(safe)
            assert isinstance(reply, AIMessage), "chat models answer with an AIMessage"
            rec.input_tokens, rec.output_tokens = self.ctx.usage.add(reply)
            rec.note = _describe(reply)
        return reply

    def _prefix(self, state: AgentState) -> list[AnyMessage]:
        head: list[AnyMessage] = [
            SystemMessage(
                render("system", target=state.target, doc_format=doc_format(state.target))
            ),
            HumanMessage(state.task),
        ]
        if state.plan:
            head.append(HumanMessage("Your current plan:\n" + state.plan))
        return head

    def plan(self, state: AgentState) -> dict[str, Any]:
        """Survey the facts and plan; later, revise the plan with what happened and failed."""
        errors = state.error_log[state.errors_planned :]
        if not state.plan:
            prompt = render("plan", task=state.task)
        else:
            progress = [m for m in state.messages[-8:] if isinstance(m, ToolMessage)]
            known = [f"- files read: {', '.join(state.files_read)}"] if state.files_read else []
            if state.analysis_results:
                known.append(f"- code looked up: {', '.join(state.analysis_results)}")
            prompt = render(
                "replan",
                step=state.step,
                steps_left=max(self.config.recursion_limit // 3 - state.step, 1),
                task=f"Target: {state.target}",
                plan=state.plan,
                progress="\n".join(
                    known + [f"- {m.name}: {str(m.content)[:300]}" for m in progress]
                )
                or "- nothing yet",
                errors="\n".join(f"- {e}" for e in errors) or "- none",
            )
        msgs: list[AnyMessage] = [
            SystemMessage(
                render("system", target=state.target, doc_format=doc_format(state.target))
            ),
            HumanMessage(prompt),
        ]
        reply = self._ask("plan", self.model, msgs)
        return {
            "plan": str(reply.content).strip(),
            "planned_at": state.step,
            "errors_planned": len(state.error_log),
        }

    def run_model(self, state: AgentState) -> dict[str, Any]:
        """Ask the model for its next action, with the history fitted to the context budget."""
        head = self._prefix(state)
        budget = self.config.context_budget * 4 - sum(len(str(m.content)) for m in head)
        history = fit_messages(state.messages, budget)
        reply = self._ask("run_model", self.bound, head + history)
        return {"messages": [reply], "step": state.step + 1}

    # Routing ----------------------------------------------------------------------------

    def out_of_budget(self) -> bool:
        """Whether the run spent its tokens; `Usage` is the one counter."""
        return self.ctx.usage.total_tokens >= self.config.token_budget

    def route_model(
        self, state: AgentState
    ) -> Literal["call_tool", "update_draft", "nudge", "finish"]:
        """Tool calls → call_tool; an answer in text → update_draft; bare text → nudge once."""
        last = state.messages[-1]
        assert isinstance(last, AIMessage)
        if last.tool_calls or last.invalid_tool_calls:
            return "call_tool"  # answered even when over budget: every call gets its result
        if self.out_of_budget():
            return "finish"
        if FINAL_ANSWER in str(last.content) or state.nudged:
            return "update_draft"
        return "nudge"

    def check_completeness(
        self, state: AgentState
    ) -> Literal["verify", "plan", "run_model", "finish"]:
        """After tools: verify a submission, stop when out of budget, replan after errors."""
        if state.submitted:
            return "verify"
        if self.out_of_budget():
            return "finish"
        if len(state.error_log) > state.errors_planned:
            return "plan"
        interval = self.config.planning_interval
        if interval and state.step - state.planned_at >= interval:
            return "plan"
        return "run_model"

    def route_verify(self, state: AgentState) -> Literal["run_model", "finish"]:
        return "finish" if state.status or self.out_of_budget() else "run_model"

    # Acting -----------------------------------------------------------------------------

    def call_tool(self, state: AgentState) -> dict[str, Any]:
        """Run every tool call of the last message; failures become observations, not crashes.

        Document tools hand back the draft they made; it is threaded through the batch, so an
        edit followed by a submission in one message submits the edited draft.
        """
        last = state.messages[-1]
        assert isinstance(last, AIMessage)
        replies: list[ToolMessage] = []
        errors: list[str] = []
        update: dict[str, Any] = {"document_draft": state.document_draft}
        files_read, results = list(state.files_read), dict(state.analysis_results)
        for call in last.tool_calls:
            name, args = call["name"], call["args"]
            shown = json.loads(self.ctx.redactor.redact(json.dumps(args)))
            with self.ctx.trace.step("call_tool", name, **shown) as rec:
                try:
                    answer = self.tools.run(name, args, update["document_draft"])
                    observation, failed = answer.text, False
                    update.update(answer.update)
                except (ToolError, ValidationError, ValueError, TypeError, OSError) as exc:
                    observation, failed = f"Error: {_one_line(exc)}", True
                    errors.append(f"{name}({_one_line(shown)[:80]}): {_one_line(exc)[:200]}")
                    rec.error = errors[-1]
            observation = self.ctx.redactor.redact(observation)
            replies.append(_tool_reply(observation, call["id"], name, failed))
            if not failed and name == "read_file" and args.get("path") not in files_read:
                files_read.append(str(args.get("path")))
            if not failed and name in _CODE_TOOLS:
                results[f"{name}({next(iter(args.values()), '')})"] = observation[:500]
        for bad in last.invalid_tool_calls:
            error = (
                f"Error: the arguments of {bad.get('name')} are not valid JSON "
                f"({bad.get('error') or 'unparseable'}); call it again with a JSON object."
            )
            with self.ctx.trace.step("call_tool", bad.get("name") or "?") as rec:
                rec.error = error
            errors.append(error)
            replies.append(_tool_reply(error, bad.get("id"), bad.get("name"), True))
        return {
            **update,
            "messages": replies,
            "error_log": errors,
            "files_read": files_read,
            "analysis_results": results,
        }

    def update_draft(self, state: AgentState) -> dict[str, Any]:
        """Take a text answer ("Final Answer: ..." or text after a nudge) as the draft."""
        text = str(state.messages[-1].content)
        final = FINAL_ANSWER in text
        text = text.split(FINAL_ANSWER, 1)[1] if final else text
        text = _unfence(text.strip())
        with self.ctx.trace.step("update_draft") as rec:
            rec.note = f"{len(text)} characters"
            if not final and not _looks_like_document(text, state.document_draft):
                # "Done." or a chat reply is not a README: submit the draft as edited so far.
                rec.note += "; not a document, the current draft is submitted"
                return {"submitted": True, "summary": ""}
        if not text:
            return {"submitted": False, "error_log": ["the final answer was empty"]}
        return {"document_draft": text + "\n", "submitted": True, "summary": ""}

    def nudge(self, state: AgentState) -> dict[str, Any]:
        """Remind the model, once, that only tools and submit_document move the task on."""
        return {"messages": [HumanMessage(render("nudge", target=state.target))], "nudged": True}

    def verify(self, state: AgentState) -> dict[str, Any]:
        """Check every reference; send all failures back at once, then drop what never resolves."""
        draft, target = state.document_draft, state.target
        attempt = state.verify_attempts + 1
        with self.ctx.trace.step("verify") as rec:
            bad = blocking(self.ctx.verifier(target, draft))
            rec.note = f"{len(bad)} blocking finding(s)"
        if not bad:
            return {"status": Status.PUBLISHED, "verified_draft": draft, "findings": []}
        if attempt <= self.config.verify_retries and not self.out_of_budget():
            feedback = render(
                "verify",
                target=target,
                attempt=attempt,
                attempts=self.config.verify_retries + 1,
                findings="\n".join(finding_line(f) for f in bad),
            )
            return {
                "messages": [HumanMessage(feedback)],
                "submitted": False,
                "verify_attempts": attempt,
                "findings": bad,
            }
        return salvage(self.ctx.verifier, target, draft, bad)

    def finish(self, state: AgentState) -> dict[str, Any]:
        """Close the run; out of budget, the current draft still counts if it verifies."""
        if state.status:
            return {}
        update: dict[str, Any] = {"status": Status.TOKEN_BUDGET}
        if state.document_draft != state.verified_draft:
            salvaged = salvage(self.ctx.verifier, state.target, state.document_draft)
            update.update({k: v for k, v in salvaged.items() if k != "status"})
        return update


def _tool_reply(content: str, call_id: str | None, name: str | None, failed: bool) -> ToolMessage:
    return ToolMessage(
        content=content,
        tool_call_id=call_id or "missing-id",
        name=name,
        status="error" if failed else "success",
    )


def _redacted(message: AnyMessage, redactor: Redactor) -> AnyMessage:
    if isinstance(message.content, str):
        clean = redactor.redact(message.content)
        if clean != message.content:
            return message.model_copy(update={"content": clean})
    return message


def _describe(reply: AIMessage) -> str:
    calls = [c["name"] for c in reply.tool_calls] + [
        f"{c.get('name')}(invalid)" for c in reply.invalid_tool_calls
    ]
    return "calls " + ", ".join(calls) if calls else f"text, {len(str(reply.content))} chars"


def _one_line(value: object) -> str:
    return " ".join(str(value).split())


def _unfence(text: str) -> str:
    """Drop a ```markdown fence wrapped around the whole answer."""
    lines = text.splitlines()
    if len(lines) >= 2 and lines[0].startswith("```") and lines[-1].strip() == "```":
        return "\n".join(lines[1:-1])
    return text
