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
  function fire(e) {
    ["input", "change"].forEach(function (t) { e.dispatchEvent(new Event(t, {bubbles: true})); });
  }
  return function drive(w, set) {
    if (!w || !opening.has(w)) return;
    var c = controls(w), want = Object.assign({}, opening.get(w), set || {}), stepped = false;
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
  };
}());
