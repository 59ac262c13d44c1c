import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SerwistProvider } from "@serwist/turbopack/react";
import { getLocale } from "@/lib/i18n/server";
import { SiteHeader } from "./_components/site-header";
import "./globals.css";

export const metadata: Metadata = {
  title: "Protokoll",
  description: "The score sheet for Knektpass and Norrlands-Knack, on the phones at the table.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f3ea" },
    { media: "(prefers-color-scheme: dark)", color: "#1b1d1a" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <a href="#content" className="skip-link">
          {locale === "sv" ? "Till innehållet" : "Skip to content"}
        </a>
        <SerwistProvider swUrl="/serwist/sw.js" reloadOnOnline={false}>
          <SiteHeader />
          <div id="content">{children}</div>
        </SerwistProvider>
      </body>
    </html>
  );
}
