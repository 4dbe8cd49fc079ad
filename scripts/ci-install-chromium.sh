#!/usr/bin/env bash
# Installs Debian's Chromium for the dashboard's browser tests (test/dashboard/*.test.ts drive it
# through playwright-core at /usr/bin/chromium). Without it those tests skip with a notice.
# Playwright's own browser download does not work on these machines (closed network); the
# Debian package does. Idempotent: does nothing when Chromium is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium: already installed ($(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium
/usr/bin/chromium --version
