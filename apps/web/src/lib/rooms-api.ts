import {
  createInviteReply,
  createRoomReply,
  inviteReply,
  roomLink as roomPath,
  type RoomSummary,
} from '@banco/protocol';
import type { RoomSettingsInput } from '../rooms/room-form';
import { asPlayer, call } from './api';
import { serverOrigin } from './origin';

export type { RoomSummary };

export const openRoom = (token: string, name: string, settings: RoomSettingsInput) =>
  call('/api/rooms', createRoomReply, asPlayer(token, 'POST', { name, settings }));

/** T12.1: the player's practice table, opened or found again. */
export const openPractice = (token: string) =>
  call('/api/rooms/practice', createRoomReply, asPlayer(token, 'POST', {}));

/** `autoApprove` (P8.7): whoever comes in by the code sits without asking the host. */
export const makeInvite = (
  token: string,
  roomId: string,
  ttlMinutes: number,
  autoApprove = false,
) =>
  call(
    `/api/rooms/${encodeURIComponent(roomId)}/invites`,
    createInviteReply,
    asPlayer(token, 'POST', { ttlMinutes, ...(autoApprove ? { autoApprove } : {}) }),
  );

/** The room an invite code leads to; UNKNOWN_TABLE or INVITE_EXPIRED otherwise. */
export const redeemInvite = (token: string, code: string) =>
  call(
    `/api/invites/${encodeURIComponent(code.trim().toUpperCase())}`,
    inviteReply,
    asPlayer(token),
  );

/** The server answers with a relative link; a friend needs the whole address. */
export const absoluteLink = (link: string): string => new URL(link, serverOrigin()).toString();

export const roomLink = (roomId: string): string => absoluteLink(roomPath(roomId));
