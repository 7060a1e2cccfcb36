'use client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, createGuest } from '../lib/api';
import { LoginForm } from './account/LoginForm';
import { nextPlace } from '../lib/navigation';
import { ageConfirmed, confirmAge, storedGuest, storeGuest } from '../lib/session';

type Step = 'age' | 'name' | 'login';

const goToLobby = () => window.location.assign(nextPlace(window.location.search));

/** First visit: the age gate, then a name, then the lobby. A returning player goes straight on. */
export function HomeScreen() {
  // The exported page shows the age gate, so a first visit sees it at once; a returning
  // visitor is sent on as soon as the page knows the browser remembers them.
  const [step, setStep] = useState<Step>('age');
  // The exported HTML arrives before its script: until the page can act on a press, the button
  // says so (disabled) rather than swallowing the press.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    if (!ageConfirmed()) return;
    if (storedGuest()) goToLobby();
    else setStep('name');
  }, []);

  return (
    <main className="welcome">
      <div className="welcome__card">
        <p className="welcome__brand" aria-hidden="true">
          Banco
        </p>
        {step === 'age' ? (
          <AgeGate ready={ready} onPass={() => (storedGuest() ? goToLobby() : setStep('name'))} />
        ) : null}
        {step === 'name' ? <NameForm onLogin={() => setStep('login')} /> : null}
        {step === 'login' ? <LoginForm onBack={() => setStep('name')} /> : null}
      </div>
    </main>
  );
}

function AgeGate({ ready, onPass }: { ready: boolean; onPass: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // autoFocus cannot take a disabled button: focus it once it can be pressed.
  useEffect(() => {
    if (ready) button.current?.focus();
  }, [ready]);
  return (
    <section aria-labelledby="age-title">
      <h1 id="age-title">Before you sit down</h1>
      <p>Banco is a Punto Banco table for adults: you must be 18 or older to play.</p>
      <ul className="welcome__facts">
        <li>The chips here are virtual. They have no money value.</li>
        <li>Chips can never be bought, sold or cashed out.</li>
        <li>Run short and the table tops you up again, for free.</li>
      </ul>
      <button
        ref={button}
        type="button"
        className="primary big"
        disabled={!ready}
        onClick={() => {
          confirmAge();
          onPass();
        }}
      >
        I am 18 or older
      </button>
      <p className="welcome__small">Not 18 yet? Please close this page.</p>
    </section>
  );
}

function NameForm({ onLogin }: { onLogin: () => void }) {
  const inputId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError('Type a name the table can call you.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const guest = await createGuest(trimmed);
      storeGuest({ token: guest.token, player: guest.player });
      goToLobby();
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'RATE_LIMITED'
          ? 'Too many new players from here just now. Wait a minute and try again.'
          : e instanceof ApiError && e.code === 'OFFLINE'
            ? 'The table server cannot be reached. Is it running?'
            : 'That name did not work. Try another (1 to 32 characters).',
      );
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="name-title">
      <h1 id="name-title">What should the table call you?</h1>
      <p>You get 1,000 free virtual chips. No account, no e-mail.</p>
      <label htmlFor={inputId}>Your name</label>
      <input
        id={inputId}
        name="name"
        autoComplete="nickname"
        maxLength={32}
        value={name}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      {error ? (
        <p className="refusal" role="alert" id={`${inputId}-error`}>
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary big" disabled={busy}>
        {busy ? 'Getting your chips…' : 'Get my chips'}
      </button>
      <button type="button" className="link welcome__login" onClick={onLogin}>
        Played before? Log in
      </button>
    </form>
  );
}
