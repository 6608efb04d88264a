"""The chat model and its bill: any OpenAI-compatible endpoint, usage from the responses.

Token counts come from the usage fields the endpoint returns (never from tiktoken, which
downloads its encodings); cost is those counts times a price table the config can extend.
LangSmith tracing is left to its standard environment variables (`LANGSMITH_TRACING`,
`LANGSMITH_API_KEY`), which langchain reads by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage

from klaro.config import Config

# USD per million tokens (input, output); published list prices, overridable by `prices`.
DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
}


def make_chat_model(config: Config) -> BaseChatModel:
    """Build the ChatOpenAI client for the configured endpoint, with timeout and retries."""
    import httpx
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(
        model=config.model,
        base_url=config.base_url,
        # A local server (base_url, no key) still needs a non-empty key for the client.
        api_key=config.api_key or "not-needed",  # type: ignore[arg-type]
        temperature=config.temperature,
        # connect fails fast (a wrong host); reading waits as long as the config allows
        timeout=httpx.Timeout(config.request_timeout, connect=min(10.0, config.request_timeout)),
        max_retries=config.max_retries,
        stream_usage=True,  # custom base_url endpoints only report streamed usage when asked
    )


def price_table(config: Config) -> dict[str, tuple[float, float]]:
    """Merge the built-in prices with the config's `model=input/output` entries."""
    table = dict(DEFAULT_PRICES)
    for item in config.prices:
        name, _, pair = item.partition("=")
        given, _, taken = pair.partition("/")
        table[name] = (float(given), float(taken))
    return table


@dataclass
class Usage:
    """Tokens spent by one run, from the endpoint's own counts."""

    model: str = ""
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    per_call: list[tuple[int, int]] = field(default_factory=list)

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def add(self, message: AIMessage) -> tuple[int, int]:
        """Count one response's usage; returns (input, output) tokens, zeros when unreported."""
        meta: Any = message.usage_metadata or {}
        given, taken = int(meta.get("input_tokens", 0)), int(meta.get("output_tokens", 0))
        self.calls += 1
        self.input_tokens += given
        self.output_tokens += taken
        self.per_call.append((given, taken))
        return given, taken

    def cost(self, prices: dict[str, tuple[float, float]]) -> float | None:
        """Return the cost in USD, or None when the model has no known price."""
        price = prices.get(self.model)
        if price is None:
            return None
        return (self.input_tokens * price[0] + self.output_tokens * price[1]) / 1_000_000

    def to_dict(self, prices: dict[str, tuple[float, float]] | None = None) -> dict[str, Any]:
        cost = self.cost(prices or DEFAULT_PRICES)
        return {
            "model": self.model,
            "calls": self.calls,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cost_usd": None if cost is None else round(cost, 8),
        }
