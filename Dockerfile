# Klaro's GitHub Action image. GitHub builds it from this file on each run of the action
# (`runs.image: Dockerfile`), mounts the workspace at /github/workspace and sets HOME to
# /github/home, so there is no USER and no WORKDIR here, and nothing is baked under /root.
#
# Base: a full version tag (python 3.12.11 on Debian bookworm, slim). Pin it by digest too
# (`python:3.12.11-slim-bookworm@sha256:<digest>`) once the digest is read from the registry;
# it could not be verified from the machine this file was written on.
FROM python:3.12.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

# Installed exactly as CI installs it (`pip install .`), so the tested package is the shipped one.
COPY pyproject.toml README.md /opt/klaro/
COPY src /opt/klaro/src
COPY styleguides /opt/klaro/styleguides
RUN pip install --no-cache-dir /opt/klaro && klaro --version

# Nothing to pre-fetch for the default path: the analysis and the offline writer need no
# downloads, and without `openai-api-key` no model is called. The `embedding: onnx` option
# needs Chroma's ONNX MiniLM model (~80 MB); bake it in a derived image if you use it offline.
# No git either: Klaro reads trees and commits through the REST API (no checkout, no push), so
# git's safe.directory check never applies; `klaro action` still marks the workspace safe when
# a git binary is present.

ENTRYPOINT ["/usr/local/bin/klaro", "action"]
