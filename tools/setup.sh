#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a game on the screen:
# install what is missing, build, and play a demo game of Adji Kui I,
# computer against computer, the board drawn after each move.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh
make -j"$(nproc)"
echo
./build/sow play adji-kui-1 --south computer --north computer --seed 1 --delay "${SOW_DEMO_DELAY:-150}"
