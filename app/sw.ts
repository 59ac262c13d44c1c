/// <reference lib="webworker" />
/**
 * Protokoll's service worker (decision 009): the app's static files are precached; pages are fetched from the
 * network first and kept, so an evening opened once opens again without a signal; the offline page stands in
 * for a page never opened. Nothing else is cached: the live scoreboard's stream and the API always go to the
 * network.
 */
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type RuntimeCaching,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from "serwist";
import { KEEP_PAGE, keepDocument, keptPath, PAGES_CACHE } from "@/lib/offline/keep";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * An evening reached inside the app is asked for as its React payload only: the page itself is kept alongside,
 * fetched at the same time, so a reload without a signal opens it (lib/offline/keep.ts). Prefetches are not
 * pages shown.
 */
const keepShownPage: SerwistPlugin = {
  requestWillFetch: ({ request, event }) => {
    const url = new URL(request.url);
    if (request.headers.get("RSC") === "1" && !request.headers.has("Next-Router-Prefetch") && keptPath(url.pathname))
      event.waitUntil(keepDocument(url.pathname).catch(() => undefined));
    return request;
  },
};

/**
 * A form that starts or joins an evening is a server action whose answer carries the evening's page to show
 * (`x-action-redirect`), not a request for it: the page is kept as that answer arrives.
 */
const keepRedirectTarget: SerwistPlugin = {
  fetchDidSucceed: ({ response, event }) => {
    const target = response.headers.get("x-action-redirect")?.split(";")[0];
    const path = target ? new URL(target, self.location.origin).pathname : null;
    if (path && keptPath(path)) event.waitUntil(keepDocument(path).catch(() => undefined));
    return response;
  },
};

const runtimeCaching: RuntimeCaching[] = [
  // Server actions always go to the network; one that moves to an evening keeps its page.
  {
    matcher: ({ request, url }) => sameOrigin(url) && request.headers.has("Next-Action"),
    method: "POST",
    handler: new NetworkOnly({ plugins: [keepRedirectTarget] }),
  },
  // The API (deals, versions, the live stream) always goes to the network: a cached answer would be a lie.
  { matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith("/api/"), handler: new NetworkOnly() },
  // Built files never change under their name.
  {
    matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith("/_next/static/"),
    handler: new CacheFirst({ cacheName: "static", plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
  },
  // Pages and their React Server Component payloads: the network first, the last copy without a signal.
  {
    matcher: ({ request, url }) =>
      sameOrigin(url) && (request.mode === "navigate" || request.headers.get("RSC") === "1"),
    handler: new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60 }), keepShownPage],
    }),
  },
  {
    matcher: ({ url }) => sameOrigin(url) && /\.(?:png|svg|ico|webmanifest|css)$/i.test(url.pathname),
    handler: new StaleWhileRevalidate({ cacheName: "assets" }),
  },
];

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching,
  fallbacks: {
    entries: [{ url: "/~offline", matcher: ({ request }) => request.destination === "document" }],
  },
});

serwist.addEventListeners();

/** A page this worker did not see load (app/_components/keep-page.ts): kept here, off the page's thread. */
self.addEventListener("message", (event) => {
  const { type, path } = (event.data ?? {}) as { type?: unknown; path?: unknown };
  if (type !== KEEP_PAGE || typeof path !== "string" || !keptPath(path)) return;
  event.waitUntil(keepDocument(path).catch(() => undefined));
});
