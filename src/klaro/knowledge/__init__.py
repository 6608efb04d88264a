"""Knowledge base: style guides and code in ChromaDB, found again by hybrid retrieval."""

from __future__ import annotations

from klaro.knowledge.base import IndexStats, KnowledgeBase
from klaro.knowledge.retrieve import GuidePassage, Result

__all__ = ["GuidePassage", "IndexStats", "KnowledgeBase", "Result"]
