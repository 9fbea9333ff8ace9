#!/usr/bin/env bash
# web/assemble.sh ENGINE_JS OUT - the static folder of the page (make web).
#
# OUT/sow-engine.js defines SOW_WORKER_SOURCE: emscripten's output (the
# wasm inside it, SINGLE_FILE) followed by web/page/worker.js, as one
# string. The page starts its Web Worker from a Blob of that string: a
# worker cannot be loaded from a file:// URL, but a script tag can, so the
# page works from a static host and from file:// alike. The page's own
# files and the shipped variants and scenarios are copied beside it.
set -euo pipefail
engine=${1:?usage: web/assemble.sh ENGINE_JS OUT}
out=${2:?usage: web/assemble.sh ENGINE_JS OUT}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
rm -rf "$out.tmp"
mkdir -p "$out.tmp/variants/scenarios"
python3 - "$engine" "$here/page/worker.js" "$out.tmp/sow-engine.js" <<'PY'
import json, sys
engine = open(sys.argv[1], encoding="utf-8").read()
worker = open(sys.argv[2], encoding="utf-8").read()
src = engine + "\n" + worker
with open(sys.argv[3], "w", encoding="utf-8") as f:
    f.write("/* sow's engine for the page's Web Worker (web/assemble.sh) */\n")
    f.write("var SOW_WORKER_SOURCE = " + json.dumps(src) + ";\n")
PY
# How to play in plain words and the options' plain labels
# (docs/how-to-play.md), and the games the perfect level is offered for
# (web/perfect.json, written by web/perfect.py), as one script
python3 "$here/howto.py" "$root/docs/how-to-play.md" "$here/perfect.json" > "$out.tmp/sow-howto.js"
# (the page's scripts are web/page/sow-*.js; index.html loads each by name)
for f in "$here"/page/index.html "$here"/page/sow.css "$here"/page/sow-*.js; do
    cp "$f" "$out.tmp/$(basename "$f")"
done
cp "$root"/variants/*.yaml "$root"/variants/*.lua "$out.tmp/variants/"
cp "$root"/variants/scenarios/*.yaml "$out.tmp/variants/scenarios/"
rm -rf "$out"
mv "$out.tmp" "$out"
echo "web: $out/index.html ($(du -sh "$out" | cut -f1))"
