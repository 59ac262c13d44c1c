import Link from "next/link";

/** An invite opened without an account: make one, or sign in — and come back to the invite (`next`). */
export function SignUpOrIn({ next, signUp, signIn }: { next: string; signUp: string; signIn: string }) {
  const back = encodeURIComponent(next);
  return (
    <div className="actions">
      <Link className="button primary" href={`/sign-up?next=${back}`}>
        {signUp}
      </Link>
      <Link className="button" href={`/sign-in?next=${back}`}>
        {signIn}
      </Link>
    </div>
  );
}
