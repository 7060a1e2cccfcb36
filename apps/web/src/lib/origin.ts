/**
 * The server lives at the page's own origin (it serves this static export). A development
 * build may point elsewhere with NEXT_PUBLIC_BANCO_SERVER.
 */
export function serverOrigin(): string {
  const configured = process.env.NEXT_PUBLIC_BANCO_SERVER;
  return configured && configured !== '' ? configured : window.location.origin;
}
