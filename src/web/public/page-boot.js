// Starts the app on a page the server rendered (decisions 043 and 068), and keeps what a person does before it runs.
// The server writes this file inline, allowed by its hash, and lists the scripts in #page-scripts (the entry first,
// then the chunks it and the page import).
(function () {
  var files = JSON.parse(document.getElementById('page-scripts').textContent);

  // Until the app has taken the page over, a tap on one of the page's buttons or a word typed in one of its fields
  // would be lost: the page is a picture of itself, then a page React is hydrating. They are recorded here, from the
  // first paint until `window.__earlyInput.replay()` (called by the app once it has hydrated), which does them again,
  // in order. Links and a form's submit button need no scripts: the browser follows and sends them itself, so they
  // are left alone.
  var recorded = [];
  var listening = true;
  var TYPES = ['pointerdown', 'pointerup', 'click', 'input'];
  function actionable(event) {
    var target = event.target;
    if (!target || !target.closest) return null;
    if (event.type === 'input') return target.closest('input, textarea');
    var button = target.closest('button, [role="button"]');
    if (!button || button.disabled) return null;
    if (button.tagName === 'BUTTON' && button.type === 'submit' && button.form) return null;
    return button;
  }
  function record(event) {
    if (!listening || !event.isTrusted) return;
    var target = actionable(event);
    if (!target) return;
    recorded.push({ event: event, target: target });
    // Kept from the app's root too: while it hydrates, React would either hydrate the tapped part at once or, when it
    // cannot yet (a part whose turn or code has not come), drop the tap for good. It is done once, at the replay.
    event.stopPropagation();
  }
  for (var t = 0; t < TYPES.length; t++) document.addEventListener(TYPES[t], record, true);

  /** Tells the app's controlled field that it now holds the typed words (React compares with the last value it saw). */
  function replayTyping(field) {
    var typed = field.value;
    if (typed === field.defaultValue) return;
    // A key event first: React hydrates the part of the page the field is in at once (it may still be waiting its
    // turn), so what follows reaches the field's handlers. The event carries no key and does nothing else.
    field.dispatchEvent(new Event('keyup', { bubbles: true }));
    var setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
    field.value = field.defaultValue;
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  window.__earlyInput = {
    replay: function () {
      listening = false;
      for (var k = 0; k < TYPES.length; k++) document.removeEventListener(TYPES[k], record, true);
      var done = recorded;
      recorded = [];
      for (var i = 0; i < done.length; i++) {
        var entry = done[i];
        if (!entry.target.isConnected) continue;
        if (entry.event.type === 'input') {
          // Once per field, at its last keystroke: the words are in the field already.
          var later = false;
          for (var j = i + 1; j < done.length; j++) if (done[j].target === entry.target && done[j].event.type === 'input') later = true;
          if (!later) replayTyping(entry.target);
        } else {
          entry.target.dispatchEvent(new entry.event.constructor(entry.event.type, entry.event));
        }
      }
    },
  };

  // The entry first: it is the largest file, and the page's chunks are preloaded beside it rather than found in it.
  function start() {
    for (var i = 0; i < files.length; i++) {
      var tag = document.createElement(i === 0 ? 'script' : 'link');
      if (i === 0) {
        tag.type = 'module';
        tag.src = files[0];
      } else {
        tag.rel = 'modulepreload';
        tag.href = files[i];
      }
      tag.crossOrigin = 'anonymous';
      document.head.appendChild(tag);
    }
  }
  // Two frames: the callback runs once the page as it is now has been painted.
  function afterNextPaint(callback) {
    requestAnimationFrame(function () {
      requestAnimationFrame(callback);
    });
  }
  // A tab opened in the background paints nothing until it is shown; its scripts need not wait for that.
  if (document.visibilityState === 'hidden') start();
  else afterNextPaint(start);
})();
