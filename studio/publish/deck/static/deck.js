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
 * slide they change the slide too, until a click in the widget or E enters it: then ←/→ and ↑/↓ are the
 * widget's controls', PageDown / PageUp and Space still the deck's, and Esc leaves it; ←/→ on a focused
 * slider are the slider's, entered or not), O the
 * overview (click or Enter jumps), B (or .) black screen, D dims the slide to 70 % (the speaker in the
 * light), S the speaker view, C captions, F full screen, Esc leaves the overview, the black or the dim.
 * The same file opened with #speaker is the speaker view (deck-speaker.js). The two windows talk over a
 * BroadcastChannel and over localStorage "storage" events (both work from file:// in Chromium); the deck
 * window owns the slide number, the speaker's keys ask it to move.
 *
 * This file holds the slides (what shows, plays to its pause, holds, and the speaker view's state); its
 * parts load before it: deck-sync.js (the two windows' messages), deck-fit.js (a widget scaled to the
 * slide), deck-keys.js (the keys, overview, black, dim, captions, full screen, focus) and deck-speaker.js.
 */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("deck-data").textContent);
  var L = D.labels, S = D.slides, N = S.length;
  var SPEAKER = location.hash === "#speaker";
  var ME = SPEAKER ? "speaker" : "deck";
  var deck = document.getElementById("deck");
  var cur = -1, token = null;

  function $(id) { return document.getElementById(id); }
  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function reduced() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; }
  function fmt(k) { return L.slide_fmt.replace("{k}", k + 1).replace("{n}", N); }

  /* ---- the two windows (deck-sync.js) ---------------------------------------------------------- */
  var sync = window.TFDeck.sync(ME), send = sync.send, handlers = sync.handlers;

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

  var fit = window.TFDeck.fit; /* a widget slide's content scaled with the stage (deck-fit.js) */

  /* ---- a widget's predict box as reveal.js fragments: the first next key shows its question, the
   * next opens its answer, then the deck moves on; each visible box in turn. A slide with one box and
   * frames (studio.publish.deck.frames) shows its question at the widget's opening values, then each
   * frame in turn: its controls set (deck-drive.js) and its answer open where the frame says ---- */
  function predicts(f) { return all("details.predict", f).filter(function (d) { return !d.closest("[hidden]"); }); }
  function framed(f, s) { return !!(s && s.frames && predicts(f).length === 1); }
  /* a slide whose frames are its whole walk, no predict box: the training replay (its prediction pills; each frame a
   * question or a run, deck-drive.js play) and a stepper without a question (each frame one step, the same rule as a
   * stepper with a question: studio.publish.deck.frames walk) */
  function scripted(f, s) {
    return !!(s && s.frames && s.frames.length && !predicts(f).length
              && s.frames.every(function (k) { return k.run || k.ask || "step" in k.set; }));
  }
  function played(s) { return s.frames.some(function (k) { return k.run || k.ask; }); }
  function total(f, s) { return scripted(f, s) ? s.frames.length : framed(f, s) ? 1 + s.frames.length : 2 * predicts(f).length; }
  function setStep(f, n, s, drive, onward) { /* drive: set the widget's controls to the frame's (not for a box opened by
     * hand); onward: the one press forward (a run plays, rather than shows finished) */
    var boxes = predicts(f), on = framed(f, s);
    if (scripted(f, s) && drive && played(s)) window.TFDeck.play(f.querySelector("[data-widget]"), s.frames, n, !!onward && !reduced());
    else if (scripted(f, s) && drive) window.TFDeck.drive(f.querySelector("[data-widget]"), n >= 1 ? s.frames[n - 1].set : {});
    if (on && drive) {
      boxes[0].open = false; /* closed while the controls move: an answer for one case never shows beside another */
      window.TFDeck.drive(f.querySelector("[data-widget]"), n >= 2 ? s.frames[Math.min(n, s.frames.length + 1) - 2].set : {});
    }
    boxes.forEach(function (d, j) {
      d.classList.toggle("fragment-pending", n < 2 * j + 1);
      d.open = on ? n >= 2 && s.frames.slice(0, n - 1).some(function (k) { return k.answer; }) : n >= 2 * j + 2;
    });
    f.setAttribute("data-fragment", String(n));
    f.setAttribute("data-fragments", String(total(f, s)));
  }
  function stepOn() {
    if (cur < 0 || S[cur].kind !== "widget") return false;
    var f = frame(cur), n = Number(f.getAttribute("data-fragment") || 0);
    if (n >= total(f, S[cur])) return false;
    setStep(f, n + 1, S[cur], true, true);
    showCount();
    fit.settle(f); /* now, not at the next animation frame (a window in the background, the speaker's key, gets none);
     * at the scale the slide was fitted at on arrival: its title and picture stay put */
    send(state());
    address(cur); /* the address names the widget as this step set it (a link opens the slide on this step) */
    remember();
    return true;
  }
  function said(f, k) { /* a control's own label on the slide (the shortcut's checkbox), for the footer: its name,
     * up to a colon (the block's mask: "Causal mask (GPT-2)", not the sentence after it) */
    var e = f.querySelector('[data-control="' + k + '"]'), l = e && e.id ? f.querySelector('label[for="' + e.id + '"]') : null;
    return l ? l.textContent.split(/[:：]/)[0].trim() : k;
  }
  function nextWord(f, s, n) { /* what the next press shows: the question, a step (and the answer with it), a
     * setting, the answer, a run; named, not guessed (a walk of five steps says each step) */
    var at = scripted(f, s) ? n : framed(f, s) ? n - 1 : -1;
    if (at < 0) return n === 0 || !framed(f, s) ? L.next_question : "";
    var k = s.frames[at], was = at > 0 ? s.frames[at - 1] : {set: {}, answer: false};
    if (k.ask) return L.next_question;
    if (k.run) return L.next_run;
    var opens = framed(f, s) && k.answer && !predicts(f)[0].open && !was.answer;
    var changed = Object.keys(k.set).filter(function (c) { return c !== "step" && k.set[c] !== was.set[c]; });
    var setting = function (c) { return said(f, c) + (k.set[c] === false ? " ✗" : k.set[c] === true ? " ✓" : ""); };
    if ("step" in k.set && k.set.step !== was.set.step) {
      var st = f.querySelector(".stepper[data-control=step]"), of = st ? Number(st.getAttribute("data-max")) + 1 : 0;
      /* a switch the frame flips as it goes back to a step (the block's mask, unticked at the answer's step) is named too */
      var flips = changed.filter(function (c) { return c in was.set; });
      return (opens ? L.next_step_answer : L.next_step).replace("{k}", k.set.step + 1).replace("{n}", of)
        + (flips.length ? " · " + setting(flips[0]) : "");
    }
    if (opens) return L.next_answer;
    return changed.length ? L.next_set.replace("{what}", setting(changed[0])) : "";
  }
  function showCount() { /* the slide number, and on a widget slide what the next press shows before it moves on */
    var left = fragmentsLeft(), f = left ? frame(cur) : null, n = f ? Number(f.getAttribute("data-fragment") || 0) : 0;
    var what = !left ? "" : scripted(f, S[cur]) || framed(f, S[cur]) ? nextWord(f, S[cur], n)
      : left % 2 ? L.next_answer : L.next_question;
    $("count").textContent = fmt(cur) + (what ? " · " + what : "");
  }
  function fragmentsLeft() { /* the current widget slide's question and answer not yet shown */
    if (cur < 0 || S[cur].kind !== "widget") return 0;
    var f = frame(cur);
    return Math.max(0, total(f, S[cur]) - Number(f.getAttribute("data-fragment") || 0));
  }
  function clip() { /* the shown scene's video: where it is, and whether it plays on to the pause */
    if (cur < 0 || S[cur].kind !== "scene") return null;
    return {t: video(cur).currentTime, playing: deck.getAttribute("data-state") === "playing"};
  }
  function state() { return {type: "state", slide: cur, fragments: fragmentsLeft(), clip: clip(), live: live()}; }
  /* the shown widget slide as the room sees it (its part, its layout and scale on the stage, its controls'
   * values, its readouts, its predict box as far as opened), for the speaker view's "Now", drawn there at
   * the stage's size (deck-speaker.js); sent again as it changes */
  function live() {
    if (cur < 0 || S[cur].kind !== "widget") return null;
    var f = frame(cur), c = f.cloneNode(true), stage = $("stage");
    values(f, c);
    c.removeAttribute("hidden");
    return {html: c.outerHTML, w: stage.clientWidth, h: stage.clientHeight,
            theme: document.documentElement.getAttribute("data-theme")};
  }
  function values(w, c) { /* the controls' values and the boxes' open state into c, a copy of w */
    var from = all("input, select, textarea", w), to = all("input, select, textarea", c);
    from.forEach(function (e, j) {
      var d = to[j];
      if (e.type === "checkbox" || e.type === "radio") d.toggleAttribute("checked", e.checked);
      else if (e.tagName === "SELECT") all("option", d).forEach(function (o, m) { o.toggleAttribute("selected", m === e.selectedIndex); });
      else d.setAttribute("value", e.value);
    });
    all("details", c).forEach(function (d, j) { d.toggleAttribute("open", all("details", w)[j].open); });
  }
  function copyOf(w) { /* a widget as the page opens it (the speaker's "Next") */
    var c = w.cloneNode(true);
    values(w, c);
    all("[hidden]", c).forEach(function (e) { e.remove(); });
    ["transform", "width", "marginBottom", "marginTop"].forEach(function (p) { c.style[p] = ""; });
    all("[data-deck-font]", c).forEach(function (e) { e.style.fontSize = ""; });
    return c.outerHTML;
  }
  function stillOf(html) { /* a copy that cannot clash with the slides: no ids, radio groups renamed (a still's name) */
    var box = document.createElement("div");
    box.innerHTML = html;
    all("[id]", box).forEach(function (e) { e.removeAttribute("id"); });
    all("[for]", box).forEach(function (e) { e.removeAttribute("for"); });
    all("input[name]", box).forEach(function (e) { e.setAttribute("name", e.name + "-still"); });
    return box.innerHTML;
  }
  function thumbOf(i) { /* slide i's widget as it stands now, its own part shown: the overview's card (deck-keys.js) */
    var f = frame(i);
    if (!f || !f.firstElementChild || S[i].kind !== "widget") return "";
    showPart(f, S[i].part);
    var html = stillOf(copyOf(f.firstElementChild));
    if (cur >= 0 && S[cur].frame === S[i].frame) showPart(frame(cur), S[cur].part);
    return html;
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
  /* a widget slide is fitted once as it shows, at its tallest frame (fitSlide), and again only when the window
   * changes size; a frame, a click or a run after that keeps the slide's scale (deck-fit.js settle) */
  function refit() { if (cur >= 0 && S[cur].kind === "widget") fitSlide(frame(cur), S[cur]); }
  function settle() { if (cur >= 0 && S[cur].kind === "widget") fit.settle(frame(cur)); }
  var fitting = 0, settling = 0;
  function refitSoon() { cancelAnimationFrame(fitting); fitting = requestAnimationFrame(refit); }
  function settleSoon() { cancelAnimationFrame(settling); settling = requestAnimationFrame(settle); }
  window.addEventListener("resize", refitSoon);
  /* a slide fitted before its fonts or images arrived is measured with the fallback's metrics and can end up
   * taller than the stage once they land: settled again then, which fits it again only if it overflows and
   * keeps its frame (a restored step stays) */
  window.addEventListener("load", settleSoon);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(settleSoon);
  /* and whenever the shown widget's content changes size on its own (a chart drawn a frame later): settled on
   * the next frame, so the observer never loops */
  if (window.ResizeObserver) {
    var grown = new ResizeObserver(function () { settleSoon(); });
    all(".widget-slide").forEach(function (f) { if (f.firstElementChild) grown.observe(f.firstElementChild); });
  }
  /* the slide's frames tried in turn, each fitted; the one needing the smallest scale fitted again and that scale kept
   * for them all, then the slide's own frame shown (a scripted run cannot be tried: that slide keeps the room for
   * its runs in deck.css and is fitted as it shows) */
  function toggled(f) { /* a box opened or closed tells its widget now (the browser's toggle event comes a task later),
     * so what the widget shows with an open answer is there to be measured */
    predicts(f).forEach(function (d) { d.dispatchEvent(new Event("toggle")); });
  }
  /* the slides fitted once, for their tallest frame, and kept at that one scale as they walk (the block's walk: 16
   * frames whose rows differ, each fitted on its own landed anywhere from 0.31 to 0.85 and the slide jumped as it
   * walked; a later frame's new text is lifted at that scale, deck-fit.js settle); the others keep the smallest of
   * their frames' own fits and are fitted again at a frame that no longer fits */
  var FIT_ONCE = ["block"];
  function fitSlide(f, s) {
    var n = Number(f.getAttribute("data-fragment") || 0), last = total(f, s), worst = last, least = Infinity;
    if (!(scripted(f, s) && played(s)) && last > 0) {
      /* each frame fitted on its own (a fit is a search, the same frame lands on the same scale each time): the
       * tallest frame is the one with the smallest scale */
      f.toggleAttribute("data-fit-once", FIT_ONCE.indexOf(s.widget) >= 0);
      for (var j = 0; j <= last; j += 1) {
        setStep(f, j, s, true);
        toggled(f);
        fit(f);
        var sc = Number(f.getAttribute("data-scale"));
        if (sc < least - 1e-3) { least = sc; worst = j; }
      }
      setStep(f, worst, s, true);
      toggled(f);
    }
    fit(f, least);
    if (!(scripted(f, s) && played(s)) && last > 0) { setStep(f, n, s, true); fit.settle(f); }
  }
  /* the shortcut's bars named by their layer's number alone ("1" … "5", the axis's caption says they are the layers'):
   * five "layer N" at the slide's text size ran together at 1280×720 and wrapped into each other on a phone */
  all(".widget-slide .gradbars small").forEach(function (e) { /* the page's code name under it (layers.0) left to the page */
    e.textContent = e.textContent.replace(/^\D*(\d+)[\s\S]*$/, "$1");
  });
  /* on a slide the shortcut's chart is laid across (deck.css): a row per layer, its number, its bar, then its value
   * written level at the row's end (upright over a narrow bar it ran into its neighbours); the decades along the
   * bottom. page.js draws a bar's length as its width inside [data-across] */
  all(".widget-slide .gradbars").forEach(function (g) {
    var rows = g.querySelectorAll(":scope > div[data-mark]");
    g.setAttribute("data-across", "");
    rows.forEach(function (r) {
      var track = r.querySelector(".track"), val = r.querySelector(".val"), name = r.querySelector("small");
      var bar = r.querySelector(".bar");
      if (bar && bar.style.height) { bar.style.width = bar.style.height; bar.style.height = ""; }
      if (name) r.insertBefore(name, track);
      if (val) r.appendChild(val);
      /* a gridline at each decade, placed as a percentage (a repeating gradient of a fractional period drew some 1 px
       * lines and dropped others at the slide's scale: the gaps looked uneven) */
      var n = Number(getComputedStyle(g).getPropertyValue("--decades")) || 6;
      if (track) for (var d = 1; d < n; d += 1) {
        var line = document.createElement("i");
        line.className = "decade";
        line.setAttribute("aria-hidden", "true");
        line.style.left = (100 * d / n).toFixed(4) + "%";
        track.appendChild(line);
      }
    });
    var axis = g.querySelector(".sc-yaxis");
    if (axis) {
      axis.style.gridRow = String(rows.length + 1);
      axis.querySelectorAll("span").forEach(function (t) { t.style.left = t.style.bottom; t.style.bottom = ""; });
    }
  });
  all(".widget-slide").forEach(function (f) { /* an answer opened or a step that changes the height */
    ["toggle", "input", "change", "click"].forEach(function (t) {
      f.addEventListener(t, settleSoon, true);
      f.addEventListener(t, sendLive, true);
    });
    f.addEventListener("toggle", function (e) { /* a predict box opened by hand: its steps count as shown */
      var j = predicts(f).indexOf(e.target), n = Number(f.getAttribute("data-fragment") || 0);
      if (f.hidden || j < 0 || !e.target.open || n >= 2 * j + 2) return;
      setStep(f, 2 * j + 2, S[cur], false);
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
    setStep(frame(e.slide), 1, S[e.slide], false); /* the question shows, its answer waits for the next key: predict first */
    showCount();
    fit.settle(frame(e.slide));
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
      setStep(frame(i), back ? total(frame(i), s) : 0, s, true);
      fitSlide(frame(i), s);
    }
    showCount();
    if (exploreButton) exploreButton.hidden = !(exploreLink(i) && window.TFExplore);
    if (!frame(i).contains(document.activeElement)) deck.focus({preventScroll: true});
    send(state());
    address(i);
    remember();
  }

  /* ---- the slide and its frame kept for this tab (sessionStorage): a reload comes back to both ---- */
  var KEPT = "tf-deck-frame:" + location.pathname;
  function remember() {
    if (cur < 0) return;
    try { sessionStorage.setItem(KEPT, JSON.stringify({slide: cur, frame: Number(frame(cur).getAttribute("data-fragment") || 0)})); }
    catch (e) { /* storage off: the address keeps the slide */ }
  }
  function restore(k) { /* slide k of the address (-1: none, the first) opened, at the frame this tab left it on
     * (a reload: the address keeps the slide, sessionStorage its frame) */
    var kept = null, at = Math.max(k, 0);
    /* the widget's state the address carries (#13&w=block:step=4), read before go() writes the opening one */
    var shared = k >= 0 && window.TFShare ? window.TFShare.decode(location.hash) : null;
    try { kept = JSON.parse(sessionStorage.getItem(KEPT) || "null"); } catch (e) { kept = null; }
    go(at, false);
    if (k < 0 || S[at].kind !== "widget") return;
    var w = frame(at).querySelector("[data-widget]");
    var framed_ = kept && kept.slide === at && kept.frame > 0;
    var own = shared && w && w.getAttribute("data-widget") === shared.widget && Object.keys(shared.values).length;
    if (!framed_ && !own) return;
    if (framed_) setStep(frame(at), Math.min(kept.frame, total(frame(at), S[at])), S[at], true);
    if (own) restoreShared(w, shared);
    showCount();
    fit.settle(frame(at));
    send(state());
    address(at);
    remember();
  }

  function restoreShared(w, shared) { /* the controls as the address left them, kept as the deck steps where the widget
     * keeps what a reader explored (deck-drive.js keep) */
    window.TFShare.restore(w, shared.values);
    if (window.TFDeck.drive.keep) window.TFDeck.drive.keep(w);
  }
  function followAddress() { /* an address typed or followed in this tab (no reload, a hashchange): its slide, and
     * its widget's state when it carries one (#7&w=gain:s=10); the slide alone went back to the opening values */
    var k = fromAddress();
    if (k < 0) return;
    var shared = window.TFShare ? window.TFShare.decode(location.hash) : null;
    go(k, false);
    var w = S[k].kind === "widget" ? frame(k).querySelector("[data-widget]") : null;
    if (!shared || !w || w.getAttribute("data-widget") !== shared.widget || !Object.keys(shared.values).length) return;
    restoreShared(w, shared);
    showCount();
    fit.settle(frame(k));
    send(state());
    address(k);
    remember();
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
  if (window.TFShare) window.TFShare.address = function (w) { /* a widget still moving on a slide already left
     * (a run animating as → is pressed) must not write its state onto the next slide's address */
    return frame(cur).contains(w) ? "#" + (cur + 1) + "&" + window.TFShare.encode(w) : "#" + (cur + 1);
  };

  /* ---- keys, overview, black screen, dim, captions, full screen (deck-keys.js) ---------------- */
  var K = window.TFDeck.keys({$: $, all: all, S: S, N: N, deck: deck, send: send, frame: frame, video: video,
                              held: held, hold: hold, go: go, stepOn: stepOn, exploreFrame: exploreFrame,
                              cur: function () { return cur; }, stop: function () { token = null; }, thumbOf: thumbOf});
  var NEXT = K.NEXT, PREV = K.PREV, black = K.black, dim = K.dim;
  var setBlack = K.setBlack, setDim = K.setDim, setCaptions = K.setCaptions, onDeckKey = K.onDeckKey;
  function leaveWidget() { K.leaveWidget(); }

  if (SPEAKER) {
    /* each widget slide's still for the speaker's "Next" (and "Now" until the deck's window reports): the
     * widget as the page opens it (its title, its controls at their opening values), copied before the
     * speaker view removes the slides; ids and radio groups renamed so the copies cannot clash */
    var stills = {}, seen = {};
    S.forEach(function (s, i) {
      if (s.kind !== "widget" || !frame(i)) return;
      if (!(s.frame in seen)) seen[s.frame] = stillOf(copyOf(frame(i).firstElementChild));
      stills[i] = seen[s.frame];
    });
    /* each widget slide's predict boxes as its part shows them (a question may wait for a later part:
     * data-ask-part): the speaker counts their question and answer among the presses left in the item */
    S.forEach(function (s, i) {
      if (s.kind !== "widget" || !frame(i)) return;
      var f = frame(i), was = f.hidden;
      f.hidden = false; /* predicts() counts what is not hidden */
      showPart(f, s.part);
      s.asks = total(f, s);
      f.hidden = was;
    });
    window.deckSpeaker({$: $, all: all, L: L, S: S, N: N, D: D, hold: hold, fmt: fmt, send: send,
                        handlers: handlers, NEXT: NEXT, PREV: PREV, deck: deck, stills: stills});
    /* #speaker changed to a slide's address (#1, typed or followed): the slides, which the speaker view
     * removed, come back as the deck at that slide */
    window.addEventListener("hashchange", function () { if (location.hash !== "#speaker") location.reload(); });
  } else {
    handlers.hello = function () { send(state()); };
    handlers.goto = function (m) { go(m.slide, m.play); };
    handlers.next = function () { if (!stepOn()) go(cur + 1, true); }; /* the speaker's →, PageDown, Space */
    handlers.prev = function () { go(cur - 1, false); };
    handlers["toggle-black"] = function () { setBlack(black.hidden); };
    handlers["toggle-dim"] = function () { setDim(dim.hidden); };
    window.addEventListener("keydown", onDeckKey, true); /* before any widget's own handler */
    setCaptions("showing");
    restore(fromAddress());
    window.addEventListener("hashchange", followAddress);
    deck.focus();
  }
  document.documentElement.classList.add("js");
}());
