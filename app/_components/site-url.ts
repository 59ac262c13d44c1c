import "server-only";
import { headers } from "next/headers";
import QRCode from "qrcode";
import { env } from "@/lib/env";

/** Where others reach this app: PUBLIC_URL, or the address this request came in on. */
export async function siteUrl(): Promise<string> {
  const configured = env().PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, "");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
}

/** A link's QR code, as SVG markup made on the server. */
export const qrSvg = (url: string) => QRCode.toString(url, { type: "svg", margin: 1, width: 200 });
