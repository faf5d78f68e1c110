/* The deck's light or dark look: the presenter's choice (T in the deck, or the theme switch of a lesson
 * page: both keep it in localStorage "tf-theme") where the deck was built in it or carries its renders, else dark
 * for a deck built dark, else the system's
 * (prefers-color-scheme) where the deck carries that theme's renders of every video and figure, else light.
 * The colours follow at once; a video or figure follows where the deck carries that theme's render
 * (studio.publish.deck.builder: media[NAME].alt[THEME]), a held video staying on its frame. */
(function () {
  "use strict";
  var el = document.getElementById("deck-data");
  if (!el) return;
  var SPEAKER = location.hash === "#speaker"; /* the speaker view takes the colours; its thumbnails stay */
  var D = JSON.parse(el.textContent), root = document.documentElement, built = root.getAttribute("data-theme");
  var KEY = "tf-theme", TYPING = "textarea, input:not([type=range]):not([type=checkbox]):not([type=radio]):not([type=button])";
  function files(name, theme) { /* a render's files in `theme`: the built ones, or its alternate, or none */
    var m = D.media[name];
    if (!m) return null;
    return theme === built ? m : m.alt && m.alt[theme] || null;
  }
  function swap(theme) {
    if (SPEAKER) return;
    Array.prototype.forEach.call(document.querySelectorAll(".scene-frame[data-scene]"), function (f) {
      var m = files(f.getAttribute("data-scene"), theme), v = f.querySelector("video"), src = v.querySelector("source");
      if (!m || src.getAttribute("src") === m.mp4) return;
      var at = v.currentTime, paused = v.paused;
      v.setAttribute("poster", m.poster);
      src.setAttribute("src", m.mp4);
      v.load();
      if (at) v.addEventListener("loadedmetadata", function back() {
        v.removeEventListener("loadedmetadata", back);
        v.currentTime = at;
        if (!paused) v.play().catch(function () {});
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll(".figure-frame[data-figure]"), function (f) {
      var m = files(f.getAttribute("data-figure"), theme), img = f.querySelector("img");
      if (m && img.getAttribute("src") !== m.svg) img.setAttribute("src", m.svg);
      var open = f.querySelector("a.fig-open"); /* the full-size link opens the figure in the shown theme */
      if (m && open) open.setAttribute("href", m.svg);
    });
  }
  function set(theme) {
    root.setAttribute("data-theme", theme);
    swap(theme);
  }
  function chosen() { try { var t = localStorage.getItem(KEY); return t === "dark" || t === "light" ? t : null; } catch (e) { return null; } }
  function complete(theme) { /* every video and figure of the deck has a render in `theme` */
    return Object.keys(D.media).every(function (n) { var m = files(n, theme); return !!(m && (m.mp4 || m.svg)); });
  }
  var query = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function system() { /* a deck built dark (render.py deck --theme dark, a choice: light is the default) opens dark; a
     * light one takes the system's look where it has that look's renders, else stays light (never light colours round
     * dark videos or the reverse) */
    var want = query ? (query.matches ? "dark" : "light") : built;
    return built === "dark" ? built : want === built || complete(want) ? want : built;
  }
  /* a choice kept from a lesson page's switch (the same key) opens the deck in that look only where the deck has its
   * renders, or was built in it: a page switched dark never opens a light-rendered deck as dark colours round light
   * videos (T here still switches, whatever the deck carries) */
  function usable(t) { return t && (t === built || complete(t)) ? t : null; }
  set(usable(chosen()) || system());
  if (query && query.addEventListener) query.addEventListener("change", function () { if (!chosen()) set(system()); });
  window.addEventListener("storage", function (e) { if (e.key === KEY && chosen()) set(chosen()); });
  document.addEventListener("keydown", function (e) { /* T: the other theme, kept as the presenter's choice */
    if (e.altKey || e.ctrlKey || e.metaKey || e.key !== "t" && e.key !== "T") return;
    if (e.target.closest && e.target.closest(TYPING)) return;
    var theme = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
    try { localStorage.setItem(KEY, theme); } catch (err) { /* storage off: this window only */ }
    set(theme);
    e.preventDefault();
  });
  window.deckTheme = set;
}());
