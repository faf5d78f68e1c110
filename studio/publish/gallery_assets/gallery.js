/* transformer-frames gallery: language and theme switches, filter, frame pickers.
 *
 * Works from file:// (no fetch of local files: the frames and caption texts are embedded in the
 * page as JSON) and from any static web server. No network, no libraries.
 */
(function () {
  "use strict";

  var root = document.documentElement;
  var LANGS = ["en", "zh-Hant", "zh-Hans"];
  var isFile = location.protocol === "file:";

  function store(key, value) {
    try { localStorage.setItem(key, value); } catch (e) { /* storage off: fine */ }
  }

  function all(sel, scope) {
    return Array.prototype.slice.call((scope || document).querySelectorAll(sel));
  }

  /* ---- caption tracks ------------------------------------------------------------------- */

  /* Chromium will not load a <track> file from file://; there the embedded copy of the same
   * VTT text is handed to the track as a data: URL, before any track is enabled. */
  function embeddedVtt(video) {
    var picker = video.closest(".entry") && video.closest(".entry").querySelector(".frames");
    if (!picker) return {};
    var data = framesData(picker);
    return (data && data.vtt) || {};
  }

  function prepareTracks(video) {
    if (!isFile) return;
    var texts = embeddedVtt(video);
    all("track", video).forEach(function (track) {
      var name = track.getAttribute("data-vtt");
      if (name && texts[name] !== undefined) {
        track.setAttribute("data-src", track.getAttribute("src"));
        track.src = "data:text/vtt;charset=utf-8," + encodeURIComponent(texts[name]);
      }
    });
  }

  /* The track in the chosen language is shown, unless the video already has that language's
   * captions burned in: then it stays loaded but hidden (no double captions; the player's
   * captions menu can still turn it on). Tracks in other languages are off. */
  function chooseTrack(video, lang) {
    var burned = video.getAttribute("data-burned-lang");
    var shown = "";
    all("track", video).forEach(function (t) {
      if (!t.track) return;
      if (t.srclang === lang) {
        t.track.mode = lang === burned ? "hidden" : "showing";
        if (lang !== burned) shown = lang;
      } else {
        t.track.mode = "disabled";
      }
    });
    video.setAttribute("data-caption-lang", shown);
  }

  /* ---- looks: renders in several languages and themes (render.py --lang all --theme all) --- */

  function looksOf(media) {
    if (media._looks === undefined) {
      var el = media.querySelector("script.looks");
      try { media._looks = el ? JSON.parse(el.textContent) : null; } catch (e) { media._looks = null; }
    }
    return media._looks;
  }

  /* the exact look, else the same language, else the same theme, else the first render */
  function pickLook(looks, lang, theme) {
    var keys = Object.keys(looks);
    if (looks[lang + "-" + theme]) return lang + "-" + theme;
    var sameLang = keys.filter(function (k) { return k.slice(0, k.lastIndexOf("-")) === lang; });
    if (sameLang.length) return sameLang[0];
    var sameTheme = keys.filter(function (k) { return k.slice(k.lastIndexOf("-") + 1) === theme; });
    return sameTheme.length ? sameTheme[0] : keys[0];
  }

  function applyLooks() {
    var lang = root.getAttribute("data-lang"), theme = root.getAttribute("data-theme");
    all(".media").forEach(function (media) {
      var looks = looksOf(media);
      if (!looks || !Object.keys(looks).length) return;
      var key = pickLook(looks, lang, theme), item = looks[key];
      media.setAttribute("data-look", key);
      var card = media.closest(".entry");
      if (card) all("code.look", card).forEach(function (c) {
        c.classList.toggle("current", c.getAttribute("data-look") === key);
      });
      var img = media.querySelector("img");
      if (img && img.getAttribute("src") !== item.src) {
        img.setAttribute("src", item.src);
        var link = img.closest("a");
        if (link) link.setAttribute("href", item.src);
      }
      var video = media.querySelector("video");
      var source = video && video.querySelector("source");
      if (source && source.getAttribute("src") !== item.src) {
        source.setAttribute("src", item.src);
        if (item.poster) video.setAttribute("poster", item.poster);
        video.setAttribute("data-burned-lang", item.burned || "");
        video.load();
      }
    });
  }

  /* ---- language and theme ---------------------------------------------------------------- */

  function setLang(lang, save) {
    if (LANGS.indexOf(lang) < 0) lang = "en";
    root.setAttribute("data-lang", lang);
    root.setAttribute("lang", lang);
    all(".lang-btn").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-lang") === lang));
    });
    var key = "data-placeholder-" + lang.toLowerCase();
    all("[" + key + "]").forEach(function (el) {
      el.setAttribute("placeholder", el.getAttribute(key));
      el.setAttribute("aria-label", el.getAttribute(key));
    });
    var title = document.querySelector('.brand h1 .tr[lang="' + lang + '"]');
    if (title) document.title = title.textContent;
    applyLooks();
    all("video").forEach(function (v) { chooseTrack(v, lang); });
    all(".frames").forEach(function (p) { if (p._show) p._show(); });
    if (save !== false) store("tf-gallery-lang", lang);
  }

  function setTheme(theme, save) {
    if (theme !== "dark") theme = "light";
    root.setAttribute("data-theme", theme);
    all(".theme-btn").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-theme") === theme));
    });
    applyLooks();
    if (save !== false) store("tf-gallery-theme", theme);
  }

  /* ---- filter ------------------------------------------------------------------------------ */

  function applyFilter(text) {
    var words = text.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    all(".entry").forEach(function (card) {
      var hay = card.getAttribute("data-search") || "";
      var ok = words.every(function (w) { return hay.indexOf(w) >= 0; });
      card.hidden = !ok;
      if (ok) shown += 1;
    });
    all(".topic").forEach(function (topic) {
      topic.hidden = all(".entry", topic).every(function (c) { return c.hidden; });
    });
    var none = document.querySelector(".no-match");
    if (none) none.hidden = shown > 0;
  }

  /* ---- frame pickers ----------------------------------------------------------------------- */

  function framesData(picker) {
    if (picker._data === undefined) {
      var el = document.getElementById(picker.getAttribute("data-frames"));
      try { picker._data = el ? JSON.parse(el.textContent) : null; } catch (e) { picker._data = null; }
      var rows = picker._data && picker._data.rows;
      for (var k = 1; rows && k < rows.length; k += 1) { /* after the first, a row holds the cells that changed */
        var whole = rows[k - 1].slice();
        for (var j in rows[k]) whole[Number(j)] = rows[k][j];
        rows[k] = whole;
      }
    }
    return picker._data;
  }

  function fmtValue(v) {
    if (v === null || v === undefined) return "\u2014";
    if (typeof v === "number") {
      var s = Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(8)));
      return s.replace("-", "\u2212");
    }
    return String(v);
  }

  function setupPicker(picker) {
    var data = framesData(picker);
    if (!data || !data.rows || !data.rows.length) { picker.hidden = true; return; }
    var cols = data.columns;
    var iFrame = cols.indexOf("frame"), iTime = cols.indexOf("time_s");
    var slider = picker.querySelector(".slider");
    var outT = picker.querySelector("output.t"), outF = picker.querySelector("output.f");
    var grid = picker.querySelector(".frame-row");
    var card = picker.closest(".entry");
    var video = card && card.querySelector("video");
    var rows = data.rows;

    /* one cell per quantity, built once; values change in place */
    var cells = [];
    cols.forEach(function (name, j) {
      if (j === iFrame || j === iTime) return;
      var cell = document.createElement("div");
      cell.className = "q";
      cell.setAttribute("role", "row");
      var code = document.createElement("code");
      code.textContent = name;
      code.setAttribute("role", "rowheader");
      var value = document.createElement("span");
      value.className = "v";
      value.setAttribute("role", "cell");
      cell.appendChild(code);
      cell.appendChild(value);
      grid.appendChild(cell);
      cells.push([j, value, cell]);
    });

    function timeOf(k) { return iTime >= 0 ? Number(rows[k][iTime]) : k; }

    function show() {
      var k = Number(slider.value) || 0;
      var row = rows[k];
      outT.textContent = timeOf(k).toFixed(2) + " s";
      outF.textContent = iFrame >= 0 ? String(row[iFrame]) : String(k);
      cells.forEach(function (c) {
        var v = row[c[0]];
        c[1].textContent = fmtValue(v);
        c[1].title = v === null ? "" : String(v);
        c[2].classList.toggle("empty", v === null);
      });
      picker.setAttribute("data-row", String(k));
    }
    picker._show = show;

    function indexAt(t) {
      var lo = 0, hi = rows.length - 1;
      if (t <= timeOf(0)) return 0;
      while (lo < hi) {
        var mid = (lo + hi + 1) >> 1;
        if (timeOf(mid) <= t + 1e-9) lo = mid; else hi = mid - 1;
      }
      return lo;
    }

    function seekVideo(t) {
      if (!video) return;
      if (video.readyState === 0) {
        video.preload = "metadata";
        video.addEventListener("loadedmetadata", function once() {
          video.removeEventListener("loadedmetadata", once);
          video.currentTime = t;
        });
        video.load();
      } else {
        video.currentTime = t;
      }
    }

    function goTo(t, seek) {
      slider.value = String(indexAt(t));
      show();
      if (seek) seekVideo(t);
    }
    picker._goTo = goTo;

    slider.addEventListener("input", function () {
      show();
      if (video && video.readyState > 0) video.currentTime = timeOf(Number(slider.value));
    });
    all("button.step", picker).forEach(function (b) {
      b.addEventListener("click", function () {
        var k = Number(slider.value) + Number(b.getAttribute("data-step"));
        slider.value = String(Math.max(0, Math.min(rows.length - 1, k)));
        show();
        if (video && video.readyState > 0) video.currentTime = timeOf(Number(slider.value));
      });
    });
    if (video) {
      video.addEventListener("timeupdate", function () {
        var k = indexAt(video.currentTime);
        if (String(k) !== slider.value) { slider.value = String(k); show(); }
      });
    }
    show();
  }

  /* ---- start ---------------------------------------------------------------------------- */

  function start() {
    all("video").forEach(prepareTracks);
    all(".frames").forEach(setupPicker);
    all(".lang-btn").forEach(function (b) {
      b.addEventListener("click", function () { setLang(b.getAttribute("data-lang")); });
    });
    all(".theme-btn").forEach(function (b) {
      b.addEventListener("click", function () { setTheme(b.getAttribute("data-theme")); });
    });
    var filter = document.querySelector("input.filter");
    if (filter) {
      filter.addEventListener("input", function () { applyFilter(filter.value); });
      if (filter.value) applyFilter(filter.value);
    }
    all("button.seek").forEach(function (b) {
      b.addEventListener("click", function () {
        var card = b.closest(".entry");
        var picker = card && card.querySelector(".frames");
        var t = Number(b.getAttribute("data-t"));
        if (picker && picker._goTo) picker._goTo(t, true);
        else {
          var video = card && card.querySelector("video");
          if (video) { video.preload = "metadata"; video.currentTime = t; }
        }
      });
    });
    setLang(root.getAttribute("data-lang") || "en", false);
    setTheme(root.getAttribute("data-theme") || "light", false);
    root.classList.add("js");
  }

  window.tfGallery = { setLang: setLang, setTheme: setTheme, filter: applyFilter };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
