# Klaro's base image: Python and every locked dependency, nothing of Klaro itself.
# Built and pushed to GHCR by .github/workflows/release-base.yml on `base-v*` tags; the action's
# Dockerfile starts FROM it, pinned by digest, and only adds Klaro (seconds, no resolver).
# Build locally:  docker build -f docker/base.Dockerfile -t klaro-base .
#
# GitHub runs the action container with the workspace at /github/workspace and HOME at
# /github/home, so there is no USER and no WORKDIR here, and nothing is baked under /root.
# The Python tag matches the `--python-version` the lock was compiled for (.ci/lock).
FROM python:3.12.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

# Exactly the locked versions, each checked against its hash; --no-deps: the lock is complete,
# so pip resolves nothing and fetches nothing unlisted.
COPY docker/requirements.lock /opt/klaro-base/requirements.lock
RUN pip install --no-cache-dir --require-hashes --no-deps --only-binary=:all: \
        -r /opt/klaro-base/requirements.lock \
    && pip check
