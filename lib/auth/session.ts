/** The signed-in user of the current request, as the data layer's Actor. */
import "server-only";
import { auth } from "@/auth";
import type { Actor } from "@/lib/data/access";

export async function currentActor(): Promise<Actor> {
  const session = await auth();
  return session?.user?.id ? { userId: session.user.id } : null;
}

export async function currentUser(): Promise<{ id: string; name: string } | null> {
  const session = await auth();
  return session?.user?.id ? { id: session.user.id, name: session.user.name ?? "" } : null;
}
