"""The note writer's offline gallery: one static page listing every catalogue entry (design.md §2, §4).

`build_gallery(out_root)` reads what `render.py` left in OUT/NAME/ (and in OUT/<lang>-<theme>/NAME/,
where `render.py --lang all --theme all` puts each look) and writes OUT/gallery/:

    index.html              every entry of studio.catalogue.ENTRIES, grouped by catalogue.TOPICS
    assets/gallery.css      hand-written style (colours come from look.PALETTES, inlined)
    assets/gallery.js       language switch, light/dark switch, filter, frame picker
    media/[LOOK/]NAME/...   the rendered files (hard-linked where possible, else copied)

The language and theme switches change the labels, the descriptions and the caption track, and
show the render in the chosen look when one exists (else the nearest: same language, same theme).

The folder is self-contained (no network, no CDN) and works from file:// as well as from a web
server: the numbers behind each output are written into the page as tables, and each scene's
frames.csv is embedded as JSON (subsampled to at most one row per FRAME_INTERVAL_S seconds), since
a page opened from file:// may not fetch() local files. Caption files (NAME.<lang>.vtt, NAME.vtt)
are linked with <track> and embedded too, because Chromium refuses <track> files from file://.

Building is deterministic (the same rendered outputs give the same bytes) and every file lands by
atomic rename (studio.atomic).
"""
from __future__ import annotations

import csv
import html
import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from studio import __version__, catalogue
from studio.atomic import atomic_path
from studio.errors import UserError
from look import LANGS, PALETTES, THEMES

ASSETS = Path(__file__).with_name("gallery_assets")
ASSET_FILES = ("gallery.css", "gallery.js")
TEMPLATE = "index.html"

FRAME_INTERVAL_S = 0.1  # embed at most one frames.csv row per 0.1 s of video
MAX_FRAME_ROWS = 1500  # and at most this many rows per scene
MAX_GRID_ROWS = 64  # a grid shows at most this many rows ...
MAX_GRID_COLS = 48  # ... and columns of a field; the numbers file has all of them
MAX_SLICES = 8  # 3-D and higher arrays: at most this many 2-D slices
MAX_LIST_ITEMS = 40  # lists of records
OPEN_GRID_CELLS = 64  # grids this small are shown open, larger ones folded
SIG_DIGITS = 6  # fields without a declared on-screen rounding
MANIFEST = ".gallery-files"
# render.py --lang all / --theme all renders into OUT/<lang>-<theme>/NAME/: each is a "look" of the entry
LOOKS = tuple(f"{lang}-{theme}" for lang in LANGS for theme in THEMES)

MEDIA_KINDS = ("mp4", "gif", "svg", "png", "pdf")  # copied into the gallery when present
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
LANG_SHORT = {"en": "EN", "zh-Hant": "繁", "zh-Hans": "简"}

# Every label of the page, per language (the same keys in each).
UI = {
    "en": {
        "title": "transformer-frames gallery",
        "skip": "Skip to the catalogue",
        "subtitle": "Every lecture scene and note figure in the catalogue, with the numbers behind it.",
        "language": "Language",
        "theme": "Theme",
        "light": "Light",
        "dark": "Dark",
        "filter": "Filter by name or description",
        "no_match": "No entry matches the filter.",
        "count": "{n} entries, {r} rendered",
        "topic_count": "{n} entries",
        "scene": "scene · MP4",
        "figure": "figure · SVG",
        "rendered": "rendered",
        "missing": "not rendered",
        "not_rendered": "not rendered yet:",
        "no_media": "No image or video in {folder}: only the numbers are here.",
        "engine": "engine",
        "params": "parameters",
        "output": "rendered as",
        "version": "version",
        "looks": "rendered looks",
        "theme_light": "light theme",
        "theme_dark": "dark theme",
        "quality": "{q}, {w}×{h}, {fps} fps, {dur} s",
        "numbers": "Numbers behind it",
        "fields": "{n} fields",
        "show_values": "show the {n} values",
        "field": "field",
        "shape": "shape",
        "value": "value as shown",
        "scalar": "scalar",
        "full": "full precision",
        "rounding": "rounded to {d} decimals, as on screen",
        "sig": "no on-screen rounding declared: {d} significant digits here",
        "cut": "showing {r} of {R} rows and {c} of {C} columns; all in {file}",
        "cut_slices": "showing {k} of {K} slices; all in {file}",
        "cut_items": "showing {k} of {K} items; all in {file}",
        "no_numbers": "No numbers file ({file}).",
        "bad_numbers": "The numbers file {file} could not be read: {err}",
        "frames": "Frame by frame",
        "frames_note": "Embedded here: one frame in {step}, {n} of {total} rows (at most one per "
                       "{dt} s); every frame is in {file}.",
        "frames_all": "All {total} rows of {file} are embedded here.",
        "frames_missing": "No frames file ({file}).",
        "time": "time",
        "frame": "frame",
        "prev": "previous frame",
        "next": "next frame",
        "follow": "The slider follows the video while it plays; moving it seeks the video.",
        "sections": "Sections",
        "clip": "clip",
        "captions": "Captions in the video ({lang})",
        "files": "Files",
        "footer": "Built offline from the rendered outputs by render.py gallery (project version {v}). "
                  "Colours are the videos' palettes. No network is used.",
    },
    "zh-Hant": {
        "title": "transformer-frames 圖庫",
        "skip": "跳到目錄",
        "subtitle": "目錄中的每一支課程動畫與每一張講義圖表，以及它背後的數字。",
        "language": "語言",
        "theme": "主題",
        "light": "淺色",
        "dark": "深色",
        "filter": "依名稱或說明篩選",
        "no_match": "沒有符合篩選條件的項目。",
        "count": "共 {n} 項，已產生 {r} 項",
        "topic_count": "{n} 項",
        "scene": "動畫 · MP4",
        "figure": "圖表 · SVG",
        "rendered": "已產生",
        "missing": "尚未產生",
        "not_rendered": "尚未產生，請執行：",
        "no_media": "{folder} 中沒有圖片或影片，只有數字。",
        "engine": "引擎",
        "params": "參數",
        "output": "輸出設定",
        "version": "版本",
        "looks": "已產生的版本",
        "theme_light": "淺色主題",
        "theme_dark": "深色主題",
        "quality": "{q}，{w}×{h}，每秒 {fps} 格，{dur} 秒",
        "numbers": "背後的數字",
        "fields": "{n} 個欄位",
        "show_values": "顯示這 {n} 個數值",
        "field": "欄位",
        "shape": "形狀",
        "value": "畫面上顯示的數值",
        "scalar": "純量",
        "full": "完整精度",
        "rounding": "四捨五入到小數點後 {d} 位，與畫面相同",
        "sig": "未宣告畫面上的位數：此處顯示 {d} 位有效數字",
        "cut": "顯示 {R} 列中的 {r} 列、{C} 行中的 {c} 行；完整數值見 {file}",
        "cut_slices": "顯示 {K} 個切片中的 {k} 個；完整數值見 {file}",
        "cut_items": "顯示 {K} 項中的 {k} 項；完整數值見 {file}",
        "no_numbers": "沒有數字檔（{file}）。",
        "bad_numbers": "無法讀取數字檔 {file}：{err}",
        "frames": "逐格數值",
        "frames_note": "此處每 {step} 格取一格，共 {total} 列中的 {n} 列（每 {dt} 秒至多一列）；"
                       "每一格都在 {file} 中。",
        "frames_all": "{file} 的全部 {total} 列都在此頁中。",
        "frames_missing": "沒有逐格檔（{file}）。",
        "time": "時間",
        "frame": "影格",
        "prev": "上一格",
        "next": "下一格",
        "follow": "影片播放時滑桿會跟著移動；拖動滑桿會跳到影片的該時間。",
        "sections": "段落",
        "clip": "片段",
        "captions": "影片中的字幕（{lang}）",
        "files": "檔案",
        "footer": "由 render.py gallery 從已產生的輸出離線建立（專案版本 {v}）。"
                  "顏色與影片的調色盤相同。不使用網路。",
    },
    "zh-Hans": {
        "title": "transformer-frames 图库",
        "skip": "跳到目录",
        "subtitle": "目录中的每一段课程动画与每一张讲义图表，以及它背后的数字。",
        "language": "语言",
        "theme": "主题",
        "light": "浅色",
        "dark": "深色",
        "filter": "按名称或说明筛选",
        "no_match": "没有符合筛选条件的条目。",
        "count": "共 {n} 项，已生成 {r} 项",
        "topic_count": "{n} 项",
        "scene": "动画 · MP4",
        "figure": "图表 · SVG",
        "rendered": "已生成",
        "missing": "尚未生成",
        "not_rendered": "尚未生成，请运行：",
        "no_media": "{folder} 中没有图片或视频，只有数字。",
        "engine": "引擎",
        "params": "参数",
        "output": "输出设置",
        "version": "版本",
        "looks": "已生成的版本",
        "theme_light": "浅色主题",
        "theme_dark": "深色主题",
        "quality": "{q}，{w}×{h}，每秒 {fps} 帧，{dur} 秒",
        "numbers": "背后的数字",
        "fields": "{n} 个字段",
        "show_values": "显示这 {n} 个数值",
        "field": "字段",
        "shape": "形状",
        "value": "画面上显示的数值",
        "scalar": "标量",
        "full": "完整精度",
        "rounding": "四舍五入到小数点后 {d} 位，与画面相同",
        "sig": "未声明画面上的位数：此处显示 {d} 位有效数字",
        "cut": "显示 {R} 行中的 {r} 行、{C} 列中的 {c} 列；完整数值见 {file}",
        "cut_slices": "显示 {K} 个切片中的 {k} 个；完整数值见 {file}",
        "cut_items": "显示 {K} 项中的 {k} 项；完整数值见 {file}",
        "no_numbers": "没有数字文件（{file}）。",
        "bad_numbers": "无法读取数字文件 {file}：{err}",
        "frames": "逐帧数值",
        "frames_note": "此处每 {step} 帧取一帧，共 {total} 行中的 {n} 行（每 {dt} 秒至多一行）；"
                       "每一帧都在 {file} 中。",
        "frames_all": "{file} 的全部 {total} 行都在此页中。",
        "frames_missing": "没有逐帧文件（{file}）。",
        "time": "时间",
        "frame": "帧",
        "prev": "上一帧",
        "next": "下一帧",
        "follow": "视频播放时滑块会跟着移动；拖动滑块会跳到视频的该时间。",
        "sections": "段落",
        "clip": "片段",
        "captions": "视频中的字幕（{lang}）",
        "files": "文件",
        "footer": "由 render.py gallery 从已生成的输出离线构建（项目版本 {v}）。"
                  "颜色与视频的调色板相同。不使用网络。",
    },
}
OTHER_TOPIC = {"en": "Other", "zh-Hant": "其他", "zh-Hans": "其他"}


@dataclass
class GalleryResult:
    """What build_gallery wrote, how big it is and how long it took."""

    dest: Path
    index: Path
    entries: list[str] = field(default_factory=list)  # every catalogue entry, in page order
    rendered: list[str] = field(default_factory=list)  # entries with an output in OUT/[LOOK/]NAME/
    missing: list[str] = field(default_factory=list)  # entries not rendered yet
    files: list[Path] = field(default_factory=list)  # every file of the gallery
    bytes: int = 0  # the gallery folder's size (media included)
    page_bytes: int = 0  # index.html alone
    linked: int = 0  # media files hard-linked rather than copied
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"gallery {self.index}: {len(self.entries)} entries, {len(self.rendered)} rendered, "
                f"{len(self.files)} files, {_size(self.bytes)} (page {_size(self.page_bytes)}), "
                f"built in {self.seconds:.2f} s")


def _size(n: int) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.1f} MB"
    return f"{n / 1e3:.0f} kB" if n >= 1e3 else f"{n} B"


# -- writing --------------------------------------------------------------------------------
def _write_bytes(target: Path, data: bytes) -> bool:
    """Write `data` atomically unless the file already holds exactly it; True if written."""
    if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
        return False
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
        os.chmod(tmp, 0o644)
    return True


def _same_bytes(a: Path, b: Path) -> bool:
    if a.stat().st_size != b.stat().st_size:
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            x, y = fa.read(1 << 20), fb.read(1 << 20)
            if x != y:
                return False
            if not x:
                return True


def _place_media(source: Path, target: Path) -> bool:
    """Hard-link (or copy) `source` to `target` atomically; True if hard-linked."""
    if target.is_file() and (os.path.samefile(source, target) or _same_bytes(source, target)):
        return target.stat().st_nlink > 1 and os.path.samefile(source, target)
    readable = source.stat().st_mode & 0o044 == 0o044
    with atomic_path(target) as tmp:
        if readable:  # a link shares the mode: only link files others can read
            try:
                tmp.unlink()
                os.link(source, tmp)
                return True
            except OSError:
                pass
        with open(source, "rb") as src, open(tmp, "wb") as dst:
            while chunk := src.read(1 << 20):
                dst.write(chunk)
        os.chmod(tmp, 0o644)
    return False


# -- small HTML helpers -----------------------------------------------------------------------
def esc(s) -> str:
    return html.escape(str(s), quote=True)


def tr(key: str, tag: str = "span", **fmt) -> str:
    """One UI label in every language; CSS shows the one for the chosen language."""
    parts = []
    for lang in LANGS:
        text = UI[lang][key]
        text = text.format(**{k: v.get(lang, "") if isinstance(v, dict) else v for k, v in fmt.items()})
        parts.append(f'<{tag} class="tr" lang="{lang}">{esc(text)}</{tag}>')
    return "".join(parts)


def tr_text(texts: dict, tag: str = "span") -> str:
    return "".join(f'<{tag} class="tr" lang="{lang}">{esc(texts.get(lang, ""))}</{tag}>' for lang in LANGS)


def json_for_script(value) -> str:
    """JSON safe inside <script type="application/json"> (no '</script>', no '<!--')."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def url(*parts: str) -> str:
    return "/".join(quote(p) for p in parts)


def _num_text(v) -> str:
    """A value with no declared rounding: ints as they are, floats to SIG_DIGITS digits."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        s = f"{v:.{SIG_DIGITS}g}"
        return "0" if s == "-0" else s.replace("-", "\u2212")
    if v is None:
        return "—"
    return str(v)


def _full_text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    if v is None:
        return "null"
    return str(v)


def _is_scalar(v) -> bool:
    return v is None or isinstance(v, (int, float, str, bool))


def _decimals_of(shown: str) -> int | None:
    s = str(shown).lstrip("+-\u2212")
    if "." in s:
        frac = s.split(".", 1)[1]
        digits = len(frac) - len(frac.lstrip("0123456789"))
        return digits or None
    return 0 if s.isdigit() else None


def _list_shape(v) -> list[int] | None:
    """The shape of a rectangular nested list of scalars, else None."""
    if _is_scalar(v):
        return []
    if not isinstance(v, list):
        return None
    if not v:
        return [0]
    shapes = [_list_shape(x) for x in v]
    if any(s is None for s in shapes) or any(s != shapes[0] for s in shapes):
        return None
    return [len(v), *shapes[0]]


def _is_array_field(v) -> bool:
    return isinstance(v, dict) and "shape" in v and "value" in v


def _is_shown_scalar(v) -> bool:
    return isinstance(v, dict) and "value" in v and "shown" in v and "shape" not in v and len(v) == 2


# -- numbers tables -------------------------------------------------------------------------
class _Numbers:
    """Renders one numbers.json `data` block as HTML tables."""

    def __init__(self, file_name: str):
        self.file = file_name

    def field_rows(self, data: dict) -> str:
        rows = []
        for key, value in data.items():
            try:
                shape, body, notes = self.value(value)
            except Exception:  # a form this page does not know: show the JSON as it is
                text = json.dumps(value, ensure_ascii=False)
                shape, body, notes = "", f'<code class="raw">{esc(text[:2000])}{"…" if len(text) > 2000 else ""}</code>', ""
            rows.append(
                f'<tr><th scope="row"><code>{esc(key)}</code></th>'
                f'<td class="shape">{shape}</td><td class="val">{body}{notes}</td></tr>'
            )
        return (
            f'<table class="fields"><thead><tr><th scope="col">{tr("field")}</th>'
            f'<th scope="col">{tr("shape")}</th><th scope="col">{tr("value")}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
        )

    def value(self, v) -> tuple[str, str, str]:
        """(shape cell, value html, notes html) for one field value of any form."""
        if _is_array_field(v) and isinstance(v["shape"], list) and _list_shape(v["value"]) == v["shape"]:
            shape = list(v["shape"])
            shown = v.get("shown")
            if shown is not None and _list_shape(shown) != shape:
                shown = None  # an on-screen copy that does not fit: show the values instead
            shape_txt = f"<code>[{', '.join(map(str, shape))}]</code>"
            if not shape:
                return shape_txt, self.scalar(v["value"], shown), ""
            return (shape_txt,) + self.grid(v["value"], shown, shape)
        if _is_shown_scalar(v):
            return tr("scalar"), self.scalar(v["value"], v["shown"]), ""
        if _is_scalar(v):
            return tr("scalar"), self.scalar(v, None), ""
        if isinstance(v, list):
            shape = _list_shape(v)
            if shape is not None and 0 < len(shape) <= 2 and all(shape):
                return (f"<code>[{', '.join(map(str, shape))}]</code>",) + self.grid(v, None, shape)
            if shape is not None and len(shape) > 2 and all(shape):
                return (f"<code>[{', '.join(map(str, shape))}]</code>",) + self.grid(v, None, shape)
            return f"<code>[{len(v)}]</code>", self.items(v), ""
        if isinstance(v, dict):
            inner = self.field_rows(v)
            return f"<code>{{{len(v)}}}</code>", f'<div class="nested">{inner}</div>', ""
        return "", esc(v), ""

    def scalar(self, value, shown) -> str:
        if shown is not None:
            full = _full_text(value)
            d = _decimals_of(shown)
            title = UI["en"]["rounding"].format(d=d) if d is not None else ""
            extra = (f' <span class="full" title="{esc(UI["en"]["full"])}">{esc(full)}</span>'
                     if full != str(shown) else "")
            return f'<span class="num shown" title="{esc(title)}">{esc(shown)}</span>{extra}'
        if isinstance(value, str):
            return f'<span class="str">{esc(value)}</span>'
        return f'<span class="num">{esc(_full_text(value))}</span>'

    def items(self, values: list) -> str:
        out = []
        for v in values[:MAX_LIST_ITEMS]:
            shape, body, notes = self.value(v)
            out.append(f"<li>{body}{notes}</li>")
        note = ""
        if len(values) > MAX_LIST_ITEMS:
            note = f'<p class="note">{tr("cut_items", k=MAX_LIST_ITEMS, K=len(values), file=self.file)}</p>'
        return f'<ol class="items" start="0">{"".join(out)}</ol>{note}'

    def grid(self, value, shown, shape: list[int]) -> tuple[str, str]:
        """A 1-D or 2-D grid (higher: a few 2-D slices), folded when large."""
        cells = math.prod(shape)
        notes = []
        if shown is None:
            if _has_float(value):
                notes.append(f'<p class="note">{tr("sig", d=SIG_DIGITS)}</p>')
        else:
            d = _first_decimals(shown)
            if d is not None:
                notes.append(f'<p class="note">{tr("rounding", d=d)}</p>')
        if len(shape) <= 2:
            body, cut = self.grid2(value, shown, shape)
            if cut:
                notes.append(f'<p class="note">{cut}</p>')
        else:
            lead = shape[:-2]
            count = math.prod(lead)
            parts = []
            for k in range(min(count, MAX_SLICES)):
                idx = _unravel(k, lead)
                sub_v, sub_s = value, shown
                for i in idx:
                    sub_v = sub_v[i]
                    sub_s = sub_s[i] if sub_s is not None else None
                table, cut = self.grid2(sub_v, sub_s, shape[-2:])
                label = "[" + ", ".join(map(str, idx)) + ", :, :]"
                parts.append(f'<figure class="slice"><figcaption><code>{esc(label)}</code></figcaption>'
                             f'{table}{f"<p class=note>{cut}</p>" if cut else ""}</figure>')
            body = "".join(parts)
            if count > MAX_SLICES:
                notes.append(f'<p class="note">{tr("cut_slices", k=MAX_SLICES, K=count, file=self.file)}</p>')
        if cells <= OPEN_GRID_CELLS:
            return f'<div class="grid-wrap">{body}</div>', "".join(notes)
        folded = (f'<details class="grid-fold"><summary>{tr("show_values", n=cells)}</summary>'
                  f'<div class="grid-wrap">{body}</div></details>')
        return folded, "".join(notes)

    def grid2(self, value, shown, shape: list[int]) -> tuple[str, str]:
        if len(shape) == 1:
            value, shown, shape = [value], ([shown] if shown is not None else None), [1, shape[0]]
            one_row = True
        else:
            one_row = False
        n_rows, n_cols = shape
        r, c = min(n_rows, MAX_GRID_ROWS), min(n_cols, MAX_GRID_COLS)
        head = "".join(f"<th scope=\"col\">{j}</th>" for j in range(c))
        if c < n_cols:
            head += "<th>…</th>"
        rows = []
        for i in range(r):
            row_v = value[i]
            row_s = shown[i] if shown is not None else None
            tds = []
            for j in range(c):
                v = row_v[j]
                text = row_s[j] if row_s is not None else _num_text(v)
                cls = ' class="neg"' if isinstance(v, (int, float)) and not isinstance(v, bool) and v < 0 else ""
                tds.append(f"<td{cls}>{esc(text)}</td>")
            if c < n_cols:
                tds.append("<td>…</td>")
            label = "" if one_row else str(i)
            rows.append(f'<tr><th scope="row">{label}</th>{"".join(tds)}</tr>')
        if r < n_rows:
            rows.append(f'<tr><th scope="row">…</th>{"<td>…</td>" * (c + (c < n_cols))}</tr>')
        table = (f'<table class="grid"><thead><tr><th></th>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>')
        cut = ""
        if r < n_rows or c < n_cols:
            cut = tr("cut", r=r, R=n_rows, c=c, C=n_cols, file=self.file)
        return table, cut


def _unravel(k: int, shape: list[int]) -> list[int]:
    idx = []
    for n in reversed(shape):
        idx.append(k % n)
        k //= n
    return idx[::-1]


def _has_float(v) -> bool:
    if isinstance(v, list):
        return any(_has_float(x) for x in v)
    return isinstance(v, float)


def _first_decimals(shown) -> int | None:
    while isinstance(shown, list):
        if not shown:
            return None
        shown = shown[0]
    return _decimals_of(shown) if shown is not None else None


# -- frames.csv -----------------------------------------------------------------------------
def _csv_cell(text: str):
    if text == "":
        return None
    try:
        if text.lstrip("-").isdigit():
            return int(text)
        v = float(text)
    except ValueError:
        return text
    return v if math.isfinite(v) else text


def frames_payload(path: Path, fps: float | None) -> dict:
    """frames.csv as compact JSON: columns, then at most one row per FRAME_INTERVAL_S seconds."""
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        columns = next(reader, [])
        rows = [r for r in reader if r]
    total = len(rows)
    if not fps:
        times = [float(r[1]) for r in rows[:2]] if len(columns) > 1 else []
        fps = 1.0 / (times[1] - times[0]) if len(times) == 2 and times[1] > times[0] else 1.0
    step = max(1, math.ceil(fps * FRAME_INTERVAL_S - 1e-9))
    while total and math.ceil(total / step) > MAX_FRAME_ROWS:
        step += 1
    keep = list(range(0, total, step))
    if total and keep[-1] != total - 1:
        keep.append(total - 1)
    return {
        "columns": columns,
        "rows": [[_csv_cell(rows[k][j]) if j < len(rows[k]) else None for j in range(len(columns))]
                 for k in keep],
        "total": total,
        "step": step,
        "fps": fps,
    }


# -- one entry ------------------------------------------------------------------------------
@dataclass
class _Rendered:
    """What OUT/NAME/ holds for one entry."""

    files: dict  # file name -> source path, every file the gallery copies
    rel: str = ""  # the folder below OUT/ (and below the gallery's media/): NAME or LOOK/NAME
    media: str | None = None  # the main output's file name
    poster: str | None = None
    vtt: dict = field(default_factory=dict)  # lang ("" for NAME.vtt) -> file name
    numbers: str | None = None
    frames: str | None = None
    clips: dict = field(default_factory=dict)  # section name -> "sections/NAME_00_id.mp4"

    @property
    def any(self) -> bool:
        return bool(self.files)


def _section_clips(folder: Path, files: dict) -> dict:
    """render.py --sections: one MP4 per section in NAME/sections/ (index.json names them)."""
    index = folder / "sections" / "index.json"
    clips = {}
    try:
        items = json.loads(index.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return clips
    for item in items if isinstance(items, list) else []:
        fname = item.get("file") if isinstance(item, dict) else None
        if not isinstance(fname, str) or "/" in fname or fname.startswith("."):
            continue
        path = folder / "sections" / fname
        if path.is_file():
            files[f"sections/{fname}"] = path
            clips[str(item.get("name"))] = f"sections/{fname}"
    return clips


def scan(out_root: Path, entry, look: str = "") -> _Rendered:
    """What OUT/NAME/ (or OUT/LOOK/NAME/) holds for `entry`."""
    rel = f"{look}/{entry.name}" if look else entry.name
    folder = Path(out_root) / rel
    files: dict = {}
    if not folder.is_dir():
        return _Rendered(files, rel=rel)
    name = entry.name
    found = {p.name: p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")}
    for ext in MEDIA_KINDS:
        if f"{name}.{ext}" in found:
            files[f"{name}.{ext}"] = found[f"{name}.{ext}"]
    vtt = {}
    for fname in sorted(found):
        if fname == f"{name}.vtt":
            vtt[""] = fname
        elif fname.startswith(f"{name}.") and fname.endswith(".vtt"):
            lang = fname[len(name) + 1 : -4]
            if lang in LANGS:
                vtt[lang] = fname
    for fname in vtt.values():
        files[fname] = found[fname]
    for fname in sorted(found):  # SubRip copies of the captions, for video editors
        if fname.startswith(f"{name}.") and fname.endswith(".srt"):
            files[fname] = found[fname]
    rendered = _Rendered(files, rel=rel, vtt=vtt)
    rendered.clips = _section_clips(folder, files)
    for extra in ("numbers.json", "frames.csv"):
        if f"{name}.{extra}" in found:
            files[f"{name}.{extra}"] = found[f"{name}.{extra}"]
    rendered.numbers = f"{name}.numbers.json" if f"{name}.numbers.json" in files else None
    rendered.frames = f"{name}.frames.csv" if f"{name}.frames.csv" in files else None
    order = ("mp4", "gif", "svg", "png") if entry.kind == "scene" else ("svg", "png")
    for ext in order:
        if f"{name}.{ext}" in files:
            rendered.media = f"{name}.{ext}"
            break
    if rendered.media and rendered.media.endswith(".mp4") and f"{name}.png" in files:
        rendered.poster = f"{name}.png"
    return rendered


def scan_all(out_root: Path, entry) -> list[_Rendered]:
    """Every render of `entry`: OUT/NAME/ first, then OUT/<lang>-<theme>/NAME/ in LOOKS order."""
    found = [scan(out_root, entry)] + [scan(out_root, entry, look) for look in LOOKS]
    return [r for r in found if r.any]


def _read_doc(r: _Rendered):
    """(numbers document or None, error text or None)."""
    if not r.numbers:
        return None, None
    try:
        doc = json.loads(r.files[r.numbers].read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return None, str(err)
    return (doc, None) if isinstance(doc, dict) else (None, "not a JSON object")


class _EntryPage:
    def __init__(self, entry, renders: list[_Rendered]):
        self.e = entry
        self.renders = renders
        self.r = renders[0] if renders else _Rendered({}, rel=entry.name)  # the one whose numbers are shown
        self.doc, self.doc_error = _read_doc(self.r)
        self.docs = [self.doc] + [_read_doc(r)[0] for r in renders[1:]]

    def src(self, fname: str, r: _Rendered | None = None) -> str:
        return url("media", *(r or self.r).rel.split("/"), fname)

    def look_of(self, k: int) -> str | None:
        """"lang-theme" of render k, from its numbers file, else from its folder."""
        doc = self.docs[k] or {}
        if doc.get("lang") in LANGS and doc.get("theme") in THEMES:
            return f"{doc['lang']}-{doc['theme']}"
        head = self.renders[k].rel.split("/")[0]
        return head if head in LOOKS else None

    def variants(self) -> dict:
        """look -> {src, poster, burned} for every render whose main output is like the first one's."""
        kind = _media_kind(self.r.media)
        out = {}
        for k, r in enumerate(self.renders):
            look = self.look_of(k)
            if look is None or look in out or r.media is None or _media_kind(r.media) != kind:
                continue
            item = {"src": self.src(r.media, r)}
            if r.poster:
                item["poster"] = self.src(r.poster, r)
            burned = (self.docs[k] or {}).get("lang")
            if burned:
                item["burned"] = burned
            out[look] = item
        return out

    def html(self) -> str:
        e = self.e
        status = "rendered" if self.r.any else "missing"
        search = " ".join([e.name, e.kind, *(e.describe.get(lang, "") for lang in LANGS)]).lower()
        head = (
            f'<header class="entry-head"><h3><a class="anchor" href="#entry-{esc(e.name)}">'
            f'{esc(e.name)}</a></h3>'
            f'<span class="badge kind kind-{esc(e.kind)}">{tr(e.kind) if e.kind in UI["en"] else esc(e.kind)}</span>'
            f'<span class="badge status status-{status}">{tr(status)}</span></header>'
        )
        desc = f'<p class="desc">{tr_text(e.describe)}</p>'
        media = self.media_html() + self.timeline_html()
        side = self.meta_html() + self.frames_html()
        numbers = self.numbers_html()
        files = self.files_html()
        return (
            f'<article class="entry" id="entry-{esc(e.name)}" data-name="{esc(e.name)}" '
            f'data-kind="{esc(e.kind)}" data-status="{status}" data-search="{esc(search)}">'
            f'{head}{desc}<div class="entry-body"><div class="media">{media}</div>'
            f'<div class="side">{side}</div></div>{numbers}{files}</article>'
        )

    def media_html(self) -> str:
        name = self.e.name
        if not self.r.any:
            return (f'<div class="placeholder pending">{tr("not_rendered")} '
                    f'<code class="cmd">python render.py {esc(name)}</code></div>')
        media = self.r.media
        if media is None:
            return f'<div class="placeholder"><p>{tr("no_media", folder=f"out/{self.r.rel}/")}</p></div>'
        alt = esc(self.e.describe.get("en", name))
        variants = self.variants()
        looks = (f'<script type="application/json" class="looks">{json_for_script(variants)}</script>'
                 if len(variants) > 1 else "")
        if media.endswith(".mp4"):
            poster = f' poster="{self.src(self.r.poster)}"' if self.r.poster else ""
            w, h = self._size()
            dims = f' width="{w}" height="{h}"' if w and h else ""
            tracks = []
            burned = (self.doc or {}).get("lang", "")
            for lang, rel in sorted(self.track_files().items()):
                tracks.append(f'<track kind="captions" src="{url("media", *rel.split("/"))}" srclang="{esc(lang)}" '
                              f'label="{esc(LANG_NAMES.get(lang, lang))}" data-vtt="{esc(rel)}">')
            burned_attr = f' data-burned-lang="{esc(burned)}"' if burned else ""
            return (f'<video controls preload="none" playsinline{poster}{dims} aria-label="{alt}" '
                    f'data-entry="{esc(name)}"{burned_attr}><source src="{self.src(media)}" type="video/mp4">'
                    f'{"".join(tracks)}</video>{looks}')
        full = f'<a class="zoom" href="{self.src(media)}">'
        return f'{full}<img src="{self.src(media)}" alt="{alt}" loading="lazy" decoding="async"></a>{looks}'

    def track_files(self) -> dict:
        """Caption files by language, as paths below media/: NAME.<lang>.vtt, and NAME.vtt in the
        language its header names (else its render's). Files named for their language come first,
        then the renders in order (OUT/NAME/ before OUT/LOOK/NAME/)."""
        out = {}
        for r in self.renders:
            for lang, fname in r.vtt.items():
                if lang:
                    out.setdefault(lang, f"{r.rel}/{fname}")
        for k, r in enumerate(self.renders):
            generic = r.vtt.get("")
            if generic:
                lang = _vtt_language(r.files[generic]) or (self.docs[k] or {}).get("lang") or "en"
                out.setdefault(lang, f"{r.rel}/{generic}")
        return out

    def _size(self) -> tuple[int | None, int | None]:
        render = (self.doc or {}).get("render") or {}
        return render.get("width"), render.get("height")

    def meta_html(self) -> str:
        e = self.e
        rows = [(tr("engine"), f"<code>{esc(e.data)}</code>")]
        params = (self.doc or {}).get("engine_params")
        if params is None:
            try:
                params = json.loads(json.dumps(e.params))
            except (TypeError, ValueError):
                params = {}
        if params:
            items = "".join(f"<li><code>{esc(k)}</code> = <code>{esc(_compact(v))}</code></li>"
                            for k, v in params.items())
            rows.append((tr("params"), f'<ul class="params">{items}</ul>'))
        if self.doc:
            theme = self.doc.get("theme")
            lang = self.doc.get("lang")
            parts = []
            if theme in ("light", "dark"):
                parts.append(tr(f"theme_{theme}"))
            if lang:
                parts.append(esc(LANG_NAMES.get(lang, lang)))
            render = self.doc.get("render") or {}
            if render:
                parts.append(tr("quality", q=render.get("quality", "?"), w=render.get("width", "?"),
                                h=render.get("height", "?"), fps=render.get("fps", "?"),
                                dur=f"{float(render.get('duration_s', 0)):.1f}"))
            rows.append((tr("output"), " · ".join(parts)))
            looks = [self.look_of(k) or r.rel for k, r in enumerate(self.renders)]
            if len(self.renders) > 1:
                rows.append((tr("looks"), " ".join(f'<code class="look" data-look="{esc(x)}">{esc(x)}</code>'
                                                  for x in looks)))
            if self.doc.get("project_version"):
                rows.append((tr("version"), f"<code>{esc(self.doc['project_version'])}</code>"))
        body = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
        return f'<dl class="meta">{body}</dl>'

    def numbers_html(self) -> str:
        if not self.r.any:
            return ""
        fname = f"{self.e.name}.numbers.json"
        if self.doc_error:
            return f'<p class="note warn">{tr("bad_numbers", file=fname, err=self.doc_error)}</p>'
        if self.doc is None:
            return f'<p class="note">{tr("no_numbers", file=fname)}</p>'
        data = self.doc.get("data") or {}
        table = _Numbers(fname).field_rows(data) if isinstance(data, dict) else esc(data)
        return (f'<details class="numbers" open><summary><h4>{tr("numbers")}</h4>'
                f'<span class="count">{tr("fields", n=len(data))}</span></summary>'
                f'<div class="numbers-body">{table}</div></details>')

    def frames_html(self) -> str:
        if self.e.kind != "scene" or not self.r.any:
            return ""
        fname = f"{self.e.name}.frames.csv"
        if not self.r.frames:
            return f'<p class="note">{tr("frames_missing", file=fname)}</p>'
        fps = ((self.doc or {}).get("render") or {}).get("fps")
        payload = frames_payload(self.r.files[self.r.frames], fps)
        n = len(payload["rows"])
        if payload["step"] == 1:
            note = tr("frames_all", total=payload["total"], file=fname)
        else:
            note = tr("frames_note", step=payload["step"], n=n, total=payload["total"], dt=FRAME_INTERVAL_S,
                      file=fname)
        vtt = {}
        sources = {f"{r.rel}/{f}": p for r in self.renders for f, p in r.files.items()}
        for rel in self.track_files().values():
            try:
                vtt[rel] = sources[rel].read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError, KeyError):
                pass
        if vtt:
            payload["vtt"] = vtt
        data_id = f"frames-{self.e.name}"
        return (
            f'<section class="frames" data-frames="{esc(data_id)}">'
            f'<h4>{tr("frames")}</h4>'
            f'<div class="picker"><button type="button" class="step prev" data-step="-1">'
            f'<span aria-hidden="true">◀</span><span class="sr">{tr("prev")}</span></button>'
            f'<input type="range" class="slider" min="0" max="{max(n - 1, 0)}" value="0" step="1">'
            f'<button type="button" class="step next" data-step="1"><span aria-hidden="true">▶</span>'
            f'<span class="sr">{tr("next")}</span></button></div>'
            f'<p class="readout"><span class="lbl">{tr("time")}</span> <output class="t">0.00 s</output>'
            f' · <span class="lbl">{tr("frame")}</span> <output class="f">0</output></p>'
            f'<div class="frame-row" role="table" aria-label="{esc(UI["en"]["frames"])}"></div>'
            f'<p class="note">{note}</p><p class="note">{tr("follow")}</p>'
            f'<script type="application/json" id="{esc(data_id)}">{json_for_script(payload)}</script>'
            f'</section>'
        )

    def timeline_html(self) -> str:
        if not self.doc:
            return ""
        sections = self.doc.get("sections") or []
        captions = self.doc.get("captions") or []
        if not sections and not captions:
            return ""
        parts = []
        if sections:
            items = "".join(
                f'<li><button type="button" class="seek" data-t="{float(s.get("start_s", 0)):.6f}">'
                f'<span class="at">{_clock(s.get("start_s", 0))}</span> <code>{esc(s.get("name", ""))}</code>'
                f'</button>{self._clip_link(s.get("name"))}</li>' for s in sections)
            parts.append(f'<div class="sections"><h5>{tr("sections")}</h5><ol>{items}</ol></div>')
        if captions:
            lang = self.doc.get("lang", "")
            items = "".join(
                f'<li><button type="button" class="seek" data-t="{float(c.get("start_s", 0)):.6f}">'
                f'<span class="at">{_clock(c.get("start_s", 0))}</span></button>'
                f'<span class="cap" lang="{esc(lang)}">{esc(c.get("text", ""))}</span></li>'
                for c in captions)
            parts.append(f'<div class="captions"><h5>{tr("captions", lang=LANG_NAMES.get(lang, lang))}</h5>'
                         f'<ol>{items}</ol></div>')
        return f'<div class="timeline">{"".join(parts)}</div>'

    def _clip_link(self, section) -> str:
        clip = self.r.clips.get(str(section))
        if not clip:
            return ""
        return f' <a class="clip" href="{self.src(clip)}" title="{esc(clip)}">{tr("clip")}</a>'

    def files_html(self) -> str:
        if not self.r.any:
            return ""
        groups = []
        for r in self.renders:
            links = "".join(f'<li><a href="{self.src(f, r)}" download><code>{esc(f)}</code></a> '
                            f'<span class="size">{_size(p.stat().st_size)}</span></li>'
                            for f, p in sorted(r.files.items()) if not f.startswith("sections/"))
            label = f'<span class="where">out/{esc(r.rel)}/</span>' if len(self.renders) > 1 else ""
            groups.append(f"<ul>{label}{links}</ul>")
        return f'<footer class="files"><h5>{tr("files")}</h5><div class="file-groups">{"".join(groups)}</div></footer>'


def _media_kind(fname: str | None) -> str | None:
    if fname is None:
        return None
    return "video" if fname.endswith(".mp4") else "image"


def _vtt_language(path: Path) -> str | None:
    """The "Language: xx" line of a WebVTT header, if any."""
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line:
                    break  # the header ends at the first blank line
                if line.lower().startswith("language:"):
                    return line.split(":", 1)[1].strip() or None
    except (OSError, UnicodeDecodeError):
        return None
    return None


def _compact(v) -> str:
    text = json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= 120 else text[:117] + "…"


def _clock(seconds) -> str:
    s = float(seconds)
    return f"{int(s // 60)}:{s % 60:05.2f}"


# -- the page -------------------------------------------------------------------------------
def palette_css() -> str:
    """CSS custom properties for both themes, straight from look.PALETTES."""
    blocks = []
    for theme, selector in (("light", ':root, :root[data-theme="light"]'), ("dark", ':root[data-theme="dark"]')):
        p = PALETTES[theme]
        props = {
            "bg": p.background, "ink": p.ink, "muted": p.muted, "panel": p.panel, "accent": p.accent,
            "cool": p.cool, "ok": p.ok, "bad": p.bad, "negative": p.negative, "positive": p.positive,
            "surface": p.neutral,
        }
        props.update({f"series-{k}": c for k, c in enumerate(p.series)})
        body = "".join(f"--{k}: {v}; " for k, v in props.items())
        blocks.append(f"{selector} {{ {body}color-scheme: {theme}; }}")
    return "\n".join(blocks)


def _header(n_entries: int, n_rendered: int, groups: list) -> str:
    langs = "".join(
        f'<button type="button" class="lang-btn" data-lang="{lang}" lang="{lang}" '
        f'title="{esc(LANG_NAMES[lang])}" aria-pressed="{"true" if lang == "en" else "false"}">'
        f'{esc(LANG_SHORT[lang])}</button>' for lang in LANGS)
    themes = "".join(
        f'<button type="button" class="theme-btn" data-theme="{t}" aria-pressed="{"true" if t == "light" else "false"}">'
        f'{tr(t)}</button>' for t in ("light", "dark"))
    placeholders = " ".join(f'data-placeholder-{lang.lower()}="{esc(UI[lang]["filter"])}"' for lang in LANGS)
    nav = "".join(f'<li><a href="#topic-{esc(tid)}">{tr_text(titles)} <span class="n">{len(entries)}</span></a></li>'
                  for tid, titles, entries in groups)
    return (
        f'<header class="top"><div class="bar"><div class="brand"><h1>{tr("title")}</h1>'
        f'<p class="sub">{tr("subtitle")}</p></div>'
        f'<div class="controls">'
        f'<input type="search" class="filter" placeholder="{esc(UI["en"]["filter"])}" {placeholders} '
        f'aria-label="{esc(UI["en"]["filter"])}">'
        f'<div class="switch" role="group" aria-label="{esc(UI["en"]["language"])}">'
        f'<span class="switch-label">{tr("language")}</span>{langs}</div>'
        f'<div class="switch" role="group" aria-label="{esc(UI["en"]["theme"])}">'
        f'<span class="switch-label">{tr("theme")}</span>{themes}</div></div></div>'
        f'<nav class="topics"><ul>{nav}</ul><p class="count">{tr("count", n=n_entries, r=n_rendered)}</p></nav>'
        f'</header>'
    )


def build_page(out_root: Path) -> tuple[str, dict, list[str], list[str]]:
    """The page and the media it needs: (html, {gallery path: source}, rendered, missing)."""
    entries = list(catalogue.ENTRIES)
    groups = []
    for tid, titles in catalogue.TOPICS.items():
        members = [e for e in entries if e.topic == tid]
        if members:
            groups.append((tid, titles, members))
    others = [e for e in entries if e.topic not in catalogue.TOPICS]
    if others:
        groups.append(("other", OTHER_TOPIC, others))
    media: dict = {}
    rendered, missing, sections = [], [], []
    for tid, titles, members in groups:
        cards = []
        for e in members:
            renders = scan_all(out_root, e)
            (rendered if renders else missing).append(e.name)
            for r in renders:
                for fname, source in r.files.items():
                    media[f"media/{r.rel}/{fname}"] = source
            cards.append(_EntryPage(e, renders).html())
        sections.append(
            f'<section class="topic" id="topic-{esc(tid)}"><h2>{tr_text(titles)}'
            f' <span class="count">{tr("topic_count", n=len(members))}</span></h2>'
            f'<div class="entries">{"".join(cards)}</div></section>'
        )
    template = (ASSETS / TEMPLATE).read_text(encoding="utf-8")
    page = (template
            .replace("@@PALETTE@@", palette_css())
            .replace("@@VERSION@@", esc(__version__))
            .replace("@@SKIP@@", tr("skip"))
            .replace("@@HEADER@@", _header(len(entries), len(rendered), groups))
            .replace("@@MAIN@@", "\n".join(sections) + f'<p class="no-match" hidden>{tr("no_match")}</p>')
            .replace("@@FOOTER@@", tr("footer", v=__version__)))
    return page, media, rendered, missing


def build_gallery(out_root: Path = Path("out"), dest: Path | None = None) -> GalleryResult:
    """Write the offline gallery of everything in `out_root` to `dest` (default OUT/gallery)."""
    started = time.perf_counter()
    out_root = Path(out_root)
    dest = Path(dest) if dest is not None else out_root / "gallery"
    _check_dest(out_root, dest)
    page, media, rendered, missing = build_page(out_root)
    dest.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    linked = 0
    for rel in sorted(media):
        linked += _place_media(media[rel], dest / rel)
        written.append(rel)
    for name in ASSET_FILES:
        _write_bytes(dest / "assets" / name, (ASSETS / name).read_bytes())
        written.append(f"assets/{name}")
    _write_bytes(dest / "index.html", page.encode("utf-8"))
    written.append("index.html")
    _prune(dest, written)
    _write_bytes(dest / MANIFEST, ("\n".join(sorted(written)) + "\n").encode("utf-8"))
    files = [dest / rel for rel in sorted(written)]
    result = GalleryResult(
        dest=dest, index=dest / "index.html", entries=[e.name for e in catalogue.ENTRIES],
        rendered=rendered, missing=missing, files=files,
        bytes=sum(p.stat().st_size for p in files), page_bytes=(dest / "index.html").stat().st_size,
        linked=linked,
    )
    result.seconds = time.perf_counter() - started
    return result


def _check_dest(out_root: Path, dest: Path) -> None:
    d, o = dest.resolve(), out_root.resolve()
    if d == o or o.is_relative_to(d):
        raise UserError(f"the gallery folder {dest} must not be {out_root} or contain it")
    for name in catalogue.names():
        for folder in [o / name] + [o / look / name for look in LOOKS]:
            if d.is_relative_to(folder):
                raise UserError(f"the gallery folder {dest} must not be inside the output folder {folder}")


def _prune(dest: Path, written: list[str]) -> None:
    """Remove files an earlier build wrote that this build no longer has (an entry went away)."""
    manifest = dest / MANIFEST
    if not manifest.is_file():
        return
    keep = set(written)
    for rel in manifest.read_text(encoding="utf-8").split():
        if rel in keep or rel.startswith("/") or ".." in Path(rel).parts:
            continue
        path = dest / rel
        if path.is_file():
            path.unlink()
            parent = path.parent
            while parent != dest and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent
