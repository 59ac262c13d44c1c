// The security headers of every response: set by Next (next.config.mjs) and by the routes the Node server in
// front of Next answers itself (lib/server/). The Content-Security-Policy with its per-request nonce comes from
// proxy.ts, for pages.
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

// The client's address as the server in front of Next saw it (lib/server/front-guard.ts): set on every request,
// replacing any value the client sent. Behind a proxy (TRUST_PROXY) it is the address the proxy forwarded.
export const CLIENT_ADDRESS_HEADER = "x-protokoll-client";
