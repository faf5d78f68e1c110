/* Lecture deck, a widget slide fitted to the stage: TFDeck.fit(frame) scales the frame's content (deck.js
 * calls it as a widget slide shows, and again as it changes or the window resizes). */
window.TFDeck = window.TFDeck || {};
window.TFDeck.fit = (function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  /* ---- a widget slide's content scaled with the stage (as reveal.js scales its slides): laid out at
   * the width w / s, in one column or two, for the largest s (up to MAX_SCALE) whose scaled height
   * fits and whose layout does not overflow sideways; two columns when they give a clearly larger s ---- */
  var MAX_SCALE = 2.5;
  /* no text on a slide under MIN_TEXT of the stage's height once scaled (22 px at 720p, 33 px at 1080p: a
   * back row reads a readout as it reads the prose): what a widget
   * sets smaller (table heads, notes, indices) is set to that size and the widget fitted again, until it holds */
  var MIN_TEXT = 22 / 720;
  var PICTURE = "table.heat"; /* a heat map's 32 row and 16 column numbers are its axes: they keep the picture's size */
  /* of the stage's height, or for a stage taller than 16:8 (a phone held upright) of twice its 16:9 height: text
   * a phone reads, not a third of its width per word */
  function need() { var st = $("stage"); return MIN_TEXT * Math.min(st.clientHeight, st.clientWidth * 9 / 8); }
  /* the text lifted to the floor, whatever scale the widget gets (a dense widget is drawn smaller, its text is
   * not), unless no scale fits it at all (its text alone taller than the stage): then as near the floor as fits */
  var LIFTS = [1, 0.95, 0.85, 0.75], LEAST = 0.3;
  /* cap: no larger than this scale (a slide fitted for its tallest frame, deck.js fitSlide) */
  function fit(f, cap) {
    var c = f.firstElementChild;
    if (!c || !f.clientWidth) return;
    f.classList.remove("deck-scrolls");
    var most = Math.min(cap || MAX_SCALE, MAX_SCALE);
    if (upright(f)) { if (lifted(f, c, need(), most) < LEAST) scrolled(f, c); return; }
    for (var t = 0; t < LIFTS.length; t += 1) if (lifted(f, c, need() * LIFTS[t], most) >= LEAST) return;
    lifted(f, c, 0, most);
  }
  /* a phone held upright: a frame whose text at the floor does not fit at LEAST is not shrunk under the floor (a
   * third of 14 px is not read); it is laid out at the stage's width, its text at the floor, and scrolls downwards */
  function upright(f) { return f.clientWidth < f.clientHeight; }
  function scrolled(f, c) {
    var cs = getComputedStyle(f);
    all("[data-deck-font]", c).forEach(function (e) { e.style.fontSize = ""; e.removeAttribute("data-deck-font"); });
    c.classList.remove("deck-cols");
    ["transform", "marginBottom", "marginTop"].forEach(function (p) { c.style[p] = ""; });
    c.style.width = f.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) + "px";
    f.setAttribute("data-scale", "1");
    for (var k = 0; k < 4 && lift(c, need() * 1.03, 1); k += 1) { /* text a lift rewraps, lifted again */ }
    f.classList.add("deck-scrolls");
  }
  /* fitted with its text lifted to need px on screen; the scale it gets. The scale is searched, not iterated: each
   * scale tried is laid out afresh at the width aw / s with its text set to need / s before it is measured, so a
   * scale's fit does not depend on the scales tried before it and the same slide always lands on the same scale */
  function lifted(f, c, need, most) { return layout(f, c, need, most); }
  function lift(c, px, s) { /* every element holding text (its own, or a form field's) at px or more before the
     * scale s; a drawing's text (sized in its own units) at px * s on screen; whether any grew */
    var grew = false;
    c.style.setProperty("--deck-min", px.toFixed(3) + "px"); /* for text a widget writes in later (deck.css) */
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
  function clear(c) { /* the text back at the widget's own sizes */
    all("[data-deck-font]", c).forEach(function (e) { e.style.fontSize = ""; e.removeAttribute("data-deck-font"); });
    c.style.removeProperty("--deck-min");
  }
  function layout(f, c, need, most) { /* f's content laid out and scaled as large as fits, up to most; that scale */
    var cs = getComputedStyle(f);
    var aw = f.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    var ah = f.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    var boxes = all("*", c).filter(function (e) { return /auto|scroll/.test(getComputedStyle(e).overflowX); });
    var strict = true; /* no sideways scroll inside the widget either, where some width allows it */
    var room = ah - 1; /* offsetHeight is rounded to a whole pixel: a pixel to spare, so the frame never scrolls */
    function at(s) { /* laid out at the width aw / s, its text at need / s (a drawing's at need on screen) */
      clear(c);
      c.style.width = aw / s + "px";
      c.style.transform = "scale(" + s + ")"; /* a drawing's text is sized by its scale on screen */
      if (need) lift(c, need / s * 1.03, s); /* a little over: a rounding never drops it under the floor */
    }
    function fits(s) {
      at(s);
      fit.measured += 1; /* a forced layout each (the measure below) */
      var wide = c.scrollWidth > c.clientWidth + 1 || strict && boxes.some(function (b) { return b.scrollWidth > b.clientWidth + 1; });
      return !wide && c.offsetHeight * s <= room;
    }
    function best() { /* the largest scale that fits: down a short list of scales to the first that fits (a widget
       * whose text is held at the floor need not fit at every smaller scale: at a smaller one its lifted text is wider
       * beside what keeps its own size), then halving between it and the one above; the same scales tried, in the
       * same order, each time */
      var least = need ? Math.min(LEAST, most) : Math.min(0.25, most), tried = [most];
      for (var t = most * 0.8; t > least; t *= 0.8) tried.push(t);
      tried.push(least);
      for (var pass = 0; pass < 2; pass += 1) {
        strict = pass === 0;
        for (var i = 0; i < tried.length; i += 1) {
          if (!fits(tried[i])) continue;
          if (!i) return most;
          var lo = tried[i], hi = tried[i - 1];
          while (hi - lo > 0.005) { var m = (lo + hi) / 2; if (fits(m)) lo = m; else hi = m; }
          return lo;
        }
      }
      return 0;
    }
    c.style.marginBottom = "";
    c.style.marginTop = "";
    c.style.transformOrigin = "0 0";
    c.classList.remove("deck-cols");
    var one = best(), strictOne = strict;
    c.classList.add("deck-cols");
    var two = aw < ah || one >= most ? 0 : best(); /* an upright stage (a phone): one column, never two narrow ones */
    /* two columns only where they show everything: a wide table that scrolls in one column is cut the more in half
     * of it (the GPT-2 configurations had been squeezed into the left column at 1280x720, their numbers cut off) */
    var cols = two >= one * 1.15 && strict, s = cols ? two : one;
    if (!cols) { c.classList.remove("deck-cols"); strict = strictOne; }
    var none = !(s > 0);
    if (!none) at(s);
    else { clear(c); c.style.width = aw + "px"; s = ah / c.offsetHeight; } /* height grows with width */
    c.style.transform = s !== 1 ? "scale(" + s + ")" : "";
    c.style.marginBottom = s !== 1 ? -(c.offsetHeight * (1 - s)) + "px" : ""; /* no scroll below the scaled box */
    var left = ah - c.offsetHeight * s; /* a widget at its largest scale with height to spare: centred, no blank band below */
    if (left > 1) c.style.marginTop = (left / 2).toFixed(1) + "px";
    f.setAttribute("data-scale", s.toFixed(3));
    return none && need ? 0 : s; /* no scale fits it with its text at need: the caller lowers need */
  }
  /* a later frame of the slide shown (an answer opened, a control moved): the slide keeps the scale it was fitted
   * at, so its title and picture stay put; text the widget wrote in since is lifted to the floor at that scale,
   * and only content that no longer fits the stage is fitted again */
  function settle(f) {
    var c = f.firstElementChild, s = Number(f.getAttribute("data-scale"));
    if (!c || !f.clientWidth || !s) { fit(f); return; }
    lift(c, need() / s * 1.03, s);
    if (overflows(f, c, s)) fit(f, f.hasAttribute("data-fit-once") ? s : 0); /* a slide fitted once: no larger */
  }
  function overflows(f, c, s) {
    var cs = getComputedStyle(f), ah = f.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    if (f.classList.contains("deck-scrolls")) return false; /* laid out to scroll (a phone): its scale stays 1 */
    var top = parseFloat(c.style.marginTop) || 0;
    return top + c.offsetHeight * s > ah + 1 || c.scrollWidth > c.clientWidth + 1 || f.scrollHeight > f.clientHeight + 1;
  }
  fit.settle = settle;
  fit.measured = 0; /* scales measured so far (a fit's cost) */
  return fit;
}());
