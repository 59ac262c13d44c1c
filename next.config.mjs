/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // Importing a backup of many evenings goes through a server action.
    serverActions: { bodySizeLimit: "25mb" },
  },
};

export default nextConfig;
