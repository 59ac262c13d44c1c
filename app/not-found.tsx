import { BoardHeader } from "./_components/board-header";
import { NotFoundMessage } from "./_components/not-found-message";

/** An address that is nothing of the app's: the message under the plain header (the language can be switched). */
export default function NotFound() {
  return (
    <>
      <BoardHeader />
      <div id="content">
        <NotFoundMessage />
      </div>
    </>
  );
}
