"use client";

import Link from "next/link";
import { signOutAction } from "@/app/(auth)/actions";
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
      <Link href="/sign-in" className="button small">
        {signIn}
      </Link>
    );
  return (
    <form action={signOutAction} className="account">
      <span className="username" data-testid="signed-in-as">
        {account.name}
      </span>
      <SignOutButton label={signOut} />
    </form>
  );
}
