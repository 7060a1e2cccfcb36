/**
 * Where to go once the visitor has a name: back to the room link that sent them here (only a
 * path inside this app, never another site), or the lobby.
 */
export function nextPlace(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/table\/\?id=[A-Za-z0-9_-]+$/.test(next) ? next : '/lobby/';
}
