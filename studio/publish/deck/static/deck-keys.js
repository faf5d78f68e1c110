/* Lecture deck, the keys and the screens over the slides: the overview (O), the black screen (B or .), the
 * dim (D), the list of keys (?), captions (C), full screen (F), the focus kept in the deck (Tab), a widget entered on purpose
 * (a click in it, or E) and the deck's keydown handler. TFDeck.keys(api) is handed the slides' side
 * (deck.js: go, stepOn, exploreFrame, the current slide, ...) and gives back what deck.js calls. */
window.TFDeck = window.TFDeck || {};
window.TFDeck.keys = function (api) {
  "use strict";
  var $ = api.$, all = api.all, S = api.S, N = api.N, deck = api.deck, send = api.send;
  var frame = api.frame, video = api.video, held = api.held, hold = api.hold, go = api.go;
  var stepOn = api.stepOn, exploreFrame = api.exploreFrame, captions = "showing";
  function cur() { return api.cur(); }

  /* ---- overview, black screen, captions, full screen ---------------------------------------- */
  var overview = $("overview"), black = $("black"), dim = $("dim");
  function buttons() { return all("[data-goto]", overview); }

  var THUMB = 1280; /* a widget's card: a copy of the widget laid out on a 720p stage's width, scaled to the card */
  function thumbs() { /* each widget slide's card shows its widget as it stands (copied afresh each time it opens) */
    buttons().forEach(function (b) {
      var c = b.querySelector(".widget-card"), html = c ? api.thumbOf(Number(b.getAttribute("data-goto"))) : "";
      if (!html) return;
      var box = c.querySelector(".thumb-live") || c.appendChild(document.createElement("div"));
      box.className = "thumb-live";
      box.setAttribute("aria-hidden", "true");
      box.innerHTML = html;
      box.style.width = THUMB + "px";
      box.style.transform = "scale(" + (c.clientWidth / THUMB).toFixed(4) + ")";
      c.classList.add("thumbed");
    });
  }
  function openOverview() {
    overview.hidden = false;
    deck.classList.add("overview-open");
    thumbs();
    var b = buttons()[Math.max(cur(), 0)];
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
    var k = at < 0 ? Math.max(cur(), 0) : at + (step === "row" ? across : step === "-row" ? -across : step);
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
    if (on) { api.stop(); var v = cur() >= 0 ? video(cur()) : null; if (v) held(v, hold(S[cur()])); }
    send({type: "black", on: on});
  }

  function setDim(on) { /* the slide held, 70 % dark: as the black screen, but the room still sees it */
    dim.hidden = !on;
    deck.classList.toggle("dimmed", on);
    if (on) { api.stop(); var v = cur() >= 0 ? video(cur()) : null; if (v) held(v, hold(S[cur()])); }
    send({type: "dim", on: on});
  }

  var keyhelp = $("keyhelp");
  function setHelp(on) { /* the list of the deck's keys over the slide (?, closed by ? or Esc) */
    keyhelp.hidden = !on;
    if (on) keyhelp.focus({preventScroll: true});
    else deck.focus({preventScroll: true});
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

  function focusables(root) { /* what the room sees and can operate: not hidden, not a pending fragment; a radio
     * group is one stop, as in the page (its checked radio, or its first when none is; arrows move inside it) */
    var shown = all("a[href], button, input, select, textarea, summary, video[tabindex], [tabindex]:not([tabindex='-1'])", root)
      .filter(function (e) {
        return !e.disabled && !e.closest("[hidden], [inert]") && e.getClientRects().length &&
          getComputedStyle(e).visibility !== "hidden";
      });
    return shown.filter(function (e) {
      if (e.type !== "radio" || !e.name) return true;
      var group = shown.filter(function (r) { return r.type === "radio" && r.name === e.name; });
      var checked = group.filter(function (r) { return r.checked; })[0];
      return e === (checked || group[0]);
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
  var TOGGLE = "input[type=checkbox], input[type=radio]";
  var TYPING = "textarea, input:not([type=range]):not([type=checkbox]):not([type=radio]):not([type=button])";

  /* ---- a widget entered on purpose (a click inside it, or E, which focuses its first control): only then
   * do ↑/↓, Home/End (and Enter in a control) work the widget's controls; PageUp/PageDown and Space
   * still change the slide (what a clicker sends). A focused slider's ←/→ are its own, entered or not (a
   * slider that ignores them looks broken); otherwise ←/→, Space and PageUp/PageDown change the slide,
   * whatever is focused, a button or a checkbox. Esc or a click outside leaves it. ↑/↓ on a
   * focused slider or pill group are its own even before entering (the deck has no use for them) ---- */
  var entered = false, mark = $("entered");
  function enterWidget() {
    if (cur() < 0 || S[cur()].kind !== "widget" || entered) return;
    entered = true;
    mark.hidden = false;
    deck.classList.add("widget-entered");
  }
  function leaveWidget() {
    if (!entered) return;
    entered = false;
    mark.hidden = true;
    deck.classList.remove("widget-entered");
    if (cur() >= 0 && frame(cur()).contains(document.activeElement)) deck.focus({preventScroll: true});
  }
  all(".widget-slide").forEach(function (f) {
    f.addEventListener("pointerdown", function () { if (!f.hidden) enterWidget(); });
  });
  document.addEventListener("pointerdown", function (e) {
    if (entered && !(cur() >= 0 && frame(cur()).contains(e.target))) leaveWidget();
  }, true);
  function widgetKey(e) { /* the key is the entered widget's (it keeps its own handling), not the deck's */
    var k = e.key, t = e.target;
    if (!t.closest || cur() < 0 || !frame(cur()).contains(t) || k === "PageDown" || k === "PageUp") return false;
    /* a focused slider (a click, Tab or E put it there) moves with ←/→ as a slider does, entered or not: the deck's
     * ←/→ are back as soon as nothing in the slide has the focus (a slide change, Esc, a click outside) */
    if (t.matches("input[type=range]") && (k === "ArrowLeft" || k === "ArrowRight")) return true;
    if (!entered) return false;
    if (t.closest(TYPING)) return k !== "Escape"; /* a typed answer: every key but Esc is the field's */
    if (k === " ") return t.matches(TOGGLE); /* Space: the deck's (a clicker's key), but a focused checkbox's own */
    return k === "ArrowLeft" || k === "ArrowRight" || k === "ArrowUp" || k === "ArrowDown" || k === "Home" || k === "End" || !!t.closest(FORM) && k === "Enter";
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
    if (!keyhelp.hidden) { /* the list of keys: ? or Esc closes it, the other keys wait */
      if (k === "Escape" || k === "?") setHelp(false);
      else if (k !== "Tab") return;
      e.preventDefault();
      e.stopPropagation();
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
    if (entered && k === "Enter" && e.target.matches && e.target.matches(TOGGLE) && frame(cur()).contains(e.target)) {
      e.target.click(); /* Enter toggles a focused checkbox (picks a radio) in an entered widget, as Space does */
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (widgetKey(e)) return;
    if (inForm && k === "Enter" && e.target.matches("input[type=range], select") && frame(cur()).contains(e.target)) {
      enterWidget(); /* Tab to a slider, Enter: its arrows are now the slider's, Esc gives them back */
      e.preventDefault();
      return;
    }
    if (inForm && k === "Enter") return; /* a focused control's own Enter; its arrows are the deck's until entered */
    if (k === "Escape") { release(); return; } /* not stopped: an open panel (the values on screen) closes too */
    if (NEXT[k]) { if (!stepOn()) go(cur() + 1, true); }
    else if (PREV[k]) go(cur() - 1, false);
    else if (k === "o" || k === "O") openOverview();
    else if (k === "b" || k === "B" || k === ".") setBlack(true);
    else if (k === "d" || k === "D") setDim(true);
    else if (k === "e" || k === "E") {
      if (S[cur()].kind !== "widget") exploreFrame();
      else { /* entered: its first main control (not the Pin beside its title) takes the keys (←/→ work it at once) */
        enterWidget();
        var f = focusables(frame(cur())).filter(function (el) { return !el.closest(".share-row, h3"); }); /* not Copy link or Pin */
        if (f.length && !frame(cur()).contains(document.activeElement)) f[0].focus();
      }
    }
    else if (k === "?") setHelp(true);
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

  return {NEXT: NEXT, PREV: PREV, leaveWidget: leaveWidget, setBlack: setBlack, setDim: setDim,
          setCaptions: setCaptions, onDeckKey: onDeckKey, black: black, dim: dim};
};
