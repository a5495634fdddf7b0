// Starts the app on a page the server rendered (decision 043). The page is whole without it, so its scripts wait
// until the page has been painted and its first photo has arrived: on a slow phone connection they no longer
// share the bandwidth with what the person came to see. The server writes this file inline, allowed by its hash,
// and lists the scripts in #page-scripts (the entry first, then the chunks it and the page import).
(function () {
  var files = JSON.parse(document.getElementById('page-scripts').textContent);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = files.length - 1; i >= 0; i--) {
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
  function afterPhoto() {
    var photo = document.querySelector('#root img[fetchpriority="high"]');
    if (!photo || photo.complete) return afterNextPaint(start);
    photo.addEventListener('load', function () {
      afterNextPaint(start);
    });
    photo.addEventListener('error', start);
    // A photo that takes its time does not hold the page's buttons back for long.
    setTimeout(start, 2000);
  }
  // A tab opened in the background paints nothing until it is shown; its scripts need not wait for that.
  if (document.visibilityState === 'hidden') start();
  else afterNextPaint(afterPhoto);
})();
