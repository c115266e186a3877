// Service worker: keeps a complete copy of one build so the site works offline.
// build.py fills in BUILD (the build id) and FILES (every file of dist/, relative to here).
// A new build changes this file, so the browser installs the new worker, which caches the new
// build completely before it takes over and deletes every older cache.
"use strict";

const BUILD = "{{build}}";
const FILES = /* {{files}} */ [];
const CACHE = `broker-yard-${BUILD}`;
const PREFIX = "broker-yard-";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache" revalidates with the server (a cheap 304 for files the page just loaded)
      // and never takes a stale copy from the HTTP cache.
      await cache.addAll(FILES.map((path) => new Request(path, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // the page itself: the network first (it names the newest build), the cache offline
    event.respondWith(
      (async () => {
        try {
          return await fetch(request);
        } catch (error) {
          const cache = await caches.open(CACHE);
          const url = new URL(request.url);
          return (
            (await cache.match(url.pathname.endsWith("/") ? "./" : request, { ignoreSearch: true })) ||
            (await cache.match("./")) ||
            Response.error()
          );
        }
      })(),
    );
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      return (await cache.match(request, { ignoreSearch: false })) || fetch(request);
    })(),
  );
});
