// Runs before first paint so a stored dark theme never flashes light.
// A file for the documents the browser renders; a server-rendered page carries it inline, allowed by its hash (decision 043).
// src/web/lib/theme.tsx applies the same rule once the app is running.
(function () {
  var preference = 'system';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') preference = stored;
  } catch {
    // Storage can be blocked (private mode, policies); fall back to the system setting.
  }
  var dark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
