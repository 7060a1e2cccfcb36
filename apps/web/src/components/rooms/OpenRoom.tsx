'use client';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { openRoom, type RoomSummary } from '../../lib/rooms-api';
import { loadHouseEdges } from '../../lib/house-edges';
import { refusalWords, type RefusalCode } from '../../lib/words';
import type { RoomKind } from '@banco/protocol';
import { newRoomForm, roomSettingsInput, type RoomForm } from '../../rooms/room-form';
import { RoomSettingsForm, type EdgesFor, type SubmitAnswer } from './RoomSettingsForm';

/** The lobby's "Open a private room": the settings form with live house edges. */
export default function OpenRoom({
  token,
  onOpened,
  onCancel,
  kind = 'punto-banco',
}: {
  token: string;
  /** The game the form starts on (a page's "try Chemin de Fer with friends" link). */
  kind?: RoomKind;
  onOpened: (room: RoomSummary) => void;
  onCancel: () => void;
}) {
  const edgesFor = useHouseEdges();
  const submit = async (form: RoomForm): Promise<SubmitAnswer> => {
    try {
      const { room } = await openRoom(token, form.name.trim(), roomSettingsInput(form));
      onOpened(room);
      return { ok: true };
    } catch (e) {
      if (e instanceof ApiError) {
        return { ok: false, message: settingRefusal(e), field: e.field };
      }
      return { ok: false, message: refusalWords('INTERNAL') };
    }
  };
  return (
    <section className="panel open-room" aria-labelledby="open-room-title">
      <h2 id="open-room-title" className="open-room__title">
        Open a private room
      </h2>
      <p className="open-room__lead">
        Only people you send the link or a code to can find it. You are the host: you can lock it,
        pause it, and change the rules for the next shoe.
      </p>
      <RoomSettingsForm
        initial={newRoomForm(kind)}
        mode="open"
        edgesFor={edgesFor}
        onSubmit={submit}
        onCancel={onCancel}
      />
    </section>
  );
}

/** The server's own message names the limit that was broken, so it is shown as it is. */
export function settingRefusal(error: ApiError): string {
  return error.code === 'INVALID_SETTING'
    ? error.message
    : (refusalWords(error.code as RefusalCode) ?? error.message);
}

/** The house edges for every rule set and deck count, fetched once. */
export function useHouseEdges(): EdgesFor {
  const [edges, setEdges] = useState<EdgesFor>(() => () => null);
  useEffect(() => {
    let alive = true;
    void loadHouseEdges().then((found) => {
      if (alive && found) setEdges(() => found);
    });
    return () => {
      alive = false;
    };
  }, []);
  return edges;
}
