import { NotFoundMessage } from "@/app/_components/not-found-message";
import { StrandedChanges } from "@/app/_components/stranded-changes";

/**
 * A page of the table not found (an evening that does not exist or is not yours): under the table's header — with
 * the changes of that evening still waiting on this phone, which can no longer be sent.
 */
export default function NotFound() {
  return (
    <NotFoundMessage>
      {/* The offline words come from the table's layout. */}
      <StrandedChanges />
    </NotFoundMessage>
  );
}
