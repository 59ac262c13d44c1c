/**
 * Accounts with Auth.js v5: username + password (bcrypt, throttled), optional GitHub sign-in when
 * AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are set, JWT sessions. The secret comes from lib/env (kept in
 * ./data/ by the embedded default).
 */
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { findOrCreateOAuthUser, verifyCredentials } from "@/lib/data/users";
import { env } from "@/lib/env";

/** Shown on the sign-in form: too many failed attempts for this username. */
export class ThrottledSignIn extends CredentialsSignin {
  code = "throttled";
}

function providers(): NextAuthConfig["providers"] {
  const list: NextAuthConfig["providers"] = [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const username = typeof credentials?.username === "string" ? credentials.username : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        const check = await verifyCredentials(username, password);
        if (check.ok) return { id: check.user.id, name: check.user.username };
        if (check.reason === "throttled") throw new ThrottledSignIn();
        return null;
      },
    }),
  ];
  const { AUTH_GITHUB_ID, AUTH_GITHUB_SECRET } = env();
  if (AUTH_GITHUB_ID && AUTH_GITHUB_SECRET)
    list.push(GitHub({ clientId: AUTH_GITHUB_ID, clientSecret: AUTH_GITHUB_SECRET }));
  return list;
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/sign-in" },
  logger: {
    // A wrong password is an everyday event, answered on the form; log only real failures.
    error(error) {
      const type = (error as Error & { type?: string }).type ?? error.name;
      if (type === "CredentialsSignin") return;
      console.error("[auth]", error);
    },
  },
  providers: providers(),
  callbacks: {
    async jwt({ token, user, account, profile }) {
      if (account?.provider === "github" && profile?.login) {
        const local = await findOrCreateOAuthUser("github", String(profile.login));
        token.sub = local.id;
        token.name = local.username;
      } else if (user?.id) {
        token.sub = user.id;
        token.name = user.name;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
