"""One catalogue entry's card on the gallery page (templates/entry.html): its media in every look,
the engine and parameters, the numbers tables, the frame slider, sections, captions and files."""
from __future__ import annotations

import json

from markupsafe import Markup

from look import LANGS, THEMES
from studio.publish.gallery_html import LANG_NAMES, UI, fill, size_text, tr, tr_text, url
from studio.publish.gallery_numbers import Numbers
from studio.publish.gallery_scan import (FRAME_INTERVAL_S, LOOKS, Rendered, changes_only, frames_payload, read_doc,
                                         vtt_language)


def _media_kind(fname: str | None) -> str | None:
    if fname is None:
        return None
    return "video" if fname.endswith(".mp4") else "image"


def _compact(v) -> str:
    text = json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= 120 else text[:117] + "…"


def _clock(seconds) -> str:
    s = float(seconds)
    return f"{int(s // 60)}:{s % 60:05.2f}"


class EntryCard:
    def __init__(self, entry, renders: list[Rendered]):
        self.e = entry
        self.renders = renders
        self.r = renders[0] if renders else Rendered({}, rel=entry.name)  # the one whose numbers are shown
        self.doc, self.doc_error = read_doc(self.r)
        self.docs = [self.doc] + [read_doc(r)[0] for r in renders[1:]]

    def src(self, fname: str, r: Rendered | None = None) -> str:
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

    def describe(self) -> dict:
        """The catalogue's lines, or for your own numbers the entry and what was set."""
        from studio.build.numbers import describe

        return {lang: describe(self.e, lang) for lang in LANGS} if self.e.given else self.e.describe

    def html(self) -> Markup:
        e = self.e
        status = "rendered" if self.r.any else "missing"
        search = " ".join([e.folder, e.kind, *(self.describe().get(lang, "") for lang in LANGS)]).lower()
        return fill(
            "entry.article", name=e.folder, kind=e.kind, status=status, search=search,
            kind_label=tr(e.kind) if e.kind in UI["en"] else e.kind, status_label=tr(status),
            desc=tr_text(self.describe()), media=self.media_html() + self.timeline_html(),
            side=self.meta_html() + self.frames_html(), numbers=self.numbers_html(), files=self.files_html(),
        )

    def media_html(self) -> Markup:
        name = self.e.name
        if not self.r.any:
            return fill("entry.pending", label=tr("not_rendered"), name=name)
        media = self.r.media
        if media is None:
            return fill("entry.no_media", label=tr("no_media", folder=f"out/{self.r.rel}/"))
        alt = self.e.describe.get("en", name)
        variants = self.variants()  # written as JSON when there is more than one look
        if not media.endswith(".mp4"):
            return fill("entry.image", src=self.src(media), alt=alt, variants=variants)
        w, h = self._size()
        tracks = [{"src": url("media", *rel.split("/")), "lang": lang, "label": LANG_NAMES.get(lang, lang), "vtt": rel}
                  for lang, rel in sorted(self.track_files().items())]
        return fill("entry.video", src=self.src(media), poster=self.src(self.r.poster) if self.r.poster else "",
                    width=w, height=h, alt=alt, name=name, burned=(self.doc or {}).get("lang", ""), tracks=tracks,
                    variants=variants)

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
                lang = vtt_language(r.files[generic]) or (self.docs[k] or {}).get("lang") or "en"
                out.setdefault(lang, f"{r.rel}/{generic}")
        return out

    def _size(self) -> tuple[int | None, int | None]:
        render = (self.doc or {}).get("render") or {}
        return render.get("width"), render.get("height")

    def meta_html(self) -> Markup:
        e = self.e
        rows = [(tr("engine"), fill("entry.code", text=e.data))]
        params = (self.doc or {}).get("engine_params")
        if params is None:
            try:
                params = json.loads(json.dumps(e.params))
            except (TypeError, ValueError):
                params = {}
        if params:
            rows.append((tr("params"), fill("entry.params", items=[(k, _compact(v)) for k, v in params.items()])))
        if self.doc:
            theme = self.doc.get("theme")
            lang = self.doc.get("lang")
            parts = []
            if theme in ("light", "dark"):
                parts.append(tr(f"theme_{theme}"))
            if lang:
                parts.append(LANG_NAMES.get(lang, lang))
            render = self.doc.get("render") or {}
            if render:
                parts.append(tr("quality", q=render.get("quality", "?"), w=render.get("width", "?"),
                                h=render.get("height", "?"), fps=render.get("fps", "?"),
                                dur=f"{float(render.get('duration_s', 0)):.1f}"))
            rows.append((tr("output"), Markup(" · ").join(parts)))
            looks = [self.look_of(k) or r.rel for k, r in enumerate(self.renders)]
            if len(self.renders) > 1:
                rows.append((tr("looks"), fill("entry.look_names", looks=looks)))
            if self.doc.get("project_version"):
                rows.append((tr("version"), fill("entry.code", text=self.doc["project_version"])))
        return fill("entry.meta", rows=rows)

    def numbers_html(self) -> Markup:
        if not self.r.any:
            return Markup()
        fname = f"{self.e.name}.numbers.json"
        if self.doc_error:
            return fill("numbers.warn", text=tr("bad_numbers", file=fname, err=self.doc_error))
        if self.doc is None:
            return fill("numbers.note", text=tr("no_numbers", file=fname))
        data = self.doc.get("data") or {}
        table = Numbers(fname).field_rows(data) if isinstance(data, dict) else str(data)
        return fill("entry.numbers", title=tr("numbers"), count=tr("fields", n=len(data)), table=table)

    def frames_html(self) -> Markup:
        if self.e.kind != "scene" or not self.r.any:
            return Markup()
        fname = f"{self.e.name}.frames.csv"
        if not self.r.frames:
            return fill("numbers.note", text=tr("frames_missing", file=fname))
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
        payload["rows"] = changes_only(payload["rows"])
        return fill("entry.frames", id=f"frames-{self.e.name}", title=tr("frames"), prev=tr("prev"),
                    next=tr("next"), max=max(n - 1, 0), time=tr("time"), frame=tr("frame"),
                    frames_label=UI["en"]["frames"], note=note, follow=tr("follow"), payload=payload)

    def timeline_html(self) -> Markup:
        if not self.doc:
            return Markup()
        sections = self.doc.get("sections") or []
        captions = self.doc.get("captions") or []
        if not sections and not captions:
            return Markup()
        lang = self.doc.get("lang", "")
        return fill(
            "entry.timeline", sections_title=tr("sections"), captions_title=tr("captions", lang=LANG_NAMES.get(lang, lang)),
            sections=[{"t": f'{float(s.get("start_s", 0)):.6f}', "at": _clock(s.get("start_s", 0)),
                       "name": s.get("name", ""), "clip": self._clip(s.get("name"))} for s in sections],
            captions=[{"t": f'{float(c.get("start_s", 0)):.6f}', "at": _clock(c.get("start_s", 0)),
                       "text": c.get("text", "")} for c in captions],
            lang=lang)

    def _clip(self, section) -> dict | None:
        clip = self.r.clips.get(str(section))
        return {"href": self.src(clip), "title": clip, "label": tr("clip")} if clip else None

    def files_html(self) -> Markup:
        if not self.r.any:
            return Markup()
        groups = [{"where": r.rel if len(self.renders) > 1 else "",
                   "links": [{"href": self.src(f, r), "name": f, "size": size_text(p.stat().st_size)}
                             for f, p in sorted(r.files.items()) if not f.startswith("sections/")]}
                  for r in self.renders]
        return fill("entry.files", title=tr("files"), groups=groups)
