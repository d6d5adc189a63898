// Keeps the page working offline: every file of the folder (manifest.json lists them) is cached
// when the page first loads; afterwards each request is answered from that cache first. The
// build writes the cache's name here (a digest of the folder's files), so a rebuilt folder is a
// new service worker, which replaces the old cache.
const CACHE = "gleek-web-unbuilt";
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch("manifest.json", {cache: "no-store"})).json();
    const cache = await caches.open(CACHE);
    await cache.addAll(manifest.files);
    await self.skipWaiting();
  })());
});
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("gleek-web-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const hit = await (await caches.open(CACHE)).match(event.request, {ignoreSearch: true});
    return hit || fetch(event.request);
  })());
});
