"use client";

import { useI18n } from "@/lib/i18n/client";
import { useTransition } from "react";
import type { ActionResult } from "@/lib/http/action-result";
import { removeMemberAction, rotateInviteAction } from "./actions";
import { withSignal } from "@/app/_components/with-signal";

interface Props {
  eveningId: string;
  inviteUrl: string;
  qrSvg: string;
  members: { userId: string; username: string }[];
  /** After a change, with the action's answer. */
  onChanged: (result: ActionResult) => void;
}

/** The owner's panel: the invite link and its QR code, and who else may enter deals. */
export function InvitePanel({ eveningId, inviteUrl, qrSvg, members, onChanged }: Props) {
  const { dict } = useI18n();
  const [pending, startTransition] = useTransition();
  const act = (work: () => Promise<ActionResult>) =>
    startTransition(async () => {
      const response = await withSignal(work);
      onChanged(response);
    });
  return (
    <details className="card no-print">
      <summary>{dict["table.invite"]}</summary>
      <div className="stack">
        <p className="muted">{dict["table.inviteHelp"]}</p>
        {/* The QR code is generated on the server from the invite link. */}
        <div className="qr" role="img" aria-label={inviteUrl} dangerouslySetInnerHTML={{ __html: qrSvg }} />
        <input
          readOnly
          value={inviteUrl}
          aria-label={dict["table.invite"]}
          data-testid="invite-url"
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className="button small"
          disabled={pending}
          onClick={() => act(() => rotateInviteAction(eveningId))}
        >
          {dict["table.newInvite"]}
        </button>
        <h3>{dict["table.members"]}</h3>
        {members.length === 0 ? <p className="muted">{dict["table.noMembers"]}</p> : null}
        <ul className="seat-list">
          {members.map((m) => (
            <li key={m.userId}>
              <span>{m.username}</span>
              <button
                type="button"
                className="button small"
                disabled={pending}
                aria-label={`${dict["table.remove"]}: ${m.username}`}
                onClick={() => act(() => removeMemberAction(eveningId, m.userId))}
              >
                {dict["table.remove"]}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
