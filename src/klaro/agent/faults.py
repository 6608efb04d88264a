"""Which model failures may fall back to the offline writer, and which must fail the run.

A rate limit, a 5xx or a timeout says nothing about the setup: the deterministic draft is a fair
answer and the next run will likely get through. A wrong key, a model that does not exist, a
refused permission or an endpoint that refuses connections is a setup mistake: quietly
publishing the offline draft would hide it forever, so the run fails with one line that names
the endpoint and what to check.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from klaro.config import Config
from klaro.errors import KlaroError
from klaro.redact import Redactor

DEFAULT_ENDPOINT = "https://api.openai.com/v1"


class ModelError(KlaroError):
    """The model endpoint refused the run for a reason a person must fix."""

    exit_code = 1


def endpoint(config: Config | None, exc: Exception | None = None) -> str:
    """The model endpoint as configured, else as the failed request shows it (no query)."""
    if config is not None:
        return (config.base_url or DEFAULT_ENDPOINT).rstrip("/")
    request = getattr(exc, "request", None)
    url = str(getattr(request, "url", "") or "")
    parts = urlsplit(url)
    if not parts.netloc:
        return "the model endpoint"
    path = re.sub(r"/(chat/completions|responses|embeddings)$", "", parts.path)
    return f"{parts.scheme}://{parts.netloc}{path}".rstrip("/")


def is_model_error(exc: BaseException) -> bool:
    """Whether `exc` came from the model client (anything else is not ours to classify)."""
    import openai

    return isinstance(exc, openai.OpenAIError)


def model_fault(exc: Exception, config: Config | None = None) -> ModelError | None:
    """None when `exc` is transient (fall back offline); else the error that ends the run."""
    import openai

    where = endpoint(config, exc)
    model = f"'{config.model}'" if config is not None else "the configured model"
    if isinstance(exc, openai.APITimeoutError | openai.InternalServerError | openai.ConflictError):
        return None
    if isinstance(exc, openai.RateLimitError):
        code = _code(exc)
        if code != "insufficient_quota":
            return None
        return ModelError(
            f"model endpoint {where}: the account has no quota left (429 insufficient_quota); "
            "check billing for the key in KLARO_API_KEY / openai-api-key"
        )
    if isinstance(exc, openai.AuthenticationError):
        fix = "check KLARO_API_KEY / the openai-api-key input"
        return ModelError(f"model endpoint {where} rejected the API key (401); {fix}")
    if isinstance(exc, openai.PermissionDeniedError):
        return ModelError(
            f"model endpoint {where} refused access (403) to model {model}; check the "
            "key's project and model permissions"
        )
    if isinstance(exc, openai.NotFoundError):
        return ModelError(
            f"model endpoint {where}: model {model} or the endpoint was not found (404); "
            "check the `model` and `base_url` settings"
        )
    if isinstance(exc, openai.APIConnectionError):
        return ModelError(
            f"model endpoint {where} could not be reached ({type(exc.__cause__ or exc).__name__})"
            "; check `base_url` and the network"
        )
    status = getattr(exc, "status_code", None)
    if isinstance(status, int) and (status == 429 or status >= 500):
        return None
    known = [config.api_key] if config is not None else []
    detail = Redactor(known).redact(" ".join(str(exc).split()))[:200]
    shown = f"{status} " if status else ""
    return ModelError(f"model endpoint {where} refused the request ({shown}{detail})")


def _code(exc: Exception) -> str | None:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("code"), str):
            return str(inner["code"])
    return getattr(exc, "code", None)
