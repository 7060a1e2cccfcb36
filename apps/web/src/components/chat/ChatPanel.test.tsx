import { CHAT_MAX_CHARS, type ChatMessage } from '@banco/protocol';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hostedRoom } from '../../testing/room';
import type { Answer } from '../BetPanel';
import ChatPanel, { type ChatPanelProps } from './ChatPanel';

const XSS = '<img src=x onerror=alert(1)>';
const line = (id: number, over: Partial<ChatMessage> = {}): ChatMessage =>
  ({
    id,
    at: 1_764_441_600_000 + id * 1000,
    playerId: 'bob',
    name: 'Bob',
    seat: 2,
    kind: 'text',
    text: `line ${id}`,
    ...over,
  }) as ChatMessage;

function panel(overrides: Partial<ChatPanelProps> = {}) {
  const send = vi.fn(async (): Promise<Answer> => ({ ok: true }));
  const view = render(
    <ChatPanel
      messages={[]}
      you={{ playerId: 'ann', seat: 1 }}
      room={null}
      live
      send={send}
      {...overrides}
    />,
  );
  return { send, ...view };
}

/** What a screen reader reads of an element: its text, less anything hidden from it. */
function spoken(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  return [...node.childNodes].map(spoken).join('');
}

describe('ChatPanel', () => {
  it('a line is read as "name, time: words", never run together', () => {
    const at = new Date(2026, 11, 2, 14, 34).getTime();
    panel({
      messages: [
        line(1, { name: 'Ann', playerId: 'ann', text: 'burst 0', at }),
        { ...line(2, { at }), kind: 'reaction', reaction: 'luck' } as ChatMessage,
      ],
    });
    const [text, reaction] = screen.getAllByTestId('chat-line');
    expect(spoken(text!).replace(/\s+/g, ' ').trim()).toBe('Ann, 14:34: burst 0');
    expect(spoken(reaction!).replace(/\s+/g, ' ').trim()).toBe('Bob, 14:34: Good luck');
  });

  it('reactions are drawn (inline SVG), not emoji glyphs a machine may lack a font for', () => {
    const { container } = panel({
      messages: [{ ...line(2), kind: 'reaction', reaction: 'fire' } as ChatMessage],
    });
    const pictures = [...container.querySelectorAll('svg.chat__icon')];
    // Seven buttons and the line's own picture.
    expect(pictures.length).toBe(8);
    expect(pictures.every((svg) => svg.querySelector('path, circle, ellipse, rect'))).toBe(true);
    // No emoji anywhere in what is shown.
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('shows markup as the text it is: no element is made from a message', () => {
    const { container } = panel({ messages: [line(1, { text: XSS })] });
    expect(screen.getByText(XSS)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('puts the lines in a polite log, reactions with their words', () => {
    panel({
      messages: [line(1), line(2, { kind: 'reaction', reaction: 'luck', seat: null } as never)],
    });
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    const items = within(log).getAllByRole('listitem');
    expect(items[1]!.textContent).toContain('Bob (watching)');
    expect(items[1]!.textContent).toContain('Good luck');
  });

  it('sends the normalised text from a labelled box, and clears it once taken', async () => {
    const { send } = panel();
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: '  hello \t  all ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(send).toHaveBeenCalledWith({ text: 'hello all' }));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
  });

  it('says why a line was refused and keeps what was typed', async () => {
    const send = vi.fn(async (): Promise<Answer> => ({
      ok: false,
      code: 'CHAT_RATE_LIMITED',
      message: 'wait',
    }));
    panel({ send });
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'again' } });
    fireEvent.submit(box.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toMatch(/slow down/i);
    expect((box as HTMLInputElement).value).toBe('again');
  });

  it('counts near the limit and will not send past it', () => {
    const { send } = panel();
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'x'.repeat(CHAT_MAX_CHARS + 1) } });
    expect(screen.getByText(`${CHAT_MAX_CHARS + 1} of ${CHAT_MAX_CHARS} characters`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a quick reaction by name', async () => {
    const { send } = panel();
    fireEvent.click(screen.getByRole('button', { name: 'React: Bravo' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ reaction: 'clap' }));
  });

  it('a watcher at a public table reads only; in a room the host may open the box', () => {
    const watcher = { playerId: 'wes', seat: null };
    const { unmount } = panel({ you: watcher });
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.getByTestId('chat-closed').textContent).toMatch(/take a seat/i);
    unmount();
    panel({ you: watcher, room: { ...hostedRoom, watchersWrite: true } });
    expect(screen.getByLabelText('Message')).toBeTruthy();
  });

  it('P11.7 before the snapshot names the player, the box gives no reason it cannot yet know', () => {
    const { rerender } = panel({ you: { playerId: '', seat: null } });
    expect(screen.getByTestId('chat-closed').textContent).toMatch(/joining/i);
    rerender(
      <ChatPanel
        messages={[]}
        you={{ playerId: 'wes', seat: null }}
        room={hostedRoom}
        live
        send={vi.fn()}
      />,
    );
    expect(screen.getByTestId('chat-closed').textContent).toMatch(/ask the host/i);
  });

  it('a muted player is told so; the host mutes from a writer’s latest line', async () => {
    const { unmount } = panel({ room: { ...hostedRoom, muted: ['ann'] } });
    expect(screen.getByTestId('chat-closed').textContent).toMatch(/muted/);
    unmount();
    const onMute = vi.fn(async (): Promise<Answer> => ({ ok: true }));
    panel({ messages: [line(1), line(2)], room: hostedRoom, onMute });
    const mutes = screen.getAllByRole('button', { name: 'Mute Bob' });
    expect(mutes).toHaveLength(1);
    fireEvent.click(mutes[0]!);
    await waitFor(() => expect(onMute).toHaveBeenCalledWith('bob', true));
  });
});
