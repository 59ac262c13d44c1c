/**
 * Accounts with Auth.js v5: username + password (bcrypt, throttled), optional GitHub sign-in when
 * AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are set, JWT sessions that Sign out ends on the server
 * (lib/data/sessions.ts). The secret comes from lib/env (kept in
 * ./data/ by the embedded default).
 */
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { findOrCreateOAuthUser, verifyCredentials } from "@/lib/data/users";
import { endSession, SESSION_MAX_AGE_MS, sessionLive, startSession } from "@/lib/data/sessions";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/security-headers.mjs";
import { env } from "@/lib/env";

/** Shown on the sign-in form: too many failed attempts for this username. */
export class ThrottledSignIn extends CredentialsSignin {
  code = "throttled";
}

function providers(): NextAuthConfig["providers"] {
  const list: NextAuthConfig["providers"] = [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const username = typeof credentials?.username === "string" ? credentials.username : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        // The address the server in front of Next saw (lib/server/front-guard.ts), never one the client claims.
        const client = request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
        const check = await verifyCredentials(username, password, new Date(), client);
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
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_MS / 1000 },
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
  events: {
    // Sign out (the form, or a phone telling the server later) ends the session for every copy of its cookie.
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      if (typeof token?.sid === "string") await endSession(token.sid);
    },
  },
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
      // A new session, its id kept in the cookie from now on: Sign out ends it on the server (lib/data/sessions.ts).
      if (user && token.sub) token.sid = await startSession(token.sub);
      // A session ended since (signed out, its password changed) gives nothing — no name, no id, no fresh cookie:
      // Auth.js answers null and clears the cookie.
      else if (!token.sub || !(await sessionLive(token.sid as string | undefined, token.sub))) return null;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
