import type { CommandPayload, RoomState } from '@banco/protocol';
import type { RefusalCode } from '../lib/words';

/** A private room's state as the table reports it (null at public tables). */
export type RoomView = RoomState;

/** The host's commands (P9), each with what it carries besides the table id. */
export type HostCommand =
  | 'room.lock'
  | 'room.pause'
  | 'room.kick'
  | 'room.host'
  | 'room.settings'
  | 'room.close'
  | 'bets.close'
  | 'room.chat'
  | 'room.mute';
export type HostPayloads = { [N in HostCommand]: Omit<CommandPayload<N>, 'tableId'> };

export type HostAnswer =
  { ok: true } | { ok: false; code: RefusalCode; message: string; field?: string | undefined };

export type HostSend = <N extends HostCommand>(
  name: N,
  payload: HostPayloads[N],
) => Promise<HostAnswer>;
