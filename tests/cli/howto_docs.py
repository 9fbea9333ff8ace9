#!/usr/bin/env python3
"""tests/cli/howto_docs.py SOW - every shipped game's plain words in
docs/how-to-play.md (read as the page's build reads them, web/howto.py)
load as that game's own how_to_play: (issue 27): the page gives a new
variant of the workbench the words of the game it came from in that form,
so each part's rule ids must be the game's and the loader must give the
text back unchanged.

Prints "how to play: N shipped games' words load as their files'
how_to_play:" and exits 0, or each game that does not and exits 1.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "web"))
import howto  # noqa: E402

PARTS = ["board", "move", "capturing", "end"]


def main():
    sow = sys.argv[1]
    games, _ = howto.parse(open(os.path.join(ROOT, "docs", "how-to-play.md"), encoding="utf-8").read())
    out = subprocess.run([sow, "list", "--json"], capture_output=True, text=True, check=True).stdout
    ids = [v["id"] for v in json.loads(out)["variants"]]
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        for vid in ids:
            info = json.loads(subprocess.run([sow, "show", vid, "--json"], capture_output=True, text=True,
                                             check=True).stdout)
            words = [p[1] for p in games.get(vid, {"parts": []})["parts"]]
            if len(words) != len(PARTS):
                bad.append("%s: %d parts in docs/how-to-play.md" % (vid, len(words)))
                continue
            d = os.path.join(tmp, vid)
            os.makedirs(d)
            if info.get("script"):
                shutil.copy(info["script"], d)
            path = os.path.join(d, os.path.basename(info["file"]))
            with open(info["file"], encoding="utf-8") as f:
                text = f.read().rstrip("\n")
            # as the page's workbench writes it (sow-page.js, howtoYaml)
            text += "\nhow_to_play:\n" + "".join("  %s: %s\n" % (k, json.dumps(w, ensure_ascii=False))
                                                 for k, w in zip(PARTS, words))
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            r = subprocess.run([sow, "show", path, "--json"], capture_output=True, text=True)
            if r.returncode != 0:
                bad.append("%s: %s" % (vid, r.stderr.strip()[:200]))
            elif [json.loads(r.stdout)["how_to_play"][k] for k in PARTS] != words:
                bad.append("%s: the words come back changed" % vid)
    for b in bad:
        print("how to play: FAIL: " + b)
    if not bad:
        print("how to play: %d shipped games' words load as their files' how_to_play:" % len(ids))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
