import {
  createGuestReply,
  createRoomReply,
  type CreateGuestReply,
  type RoomSettingsInput,
} from '@banco/protocol';

/** A room form filled in the way the browser test does: 6 decks, no-commission, 10 s. */
export function roomSettings(overrides: Partial<RoomSettingsInput> = {}): RoomSettingsInput {
  return {
    decks: 6,
    ruleSet: 'no-commission',
    tiePays: 8,
    sideBets: ['super6'],
    limits: { min: 500, max: 20_000, tie: { max: 5_000 }, side: { max: 2_000 } },
    seats: 7,
    bettingSeconds: 10,
    untimedBetting: false,
    cardTurning: true,
    cut: 14,
    lastHand: 'plus-one',
    seatHoldSeconds: 90,
    ...overrides,
  };
}

export async function newGuest(url: string, name: string): Promise<CreateGuestReply> {
  const response = await fetch(`${url}/api/guests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return createGuestReply.parse(await response.json());
}

/** A made-up client address: per-address limits then apply per call, not to the whole file. */
const anyAddress = (): string =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * Any HTTP call, answered as status and parsed JSON body. `from` is the client's address as a
 * trusted proxy reports it (the server must run with TRUST_PROXY=loopback); a fresh one when
 * not given.
 */
export async function call(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; from?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.from ?? anyAddress() };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** Opens a room as `token`'s player; throws unless it was created. */
export async function openRoom(
  url: string,
  token: string,
  name: string,
  settings: RoomSettingsInput = roomSettings(),
) {
  const { status, body } = await call(url, '/api/rooms', { token, body: { name, settings } });
  if (status !== 201) throw new Error(`room not opened: ${status} ${JSON.stringify(body)}`);
  return createRoomReply.parse(body);
}
