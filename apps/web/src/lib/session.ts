/**
 * What the browser remembers: that the age gate was passed, and the guest's token (shown
 * once by the server; a reload with it is the same player at the same seat).
 */
const AGE_KEY = 'banco.age';
const GUEST_KEY = 'banco.guest';
const SOUND_KEY = 'banco.sound';

export interface StoredGuest {
  token: string;
  player: { id: string; name: string };
  /** Set once the guest has claimed an account (or logged in to one). */
  username?: string | null;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse storage: the session still works until the tab closes.
  }
}

export const ageConfirmed = (): boolean => read(AGE_KEY) === '1';
export const confirmAge = (): void => write(AGE_KEY, '1');

export function storedGuest(): StoredGuest | null {
  const raw = read(GUEST_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredGuest>;
    if (typeof value.token !== 'string' || typeof value.player?.id !== 'string') return null;
    return {
      token: value.token,
      player: { id: value.player.id, name: value.player.name ?? '' },
      username: typeof value.username === 'string' ? value.username : null,
    };
  } catch {
    return null;
  }
}

export const storeGuest = (guest: StoredGuest | null): void =>
  write(GUEST_KEY, guest === null ? null : JSON.stringify(guest));

export const soundPreferred = (): boolean => read(SOUND_KEY) === 'on';
export const storeSound = (on: boolean): void => write(SOUND_KEY, on ? 'on' : 'off');
