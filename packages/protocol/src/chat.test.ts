import { describe, expect, it } from 'vitest';
import { CHAT_MAX_CHARS, CHAT_REACTIONS, chatText } from './chat.js';
import { ACKS, COMMANDS } from './commands.js';
import { tableEventSchema } from './events.js';

describe('chat text (P11.2, P11.3)', () => {
  it('keeps the text as typed, markup included: it is shown as text, never parsed', () => {
    expect(chatText('<img src=x onerror=alert(1)>')).toEqual({
      ok: true,
      text: '<img src=x onerror=alert(1)>',
    });
  });

  it('makes one line: breaks and tabs become single spaces, the ends are trimmed', () => {
    expect(chatText('  good\n\n luck\t all  ')).toEqual({ ok: true, text: 'good luck all' });
  });

  it('drops bidirectional overrides so a message cannot reverse what follows it', () => {
    expect(chatText('abc\u202edef\u2066')).toEqual({ ok: true, text: 'abcdef' });
  });

  it('is NFC, so the same word typed two ways is the same text', () => {
    expect(chatText('cafe\u0301')).toEqual({ ok: true, text: 'caf\u00e9' });
  });

  it('counts code points: an emoji is one character, the limit is exact', () => {
    expect(chatText('🍀'.repeat(CHAT_MAX_CHARS)).ok).toBe(true);
    expect(chatText('a'.repeat(CHAT_MAX_CHARS + 1))).toMatchObject({
      ok: false,
      code: 'CHAT_TOO_LONG',
    });
  });

  it('P3.3: refuses a lone surrogate, a NUL or another control character (INVALID_TEXT)', () => {
    for (const text of ['hi \ud800', 'hi \udfff there', 'a\u0000b', 'bell\u0007', 'esc\u001b[2J']) {
      expect(chatText(text), JSON.stringify(text)).toMatchObject({
        ok: false,
        code: 'INVALID_TEXT',
      });
    }
    expect(chatText('hi \u{1F340}')).toEqual({ ok: true, text: 'hi \u{1F340}' });
  });

  it('refuses what is empty once normalised', () => {
    expect(chatText(' \n\t ')).toMatchObject({ ok: false, code: 'CHAT_EMPTY' });
  });
});

describe('chat messages on the wire (P11.1, P11.5)', () => {
  const base = { tableId: 'main', version: 9, at: 1_764_441_600_000 };
  const sender = { id: 1, at: base.at, playerId: 'p-1', name: 'Ann', seat: 3 };

  it('chat.send is a text or a named reaction, nothing else', () => {
    const send = COMMANDS['chat.send'];
    expect(send.safeParse({ tableId: 'main', text: 'hi' }).success).toBe(true);
    expect(send.safeParse({ tableId: 'main', reaction: 'clap' }).success).toBe(true);
    expect(send.safeParse({ tableId: 'main', reaction: '<b>' }).success).toBe(false);
    expect(send.safeParse({ tableId: 'main', text: 'hi', reaction: 'clap' }).success).toBe(false);
    expect(send.safeParse({ tableId: 'main', text: 'hi', playerId: 'p-2' }).success).toBe(false);
    expect(ACKS['chat.send'].parse({ ok: true, version: 3, id: 1 })).toEqual({
      ok: true,
      version: 3,
      id: 1,
    });
  });

  it('chat.message carries a text line or a reaction from the fixed set', () => {
    for (const message of [
      { ...sender, kind: 'text', text: 'good luck' },
      { ...sender, seat: null, kind: 'reaction', reaction: 'luck' },
    ]) {
      const event = { ...base, type: 'chat.message', message };
      expect(tableEventSchema.parse(event)).toEqual(event);
    }
    const unknown = { ...sender, kind: 'reaction', reaction: 'rocket' };
    expect(
      tableEventSchema.safeParse({ ...base, type: 'chat.message', message: unknown }).success,
    ).toBe(false);
    const html = { ...sender, kind: 'html', html: '<b>hi</b>' };
    expect(
      tableEventSchema.safeParse({ ...base, type: 'chat.message', message: html }).success,
    ).toBe(false);
    expect(Object.keys(CHAT_REACTIONS).length).toBeGreaterThanOrEqual(5);
  });
});
