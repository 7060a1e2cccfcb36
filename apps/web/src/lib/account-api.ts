import { playerSchema } from '@banco/protocol';
import { z } from 'zod';
import { asPlayer, call } from './api';

const claimedSchema = z.object({ player: playerSchema, username: z.string() });
const loggedInSchema = z.object({
  token: z.string(),
  player: playerSchema,
  username: z.string(),
  expiresAt: z.number(),
});
const sessionSchema = z.object({
  player: playerSchema,
  username: z.string().nullable(),
  expiresAt: z.number(),
});
const doneSchema = z.unknown();

/** Turns this guest into an account: the same player and balance, now with a password. */
export const claimAccount = (token: string, username: string, password: string) =>
  call('/api/account/claim', claimedSchema, asPlayer(token, 'POST', { username, password }));

export const logIn = (username: string, password: string) =>
  call('/api/session/login', loggedInSchema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

export const logOut = (token: string) =>
  call('/api/session/logout', doneSchema, asPlayer(token, 'POST', {}));

export const logOutEverywhere = (token: string) =>
  call('/api/session/logout-all', doneSchema, asPlayer(token, 'POST', {}));

export const currentSession = (token: string) => call('/api/session', sessionSchema, asPlayer(token));
