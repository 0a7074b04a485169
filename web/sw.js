/**
 * The page's service worker: after one visit the page loads with no network. Its own files
 * (the HTML, styles, script, worklet, listener's worker, manifest and icons) are fetched from
 * the network first, so a visit online always gets the latest, and each answer is kept; with no
 * network the kept copy answers. The API is left alone: its answers are never kept, so none is
 * stale, and offline a call fails as it would without this worker. It is a file of its own on
 * the page's origin (the CSP's default-src 'self' covers it), at the root so its scope is the
 * whole page.
 */
const CACHE = "ditdah-page-2";

/** What the page needs to load, kept at install so that the first visit is enough. */
const SHELL = [
  "/",
  "/build/style.css",
  "/build/page.js",
  "/build/listen-worker.js",
  "/capture-worklet.js",
  "/favicon.svg",
  "/manifest.webmanifest",
  "/icons/icon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
];

/** Paths never kept: the API and its documentation. */
const NOT_KEPT = /^\/(api|docs|healthz|readyz|metrics)(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || NOT_KEPT.test(url.pathname)) return;
  // The page under any query (`/?text=CQ`) is the one page, kept as "/".
  const key = request.mode === "navigate" ? "/" : url.pathname;
  event.respondWith(
    fetch(request).then(
      (response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      },
      (error) =>
        caches.match(key).then((kept) => {
          if (kept) return kept;
          throw error;
        }),
    ),
  );
});
