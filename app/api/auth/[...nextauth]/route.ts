import type { NextRequest } from "next/server";
import { handlers } from "@/auth";

/**
 * Auth.js's routes. Its own error page is not shown: it answers 500 for `?error=Configuration` and puts the
 * query's text into its answer — the sign-in page says what a person needs instead.
 */
export async function GET(request: NextRequest) {
  if (request.nextUrl.pathname === "/api/auth/error")
    return new Response(null, { status: 303, headers: { Location: "/sign-in", "Cache-Control": "no-store" } });
  return handlers.GET(request);
}

export const { POST } = handlers;
