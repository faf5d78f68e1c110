/* Lecture deck, the two windows (the deck and its speaker view): messages over a BroadcastChannel and over
 * localStorage "storage" events (both work from file:// in Chromium); window.deckSync counts what arrived.
 * TFDeck.sync(me) gives {send, handlers}: send(msg) to the other window, handlers[type](msg) for what comes. */
window.TFDeck = window.TFDeck || {};
window.TFDeck.sync = function (ME) {
  "use strict";
  var KEY = "tf-deck:" + location.pathname, chan = null, seen = {}, handlers = {};
  window.deckSync = {broadcast: 0, storage: 0};
  try { chan = new BroadcastChannel(KEY); } catch (e) { chan = null; }
  function send(msg) {
    msg.from = ME;
    msg.id = ME + ":" + Date.now() + ":" + Math.random();
    if (chan) chan.postMessage(msg);
    try { localStorage.setItem(KEY, JSON.stringify(msg)); } catch (e) { /* storage off: the channel only */ }
  }
  function receive(msg, how) {
    if (!msg || msg.from === ME) return;
    window.deckSync[how] += 1;
    if (seen[msg.id]) return;
    seen[msg.id] = true;
    if (handlers[msg.type]) handlers[msg.type](msg);
  }
  if (chan) chan.onmessage = function (e) { receive(e.data, "broadcast"); };
  window.addEventListener("storage", function (e) {
    if (e.key === KEY && e.newValue) {
      try { receive(JSON.parse(e.newValue), "storage"); } catch (err) { /* not ours */ }
    }
  });
  return {send: send, handlers: handlers};
};
