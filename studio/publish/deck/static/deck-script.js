/* Lecture deck, a widget slide's scripted steps (studio.publish.deck.script): after the slide's predict box,
 * each → takes the next step, ← goes back to the previous step's state. A step sets the widget's own
 * controls and presses its own buttons (the widget computes nothing for the deck; E still hands it to the
 * lecturer). The training replay (seed 004 §4.2 互動②): ask about s = 3.0 without LayerNorm, run it, run
 * s = 0.3 without it, run s = 0.3 with it, then show the conclusion. A run taken back (←) has its curve and
 * legend line removed from the slide until it is run again; the conclusion waits for its own step.
 * TFDeck.script(api) is handed deck.js's slides (S, frame) and gives back count, apply and next.
 */
window.TFDeck = window.TFDeck || {};
window.TFDeck.script = function (api) {
  "use strict";
  var S = api.S, frame = api.frame, deck = api.deck;
  var data = document.getElementById("page-data");
  var W = data ? JSON.parse(data.textContent).widgets || {} : {};
  var kept = {}; /* per widget slide: {m: steps shown, cleared: runs taken back, guess: the last prediction} */

  function steps(i) { return i >= 0 && S[i] && S[i].script || []; }
  function mine(f) { return kept[f.id] || (kept[f.id] = {m: 0, cleared: {}, guess: null}); }
  function q(root, sel) { return root.querySelector(sel); }

  /* ---- the training replay's controls (studio/publish/pages/templates/views_training.html) ---------- */
  function pick(root, name, value) { /* a pill chosen as a click chooses it: the widget hears its change */
    var r = q(root, 'input[name="w-training-' + name + '"][value="' + value + '"]');
    if (!r) return;
    r.checked = true;
    r.dispatchEvent(new Event("change", {bubbles: true}));
  }
  function guessed(root) { var r = q(root, 'input[name="w-training-guess"]:checked'); return r ? r.value : null; }
  function line(root, k) { return q(root, '[data-tr-run="' + k + '"]'); }
  function set(root, step) { pick(root, "s", step.s); pick(root, "ln", step.ln); }
  function guess(root, T) { /* the room's prediction as picked; else the one before; else the first option */
    var g = guessed(root);
    T.guess = g !== null ? g : T.guess !== null ? T.guess : "0";
    pick(root, "guess", T.guess);
  }
  function finished(root, step, T) { /* a run shown finished at once: the widget's own restore (a link's) */
    set(root, step);
    guess(root, T);
    var scrub = q(root, "[data-tr-scrub]");
    scrub.setAttribute("data-shown", String(W.training.steps - 1));
    scrub.dispatchEvent(new Event("tf-restore"));
    delete T.cleared[step.s + "|" + step.ln];
  }
  function tidy(root, T) { /* runs taken back: no curve, no legend line (the widget still lists them) */
    Object.keys(T.cleared).forEach(function (k) {
      var l = line(root, k);
      if (l) { l.setAttribute("points", ""); l.removeAttribute("data-done"); }
      Array.prototype.forEach.call(root.querySelectorAll('.tr-legend li[data-tr-key="' + k + '"]'), function (li) {
        if (li.classList.contains("before")) { li.remove(); return; }
        var t = li.lastChild; /* this start's line: its name only, not the outcome of the run taken back */
        if (t && t.nodeType === 3 && t.nodeValue.indexOf(" — ") > 0) t.nodeValue = t.nodeValue.split(" — ")[0];
      });
    });
  }
  function concluding(f, T) { var st = S[f.__slide] ? S[f.__slide].script : []; return T.m > 0 && st[T.m - 1] && st[T.m - 1].do === "conclude"; }
  function watch(f, root, T) { /* the widget's own end of a run: a run trained again is no longer taken back;
     * once the script has begun, the conclusion waits for its step, unless the lecturer has taken the widget
     * over (E or a click) */
    if (root.__deckWatch) return;
    root.__deckWatch = new MutationObserver(function (records) {
      records.forEach(function (r) {
        if (r.attributeName === "data-done" && r.target.hasAttribute("data-done")) delete T.cleared[r.target.getAttribute("data-tr-run")];
      });
      tidy(root, T);
      var c = q(root, "[data-tr-conclusion]");
      if (c && !c.hidden && T.m > 0 && !concluding(f, T) && !deck.classList.contains("widget-entered")) c.hidden = true;
    });
    root.__deckWatch.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-done", "hidden"]});
  }

  function training(f, i, m, animate) {
    var root = q(f, '[data-widget="training"]'), st = steps(i), T = mine(f), from = T.m;
    if (!root || !W.training) return;
    f.__slide = i;
    watch(f, root, T);
    var last = m > 0 ? st[m - 1] : null, runs = st.slice(0, m).filter(function (s) { return s.do === "run"; });
    var onward = animate && from === m - 1 && last && last.do === "run";
    /* a run still drawing when → comes: shown finished first, so each run stays on the chart */
    var before = from > 0 ? st[from - 1] : null;
    if (onward && before && before.do === "run" && !line(root, before.s + "|" + before.ln).hasAttribute("data-done")) finished(root, before, T);
    T.m = m;
    var keep = {};
    runs.forEach(function (s) { keep[s.s + "|" + s.ln] = true; });
    /* taken back: the script's later runs; at the opening or the question, every run (one run by hand too) */
    var back = runs.length ? st.slice(m).filter(function (s) { return s.do === "run"; }).map(function (s) { return s.s + "|" + s.ln; })
      : Object.keys(W.training.runs);
    back.forEach(function (k) { if (!keep[k]) T.cleared[k] = true; });
    if (onward) { set(root, last); guess(root, T); delete T.cleared[last.s + "|" + last.ln]; q(root, "[data-tr-train]").click(); }
    else if (runs.length && !(last.do === "conclude" && from === m - 1)) runs.forEach(function (s) { finished(root, s, T); });
    else if (!runs.length) { /* the opening state, or the question: the start asked about, nothing run */
      var start = (last || {s: W.training.start.split("|")[0], ln: W.training.start.split("|")[1]});
      set(root, start);
    }
    tidy(root, T);
    var verdict = q(root, "[data-tr-verdict]"), c = q(root, "[data-tr-conclusion]");
    if (last && last.do === "ask") verdict.setAttribute("data-deck-ask", last.text);
    else verdict.removeAttribute("data-deck-ask");
    c.hidden = !(last && last.do === "conclude");
  }

  /* the training slide's legend across the slide under the chart and the controls (deck.css keeps its room):
   * in the chart's column four runs' lines wrapped to three lines each and scrolled */
  Array.prototype.forEach.call(document.querySelectorAll('.widget-slide [data-widget="training"]'), function (root) {
    var legend = q(root, "[data-tr-legend]"), wrap = q(root, ".tr-wrap");
    if (legend && wrap) wrap.parentNode.insertBefore(legend, wrap.nextSibling);
  });
  /* slides whose room for all they write later is kept from the start (deck.css): fitted on arrival only, so a
   * run, a step or an answer moves nothing on them (deck.js) */
  Array.prototype.forEach.call(document.querySelectorAll('.widget-slide [data-widget="training"], .widget-slide [data-widget="shortcut"]'),
    function (root) { root.closest(".widget-slide").setAttribute("data-fit-once", ""); });

  /* a predict box's answer opened: the widget set to show what the answer states. The shortcut's answer
   * compares the layers' gradients without the shortcut: its stepper to the last step, so the bars are drawn */
  var ANSWER = {shortcut: function (root) {
    var box = q(root, "#w-shortcut-sc"), stepper = q(root, ".stepper[data-control=step]");
    if (box && box.checked) box.click();
    for (var n = 0; stepper && n < 50 && Number(stepper.getAttribute("data-value")) < Number(stepper.getAttribute("data-max")); n++)
      q(stepper, '[data-step="1"]').click();
  }};

  var DRIVE = {training: training};
  return {
    count: function (i) { return steps(i).length; },
    /* slide i shows its first m steps; animate: the one press forward plays its run */
    apply: function (i, m, animate) { if (steps(i).length && DRIVE[S[i].widget]) DRIVE[S[i].widget](frame(i), i, m, animate); },
    answered: function (i) { var root = q(frame(i), "[data-widget]"); if (root && ANSWER[S[i].widget]) ANSWER[S[i].widget](root); },
    next: function (i, m) { var st = steps(i); return m < st.length ? st[m].next : ""; }
  };
};
