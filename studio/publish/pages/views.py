"""What a lesson page shows, as data for templates/page.html and its macros (templates/views.html):
the navigation links, the scenes with their caption track as a data: URL, the figures."""
from __future__ import annotations

import urllib.parse


def nav_links(lang: str, langs: list, topic: str, topics: dict, ui: dict, page_name) -> tuple[list, list]:
    """(language links, topic links): this topic in every language, every topic in this language."""
    lang_links = [{"href": page_name(l, langs[0]), "name": ui[l]["lang_name"], "current": l == lang, "code": l}
                  for l in langs]
    topic_links = [{"href": f"../{t}/{page_name(lang, langs[0])}", "name": titles[lang], "current": t == topic}
                   for t, titles in topics.items()]
    return lang_links, topic_links


def _vtt_data_url(path) -> str:
    text = path.read_text(encoding="utf-8")
    return "data:text/vtt;charset=utf-8," + urllib.parse.quote(text)


def scenes(entries, media: dict, lang: str, page_dir) -> list[dict]:
    """Each scene: its name, description, media (None when not rendered) and caption track."""
    out = []
    for e in entries:
        if e.kind == "scene":
            m = media.get(e.name)
            out.append({"name": e.name, "desc": e.describe[lang], "media": m,
                        "vtt_url": _vtt_data_url(page_dir / m["vtt"]) if m else ""})
    return out


def figures(entries, media: dict, lang: str) -> list[dict]:
    """Each figure: its name, description and SVG (None when not rendered)."""
    return [{"name": e.name, "desc": e.describe[lang], "svg": (media.get(e.name) or {}).get("svg")}
            for e in entries if e.kind == "figure"]
