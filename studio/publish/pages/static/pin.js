/* Pin and compare: a widget's Pin button (data-pin) freezes its readouts as they are now, with the
 * settings that gave them, in a "pinned" box beside each live readout; the live ones keep following the
 * controls, so two settings can be compared side by side. Unpin removes the boxes.
 *
 * The frozen copy is the readout's own markup with its lookup attributes renamed (data-field="x" becomes
 * data-pin-field="x"), so page.js and the widget scripts never write into it; data-asked stays, so a value
 * the widget's question asks for stays masked in the copy too until the answer is shown. Nothing here
 * computes a number: the copy holds exactly the text the widget showed.
 */
(function () {
  "use strict";
  var READOUTS = "dl.readout, dl.combine, .terms, table[aria-live], pre.prints";

  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function text(e) { return e ? e.textContent.replace(/\s+/g, " ").trim() : ""; }

  function readouts(w) { /* the live ones: not in a pinned copy, the question or the answer */
    return all(READOUTS, w).filter(function (e) { return !e.closest(".pin-box, details.predict"); });
  }
  function shown(w) { /* the ones to copy: those that say something now (an empty one would pin an empty box) */
    var some = readouts(w).filter(function (e) { return text(e) !== ""; });
    return some.length ? some : readouts(w);
  }

  function labelOf(w, c) {
    var l = c.id && w.querySelector('label[for="' + c.id + '"]');
    if (!l && c.closest("label")) l = c.closest("label");
    var t = l ? text(l.cloneNode(true)) : c.getAttribute("aria-label") || "";
    if (l) { /* a label may hold the live value (an output) after its name: the name alone */
      var copy = l.cloneNode(true);
      all("output, [data-field], [data-out]", copy).forEach(function (o) { o.remove(); });
      t = text(copy);
    }
    return t.replace(/[:：]\s*$/, "");
  }
  function groupOf(c) { /* a radio's group as a reader names it: its fieldset's legend, else nothing; a legend
                           that is a prompt and its question ("Predict: over 300 steps the loss will") by its prompt */
    var g = c.closest("fieldset"), l = g && g.querySelector("legend");
    return l ? text(l).replace(/^([^:：]+)[:：]\s*\S.*$/, "$1").replace(/[:：]\s*$/, "") : "";
  }

  /* the widget's settings as a reader names them: "label = value", in document order (a radio by its group's
     legend and its own label, a slider by its label and the value it shows) */
  function settings(w) {
    var out = [];
    all("input, select, button.toggle, [data-control]", w).forEach(function (c) {
      if (c.closest(".pin-box, details.predict, .share-row") || c.disabled) return; /* off: it sets nothing */
      if (c.hidden) return; /* a pick held for the radios that name it (depth.js): they are named instead */
      var name = labelOf(w, c), v = null;
      if (c.matches("input[type=range]")) {
        var o = w.querySelector('output[for="' + c.id + '"]');
        v = text(o) || c.getAttribute("data-shown") || c.getAttribute("aria-valuetext") || c.value; /* as shown */
      } else if (c.matches("input[type=checkbox]")) v = c.checked ? "✓" : "✗";
      else if (c.matches("input[type=radio]")) { if (c.checked) { v = name; name = groupOf(c); } }
      else if (c.matches("select")) v = text(c.options[c.selectedIndex]);
      else if (c.matches("button.toggle")) { if (c.getAttribute("aria-pressed") === "true") { v = text(c); name = ""; } }
      else if (!c.matches("input, select, textarea") && c.hasAttribute("data-value")) {
        var count = c.querySelector("[data-count]");
        v = count ? text(count) : c.getAttribute("data-value");
      }
      if (v === null || v === "") return;
      out.push(name ? name + " = " + v : v);
    });
    return out.join(" · ");
  }

  function freeze(live) { /* a copy no script writes into: ids and lookup attributes renamed */
    var copy = live.cloneNode(true);
    [copy].concat(all("*", copy)).forEach(function (e) {
      e.removeAttribute("id");
      e.removeAttribute("aria-live");
      Array.prototype.slice.call(e.attributes).forEach(function (a) {
        if (a.name.indexOf("data-") === 0 && a.name !== "data-asked" && a.name.indexOf("data-pin-") !== 0) {
          e.setAttribute("data-pin-" + a.name.slice(5), a.value);
          e.removeAttribute(a.name);
        }
      });
    });
    all("button, input, select, textarea", copy).forEach(function (c) { /* frozen: nothing to press */
      var s = document.createElement("span");
      s.className = c.className;
      s.textContent = c.matches("input, select, textarea") ? c.value : c.textContent;
      c.replaceWith(s);
    });
    return copy;
  }

  function unpin(w, b) {
    all(".pin-pair", w).forEach(function (pair) {
      var live = pair.firstElementChild;
      pair.parentNode.insertBefore(live, pair);
      pair.remove();
    });
    w.removeAttribute("data-pinned");
    b.setAttribute("aria-pressed", "false");
    b.textContent = b.getAttribute("data-label-pin");
  }

  function pin(w, b) {
    var named = settings(w), head = b.getAttribute("data-label-pinned");
    shown(w).forEach(function (r) {
      var live = r.parentNode.classList.contains("scroll") ? r.parentNode : r;
      var pair = document.createElement("div"), box = document.createElement("div"), cap = document.createElement("p");
      pair.className = "pin-pair";
      box.className = "pin-box";
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", head + (named ? ": " + named : ""));
      cap.className = "pin-head";
      cap.textContent = head + (named ? " · " + named : "");
      box.appendChild(cap);
      box.appendChild(freeze(live));
      live.parentNode.insertBefore(pair, live);
      pair.appendChild(live);
      pair.appendChild(box);
    });
    w.setAttribute("data-pinned", named);
    b.setAttribute("aria-pressed", "true");
    b.textContent = b.getAttribute("data-label-unpin");
  }

  all("[data-widget]").forEach(function (w) {
    var b = w.querySelector("[data-pin]");
    if (!b) return;
    if (!readouts(w).length) { b.remove(); return; }
    b.addEventListener("click", function () {
      if (b.getAttribute("aria-pressed") === "true") unpin(w, b);
      else pin(w, b);
    });
  });
}());
