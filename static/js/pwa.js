// Every page registers the service worker (/sw.js): the offline page, and pushes once a player
// turns them on in the settings (static/js/push.js).
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((err) => console.warn("no service worker:", err.message));
}
