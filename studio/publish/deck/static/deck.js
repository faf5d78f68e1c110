/* Lecture deck: slides driven by the keyboard or a clicker, an overview, a black screen and a
 * speaker view in a second window.
 *
 * The slides are data (deck-data, built by studio.publish.deck): each names the frame it shows (the
 * title, a scene's video, a figure, a widget or one part of it). A scene's slides are its sections:
 * → plays from the previous section's held frame to this one's and pauses there (the holds were
 * measured on the video at build time); ← and every jump go straight to the held frame, as does →
 * when reduced motion is preferred. The video's captions are its track (none are drawn in the frames): shown,
 * and C hides them.
 *
 * Keys: → / PageDown / Space next, ← / PageUp previous (a clicker sends PageUp/PageDown; on a widget
 * slide they change the slide too, until a click in the widget or E enters it: then the arrows are the
 * widget's, PageDown / PageUp still the deck's, and Esc leaves it), O the
 * overview (click or Enter jumps), B (or .) black screen, D dims the slide to 70 % (the speaker in the
 * light), S the speaker view, C captions, F full screen, Esc leaves the overview, the black or the dim.
 * The same file opened with #speaker is the speaker view (deck-speaker.js). The two windows talk over a
 * BroadcastChannel and over localStorage "storage" events (both work from file:// in Chromium); the deck
 * window owns the slide number, the speaker's keys ask it to move.
 */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("deck-data").textContent);
  var L = D.labels, S = D.slides, N = S.length;
  var SPEAKER = location.hash === "#speaker";
  var ME = SPEAKER ? "speaker" : "deck";
  var deck = document.getElementById("deck");
  var cur = -1, token = null, captions = "showing";

  function $(id) { return document.getElementById(id); }
  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function reduced() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; }
  function fmt(k) { return L.slide_fmt.replace("{k}", k + 1).replace("{n}", N); }

  /* ---- the two windows: BroadcastChannel and storage events; window.deckSync counts what arrived --- */
  var KEY = "tf-deck:" + location.pathname, chan = null, seen = {}, handlers = {};
  window.deckSync = {broadcast: 0, storage: 0};
  try { chan = new BroadcastChannel(KEY); } catch (e) { chan = null; }
  function send(msg) {
    msg.from = ME;
    msg.id = ME + ":" + Date.now() + ":" + Math.random();
    if (chan) chan.postMessage(msg);
    try { localStorage.setItem(KEY, JSON.stringify(msg)); } catch (e) { /* storage off: the channel only */ }
  }
  function receive(msg, how) {
    if (!msg || msg.from === ME) return;
    window.deckSync[how] += 1;
    if (seen[msg.id]) return;
    seen[msg.id] = true;
    if (handlers[msg.type]) handlers[msg.type](msg);
  }
  if (chan) chan.onmessage = function (e) { receive(e.data, "broadcast"); };
  window.addEventListener("storage", function (e) {
    if (e.key === KEY && e.newValue) {
      try { receive(JSON.parse(e.newValue), "storage"); } catch (err) { /* not ours */ }
    }
  });

  /* ---- slides ------------------------------------------------------------------------------- */
  function frame(i) { return $(S[i].frame); }
  function video(i) { return S[i].kind === "scene" ? frame(i).querySelector("video") : null; }
  function hold(s) { return D.media[s.scene].sections[s.section].hold_s; }

  function held(v, at) {
    v.pause();
    /* a second seek to the same time in the last frame lands on the video's end: seek only to move */
    if (Math.abs(v.currentTime - at) > 1e-6) v.currentTime = at;
    deck.setAttribute("data-state", "held");
  }

  var arrived = null; /* the playing clip's check: at its pause yet? (also run on each timeupdate) */
  function playTo(v, target) { /* play until the held frame, then pause exactly on it */
    var mine = {};
    token = mine;
    deck.setAttribute("data-state", "playing");
    arrived = function () {
      if (token !== mine) return true;
      if (v.currentTime < target && !v.ended) return false;
      token = null;
      held(v, target);
      sendClip();
      return true;
    };
    var check = arrived;
    /* a window in the background gets no animation frames: the video's timeupdate stops it there */
    function tick() { if (!check()) requestAnimationFrame(tick); }
    var played = v.play();
    if (played && played.catch) played.catch(function () { if (token === mine) { token = null; held(v, target); sendClip(); } });
    requestAnimationFrame(tick);
  }

  /* ---- a widget slide's content scaled with the stage (as reveal.js scales its slides): laid out at
   * the width w / s, in one column or two, for the largest s (up to MAX_SCALE) whose scaled height
   * fits and whose layout does not overflow sideways; two columns when they give a clearly larger s ---- */
  var MAX_SCALE = 2.5;
  /* no text on a slide under MIN_TEXT of the stage's height once scaled (22 px at 720p, 33 px at 1080p: a
   * back row reads a readout as it reads the prose): what a widget
   * sets smaller (table heads, notes, indices) is set to that size and the widget fitted again, until it holds */
  var MIN_TEXT = 22 / 720, MIN_SCALE = 0.6;
  var PICTURE = "table.heat"; /* a heat map's 32 row and 16 column numbers are its axes: they keep the picture's size */
  function fit(f) {
    var c = f.firstElementChild;
    if (!c || !f.clientWidth) return;
    var need = MIN_TEXT * $("stage").clientHeight;
    /* a widget too dense for that at MIN_SCALE gets as near as it fits (none is: the dense ones are split, slides.WIDGET_PARTS) */
    for (var t = 0; t < LIFTS.length; t += 1) if (lifted(f, c, need * LIFTS[t]) >= MIN_SCALE) return;
    lifted(f, c, 0);
  }
  var LIFTS = [1, 0.95, 0.85, 0.75];
  function lifted(f, c, need) { /* fitted with its text lifted to need px on screen; the scale it gets */
    all("[data-deck-font]", c).forEach(function (e) { e.style.fontSize = ""; e.removeAttribute("data-deck-font"); });
    var s = 0;
    for (var k = 0; k < 12; k += 1) {
      s = layout(f);
      if (k === 11 || !need || !lift(c, need / s * 1.03, s)) break; /* a little over: fewer rounds */
    }
    return s;
  }
  function lift(c, px, s) { /* every element holding text (its own, or a form field's) at px or more before the
     * scale s; a drawing's text (sized in its own units) at px * s on screen; whether any grew */
    var grew = false;
    all("*", c).forEach(function (e) {
      var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
      if (!own && !/^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName) || e.closest(PICTURE)) return;
      var size = parseFloat(getComputedStyle(e).fontSize), want = px;
      if (e instanceof SVGElement) {
        var m = e.getScreenCTM(), screen = m ? size * Math.hypot(m.a, m.b) : 0;
        if (!screen) return;
        want = size * px * s / screen;
      }
      if (size < want - 0.001 * want) {
        e.style.fontSize = want.toFixed(3) + "px";
        e.setAttribute("data-deck-font", "");
        grew = true;
      }
    });
    return grew;
  }
  function layout(f) { /* f's content laid out and scaled as large as fits; that scale */
    var c = f.firstElementChild, cs = getComputedStyle(f);
    var aw = f.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    var ah = f.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    var boxes = all("*", c).filter(function (e) { return /auto|scroll/.test(getComputedStyle(e).overflowX); });
    var strict = true; /* no sideways scroll inside the widget either, where some width allows it */
    function tall(s) {
      c.style.width = aw / s + "px";
      var wide = c.scrollWidth > c.clientWidth + 1 || strict && boxes.some(function (b) { return b.scrollWidth > b.clientWidth + 1; });
      return wide ? Infinity : c.offsetHeight * s;
    }
    function best() {
      var lo = 0.25, hi = MAX_SCALE;
      strict = true;
      if (tall(lo) > ah) strict = false;
      if (tall(hi) <= ah) return hi;
      if (tall(lo) > ah) return 0;
      for (var k = 0; k < 14; k += 1) { var m = (lo + hi) / 2; if (tall(m) <= ah) lo = m; else hi = m; }
      return lo;
    }
    c.style.transform = "";
    c.style.marginBottom = "";
    c.style.marginTop = "";
    c.style.transformOrigin = "0 0";
    c.classList.remove("deck-cols");
    var one = best();
    c.classList.add("deck-cols");
    var two = best();
    var cols = two >= one * 1.15, s = cols ? two : one;
    if (!cols) c.classList.remove("deck-cols");
    if (s > 0) tall(s);
    else { c.style.width = aw + "px"; s = ah / c.offsetHeight; } /* height grows with width */
    c.style.transform = s !== 1 ? "scale(" + s + ")" : "";
    c.style.marginBottom = s !== 1 ? -(c.offsetHeight * (1 - s)) + "px" : ""; /* no scroll below the scaled box */
    var left = ah - c.offsetHeight * s; /* a widget at its largest scale with height to spare: centred, no blank band below */
    if (left > 1) c.style.marginTop = (left / 2).toFixed(1) + "px";
    f.setAttribute("data-scale", s.toFixed(3));
    return s;
  }
  /* ---- a widget's predict box as reveal.js fragments: the first next key shows its question, the
   * next opens its answer, then the deck moves on; each visible box in turn ---- */
  function predicts(f) { return all("details.predict", f).filter(function (d) { return !d.closest("[hidden]"); }); }
  function setStep(f, n) {
    var boxes = predicts(f);
    boxes.forEach(function (d, j) { d.classList.toggle("fragment-pending", n < 2 * j + 1); d.open = n >= 2 * j + 2; });
    f.setAttribute("data-fragment", String(n));
    f.setAttribute("data-fragments", String(2 * boxes.length));
  }
  function stepOn() {
    if (cur < 0 || S[cur].kind !== "widget") return false;
    var f = frame(cur), n = Number(f.getAttribute("data-fragment") || 0);
    if (n >= 2 * predicts(f).length) return false;
    setStep(f, n + 1);
    showCount();
    refitSoon();
    send(state());
    return true;
  }
  function showCount() { /* the slide number, and on a widget slide what the next press opens before it moves on */
    var left = fragmentsLeft();
    $("count").textContent = fmt(cur) + (left ? " · " + (left % 2 ? L.next_answer : L.next_question) : "");
  }
  function fragmentsLeft() { /* the current widget slide's question and answer not yet shown */
    if (cur < 0 || S[cur].kind !== "widget") return 0;
    var f = frame(cur);
    return Math.max(0, 2 * predicts(f).length - Number(f.getAttribute("data-fragment") || 0));
  }
  function clip() { /* the shown scene's video: where it is, and whether it plays on to the pause */
    if (cur < 0 || S[cur].kind !== "scene") return null;
    return {t: video(cur).currentTime, playing: deck.getAttribute("data-state") === "playing"};
  }
  function state() { return {type: "state", slide: cur, fragments: fragmentsLeft(), clip: clip(), live: live()}; }
  /* the shown widget as the room sees it (its part, its controls' values, its readouts, its predict box
   * as far as opened), for the speaker view's "Now"; sent again as it changes */
  function live() {
    if (cur < 0 || S[cur].kind !== "widget") return null;
    var w = frame(cur).firstElementChild, c = w.cloneNode(true);
    var from = all("input, select, textarea", w), to = all("input, select, textarea", c);
    from.forEach(function (e, j) {
      var d = to[j];
      if (e.type === "checkbox" || e.type === "radio") d.toggleAttribute("checked", e.checked);
      else if (e.tagName === "SELECT") all("option", d).forEach(function (o, m) { o.toggleAttribute("selected", m === e.selectedIndex); });
      else d.setAttribute("value", e.value);
    });
    all("[hidden]", c).forEach(function (e) { e.remove(); });
    all("details", c).forEach(function (d, j) { d.toggleAttribute("open", all("details", w)[j].open); });
    ["transform", "width", "marginBottom", "marginTop"].forEach(function (p) { c.style[p] = ""; });
    all("[data-deck-font]", c).forEach(function (e) { e.style.fontSize = ""; });
    return c.outerHTML;
  }
  var liveSent = 0;
  function sendLive() { cancelAnimationFrame(liveSent); liveSent = requestAnimationFrame(function () { if (live()) send(state()); }); }
  function sendClip() { if (clip()) send({type: "clip", slide: cur, clip: clip()}); }
  /* a widget shown part by part: only this slide's div.deck-part, and the widget's prose and question
   * with its first part; "" shows the whole widget */
  function showPart(f, part) {
    var parts = all(".deck-part", f), first = parts.length ? parts[0].getAttribute("data-part") : "";
    parts.forEach(function (p) { p.hidden = !!part && p.getAttribute("data-part") !== part; });
    /* a child that holds the parts (the calculator's box) stays: its parts show or hide in it; a control
     * shared by several parts names them (data-deck-parts="add append"); the predict box and its Show
     * button go with the widget's data-ask-part when it has one */
    var w = f.querySelector(".widget"), ask = w ? w.getAttribute("data-ask-part") : null;
    all(".widget > :not(h3):not(.deck-part)", f).forEach(function (e) {
      if (e.querySelector(".deck-part")) return;
      var on = e.getAttribute("data-deck-parts") || (ask && e.matches("details.predict, p.show") ? ask : first);
      e.hidden = !!part && on.split(" ").indexOf(part) < 0;
    });
    f.setAttribute("data-part", part || "");
  }
  function refit() { if (cur >= 0 && S[cur].kind === "widget") fit(frame(cur)); }
  var fitting = 0;
  function refitSoon() { cancelAnimationFrame(fitting); fitting = requestAnimationFrame(refit); }
  window.addEventListener("resize", refitSoon);
  all(".widget-slide").forEach(function (f) { /* an answer opened or a step that changes the height */
    ["toggle", "input", "change", "click"].forEach(function (t) {
      f.addEventListener(t, refitSoon, true);
      f.addEventListener(t, sendLive, true);
    });
    f.addEventListener("toggle", function (e) { /* a predict box opened by hand: its steps count as shown */
      var j = predicts(f).indexOf(e.target), n = Number(f.getAttribute("data-fragment") || 0);
      if (f.hidden || j < 0 || !e.target.open || n >= 2 * j + 2) return;
      setStep(f, 2 * j + 2);
      showCount();
      send(state());
    }, true);
  });

  /* ---- explore this frame: from a scene's pause to its widget's slide, at the frame's values
   * (studio.publish.pages.explore; page.js's TFExplore sets the controls) ---- */
  function exploreLink(i) {
    var s = S[i];
    if (!s || s.kind !== "scene") return null;
    var link = D.media[s.scene].sections[s.section].explore;
    if (!link) return null;
    for (var j = 0; j < N; j++) if (S[j].kind === "widget" && S[j].widget === link.widget) return {link: link, slide: j};
    return null;
  }
  function exploreFrame() {
    var e = exploreLink(cur);
    if (!e || !window.TFExplore) return false;
    go(e.slide, false);
    window.TFExplore(e.link);
    setStep(frame(e.slide), 1); /* the question shows, its answer waits for the next key: predict first */
    showCount();
    fit(frame(e.slide));
    send(state());
    return true;
  }
  var exploreButton = $("explore"), still = 0;
  document.addEventListener("pointermove", function () { /* the slide's buttons show while the pointer moves */
    deck.classList.add("pointer-active");
    clearTimeout(still);
    still = setTimeout(function () { deck.classList.remove("pointer-active"); }, 2500);
  });
  if (exploreButton) exploreButton.addEventListener("click", function () { exploreFrame(); });

  /* the speaker view follows the playing clip: its time, as the video reports it (about 4 times a second) */
  all(".scene-frame video").forEach(function (v) {
    v.addEventListener("timeupdate", function () {
      if (cur >= 0 && video(cur) === v && !(token && arrived && arrived())) sendClip();
    });
  });

  function go(i, play) {
    if (i < 0 || i >= N || i === cur) return;
    var from = cur >= 0 ? S[cur] : null, s = S[i], back = i < cur;
    token = null;
    leaveWidget();
    if (from && from.frame !== s.frame) {
      var old = video(cur);
      if (old) old.pause();
      frame(cur).hidden = true;
    }
    frame(i).hidden = false;
    cur = i;
    deck.setAttribute("data-slide", String(i));
    deck.setAttribute("data-state", "held");
    if (s.kind === "scene") {
      var v = video(i);
      var same = from && from.frame === s.frame;
      var onward = play && !reduced() && (same ? from.section === s.prev : s.prev === -1);
      if (!onward) held(v, hold(s));
      else { /* from the previous pause's hold (or the scene's start), even if still on the way there */
        v.currentTime = same ? hold(from) : s.from_s;
        playTo(v, hold(s));
      }
    }
    if (s.kind === "widget") { /* ahead: its predict box waits for the next key; back: all shown */
      showPart(frame(i), s.part);
      setStep(frame(i), back ? 2 * predicts(frame(i)).length : 0);
      fit(frame(i));
    }
    showCount();
    if (exploreButton) exploreButton.hidden = !(exploreLink(i) && window.TFExplore);
    if (!frame(i).contains(document.activeElement)) deck.focus({preventScroll: true});
    send(state());
    address(i);
  }

  /* ---- slide addresses: #7 is slide 7 as the counter numbers it; a reload or a link opens there -- */
  function fromAddress() { /* #7, or #7&w=NAME:… with the slide's widget as shared (share.js) */
    var m = /^#(\d+)(?:&|$)/.exec(location.hash);
    return m ? Math.min(Math.max(Number(m[1]), 1), N) - 1 : -1;
  }
  function address(i) {
    var w = S[i].kind === "widget" && window.TFShare ? frame(i).querySelector("[data-widget]") : null;
    try { history.replaceState(null, "", w ? window.TFShare.address(w) : "#" + (i + 1)); } catch (e) { /* file:// without history */ }
  }
  if (window.TFShare) window.TFShare.address = function (w) { return "#" + (cur + 1) + "&" + window.TFShare.encode(w); };

  /* ---- overview, black screen, captions, full screen ---------------------------------------- */
  var overview = $("overview"), black = $("black"), dim = $("dim");
  function buttons() { return all("[data-goto]", overview); }

  function openOverview() {
    overview.hidden = false;
    deck.classList.add("overview-open");
    var b = buttons()[Math.max(cur, 0)];
    b.focus();
    b.scrollIntoView({block: "nearest"});
  }
  function closeOverview() {
    overview.hidden = true;
    deck.classList.remove("overview-open");
    deck.focus({preventScroll: true});
  }
  function moveInOverview(step) {
    var bs = buttons(), at = bs.indexOf(document.activeElement);
    var across = Math.max(1, Math.round(overview.querySelector("ol").clientWidth / bs[0].parentNode.offsetWidth));
    var k = at < 0 ? Math.max(cur, 0) : at + (step === "row" ? across : step === "-row" ? -across : step);
    k = Math.min(bs.length - 1, Math.max(0, k));
    bs[k].focus();
    bs[k].scrollIntoView({block: "nearest"});
  }
  buttons().forEach(function (b) {
    b.addEventListener("click", function () {
      closeOverview();
      go(Number(b.getAttribute("data-goto")), false);
    });
  });

  function setBlack(on) {
    black.hidden = !on;
    deck.classList.toggle("blacked", on);
    if (on) { token = null; var v = cur >= 0 ? video(cur) : null; if (v) held(v, hold(S[cur])); }
    send({type: "black", on: on});
  }

  function setDim(on) { /* the slide held, 70 % dark: as the black screen, but the room still sees it */
    dim.hidden = !on;
    deck.classList.toggle("dimmed", on);
    if (on) { token = null; var v = cur >= 0 ? video(cur) : null; if (v) held(v, hold(S[cur])); }
    send({type: "dim", on: on});
  }

  function setCaptions(mode) {
    captions = mode;
    all("video").forEach(function (v) { if (v.textTracks[0]) v.textTracks[0].mode = mode; });
    deck.setAttribute("data-captions", mode);
  }

  function fullscreen() {
    if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(function () {});
  }

  function focusables(root) { /* what the room sees and can operate: not hidden, not a pending fragment */
    return all("a[href], button, input, select, textarea, summary, video[tabindex], [tabindex]:not([tabindex='-1'])", root)
      .filter(function (e) {
        return !e.disabled && !e.closest("[hidden], [inert]") && e.getClientRects().length &&
          getComputedStyle(e).visibility !== "hidden";
      });
  }
  function trapTab(e, root) { /* focus stays in the deck: Tab cycles through every control the slide shows */
    var f = focusables(root), at = f.indexOf(document.activeElement), step = e.shiftKey ? -1 : 1;
    e.preventDefault();
    if (!f.length) { deck.focus({preventScroll: true}); return; }
    var k = at < 0 ? (e.shiftKey ? f.length - 1 : 0) : (at + step + f.length) % f.length;
    for (var tries = 0; tries < f.length; tries += 1) { /* one control that refuses focus must not stop the cycle */
      f[k].focus();
      if (document.activeElement === f[k]) return;
      k = (k + step + f.length) % f.length;
    }
  }
  function release() { /* Esc: the keys go back to the deck, whatever had them */
    leaveWidget();
    var a = document.activeElement;
    if (a && a !== deck && a.blur) a.blur();
    deck.focus({preventScroll: true});
  }

  var NEXT = {ArrowRight: 1, PageDown: 1, " ": 1}, PREV = {ArrowLeft: 1, PageUp: 1};
  var FORM = "input, select, textarea, button, summary";
  var TYPING = "textarea, input:not([type=range]):not([type=checkbox]):not([type=radio]):not([type=button])";

  /* ---- a widget entered on purpose (a click inside it, or E): only then do the arrows (and Space,
   * Enter in a control) work the widget; PageDown / PageUp always change the slide (a clicker's keys),
   * Esc or a click outside leaves it. Focus alone (Tab) does not enter: the arrows still move the deck ---- */
  var entered = false, mark = $("entered");
  function enterWidget() {
    if (cur < 0 || S[cur].kind !== "widget" || entered) return;
    entered = true;
    mark.hidden = false;
    deck.classList.add("widget-entered");
  }
  function leaveWidget() {
    if (!entered) return;
    entered = false;
    mark.hidden = true;
    deck.classList.remove("widget-entered");
    if (cur >= 0 && frame(cur).contains(document.activeElement)) deck.focus({preventScroll: true});
  }
  all(".widget-slide").forEach(function (f) {
    f.addEventListener("pointerdown", function () { if (!f.hidden) enterWidget(); });
  });
  document.addEventListener("pointerdown", function (e) {
    if (entered && !(cur >= 0 && frame(cur).contains(e.target))) leaveWidget();
  }, true);
  function widgetKey(e) { /* the key is the entered widget's (it keeps its own handling), not the deck's */
    var k = e.key, t = e.target;
    if (!entered || !t.closest || !frame(cur).contains(t) || k === "PageDown" || k === "PageUp") return false;
    if (t.closest(TYPING)) return k !== "Escape"; /* a typed answer: every key but Esc is the field's */
    return k.indexOf("Arrow") === 0 || k === "Home" || k === "End" || !!t.closest(FORM) && (k === " " || k === "Enter");
  }

  function onDeckKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key, inForm = e.target.closest && e.target.closest(FORM);
    if (!overview.hidden) {
      if (k === "Escape" || k === "o" || k === "O") closeOverview();
      else if (k === "ArrowRight") moveInOverview(1);
      else if (k === "ArrowLeft") moveInOverview(-1);
      else if (k === "ArrowDown" || k === "PageDown") moveInOverview("row");
      else if (k === "ArrowUp" || k === "PageUp") moveInOverview("-row");
      else if (k === "Tab") trapTab(e, overview);
      else return;
      e.preventDefault();
      return;
    }
    if (!black.hidden) { /* any slide key brings the picture back, without moving on */
      if (k === "Escape" || k === "b" || k === "B" || k === "." || NEXT[k] || PREV[k]) setBlack(false);
      else return;
      e.preventDefault();
      return;
    }
    if (!dim.hidden) { /* as the black screen: any slide key brings the slide back, without moving on */
      if (k === "Escape" || k === "d" || k === "D" || NEXT[k] || PREV[k]) setDim(false);
      else return;
      e.preventDefault();
      return;
    }
    if (widgetKey(e)) return;
    if (inForm && k === "Enter" && e.target.matches("input[type=range], select") && frame(cur).contains(e.target)) {
      enterWidget(); /* Tab to a slider, Enter: its arrows are now the slider's, Esc gives them back */
      e.preventDefault();
      return;
    }
    if (inForm && k === "Enter") return; /* a focused control's own Enter; its arrows are the deck's until entered */
    if (k === "Escape") { release(); return; } /* not stopped: an open panel (the values on screen) closes too */
    if (NEXT[k]) { if (!stepOn()) go(cur + 1, true); }
    else if (PREV[k]) go(cur - 1, false);
    else if (k === "o" || k === "O") openOverview();
    else if (k === "b" || k === "B" || k === ".") setBlack(true);
    else if (k === "d" || k === "D") setDim(true);
    else if (k === "e" || k === "E") { if (S[cur].kind === "widget") enterWidget(); else exploreFrame(); }
    else if (k === "c" || k === "C") setCaptions(captions === "showing" ? "hidden" : "showing");
    else if (k === "f" || k === "F") fullscreen();
    else if (k === "s" || k === "S") window.open(location.href.split("#")[0] + "#speaker", "tf-deck-speaker");
    else if (k === "Home") go(0, false);
    else if (k === "End") go(N - 1, false);
    else if (k === "Tab") trapTab(e, $("stage")); /* the slide's controls and the stage's own buttons */
    else return;
    e.preventDefault();
    e.stopPropagation(); /* a deck key: a widget's own key handler never sees it */
  }

  if (SPEAKER) {
    window.deckSpeaker({$: $, all: all, L: L, S: S, N: N, D: D, hold: hold, fmt: fmt, send: send,
                        handlers: handlers, NEXT: NEXT, PREV: PREV, deck: deck});
  } else {
    handlers.hello = function () { send(state()); };
    handlers.goto = function (m) { go(m.slide, m.play); };
    handlers["toggle-black"] = function () { setBlack(black.hidden); };
    handlers["toggle-dim"] = function () { setDim(dim.hidden); };
    window.addEventListener("keydown", onDeckKey, true); /* before any widget's own handler */
    setCaptions("showing");
    go(Math.max(fromAddress(), 0), false);
    window.addEventListener("hashchange", function () { var k = fromAddress(); if (k >= 0) go(k, false); });
    deck.focus();
  }
  document.documentElement.classList.add("js");
}());
