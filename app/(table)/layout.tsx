import type { ReactNode } from "react";
import { SerwistProvider } from "@serwist/turbopack/react";
import { currentUser } from "@/lib/auth/session";
import { PhoneProvider } from "@/app/_components/phone";
import { SiteHeader } from "@/app/_components/site-header";
import { Words } from "@/lib/i18n/words";

/** When the server rendered this page: the phone trusts the newest page's word on who is signed in. */
const renderedNow = () => Date.now();

/**
 * The pages used at the table: the service worker that keeps them for a reload without a signal, and the phone's
 * side of the app — the account it acts for and the outbox's sync — under the site's header.
 */
export default async function TableLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <SerwistProvider swUrl="/serwist/sw.js" reloadOnOnline={false}>
      {/* Who is signed in, and when the server said so: the phone acts for the newest account it was told of. */}
      <PhoneProvider account={user} renderedAt={renderedNow()}>
        <SiteHeader />
        {/* The phone's words (a signal lost, changes waiting or stranded), once for every page of the table — its
            not-found page too, which every page's payload carries. */}
        <Words areas={["offline"]}>
          <div id="content">{children}</div>
        </Words>
      </PhoneProvider>
    </SerwistProvider>
  );
}
