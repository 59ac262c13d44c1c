import type { ReactNode } from "react";
import { BoardHeader } from "@/app/_components/board-header";

/**
 * The live scoreboard of a share link: watched, often by someone without an account, on a phone or a TV. It
 * loads nothing of the table's side of the app (no service worker, no outbox): the header's links are plain.
 */
export default function ShareLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <BoardHeader />
      <div id="content">{children}</div>
    </>
  );
}
