/* A widget's state in the address, and back: loaded after every widget script (page.js, positional.js,
 * worked.js, depth.js), on the lesson pages and in the deck.
 *
 * The state is the widget's controls that differ from how the page opened them, as
 * #w=NAME:control=value,control=value (NAME is the widget's data-widget; a control is named by its
 * data-control, else its id without the "w-NAME-" prefix, else its radio group's name; values are
 * URI-encoded; a control whose value is only a place, such as the training replay's step slider on its log
 * axis, is stored by what it shows, its data-shown, and put back by its own script on "tf-restore"). It is
 * written as the reader moves a control (history.replaceState: no new history entry per step). Opening such an address sets those controls, lets the widget's own script
 * recompute as if the reader had moved them, and scrolls to the widget. The deck keeps its slide in
 * front: #7&w=NAME:… (deck.js sets TFShare.address).
 * Each widget's "Copy link" button (data-share) copies the address of its current state.
 */
(function () {
  "use strict";
  var L = JSON.parse(document.getElementById("page-data").textContent).labels;

  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  /* the controls that make a widget's state: not a question's own fields, not buttons */
  function controls(w) {
    return all("input, select, textarea, [data-control]", w).filter(function (c) {
      if (c.closest("details.predict, .quiz, [data-no-share]")) return false;
      return !/^(button|submit|reset|hidden)$/.test(c.type || "") || c.hasAttribute("data-control");
    });
  }
  function nameOf(w, c) {
    if (c.type === "radio") return c.name;
    var n = c.getAttribute("data-control");
    if (n) return n;
    var prefix = "w-" + w.getAttribute("data-widget") + "-";
    return c.id ? (c.id.indexOf(prefix) === 0 ? c.id.slice(prefix.length) : c.id) : null;
  }
  function valueOf(c) {
    if (c.hasAttribute("data-shown")) return c.getAttribute("data-shown"); /* what the control shows, not its place */
    if (c.type === "checkbox") return c.checked ? "1" : "0";
    if (c.matches("input, select, textarea")) return c.value;
    return c.getAttribute("data-value");
  }
  function read(w) { /* {name: value}, radio groups by their checked button */
    var out = {};
    controls(w).forEach(function (c) {
      var n = nameOf(w, c);
      if (!n || (c.type === "radio" && !c.checked)) return;
      out[n] = valueOf(c);
    });
    return out;
  }

  var opening = {};
  all("[data-widget]").forEach(function (w) { opening[w.id] = read(w); });

  function encode(w) {
    var now = read(w), first = opening[w.id] || {};
    var parts = Object.keys(now).filter(function (n) { return now[n] !== first[n]; }).map(function (n) {
      return encodeURIComponent(n) + "=" + encodeURIComponent(now[n]);
    });
    return "w=" + w.getAttribute("data-widget") + (parts.length ? ":" + parts.join(",") : "");
  }
  function decode(hash) { /* "#w=NAME:a=1,b=2" or "#7&w=NAME:…" → {widget, values} or null */
    var m = /(?:^#|&)w=([^&:]+)(?::([^&]*))?/.exec(hash || "");
    if (!m) return null;
    var values = {};
    (m[2] || "").split(",").forEach(function (p) {
      var k = p.indexOf("=");
      if (k > 0) values[decodeURIComponent(p.slice(0, k))] = decodeURIComponent(p.slice(k + 1));
    });
    return {widget: decodeURIComponent(m[1]), values: values};
  }

  function fire(c) {
    c.dispatchEvent(new Event("input", {bubbles: true}));
    c.dispatchEvent(new Event("change", {bubbles: true}));
  }
  function restore(w, values) { /* set each named control, then let the widget's scripts recompute */
    controls(w).forEach(function (c) {
      var n = nameOf(w, c);
      if (!n || !(n in values)) return;
      var v = values[n];
      if (c.hasAttribute("data-shown")) { /* the widget's script puts it back from what it showed */
        c.setAttribute("data-shown", v);
        c.dispatchEvent(new Event("tf-restore"));
        return;
      }
      if (c.type === "radio") { if (c.value === v && !c.checked) { c.checked = true; fire(c); } return; }
      if (c.type === "checkbox") { if (c.checked !== (v === "1")) { c.checked = v === "1"; fire(c); } return; }
      if (c.matches("input, select, textarea")) { if (c.value !== v) { c.value = v; fire(c); } return; }
      c.setAttribute("data-value", v);
      w.dispatchEvent(new Event("tf-refresh"));
    });
  }

  /* the address for a widget's state: the page's own, or the deck's (slide first) */
  var T = window.TFShare = {read: read, encode: encode, decode: decode, restore: restore,
                            address: function (w) { return "#" + encode(w); }};
  function link(w) { return location.href.split("#")[0] + T.address(w); }
  function write(w) {
    try { history.replaceState(null, "", T.address(w)); } catch (e) { /* file:// without history */ }
  }

  all("[data-widget]").forEach(function (w) {
    var pending = 0;
    function later() { cancelAnimationFrame(pending); pending = requestAnimationFrame(function () { write(w); }); }
    ["input", "change", "click"].forEach(function (t) {
      w.addEventListener(t, function (e) {
        if (e.target.closest && e.target.closest("[data-share], details.predict")) return;
        later();
      });
    });
    all("[data-share]", w).forEach(function (b) {
      var said = b.parentNode.querySelector("[data-shared]");
      b.addEventListener("click", function () {
        var url = link(w);
        write(w);
        function done(ok) {
          if (said) said.textContent = ok ? L.link_copied : L.link_manual + " " + url;
        }
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(function () { done(true); }, function () { done(fallback(url)); });
        } else done(fallback(url));
      });
    });
  });
  function fallback(text) { /* no clipboard API (an old browser, or file:// refused): a selected field */
    var t = document.createElement("textarea");
    t.value = text;
    t.setAttribute("readonly", "");
    t.style.position = "fixed";
    t.style.opacity = "0";
    document.body.appendChild(t);
    t.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    t.remove();
    return ok;
  }

  /* opened from such a link: the widget as it was shared, in view */
  var asked = decode(location.hash);
  /* in a deck, deck.js restores it once the slide of the address is open: restored here, the widget would write
   * its page address (#w=… without the slide) before the deck read its own, and a reload opened on slide 1 */
  if (asked && !document.getElementById("deck-data")) {
    var w = document.getElementById("w-" + asked.widget);
    if (w) {
      restore(w, asked.values);
      w.setAttribute("data-shared-state", "");
      w.scrollIntoView({block: "start"});
      window.addEventListener("load", function () { w.scrollIntoView({block: "start"}); });
    }
  }
}());
