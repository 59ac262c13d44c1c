/** For pages: the signed-in actor, or a redirect to sign-in that comes back here. */
import "server-only";
import { redirect } from "next/navigation";
import { currentActor } from "./session";

export async function requireActor(returnTo: string): Promise<{ userId: string }> {
  const actor = await currentActor();
  if (!actor) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  return actor;
}
