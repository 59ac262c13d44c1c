import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SerwistProvider } from "@serwist/turbopack/react";
import { currentUser } from "@/lib/auth/session";
import { getLocale } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
import { PhoneProvider } from "./_components/phone";
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

/** When the server rendered this page: the phone trusts the newest page's word on who is signed in. */
const renderedNow = () => Date.now();

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, user] = await Promise.all([getLocale(), currentUser()]);
  return (
    <html lang={locale}>
      <body>
        <a href="#content" className="skip-link">
          {locale === "sv" ? "Till innehållet" : "Skip to content"}
        </a>
        <SerwistProvider swUrl="/serwist/sw.js" reloadOnOnline={false}>
          {/* The reader's language, the words every page shows: client components take them with useI18n. */}
          <Words areas={["site"]}>
            {/* Who is signed in, and when the server said so: the phone acts for the newest account it was told of. */}
            <PhoneProvider account={user} renderedAt={renderedNow()}>
              <SiteHeader />
              <div id="content">{children}</div>
            </PhoneProvider>
          </Words>
        </SerwistProvider>
      </body>
    </html>
  );
}
