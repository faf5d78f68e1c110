/* Lecture deck, a widget driven to a frame's state: TFDeck.drive(widget, set) puts every control back at
 * the value the page opened it with, then sets those the frame names (studio.publish.deck.frames): a
 * slider or checkbox by its data-control, a radio group by its data-pick, "step" a stepper's step (from 0).
 * It works the controls as a hand would, through the events the widget listens to (input and change; a
 * stepper's tf-refresh, as for a shared link), so the widget's own code draws the result. The opening
 * values are read as this file loads, before any key or link has moved a control. */
window.TFDeck = window.TFDeck || {};
window.TFDeck.drive = (function () {
  "use strict";
  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function controls(w) { /* {name: element or radio list}: the controls a frame may name */
    var c = {};
    all("input[type=radio][data-pick]", w).forEach(function (r) { (c[r.getAttribute("data-pick")] = c[r.getAttribute("data-pick")] || []).push(r); });
    all("input[data-control]:not([type=radio]):not([type=hidden]):not([hidden])", w).forEach(function (e) {
      var n = e.getAttribute("data-control");
      if (!(n in c)) c[n] = e;
    });
    /* a pill group named after its widget (the training replay's w-training-s, w-training-ln): by its last part */
    var own = "w-" + w.getAttribute("data-widget") + "-";
    all("input[type=radio]:not([data-pick])", w).forEach(function (r) {
      if (r.name.indexOf(own) === 0) (c[r.name.slice(own.length)] = c[r.name.slice(own.length)] || []).push(r);
    });
    var st = w.querySelector(".stepper[data-control=step]");
    if (st) c.step = st;
    return c;
  }
  function read(e) {
    if (Array.isArray(e)) { var on = e.filter(function (r) { return r.checked; })[0]; return on ? Number(on.value) : null; }
    if (e.type === "checkbox") return e.checked;
    if (e.tagName === "INPUT") return Number(e.value);
    return Number(e.getAttribute("data-value"));
  }
  var opening = new Map();
  all("[data-widget]").forEach(function (w) {
    var c = controls(w), o = {};
    Object.keys(c).forEach(function (n) { o[n] = read(c[n]); });
    opening.set(w, o);
  });
  /* a value explored by hand (a trusted input: a key or the pointer, not this file's events) is kept when the deck
   * steps or comes back to the slide, for every control the frame does not set itself, where the widget's answer
   * follows its controls (data-live), names the case it was written for (data-case) or is absent: the address and
   * the speaker view then show it too. A control
   * the frame sets is the frame's again (the lecture moved it) */
  var explored = new Map();
  all("[data-widget]").forEach(function (w) {
    var keeps = !w.querySelector("details.predict:not([data-live]):not([data-case])");
    explored.set(w, {});
    if (!keeps) return;
    ["input", "change"].forEach(function (t) {
      w.addEventListener(t, function (ev) {
        if (!ev.isTrusted) return;
        var c = controls(w);
        Object.keys(c).forEach(function (n) {
          var e = c[n];
          if (e === ev.target || (Array.isArray(e) && e.indexOf(ev.target) >= 0)) explored.get(w)[n] = read(e);
        });
      }, true);
    });
  });
  function fire(e) {
    ["input", "change"].forEach(function (t) { e.dispatchEvent(new Event(t, {bubbles: true})); });
  }
  /* the controls an address set (#7&w=NAME:…, deck.js restore) count as explored by hand: a widget that keeps explored
   * values keeps them as the deck steps, as if the reader had moved them (deck-drive's own events are not trusted) */
  function keep(w) {
    var mine = explored.get(w), first = opening.get(w);
    if (!mine || !first || w.querySelector("details.predict:not([data-live]):not([data-case])")) return;
    var c = controls(w);
    Object.keys(c).forEach(function (n) { var v = read(c[n]); if (v !== null && v !== first[n]) mine[n] = v; });
  }
  drive.keep = keep;
  return drive;
  function drive(w, set) {
    if (!w || !opening.has(w)) return;
    var mine = explored.get(w);
    Object.keys(set || {}).forEach(function (n) { delete mine[n]; });
    var c = controls(w), want = Object.assign({}, opening.get(w), mine, set || {}), stepped = false;
    Object.keys(want).forEach(function (n) {
      var e = c[n], v = want[n];
      if (!e || v === null || read(e) === v) return;
      if (Array.isArray(e)) {
        var r = e.filter(function (x) { return Number(x.value) === v; })[0];
        if (r) { r.checked = true; fire(r); }
      } else if (n === "step") {
        e.setAttribute("data-value", String(v));
        stepped = true;
      } else if (e.type === "checkbox") {
        e.checked = !!v;
        fire(e);
      } else {
        e.value = String(v);
        fire(e);
      }
    });
    if (stepped) w.dispatchEvent(new Event("tf-refresh"));
  }
}());

/* A widget that asks its own question (the training replay: its prediction pills and Train), stepped by the deck:
 * TFDeck.play(widget, frames, n, onward) shows frames[0 .. n-1] (studio.publish.deck.frames): an ask frame sets the
 * start it asks about and shows the question over the verdict's room (the room answers aloud); a run frame sets
 * that start and presses Train (onward: the one press forward, the run plays; else it shows finished at once, as a
 * shared link opens it). The widget needs a prediction to train: the deck picks the run's recorded outcome as a
 * default, drawn hollow and named so beside the pills' legend (deck.css), never as anyone's prediction: its verdict
 * and legend line name the start and the outcome, not "your prediction" (only a run
 * predicted and trained by hand keeps its "you predicted"). Runs shown before stay on the chart. */
window.TFDeck.play = (function () {
  "use strict";
  var data = document.getElementById("page-data");
  var P = data ? JSON.parse(data.textContent) : {widgets: {}, labels: {}};
  var L = P.labels, PRED = ["stay", "nan", "fall"], driven = {}, pressing = false;
  function fill(s, v) { return s.replace(/\{(\w+)\}/g, function (m, k) { return k in v ? v[k] : m; }); }
  function q(w, sel) { return w.querySelector(sel); }
  function picked(w, n) { var r = q(w, 'input[name="w-training-' + n + '"]:checked'); return r ? r.value : null; }
  function key(w) { return picked(w, "s") + "|" + picked(w, "ln"); }
  function name(W, k) {
    var p = k.split("|");
    return fill(L.tr_name, {s: W.scales[Number(p[0])], ln: p[1] === "1" ? L.tr_ln_on : L.tr_ln_off});
  }
  var DL = (function () { var d = document.getElementById("deck-data"); return d ? JSON.parse(d.textContent).labels : {}; }());
  function whose(w, note) { /* the prediction pills' legend says whose the picked pill is: the deck's default that lets the
     * run start (drawn hollow, deck.css), or the room's, picked by hand */
    var r = q(w, 'input[name="w-training-guess"]'), g = r && r.closest("fieldset"), lg = g && g.querySelector("legend");
    if (!g) return;
    g.toggleAttribute("data-deck-default", note === "default");
    if (!lg) return; /* no note: the default's words kept invisible, so the slide's height never changes (no refit) */
    lg.setAttribute("data-deck-note", note === "room" ? DL.tr_room || "" : DL.tr_default || "");
    lg.toggleAttribute("data-deck-quiet", !note);
  }
  function guess(w, W, k) { /* the outcome the run recorded, picked so that the widget trains: the deck's default */
    var r = q(w, 'input[name="w-training-guess"][value="' + PRED.indexOf(W.runs[k].verdict) + '"]');
    r.checked = true;
    picking = true;
    r.dispatchEvent(new Event("change", {bubbles: true}));
    picking = false;
    driven[k] = true;
    whose(w, "default");
  }
  var picking = false;
  function unsaid(w, W) { /* what the deck picked is no one's prediction: the verdict and legend lines without it */
    var v = q(w, "[data-tr-verdict]"), k = key(w);
    if (driven[k] && v.textContent && W.runs[k]) {
      var said = fill(L.tr_right, {pred: L["tr_" + W.runs[k].verdict]});
      if (v.textContent.indexOf(said) === 0) {
        v.textContent = name(W, k) + L.tr_colon + v.textContent.slice(said.length);
        v.removeAttribute("data-state");
      }
    }
    Array.prototype.forEach.call(w.querySelectorAll(".tr-legend li[data-tr-key]"), function (li) {
      var j = li.getAttribute("data-tr-key"), t = li.lastChild;
      if (!driven[j] || !W.runs[j] || !t || t.nodeType !== 3) return;
      var you = " — " + fill(L.tr_you, {pred: L["tr_" + W.runs[j].verdict]});
      if (t.nodeValue.indexOf(you) >= 0) t.nodeValue = t.nodeValue.replace(you, "");
    });
  }
  var watched = new WeakSet();
  function watch(w, W) {
    if (watched.has(w)) return;
    watched.add(w);
    whose(w, null);
    new MutationObserver(function () { unsaid(w, W); })
      .observe(w, {subtree: true, childList: true, characterData: true});
    q(w, "[data-tr-train]").addEventListener("click", function () { /* a run trained by hand: its prediction is said */
      if (!pressing) delete driven[key(w)];
    }, true);
    w.addEventListener("change", function (e) { /* a pill picked by hand: the room's prediction */
      if (!picking && e.target.name === "w-training-guess") whose(w, "room");
    }, true);
  }
  function settle(w) { /* a run still playing shown finished (the widget's own: its slider taken) */
    var b = q(w, "[data-tr-train]"), scrub = q(w, "[data-tr-scrub]");
    if (b.disabled) scrub.dispatchEvent(new Event("input", {bubbles: true}));
  }
  function finished(w, W, k, set) { /* a run shown finished at once (the widget's restore, as a shared link's) */
    window.TFDeck.drive(w, set);
    guess(w, W, k);
    var scrub = q(w, "[data-tr-scrub]");
    scrub.setAttribute("data-shown", String(W.steps - 1));
    scrub.dispatchEvent(new Event("tf-restore"));
  }
  return function play(w, frames, n, onward) {
    var W = w && P.widgets[w.getAttribute("data-widget")];
    if (!W || !W.runs) return;
    watch(w, W);
    settle(w);
    var last = n > 0 ? frames[n - 1] : null;
    if (last && last.run && onward) {
      window.TFDeck.drive(w, last.set);
      guess(w, W, last.run);
      pressing = true;
      q(w, "[data-tr-train]").click();
      pressing = false;
    } else {
      frames.slice(0, n).forEach(function (f) { if (f.run) finished(w, W, f.run, f.set); });
      if (last && !last.run) window.TFDeck.drive(w, last.set);
    }
    if (last && last.ask && !(last.run)) whose(w, null); /* a question: no pill is anyone's yet */
    var v = q(w, "[data-tr-verdict]");
    if (last && last.ask) v.setAttribute("data-deck-ask", name(W, last.set.s + "|" + last.set.ln) + " — " + L.tr_predict + " …?");
    else v.removeAttribute("data-deck-ask");
    unsaid(w, W);
  };
}());
