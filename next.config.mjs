import { withSerwist } from "@serwist/turbopack";

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
        // Every response; the Content-Security-Policy with its per-request nonce comes from proxy.ts.
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
});

export default nextConfig;
