"use client";

import Link from "next/link";
import { signOutAction } from "@/app/(table)/(auth)/actions";
import { usePhone } from "./phone";
import { SignOutButton } from "./sign-out-button";

/**
 * Who is signed in on this phone, as the phone knows it: the server's word on a fresh page, the phone's own on a
 * page from its cache without a signal, nobody after a sign-out the server has not heard yet.
 */
export function HeaderAccount({ signIn, signOut }: { signIn: string; signOut: string }) {
  const { account } = usePhone();
  if (!account)
    return (
      <Link href="/sign-in" className="button small" prefetch={false}>
        {signIn}
      </Link>
    );
  return (
    <form action={signOutAction} className="account">
      <Link href="/account" className="account-link" data-testid="signed-in-as" prefetch={false}>
        <span className="username">{account.name}</span>
        {/* On a phone, where the name takes too much room: a figure standing for the account. */}
        <svg className="account-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </Link>
      <SignOutButton label={signOut} />
    </form>
  );
}
