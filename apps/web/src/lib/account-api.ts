import { claimAccountReply, loginReply, logoutReply, sessionReply } from '@banco/protocol';
import { asPlayer, call } from './api';

/** Turns this guest into an account: the same player and balance, now with a password. */
export const claimAccount = (token: string, username: string, password: string) =>
  call('/api/account/claim', claimAccountReply, asPlayer(token, 'POST', { username, password }));

export const logIn = (username: string, password: string) =>
  call('/api/session/login', loginReply, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

export const logOut = (token: string) =>
  call('/api/session/logout', logoutReply, asPlayer(token, 'POST', {}));

export const logOutEverywhere = (token: string) =>
  call('/api/session/logout-all', logoutReply, asPlayer(token, 'POST', {}));

export const currentSession = (token: string) =>
  call('/api/session', sessionReply, asPlayer(token));
