# Klaro's GitHub Action image. GitHub builds it from this file on each run of the action
# (`runs.image: Dockerfile`); everything slow lives in the base image (docker/base.Dockerfile:
# Python and the locked, hash-checked dependencies), so this build only copies Klaro in and
# installs it without dependencies or a resolver: seconds.
#
# The base is pinned by digest. `sha256:000…0` is the placeholder of a checkout whose base was
# never published: publish yours (README, "The action image") and paste the digest here.
# tests/test_dockerfile.py keeps this file, the base, the lock and pyproject.toml consistent.
FROM ghcr.io/klaro-dev/klaro-base:base-v1@sha256:0000000000000000000000000000000000000000000000000000000000000000

# Installed from the same tree CI tests; the build backend (setuptools) is in the base's lock,
# so --no-build-isolation fetches nothing.
COPY pyproject.toml README.md /opt/klaro/
COPY src /opt/klaro/src
COPY styleguides /opt/klaro/styleguides
RUN pip install --no-cache-dir --no-deps --no-build-isolation /opt/klaro && klaro --version

# No git: Klaro reads trees and commits through the REST API (no checkout, no push).
# The `embedding: onnx` option needs Chroma's ONNX MiniLM model on disk; bake it in a derived
# image if you use it. Nothing else is downloaded at run time.
ENTRYPOINT ["/usr/local/bin/klaro", "action"]
