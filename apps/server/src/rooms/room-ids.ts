import { randomBytes, randomInt } from 'node:crypto';
import { INVITE_ALPHABET, INVITE_CODE_LENGTH } from '@banco/protocol';

/** T10.1: 128 random bits, base64url: the id is the room's only key, so it must not be guessed. */
export function newRoomId(): string {
  return `r_${randomBytes(16).toString('base64url')}`;
}

/** T10.3: 8 characters drawn uniformly (randomInt rejects the modulo bias). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}
