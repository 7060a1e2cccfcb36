import { describe, expect, it } from 'vitest';
import { ROOM_KINDS } from '@banco/protocol';
import { nextPlace, OPEN_CHEMIN, openRoomLink, roomFormKind } from './navigation';

describe('where a named visitor goes next', () => {
  it('back to the room link that brought them', () => {
    const room = '/table/?id=r_Qk3vV9xw7nE2bL0aZpT5sg';
    expect(nextPlace(`?next=${encodeURIComponent(room)}`)).toBe(room);
  });

  it('the lobby for anything else: no other site, no other page', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/table/?id=x',
      '/table/?id=x&sit=1',
      '/lobby/',
    ]) {
      expect(nextPlace(`?next=${encodeURIComponent(next)}`)).toBe('/lobby/');
    }
    expect(nextPlace('')).toBe('/lobby/');
  });

  it('back to the lobby with the room form on Chemin de Fer ("try it with friends")', () => {
    expect(nextPlace(`?next=${encodeURIComponent(OPEN_CHEMIN)}`)).toBe(OPEN_CHEMIN);
    expect(roomFormKind(new URL(OPEN_CHEMIN, 'http://x').search)).toBe('chemin-de-fer');
    expect(roomFormKind('?open=roulette')).toBeNull();
    expect(roomFormKind('')).toBeNull();
  });

  it('every game’s room form link comes back to the form on that game', () => {
    for (const kind of ROOM_KINDS) {
      const link = openRoomLink(kind);
      expect(nextPlace(`?next=${encodeURIComponent(link)}`)).toBe(link);
      expect(roomFormKind(new URL(link, 'http://x').search)).toBe(kind);
    }
  });
});
