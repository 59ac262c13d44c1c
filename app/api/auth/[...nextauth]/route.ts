import { NextRequest } from "next/server";
import { handlers } from "@/auth";
import { readRequest } from "@/lib/server/endpoints";

/**
 * The request with the address the browser used. Next gives route handlers a URL made from the name the
 * server gives it (`localhost`, scripts/server.mjs), and Auth.js builds its redirects from that URL: after a
 * sign-in through its callback, a refused one or a sign-out, a phone that opened the site by its name was sent
 * to `localhost`. The host is the one the request names (the front guard drops a forwarded one unless a trusted
 * proxy sent it, TRUST_PROXY), so a redirect stays on the site the browser is on.
 */
function asSent(request: NextRequest, host: string | null): NextRequest {
  const url = new URL(request.url);
  if (!host) return request;
  try {
    const sent = new URL(`${url.protocol}//${host}`);
    if (sent.host === url.host) return request;
    url.host = sent.host;
  } catch {
    return request; // not a host: the request as Next made it
  }
  if (request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https") url.protocol = "https:";
  return new NextRequest(url, request);
}

/**
 * The answer with its redirect on the host the browser used. Next writes a loopback address (127.0.0.1, [::1])
 * as `localhost` in every request URL, so on those even `asSent` leaves Auth.js with `localhost`, where the
 * session cookie set for the address the browser used is not sent.
 */
function onSite(response: Response, request: NextRequest, host: string | null): Response {
  const location = response.headers.get("location");
  if (!host || !location) return response;
  let target: URL;
  try {
    target = new URL(location, request.url);
    if (target.host !== request.nextUrl.host || target.host === host) return response;
    target.host = host;
  } catch {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("location", target.toString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Auth.js's answer to the request, both ways on the host the browser addressed (as every endpoint reads it). */
async function onBrowsersHost(handler: (request: NextRequest) => Promise<Response>, request: NextRequest) {
  const { host } = readRequest((name) => request.headers.get(name), "");
  return onSite(await handler(asSent(request, host)), request, host);
}

/**
 * Auth.js's routes. Its own error page is not shown: it answers 500 for `?error=Configuration` and puts the
 * query's text into its answer — the sign-in page says what a person needs instead.
 */
export async function GET(request: NextRequest) {
  if (request.nextUrl.pathname === "/api/auth/error")
    return new Response(null, { status: 303, headers: { Location: "/sign-in", "Cache-Control": "no-store" } });
  return onBrowsersHost(handlers.GET, request);
}

export async function POST(request: NextRequest) {
  return onBrowsersHost(handlers.POST, request);
}
