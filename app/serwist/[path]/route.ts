/**
 * The service worker, built from app/sw.ts by Serwist with esbuild when the app is built, and served from
 * /serwist/sw.js with the scope of the whole site (decision 009).
 */
import { createSerwistRoute } from "@serwist/turbopack";

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "app/sw.ts",
  useNativeEsbuild: true,
  // The offline page is precached, keyed by the build it came with.
  additionalPrecacheEntries: [{ url: "/~offline", revision: process.env.NEXT_BUILD_ID ?? "protokoll" }],
});
