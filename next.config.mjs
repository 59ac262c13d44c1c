import { withSerwist } from "@serwist/turbopack";
import { IMPORT_BODY_LIMIT } from "./lib/http/body-limits.mjs";
import { SECURITY_HEADERS } from "./lib/http/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = withSerwist({
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // Importing a backup goes through a server action: the largest body the app takes (lib/http/body-limits.mjs).
    // The server in front of Next refuses larger ones before reading them, and every other large one.
    serverActions: { bodySizeLimit: IMPORT_BODY_LIMIT },
    proxyClientMaxBodySize: IMPORT_BODY_LIMIT,
  },
  async headers() {
    return [
      {
        // Every response (lib/http/security-headers.mjs).
        source: "/:path*",
        headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
});

export default nextConfig;
