import type { TableSettings } from '@banco/protocol';
import type { RefusalCode } from '../lib/words';
import type { RoomSettingsInput } from './room-form';

/** A private room's state as the table reports it (null at public tables). */
export interface RoomView {
  hostPlayerId: string | null;
  hostName: string | null;
  locked: boolean;
  paused: boolean;
  closing: boolean;
  nextSettings: TableSettings | null;
}

/** What each host command carries besides the table id. */
export interface HostPayloads {
  'room.lock': { locked: boolean };
  'room.pause': { paused: boolean };
  'room.kick': { playerId: string };
  'room.host': { playerId: string };
  'room.settings': { settings: RoomSettingsInput };
  'room.close': Record<string, never>;
  'bets.close': Record<string, never>;
}
export type HostCommand = keyof HostPayloads;

export type HostAnswer =
  | { ok: true }
  | { ok: false; code: RefusalCode; message: string; field?: string | undefined };

export type HostSend = <N extends HostCommand>(name: N, payload: HostPayloads[N]) => Promise<HostAnswer>;
