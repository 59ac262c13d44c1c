import { NotFoundMessage } from "@/app/_components/not-found-message";

/** A page of the table not found (an evening that does not exist or is not yours): under the table's header. */
export default function NotFound() {
  return <NotFoundMessage />;
}
