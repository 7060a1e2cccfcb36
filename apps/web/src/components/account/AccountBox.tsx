'use client';
import { passwordProblem } from '@banco/protocol';
import { useState } from 'react';
import { claimAccount, logOut, logOutEverywhere } from '../../lib/account-api';
import { CredentialFields, useCredentials } from './Credentials';
import { ApiError } from '../../lib/api';
import { storeGuest, type StoredGuest } from '../../lib/session';
import { accountRefusal } from '../../lib/room-words';
import { Confirm } from '../rooms/Confirm';

const leave = () => {
  storeGuest(null);
  window.location.assign('/');
};

/**
 * Who you are, in the top bar: a guest may keep their chips by choosing a username and a
 * password; an account may log out here or on every device at once.
 */
export function AccountBox({
  guest,
  onChange,
}: {
  guest: StoredGuest;
  onChange: (g: StoredGuest) => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  const end = async (everywhere: boolean) => {
    try {
      await (everywhere ? logOutEverywhere(guest.token) : logOut(guest.token));
    } catch (e) {
      // An expired session is already logged out; anything else is worth saying.
      if (!(e instanceof ApiError && (e.code === 'SESSION_EXPIRED' || e.code === 'UNAUTHORIZED'))) {
        setError(accountRefusal(e instanceof ApiError ? e.code : 'INTERNAL'));
        return;
      }
    }
    leave();
  };

  return (
    <div className="account" data-testid="account">
      <p className="topbar__who">
        Playing as <strong data-testid="who">{guest.player.name}</strong>
        {guest.username ? (
          <>
            {' '}
            · account <strong data-testid="username">{guest.username}</strong>
          </>
        ) : (
          ' · guest'
        )}
      </p>
      <div className="account__actions">
        {guest.username ? (
          <>
            <button type="button" className="link" onClick={() => void end(false)}>
              Log out
            </button>
            {confirmAll ? (
              <Confirm
                question="Sign out on every device, this one too?"
                yes="Yes, log out everywhere"
                onYes={() => void end(true)}
                onNo={() => {
                  setConfirmAll(false);
                  requestAnimationFrame(() => document.getElementById('logout-all')?.focus());
                }}
              />
            ) : (
              <button
                type="button"
                id="logout-all"
                className="link"
                onClick={() => setConfirmAll(true)}
              >
                Log out everywhere
              </button>
            )}
          </>
        ) : (
          <>
            <button
              type="button"
              className="link"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              Keep my chips
            </button>
            <button type="button" className="link" onClick={leave}>
              Change name
            </button>
          </>
        )}
      </div>
      {error ? (
        <p className="refusal" role="alert">
          {error}
        </p>
      ) : null}
      {open && !guest.username ? (
        <ClaimForm
          guest={guest}
          onDone={(username) => {
            const next = { ...guest, username };
            storeGuest(next);
            onChange(next);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function ClaimForm({ guest, onDone }: { guest: StoredGuest; onDone: (username: string) => void }) {
  const form = useCredentials(
    async (username, password) =>
      onDone((await claimAccount(guest.token, username, password)).username),
    // The server's own rule, checked here first so a short password costs no round trip.
    (username, password) => (passwordProblem(password, username) ? 'WEAK_PASSWORD' : null),
  );
  return (
    <form
      className="account__form"
      onSubmit={(e) => void form.submit(e)}
      aria-label="Keep my chips"
    >
      <p>
        Choose a username and a password to come back to these chips from any device. No e-mail
        needed.
      </p>
      <CredentialFields form={form} newPassword />
      <button type="submit" className="primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save my account'}
      </button>
    </form>
  );
}
