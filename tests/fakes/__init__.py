"""Fakes for remote services only: the chat model and an OpenAI-compatible HTTP server."""
