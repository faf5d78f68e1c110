/* Lecture deck, speaker view: the deck's file opened with #speaker (deck.js hands it the deck's data and
 * its message channel). It shows the current slide (its still, or its title for a title card; a widget
 * slide's live copy), how many parts of the current scene or widget are left to show, the playing clip's
 * progress (pause k of n, its time), its notes (its cues), the next slide (its still; a widget as the page
 * opens it, copied by deck.js before the slides are removed) and a timer. The speaker's keys
 * ask the deck's window to move; the deck window owns the slide number.
 */
window.deckSpeaker = function (deckApi) {
  "use strict";
  var $ = deckApi.$, all = deckApi.all, L = deckApi.L, S = deckApi.S, N = deckApi.N, D = deckApi.D;
  var hold = deckApi.hold, fmt = deckApi.fmt, send = deckApi.send, handlers = deckApi.handlers;
  var NEXT = deckApi.NEXT, PREV = deckApi.PREV, deck = deckApi.deck, stills = deckApi.stills || {};
  var shown = 0, started = Date.now(), deckSeen = false; /* deckSeen: the deck's window has answered */
  var frag = 0; /* with no deck's window: the frames of the shown slide this view has stepped through */

  function paragraph(text) {
    var p = document.createElement("p");
    p.textContent = text;
    return p;
  }

  /* the key presses before the next item: the predict question and answer the deck still has to open on
   * slide i (as its window reports them), then each later slide of the same item (a scene's pauses, a
   * widget's parts), one press, and two more where that slide asks a question (the deck's window opens
   * it, then its answer, then any further frame; the speaker view alone steps the same frames) */
  function asks(j) { return S[j].asks || 0; } /* S[j].asks: deck.js, from the slide's part and frames */
  function partsLeft(i, fragments) {
    var n = fragments || 0;
    for (var j = i + 1; j < N && S[j].frame === S[i].frame; j++) n += 1 + asks(j);
    return n;
  }

  /* a scene slide's pause among all its scene's, wherever a figure or widget comes between: {k, n, at}
   * (k of n, counted from 1; at, the slides of its pauses) */
  function pauseOf(i) {
    var at = [];
    for (var j = 0; j < N; j++) if (S[j].frame === S[i].frame) at.push(j);
    return {k: at.indexOf(i) + 1, n: at.length, at: at};
  }
  function clock(t) { t = Math.max(0, Math.floor(t + 1e-6)); return Math.floor(t / 60) + ":" + String(t % 60).padStart(2, "0"); }

  /* the clip's progress: pause k of n, played to or held on, the time in the scene, a bar with a mark
   * at each pause (the ones reached filled); the deck's window reports where its video is */
  function speakerClip(i, c) {
    var box = $("sp-clip"), s = S[i];
    box.hidden = !(s && s.kind === "scene");
    document.body.removeAttribute("data-clip");
    if (box.hidden) return;
    var p = pauseOf(i), d = D.media[s.scene].duration_s, t = c ? c.t : hold(s), playing = !!(c && c.playing);
    var bar = $("sp-bar"), marks = all("i", bar);
    $("sp-pause").textContent = (playing ? L.clip_playing : L.clip_held).replace("{k}", p.k).replace("{n}", p.n);
    $("sp-clip-time").textContent = clock(t) + " / " + clock(d);
    $("sp-fill").style.width = (100 * Math.min(1, Math.max(0, t / d))).toFixed(2) + "%";
    if (bar.getAttribute("data-scene") !== s.scene) {
      marks.forEach(function (m) { m.remove(); });
      for (var j = 0; j < p.n; j++) {
        var m = document.createElement("i");
        m.style.left = (100 * hold(S[p.at[j]]) / d).toFixed(2) + "%";
        bar.appendChild(m);
      }
      bar.setAttribute("data-scene", s.scene);
      marks = all("i", bar);
    }
    marks.forEach(function (m, j) { m.classList.toggle("reached", j + 1 < p.k || j + 1 === p.k && !playing); });
    document.body.setAttribute("data-clip", [p.k, p.n, t.toFixed(3), playing ? "playing" : "held"].join(" "));
  }

  /* a widget slide's live copy under its title: what the room sees, not to be worked here. The deck's
   * window sends the slide ({html, w, h, theme}): drawn in a frame of the stage's size with the deck's
   * styles (its text sized as on the stage), scaled to the column; a string is a widget's still */
  var STYLES = all("head style, head link[rel=stylesheet]").map(function (e) { return e.outerHTML; }).join("");
  function mirror(box, v) {
    var frame = box.querySelector("iframe"), doc = frame && frame.contentDocument, stage = doc && doc.getElementById("stage");
    if (frame && stage && frame.getAttribute("data-size") === v.w + "x" + v.h) {
      stage.innerHTML = v.html;
      doc.documentElement.setAttribute("data-theme", v.theme || "light");
    } else {
      box.textContent = "";
      frame = document.createElement("iframe");
      frame.setAttribute("title", L.speaker);
      frame.setAttribute("tabindex", "-1");
      frame.setAttribute("data-size", v.w + "x" + v.h);
      frame.style.width = v.w + "px";
      frame.style.height = v.h + "px";
      frame.srcdoc = '<!DOCTYPE html><html lang="' + document.documentElement.lang + '" data-theme="' + (v.theme || "light") +
        '"><head><meta charset="utf-8">' + STYLES + '</head><body><main class="deck"><div class="stage" id="stage">' +
        v.html + "</div></main></body></html>";
      box.appendChild(frame);
    }
    var s = Math.min(box.clientWidth / v.w, 0.38 * window.innerHeight / v.h); /* the notes keep room below (fitNotes) */
    frame.style.transform = "scale(" + s + ")";
    box.style.height = (v.h * s).toFixed(1) + "px";
    box.style.width = (v.w * s).toFixed(1) + "px";
  }
  function speakerLive(v) {
    var box = $("sp-now-live"), key = v && typeof v === "object" ? v.html + v.w + v.h + v.theme : v;
    box.hidden = !v;
    box.classList.toggle("sp-mirror", !!v && typeof v === "object");
    if (v && box.getAttribute("data-html") !== key) {
      if (typeof v === "object") mirror(box, v);
      else { box.style.height = box.style.width = ""; box.innerHTML = v; }
      box.setAttribute("data-html", key);
    }
    if (!v) { box.textContent = ""; box.removeAttribute("data-html"); box.style.height = box.style.width = ""; }
    fitNotes(); /* the slide's copy took its height: the notes fit in what is left */
  }

  /* the notes in their pane: the font steps down from 1.35em to a floor of 1em (18 px) until they fit; longer
     notes than that scroll in the pane, its scrollbar shown (deck.css .notes[data-scrolls]) */
  function fitNotes() {
    var notes = $("sp-notes"), em = 1.35;
    notes.style.setProperty("--notes-em", em + "em");
    while (notes.scrollHeight > notes.clientHeight + 1 && em > 1.001) {
      em = Math.max(1, em - 0.05);
      notes.style.setProperty("--notes-em", em.toFixed(2) + "em");
    }
    notes.scrollTop = 0;
    if (notes.scrollHeight > notes.clientHeight + 1) notes.setAttribute("data-scrolls", "");
    else notes.removeAttribute("data-scrolls");
  }
  window.addEventListener("resize", function () { if ($("sp-notes")) { fitNotes(); fitNext(); } });

  /* the next widget's still laid out at a slide-like width (NEXT_W px) and scaled to fit its box: the column's width
   * and the height left under the next slide's title, all of it in view (it overflowed its box at a fixed zoom) */
  var NEXT_W = 1000;
  function fitNext() {
    var box = $("sp-next-live"), inner = box && box.firstElementChild;
    if (!inner || box.hidden) return;
    inner.style.width = NEXT_W + "px";
    var col = box.parentNode.getBoundingClientRect(), top = box.getBoundingClientRect().top;
    var room = Math.max(60, col.bottom - top - 4), h = inner.offsetHeight;
    var s = Math.min(box.clientWidth / NEXT_W, room / Math.max(h, 1));
    inner.style.transform = "scale(" + s.toFixed(4) + ")";
    box.style.height = (h * s).toFixed(1) + "px";
    box.setAttribute("data-scale", s.toFixed(4));
  }

  function speakerShow(i, fragments, live) {
    shown = Math.min(N - 1, Math.max(0, i));
    var s = S[shown], nx = S[shown + 1], notes = $("sp-notes"), thumb = $("sp-next-thumb");
    var now = $("sp-now-thumb"), card = $("sp-now-card"), nextCard = $("sp-next-card");
    $("sp-count").textContent = fmt(shown);
    $("sp-title").textContent = s.title;
    var left = partsLeft(shown, fragments); /* none left: the next press goes on to the next item, said so */
    $("sp-left").textContent = left ? L.parts_left.replace("{n}", left) : L.left_none;
    now.hidden = !s.thumb;
    if (s.thumb) now.setAttribute("src", s.thumb);
    live = s.kind === "widget" ? live || stills[shown] || null : null; /* its still until the deck reports */
    card.hidden = !!s.thumb || !!live; /* a title card: its title here; a widget: its live copy below */
    card.textContent = s.thumb ? "" : s.title;
    speakerLive(live);
    document.body.setAttribute("data-parts-left", String(partsLeft(shown, fragments)));
    document.body.setAttribute("data-frame", String(Math.max(0, asks(shown) - (fragments || 0))));
    notes.textContent = "";
    (s.notes.length ? s.notes : [L.no_notes]).forEach(function (t) { notes.appendChild(paragraph(t)); });
    fitNotes();
    $("sp-next-title").textContent = nx ? nx.title : L.end;
    thumb.hidden = !(nx && nx.thumb);
    if (nx && nx.thumb) thumb.setAttribute("src", nx.thumb);
    var still = nx && nx.kind === "widget" ? stills[shown + 1] : null, nextLive = $("sp-next-live");
    nextLive.hidden = !still; /* a widget: its still, as the page opens it, under its title */
    if (still && nextLive.getAttribute("data-slide") !== String(shown + 1)) {
      nextLive.innerHTML = '<div class="sp-fit">' + still + "</div>";
      nextLive.setAttribute("data-slide", String(shown + 1));
    }
    fitNext();
    if (!still) { nextLive.textContent = ""; nextLive.removeAttribute("data-slide"); }
    nextCard.hidden = !nx || !!nx.thumb || !!still; /* a title card: its title in the slide's shape */
    nextCard.textContent = nx && !nx.thumb && !still ? nx.title : "";
    document.body.setAttribute("data-slide", String(shown));
  }

  function alone(ahead) {
    if (ahead && frag < asks(shown)) frag += 1;
    else if (ahead && shown < N - 1) { shown += 1; frag = 0; }
    else if (!ahead && shown > 0) { shown -= 1; frag = asks(shown); }
    speakerShow(shown, asks(shown) - frag);
    speakerClip(shown, null);
  }

  function tickTimer() {
    var t = Math.floor((Date.now() - started) / 1000), m = Math.floor(t / 60), sec = t % 60;
    $("sp-timer").textContent = (m >= 60 ? Math.floor(m / 60) + ":" + String(m % 60).padStart(2, "0") : m) +
      ":" + String(sec).padStart(2, "0");
  }

  function onSpeakerKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key;
    /* the deck's window moves as for its own key (a widget's question and answer first) and reports back;
     * with no deck's window open (yet), the speaker view steps on its own as the deck's window would (a
     * widget's question, answer and frames, then the next slide; ← the previous slide, all its frames shown) */
    if (NEXT[k] || PREV[k]) {
      send({type: NEXT[k] ? "next" : "prev"});
      if (!deckSeen) alone(!!NEXT[k]);
    }
    else if (k === "b" || k === "B" || k === ".") send({type: "toggle-black"});
    else if (k === "d" || k === "D") send({type: "toggle-dim"});
    else return;
    e.preventDefault();
  }

  /* the speaker window: the deck's frame removed, the deck's messages shown */
  deck.remove();
  document.title = L.speaker + " · " + document.title;
  $("speaker").hidden = false;
  document.body.classList.add("speaker-view");
  handlers.state = function (m) { deckSeen = true; speakerShow(m.slide, m.fragments, m.live); speakerClip(shown, m.slide === shown ? m.clip : null); };
  handlers.clip = function (m) { if (m.slide === shown) speakerClip(shown, m.clip); };
  handlers.black = function (m) { $("sp-black").hidden = !m.on; };
  handlers.dim = function (m) { $("sp-dim").hidden = !m.on; };
  $("sp-reset").addEventListener("click", function () { started = Date.now(); tickTimer(); });
  setInterval(tickTimer, 1000);
  document.addEventListener("keydown", onSpeakerKey);
  speakerShow(0, asks(0));
  speakerClip(0, null);
  send({type: "hello"});
};
