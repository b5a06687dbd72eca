// Argo Station's service worker (served at /sw.js by games.entry.pwa): an offline page, and pushes.
// It keeps only the offline page and the few files it shows: every page and API answer is
// fetched fresh, because a game shown from a cache could be a move behind.
const CACHE = "argo-station-{{ version }}";
const OFFLINE = "{% url 'offline' %}";
const ASSETS = [OFFLINE{% for a in assets %}, "{{ a|escapejs }}"{% endfor %}];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (ASSETS.includes(new URL(request.url).pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});

self.addEventListener("push", (event) => {
  let notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch (e) { notice = { body: event.data.text() }; }
  event.waitUntil(self.registration.showNotification(notice.title || "Argo Station", {
    body: notice.body || "",
    tag: notice.tag,
    renotify: Boolean(notice.tag),
    icon: "{% load static %}{% static 'icons/icon-192.png' %}",
    data: { url: notice.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data.url, self.location.origin);
  if (target.origin !== self.location.origin) return;  // only the site's own pages
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
    const same = open.find((c) => new URL(c.url).pathname === target.pathname);
    if (same) return same.focus();
    return self.clients.openWindow(target.href);
  }));
});
