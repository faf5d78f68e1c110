/* Values on screen: on a scene slide, V (or the button) pauses the clip and lists every number the frame
 * shows at that moment, from the frames table the deck carries (studio.publish.deck.onscreen, the row
 * `render.py numbers NAME --at T` prints); V or Esc closes it and gives the keyboard back to the deck. */
(function () {
  "use strict";
  var el = document.getElementById("deck-data");
  var panel = document.getElementById("onscreen"), button = document.getElementById("onscreen-open");
  if (!el || !panel || !button) return;
  var D = JSON.parse(el.textContent), L = D.labels;
  function shown() { /* the visible scene frame: its name and video */
    var f = document.querySelector(".scene-frame:not([hidden])");
    var m = f && D.media[f.getAttribute("data-scene")];
    return m && m.onscreen ? {table: m.onscreen, video: f.querySelector("video")} : null;
  }
  function rowAt(table, s) {
    var k = -1;
    for (var i = 0; i < table.t.length && table.t[i] <= s + 1e-9; i += 1) k = i;
    return k < 0 ? null : table.rows[k];
  }
  function fill(now) {
    var row = rowAt(now.table, now.video.currentTime), list = panel.querySelector("dl");
    panel.querySelector("[data-at]").textContent = L.onscreen_at.replace("{t}", now.video.currentTime.toFixed(2));
    list.textContent = "";
    (row || []).forEach(function (v, j) {
      if (v === "") return;
      var dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = now.table.labels[j];
      dd.textContent = v;
      list.appendChild(dt);
      list.appendChild(dd);
    });
    panel.querySelector("[data-none]").hidden = list.children.length > 0;
  }
  function open() {
    var now = shown();
    if (!now) return;
    now.video.pause();
    fill(now);
    panel.hidden = false;
    panel.focus({preventScroll: true});
  }
  function close() {
    panel.hidden = true;
    var deck = document.getElementById("deck");
    if (deck) deck.focus({preventScroll: true});
  }
  function sync() { button.hidden = !shown(); if (button.hidden && !panel.hidden) close(); }
  button.addEventListener("click", open);
  panel.querySelector("[data-close]").addEventListener("click", close);
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!panel.hidden && (e.key === "Escape" || e.key === "v" || e.key === "V")) {
      e.preventDefault();
      e.stopImmediatePropagation();
      close();
    } else if ((e.key === "v" || e.key === "V") && !(e.target.closest && e.target.closest("input, select, textarea"))) {
      open();
    }
  }, true);
  new MutationObserver(sync).observe(document.getElementById("deck"), {attributes: true, attributeFilter: ["data-slide"]});
  sync();
})();
