import { withSerwist } from "@serwist/turbopack";
import { IMPORT_BODY_LIMIT } from "./lib/body-limits.mjs";
import { SECURITY_HEADERS } from "./lib/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = withSerwist({
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // Importing a backup goes through a server action: the largest body the app takes (lib/body-limits.mjs).
    // The server in front of Next refuses larger ones before reading them, and every other large one.
    serverActions: { bodySizeLimit: IMPORT_BODY_LIMIT },
    proxyClientMaxBodySize: IMPORT_BODY_LIMIT,
  },
  async headers() {
    return [
      {
        // Every response (lib/security-headers.mjs).
        source: "/:path*",
        headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
});

export default nextConfig;
