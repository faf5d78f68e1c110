"""The navigation of the lesson pages: each topic's page in every language that has been built, and
every topic in the page's language (English where that topic has no page in it yet).

A language's page has its own file (`page_name`): index.html is always English, index.LANG.html any
other language, so building one language never overwrites another. After every build `relink` rewrites
the navigation of every page under OUT/pages/, so a page built earlier links a language or topic
built later.
"""
from __future__ import annotations

import re
from pathlib import Path

from look import LANGS
from studio.build.atomic import write_text

ENGLISH = "en"
NAV = re.compile(r"<!--nav-->.*?<!--/nav-->", re.S)


def page_name(lang: str) -> str:
    """The file of a topic's page in `lang`: index.html for English, index.LANG.html otherwise."""
    return "index.html" if lang == ENGLISH else f"index.{lang}.html"


def built_langs(topic_dir: Path, also=()) -> list[str]:
    """The languages (in LANGS order) with a page in `topic_dir`, or about to have one (`also`)."""
    return [l for l in LANGS if l in also or (Path(topic_dir) / page_name(l)).is_file()]


def nav_links(lang: str, topic: str, pages_root: Path, topics: dict, ui: dict, also=()) -> tuple[list, list]:
    """(language links, topic links) for the page of `topic` in `lang`: this topic in every language
    built; every topic in this language, or in English when it has no page in this language (then
    its link says hreflang="en")."""
    pages_root = Path(pages_root)
    lang_links = [{"href": page_name(l), "name": ui[l]["lang_name"], "current": l == lang, "code": l}
                  for l in built_langs(pages_root / topic, also)]
    topic_links = []
    for t, titles in topics.items():
        here = built_langs(pages_root / t, also if t == topic else ())
        target = lang if lang in here or ENGLISH not in here else ENGLISH
        topic_links.append({"href": f"../{t}/{page_name(target)}", "name": titles[lang], "current": t == topic,
                            "code": target})
    return lang_links, topic_links


def relink(pages_root: Path, topics: dict, ui: dict, nav) -> list[Path]:
    """Rewrite the navigation (between <!--nav--> and <!--/nav-->) of every page under `pages_root`
    from the pages that exist now; `nav(langs, topics, ui)` renders it. Returns the pages changed."""
    changed = []
    for topic in topics:
        for lang in built_langs(Path(pages_root) / topic):
            page = Path(pages_root) / topic / page_name(lang)
            text = page.read_text(encoding="utf-8")
            lang_links, topic_links = nav_links(lang, topic, pages_root, topics, ui)
            new = NAV.sub(lambda _: str(nav(lang_links, topic_links, ui[lang])), text, count=1)
            if new != text:
                write_text(page, new)
                changed.append(page)
    return changed
