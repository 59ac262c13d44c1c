import type { MetadataRoute } from "next";

/** The installable app: opens on the evenings, full screen like an app, in the table's green. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Protokoll — Knektpass & Norrlands-Knack",
    short_name: "Protokoll",
    description: "The score sheet for Knektpass and Norrlands-Knack, on the phones at the table.",
    id: "/",
    start_url: "/evenings",
    scope: "/",
    display: "standalone",
    background_color: "#f6f3ea",
    theme_color: "#1f5f3f",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
