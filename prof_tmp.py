import hashlib, time, sys
from pathlib import Path
from look import Look
from studio.build.request import Request
from studio.build.render import render_entry
from studio.options import TINY
import scenes.parts.textcache as tc
name = sys.argv[1]
out = []
for k in range(2):
    r = Request.of(name, look=Look("light", "zh-Hant"), quality=TINY, out_root=Path(f"/tmp/tc{k}"), force=True)
    t = time.perf_counter(); res = render_entry(r); print(k, round(time.perf_counter()-t, 1), len(tc._made), flush=True)
    out.append({p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in res.files if p.is_file()})
print({f: out[0][f] == out[1][f] for f in out[0]})
