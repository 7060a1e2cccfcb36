'use client';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { makeInvite, roomLink } from '../../lib/rooms-api';
import { inviteWords } from '../../lib/room-words';
import { refusalWords, type RefusalCode } from '../../lib/words';

const INVITE_MINUTES = 60;

/**
 * How friends get in: the room's link (anyone holding it can come in) and, for the host, a
 * short code that stops working after an hour, easy to read out loud.
 */
export function SharePanel({
  roomId,
  token,
  isHost,
  approves = false,
}: {
  roomId: string;
  token: string;
  isHost: boolean;
  /** The host approves each player (P8.7): an invite may let its guests in without asking. */
  approves?: boolean;
}) {
  const link = roomLink(roomId);
  const [copied, setCopied] = useState<string | null>(null);
  const [invite, setInvite] = useState<{
    code: string;
    expiresAt: string;
    autoApprove: boolean;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [autoApprove, setAutoApprove] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied. Send it to your friends.');
    } catch {
      setCopied('Copying is blocked here: select the link and copy it yourself.');
    }
  };
  const make = async () => {
    setError(null);
    try {
      setInvite({
        ...(await makeInvite(token, roomId, INVITE_MINUTES, approves && autoApprove)),
        autoApprove: approves && autoApprove,
      });
    } catch (e) {
      setError(refusalWords((e instanceof ApiError ? e.code : 'INTERNAL') as RefusalCode));
    }
  };

  return (
    <section className="panel share" aria-labelledby={`share-${roomId}`}>
      <h2 className="panel__title" id={`share-${roomId}`}>
        Invite friends
      </h2>
      <p className="share__hint">
        Anyone with this link can come in. Nobody else can find the room.
      </p>
      <div className="share__row">
        <label htmlFor={`link-${roomId}`} className="sr-only">
          Room link
        </label>
        {/* A text area, not a one-line input: the whole link shows, wrapped, and selects whole. */}
        <textarea
          id={`link-${roomId}`}
          className="share__link"
          readOnly
          rows={2}
          value={link}
          data-testid="room-link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="share__status" role="status">
        {copied ?? ''}
      </p>
      {isHost ? (
        <div className="share__invite">
          {invite ? (
            <p>
              Invite code{' '}
              <strong className="share__code" data-testid="invite-code">
                {invite.code}
              </strong>{' '}
              <span className="share__hint">
                {inviteWords(Date.parse(invite.expiresAt), Date.now())}
                {invite.autoApprove ? ' Whoever uses it sits without asking you.' : ''}
              </span>
            </p>
          ) : null}
          {approves ? (
            <label className="check">
              <input
                type="checkbox"
                checked={autoApprove}
                data-testid="invite-auto-approve"
                onChange={(e) => setAutoApprove(e.target.checked)}
              />
              <span>Let whoever uses the code sit without asking me</span>
            </label>
          ) : null}
          <button type="button" onClick={() => void make()}>
            {invite ? 'Make a new code' : 'Make an invite code'}
          </button>
          {error ? (
            <p className="refusal" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
