"""HTML pieces of a lesson page: navigation, widgets, scenes and figures.

Widgets are markup only: controls carry data-control (their values, joined by "|" in document
order, are the key into the widget's table from studio.pages.widgets), and readouts carry
data-field (text), data-label (a UI label chosen by the value), data-rot (a rotation in degrees for
a drawing) or data-bar (a bar height in percent). page.js does the lookup; it computes nothing.
"""
from __future__ import annotations

import html
import urllib.parse

from studio.pages.text import PROSE, UI

esc = html.escape


def theme_css(palettes) -> str:
    """CSS variables for both themes from look.palette, so the page's colours match the renders."""
    out = []
    for theme, p in palettes.items():
        sel = ":root" if theme == "light" else f':root[data-theme="{theme}"]'
        out.append(f"{sel}{{--bg:{p.background};--ink:{p.ink};--muted:{p.muted};--panel:{p.panel};"
                   f"--accent:{p.accent};--cool:{p.cool};--ok:{p.ok};--bad:{p.bad}}}")
        if theme == "light":
            out.append(f':root[data-theme="light"]{{--bg:{p.background};--ink:{p.ink};--muted:{p.muted};'
                       f'--panel:{p.panel};--accent:{p.accent};--cool:{p.cool};--ok:{p.ok};--bad:{p.bad}}}')
    return "\n".join(out)


def nav(langs, topics, ui) -> str:
    lang_links = " ".join(
        f'<a href="{esc(href)}" hreflang="{esc(code)}"{" aria-current=page" if cur else ""}>{esc(name)}</a>'
        for href, name, cur, code in langs)
    topic_links = " ".join(
        f'<a href="{esc(href)}"{" aria-current=page" if cur else ""}>{esc(name)}</a>' for href, name, cur in topics)
    return (f'<nav aria-label="{esc(ui["topics"])}" class="topics">{topic_links}</nav>'
            f'<nav aria-label="{esc(ui["language"])}" class="langs">{lang_links}</nav>')


# -- widgets ----------------------------------------------------------------------------------
def _range(wid, name, label, lo, hi, value, valuetext=True) -> str:
    vt = ' data-valuetext="valuetext"' if valuetext else ""
    return (f'<label for="{wid}-{name}">{esc(label)}</label> '
            f'<input type="range" id="{wid}-{name}" data-control="{name}" min="{lo}" max="{hi}" step="1" '
            f'value="{value}"{vt}> <output for="{wid}-{name}" data-field="{name}"></output>')


def _readout(ui, pairs) -> str:
    rows = "".join(f'<dt>{esc(ui[label])}</dt><dd data-field="{field}"></dd>' for label, field in pairs)
    return f'<dl class="readout" aria-live="polite">{rows}</dl>'


def _seat(w, ui) -> str:
    clocks = "".join(
        f'<figure class="clock"><svg viewBox="-1 -1 2 2" aria-hidden="true"><circle r="0.92"/>'
        f'<line x1="0" y1="0" x2="0" y2="-0.78" data-rot="hand{h}"/></svg>'
        f'<figcaption data-field="deg{h}"></figcaption></figure>' for h in range(w["hands"]))
    hands = range(w["hands"])  # PE column 2h is sin of hand h, column 2h + 1 its cos
    heads = "".join(f"<th scope=col>{h}</th>" for h in hands)
    sin = "".join(f'<td data-field="pe{2 * h}"></td>' for h in hands)
    cos = "".join(f'<td data-field="pe{2 * h + 1}"></td>' for h in hands)
    return (f'<p class="control">{_range("w-seat", "seat", ui["seat"], 0, w["max"], 5)}</p>'
            f'<div class="clocks">{clocks}</div>'
            f'<table class="row" aria-live="polite"><tr><th></th>{heads}</tr>'
            f'<tr><th scope=row>sin</th>{sin}</tr><tr><th scope=row>cos</th>{cos}</tr></table>')


def _rope(w, ui) -> str:
    return (f'<p class="control">{_range("w-rope", "m", ui["m"], 0, w["max"], 4, False)}</p>'
            f'<p class="control">{_range("w-rope", "n", ui["n"], 0, w["max"], 0, False)}</p>'
            + _readout(ui, [("gap", "gap"), ("score", "score"), ("gap_score", "gap_score")]))


def _reorder(w, ui) -> str:
    n = w["n"]
    slots = []
    for i in range(n):
        slots.append(f'<span class="tok" data-field="tok{i}"></span>')
        if i < n - 1:
            label = ui["swap"].format(a=i + 1, b=i + 2)
            slots.append(f'<button type="button" data-swap="{i}" aria-label="{esc(label)}" title="{esc(label)}">⇄</button>')
    rows = "".join(
        f'<tr><th scope=row>{i + 1}</th><td data-field="tok{i}"></td><td data-field="c{i}"></td>'
        f'<td data-label="same{i}" data-yes="same" data-no="changed"></td></tr>' for i in range(n))
    return (f'<div class="order" data-control="order" data-value="{esc(w["start"])}" '
            f'data-start="{esc(w["start"])}">{"".join(slots)}</div>'
            f'<p><button type="button" data-reset>{esc(ui["reset"])}</button></p>'
            f'<table class="outputs" aria-live="polite"><tr><th scope=col>{esc(ui["position"])}</th>'
            f'<th scope=col>{esc(ui["token"])}</th><th scope=col>{esc(ui["output"])}</th><th scope=col></th></tr>'
            f'{rows}</table>' + _readout(ui, [("context", "x")]))


def _gain(w, ui) -> str:
    def bars(prefix, cls):
        return "".join(f'<span class="bar {cls}" data-bar="{prefix}{k}"></span>' for k in range(w["layers"] + 1))
    return (f'<p class="control">{_range("w-gain", "s", ui["s"], 0, w["max"], w["start"])}</p>'
            + _readout(ui, [("last_plain", "last_plain"), ("last_ln", "last_ln")])
            + f'<div class="chart" aria-hidden="true" title="{esc(ui["axis"])}">'
              f'<div class="bars">{bars("p", "plain")}</div><small>{esc(ui["plain"])}</small>'
              f'<div class="bars">{bars("l", "ln")}</div><small>{esc(ui["ln"])}</small></div>'
              f'<p class="axis">{esc(ui["axis"])}</p>')


def _drift(w, ui) -> str:
    def cells(prefix):
        return "".join(f'<span class="cell" data-cls="{prefix}{i}"></span>' for i in range(w["neurons"]))
    return (f'<p class="control">{_range("w-drift", "shift", ui["shift"], 0, w["max"], w["start"])}</p>'
            + _readout(ui, [("relu_dead", "relu_dead"), ("relu_trainable", "relu_trainable"),
                            ("gelu_trainable", "gelu_trainable")])
            + f'<div class="cells" aria-hidden="true"><span>ReLU</span><div>{cells("relu")}</div>'
              f'<span>GELU</span><div>{cells("gelu")}</div></div>')


def _stepper(wid, w, ui) -> str:
    n_rows = max(int(s["rows"]) for s in w["states"].values())
    rows = "".join(f'<tr data-row="{r}"><th scope=row data-field="r{r}"></th><td data-field="v{r}"></td></tr>'
                   for r in range(n_rows))
    return (f'<div class="stepper" data-control="step" data-value="0" data-max="{w["max"]}">'
            f'<button type="button" data-step="-1">{esc(ui["prev"])}</button> '
            f'<button type="button" data-step="1">{esc(ui["next"])}</button> '
            f'<span class="count" data-count aria-live="polite"></span></div>'
            f'<p class="step-title" data-label="title" aria-live="polite"></p>'
            f'<table class="steps">{rows}</table>')


def _gpt2(w, ui) -> str:
    opts = "".join(f'<option value="{e}"{" selected" if e == 768 else ""}>{esc(ui.get("size_" + name, name))} · {e}</option>'
                   for name, e, _, _ in w["sizes"])
    return (f'<p class="control"><label for="w-gpt2-emb">{esc(ui["emb"])}</label> '
            f'<select id="w-gpt2-emb" data-control="emb">{opts}</select></p>'
            f'<p class="control">{_range("w-gpt2", "layers", ui["layers"], 1, w["max_layers"], 12)}</p>'
            f'<p class="control"><input type="checkbox" id="w-gpt2-tied" data-control="tied">'
            f' <label for="w-gpt2-tied">{esc(ui["tied"])}</label></p>'
            + _readout(ui, [("total", "total"), ("per_block", "per_block"), ("mib", "mib"), ("mb", "mb")]))


def widgets_html(widgets: dict, lang: str) -> str:
    ui = UI[lang]
    parts = []
    for wid, w in widgets.items():
        if wid == "seat":
            body = _seat(w, ui)
        elif wid == "rope":
            body = _rope(w, ui)
        elif wid == "reorder":
            body = _reorder(w, ui)
        elif wid == "gain":
            body = _gain(w, ui)
        elif wid == "gpt2":
            body = _gpt2(w, ui)
        elif wid == "drift":
            body = _drift(w, ui)
        else:
            body = _stepper(wid, w, ui)
        parts.append(f'<section class="widget" id="w-{wid}" data-widget="{wid}" aria-labelledby="w-{wid}-h">'
                     f'<h3 id="w-{wid}-h">{esc(ui["title_" + wid])}</h3><p>{esc(PROSE[lang][wid])}</p>'
                     f'{body}</section>')
    if not parts:
        return ""
    return f'<h2>{esc(ui["widgets"])}</h2>' + "".join(parts)


# -- scenes and figures -----------------------------------------------------------------------
def _vtt_data_url(page_dir_file) -> str:
    text = page_dir_file.read_text(encoding="utf-8")
    return "data:text/vtt;charset=utf-8," + urllib.parse.quote(text)


def scenes_html(entries, media: dict, lang: str, page_dir) -> str:
    ui = UI[lang]
    out = []
    for e in entries:
        if e.kind != "scene":
            continue
        desc = esc(e.describe[lang])
        m = media.get(e.name)
        if m is None:
            out.append(f'<figure class="scene missing"><p>{desc}</p><p><em>{esc(ui["missing"])}</em></p></figure>')
            continue
        # Chromium refuses <track> files from file://: the same VTT text goes in as a data: URL.
        # Not shown by default: the scenes draw their captions in the frame; C (or CC) shows the track.
        track = (f'<track kind="captions" src="{_vtt_data_url(page_dir / m["vtt"])}" srclang="{esc(lang)}" '
                 f'label="{esc(ui["captions"])}" data-vtt="{esc(m["vtt"])}">')
        out.append(
            f'<figure class="scene" id="s-{e.name}" data-scene="{e.name}" tabindex="-1">'
            f'<video controls preload="auto" playsinline poster="{esc(m["poster"])}" aria-describedby="d-{e.name}">'
            f'<source src="{esc(m["mp4"])}" type="video/mp4">{track}</video>'
            f'<figcaption id="d-{e.name}">{desc} '
            f'<button type="button" data-present="{e.name}">{esc(ui["present"])}</button>'
            f' <span class="slide" aria-live="polite"></span></figcaption>'
            f'<p class="help" hidden>{esc(ui["presenter_help"])}</p></figure>')
    if not out:
        return ""
    return f'<h2>{esc(ui["scenes"])}</h2>' + "".join(out)


def figures_html(entries, media: dict, lang: str) -> str:
    ui = UI[lang]
    out = []
    for e in entries:
        if e.kind != "figure":
            continue
        desc = esc(e.describe[lang])
        m = media.get(e.name)
        img = (f'<img src="{esc(m["svg"])}" alt="{desc}" loading="lazy">' if m
               else f'<p><em>{esc(ui["missing"])}</em></p>')
        out.append(f'<figure class="fig" id="f-{e.name}" data-figure="{e.name}">{img}<figcaption>{desc}</figcaption></figure>')
    if not out:
        return ""
    return f'<h2>{esc(ui["figures"])}</h2>' + "".join(out)
