import { withSerwist } from "@serwist/turbopack";
import { SECURITY_HEADERS } from "./lib/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = withSerwist({
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // Importing a backup of many evenings goes through a server action.
    serverActions: { bodySizeLimit: "25mb" },
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
