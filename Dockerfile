# pokertd container image: the wheel, nothing else of the source tree, run as a non-root user.
#
#   docker build -t pokertd .
#   docker run -p 8000:8000 -v pokertd-data:/data -e POKERTD_DIRECTOR_PASSWORD=... pokertd
#
# Stage 1 builds the wheel with uv (with the hand engine compiled by mypyc: the build stage
# has a C compiler; --build-arg POKERTD_PURE=1 builds the pure-Python wheel instead). Stage 2
# installs only that wheel into a slim Python. Settings come from the environment:
# POKERTD_DB (default: SQLite /data/pokertd.db), POKERTD_DIRECTOR_PASSWORD (first run),
# POKERTD_SECRET_KEY, POKERTD_COOKIE_SECURE, POKERTD_TRUSTED_PROXIES, POKERTD_PUBLIC_URL,
# POKERTD_TIMEZONE. See docs/deploy.md.

ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION}-slim AS build
ARG POKERTD_PURE=0
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 POKERTD_PURE=${POKERTD_PURE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/* \
 && pip install "uv>=0.5"
WORKDIR /src
# .dockerignore lets in only what the wheel is built from (pyproject, src/, the build hook).
COPY . .
RUN uv build --wheel --out-dir /dist

FROM python:${PYTHON_VERSION}-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    POKERTD_NO_PROMPT=1
COPY --from=build /dist/ /tmp/dist/
RUN pip install /tmp/dist/pokertd-*.whl \
 && rm -rf /tmp/dist \
 && useradd --uid 10001 --user-group --no-create-home --home-dir /data \
      --shell /usr/sbin/nologin pokertd \
 && mkdir -p /data \
 && chown pokertd:pokertd /data
# The SQLite file of a single-box setup lives here (./pokertd.db); mount a volume on it.
WORKDIR /data
VOLUME ["/data"]
USER 10001:10001
EXPOSE 8000
# Process up (no curl in a slim image: Python asks). The proxy checks /readyz itself.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
ENTRYPOINT ["pokertd"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
