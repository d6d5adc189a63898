// Keeps the page working offline: every file of the folder (manifest.json lists them) is cached
// when the page first loads; afterwards each request is answered from that cache first.
const MANIFEST = "manifest.json";
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch(MANIFEST, {cache: "no-store"})).json();
    const cache = await caches.open(manifest.cache);
    await cache.addAll(manifest.files);
    await self.skipWaiting();
  })());
});
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await caches.match(MANIFEST) || await fetch(MANIFEST)).json();
    for (const key of await caches.keys()) {
      if (key.startsWith("gleek-web-") && key !== manifest.cache) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const hit = await caches.match(event.request, {ignoreSearch: true});
    return hit || fetch(event.request);
  })());
});
