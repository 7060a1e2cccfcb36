/**
 * The invite code a player came in by, kept for this tab: asking to sit with it lets an invite
 * the host made with auto-approve seat them at once (P8.7).
 */
const key = (roomId: string) => `banco.invite.${roomId}`;

export function rememberInvite(roomId: string, code: string): void {
  try {
    window.sessionStorage.setItem(key(roomId), code);
  } catch {
    // Storage refused (a private window): the player asks the host like everyone else.
  }
}

export function inviteFor(roomId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(key(roomId)) ?? undefined;
  } catch {
    return undefined;
  }
}
