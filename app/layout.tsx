import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getLocale } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
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

/**
 * Every page: the reader's language and the words every page shows. The pages of the table — signing in,
 * evenings, players, rule sets — get the phone's side of the app from their own layout (app/(table)/layout.tsx);
 * the live scoreboard of a share link does without it (app/s/layout.tsx), as its viewers only watch.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <a href="#content" className="skip-link">
          {locale === "sv" ? "Till innehållet" : "Skip to content"}
        </a>
        {/* The reader's language, the words every page shows: client components take them with useI18n. */}
        <Words areas={["site"]}>{children}</Words>
      </body>
    </html>
  );
}
