import type { BrowserContext, Page } from 'playwright-core';

/**
 * Watches a page's DOM for card faces. An init script records, with the time, everything a
 * face could hide in: every added node's markup, every attribute value and every text change,
 * from the first parsed byte on. A card is "in the DOM" as soon as any record names it.
 */
export interface DomRecord {
  t: number;
  text: string;
}

declare global {
  interface Window {
    __bancoDomLog?: DomRecord[];
  }
}

export async function recordDom(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: { t: number; text: string }[] = [];
    window.__bancoDomLog = log;
    const markup = (node: Node) =>
      node instanceof Element ? node.outerHTML : (node.textContent ?? '');
    new MutationObserver((records) => {
      const t = Date.now();
      for (const r of records) {
        if (r.type === 'childList') {
          r.addedNodes.forEach((node) => log.push({ t, text: markup(node) }));
        } else if (r.type === 'attributes' && r.target instanceof Element) {
          const value = r.target.getAttribute(r.attributeName!) ?? '';
          log.push({ t, text: `${r.attributeName}="${value}"` });
        } else if (r.type === 'characterData') {
          log.push({ t, text: r.target.textContent ?? '' });
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export async function domLog(page: Page): Promise<DomRecord[]> {
  return page.evaluate(() => window.__bancoDomLog ?? []);
}

const SUITS: Record<string, { symbol: string; name: string }> = {
  S: { symbol: '♠', name: 'spades' },
  H: { symbol: '♥', name: 'hearts' },
  D: { symbol: '♦', name: 'diamonds' },
  C: { symbol: '♣', name: 'clubs' },
};
const RANK_NAMES: Record<string, string> = { A: 'ace', J: 'jack', Q: 'queen', K: 'king' };

/**
 * True when `text` carries the face of `code` in any form a page could use: the code itself
 * ("9H", in an attribute or text), the glyphs ("9♥", across tags), or words ("9 of hearts",
 * "nine of hearts").
 */
export function namesCard(text: string, code: string): boolean {
  const rank = code.slice(0, -1);
  const suit = SUITS[code.slice(-1)]!;
  if (new RegExp(`(^|[^A-Za-z0-9])${code}($|[^A-Za-z0-9])`).test(text)) return true;
  const plain = text.replace(/<[^>]*>/g, '').replace(/\s+/g, '');
  if (new RegExp(`(^|[^0-9])${rank}${suit.symbol}`).test(plain)) return true;
  const words = [RANK_NAMES[rank] ?? rank, NUMBER_WORDS[rank]].filter(Boolean);
  const lower = text.toLowerCase();
  return words.some((word) => lower.includes(`${word} of ${suit.name}`));
}
const NUMBER_WORDS: Record<string, string> = {
  '2': 'two',
  '3': 'three',
  '4': 'four',
  '5': 'five',
  '6': 'six',
  '7': 'seven',
  '8': 'eight',
  '9': 'nine',
  '10': 'ten',
};

/** The first time `code` shows up in the log at or after `since`, or null. */
export function firstSight(log: readonly DomRecord[], code: string, since: number): number | null {
  for (const record of log) {
    if (record.t >= since && namesCard(record.text, code)) return record.t;
  }
  return null;
}
