#!/usr/bin/env bash
# Build the image and run compose.yaml for real (needs a running Docker daemon, so it is not a
# pytest test: CI has none). Throw-away secrets, a LAN name with Caddy's internal CA on spare
# ports; checks /readyz over verified HTTPS through the proxy and /metrics 404, then removes
# the stack and its volumes. Usage: scripts/compose_smoke.sh   (docs/deploy.md)
set -euo pipefail
cd "$(dirname "$0")/.."
docker info >/dev/null 2>&1 || { echo "error: no Docker daemon answers (docker info)" >&2; exit 1; }

project="pokertd-smoke-$$"
work=$(mktemp -d)
cat >"$work/env" <<ENV
POSTGRES_PASSWORD=$(openssl rand -hex 16)
POKERTD_DIRECTOR_PASSWORD=$(openssl rand -hex 12)
POKERTD_SITE=localhost
POKERTD_TLS=internal
ENV
# The published ports of compose.yaml (80/443) may be taken: publish HTTPS on 18443 instead.
cat >"$work/ports.yaml" <<'YAML'
services:
  proxy:
    ports: !override
      - "18443:443"
YAML
compose() { docker compose -p "$project" --env-file "$work/env" -f compose.yaml -f "$work/ports.yaml" "$@"; }
cleanup() { compose down -v --remove-orphans >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

compose up -d --build --wait --wait-timeout 180
compose cp proxy:/data/caddy/pki/authorities/local/root.crt "$work/root.crt"
for _ in $(seq 30); do
  curl -fsS --cacert "$work/root.crt" https://localhost:18443/readyz >/dev/null 2>&1 && break
  sleep 2
done
curl -fsS --cacert "$work/root.crt" https://localhost:18443/readyz
echo
status=$(curl -s -o /dev/null -w '%{http_code}' --cacert "$work/root.crt" https://localhost:18443/metrics)
[ "$status" = 404 ] || { echo "error: /metrics through the proxy answered $status, not 404" >&2; exit 1; }
compose ps
echo "compose smoke test passed: two servers behind Caddy over HTTPS, /metrics private"
