#!/usr/bin/env bash
# Validate docker-compose.yml without a Docker engine (scripts/test.sh runs it in its lint step):
# `docker compose config -q` when the compose plugin is there, else Debian's docker-compose 1.29
# (installed with apt when missing: .ci/run does it first). Checked twice: with SMTP_HOST set it
# must be valid, and without it compose must refuse (production never runs the mail sink).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose -f docker-compose.yml)
else
  if ! command -v docker-compose >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null
  fi
  compose=(docker-compose -f docker-compose.yml)
fi
SMTP_HOST=smtp.example.invalid "${compose[@]}" config -q
if env -u SMTP_HOST "${compose[@]}" config -q >/dev/null 2>&1; then
  echo "docker-compose.yml: accepted without SMTP_HOST (it must require it)" >&2
  exit 1
fi
echo "docker-compose.yml is valid (${compose[*]} config)"
