import type { ChatReaction } from '@banco/protocol';
import type { ReactNode } from 'react';

/**
 * The quick reactions drawn, not typed: an emoji glyph is an empty box on a machine without an
 * emoji font, and the app ships no fonts. Each is a 20-unit picture of what its words say.
 */
const FACE = <circle cx="10" cy="10" r="8.5" fill="#f5c542" stroke="#9a6b00" strokeWidth="1" />;

const DRAWINGS: Record<ChatReaction, ReactNode> = {
  clap: (
    <>
      <path
        d="M5 17 L3.5 9.5 Q3.5 8 5 8 L6.5 12 L7 5 Q8 4 9 5 L9.5 11"
        fill="#f2c9a0"
        stroke="#8a5a2b"
        strokeWidth="1"
        strokeLinejoin="round"
      />
      <path
        d="M9 17 L9.5 6 Q10.5 5 11.5 6 L12 11 L14.5 7.5 Q16 7.5 15.5 9 L13 17 Z"
        fill="#f7d6b4"
        stroke="#8a5a2b"
        strokeWidth="1"
        strokeLinejoin="round"
      />
      <path
        d="M14 2.5 L13 4.5 M17 3.5 L15.5 5.5 M18 6.5 L16.5 7"
        stroke="#e2b85a"
        strokeWidth="1.3"
        strokeLinecap="round"
      />
    </>
  ),
  luck: (
    <>
      <circle cx="7" cy="7" r="3.6" fill="#2e9d4f" />
      <circle cx="13" cy="7" r="3.6" fill="#2e9d4f" />
      <circle cx="7" cy="12.5" r="3.6" fill="#2e9d4f" />
      <circle cx="13" cy="12.5" r="3.6" fill="#2e9d4f" />
      <path
        d="M10 11 Q11 16 15 18.5"
        stroke="#1d6b34"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  wow: (
    <>
      {FACE}
      <circle cx="7" cy="8" r="1.2" fill="#3b2a00" />
      <circle cx="13" cy="8" r="1.2" fill="#3b2a00" />
      <ellipse cx="10" cy="13.5" rx="2" ry="2.6" fill="#3b2a00" />
    </>
  ),
  laugh: (
    <>
      {FACE}
      <path
        d="M5.5 8.5 Q7 6.5 8.5 8.5 M11.5 8.5 Q13 6.5 14.5 8.5"
        stroke="#3b2a00"
        strokeWidth="1.3"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M5.5 11.5 H14.5 Q14 16.5 10 16.5 Q6 16.5 5.5 11.5 Z" fill="#3b2a00" />
      <path
        d="M3 9.5 Q2 12 3.5 13"
        stroke="#5bb4ff"
        strokeWidth="1.4"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  fire: (
    <>
      <path
        d="M10 1.5 Q15 6 15.5 11 Q16 17 10 18.5 Q4 17 4.5 11.5 Q5 8.5 7.5 6.5 Q7.5 9.5 9 10 Q8 5 10 1.5 Z"
        fill="#f0642a"
      />
      <path
        d="M10 9.5 Q13 12 12.5 15 Q12 17.5 10 17.5 Q8 17.5 7.5 15 Q7.5 12.5 10 9.5 Z"
        fill="#ffc83d"
      />
    </>
  ),
  nice: (
    <>
      <path
        d="M2.5 17.5 L6.5 6 L14 13.5 Z"
        fill="#e2b85a"
        stroke="#8a5a10"
        strokeWidth="1"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="3.5" r="1.3" fill="#e5484d" />
      <circle cx="16.5" cy="6" r="1.3" fill="#5bb4ff" />
      <circle cx="15.5" cy="10.5" r="1.3" fill="#2e9d4f" />
      <path
        d="M9 5 Q10 2.5 8.5 1.5 M13 8 Q15.5 7.5 17.5 9"
        stroke="#c879ff"
        strokeWidth="1.2"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  unlucky: (
    <>
      {FACE}
      <circle cx="7" cy="8" r="1.2" fill="#3b2a00" />
      <circle cx="13" cy="8" r="1.2" fill="#3b2a00" />
      <rect
        x="5.5"
        y="11.5"
        width="9"
        height="4"
        rx="1"
        fill="#fff"
        stroke="#3b2a00"
        strokeWidth="1"
      />
      <path
        d="M8.5 11.5 V15.5 M11.5 11.5 V15.5 M5.5 13.5 H14.5"
        stroke="#3b2a00"
        strokeWidth="0.8"
      />
    </>
  ),
};

/** A reaction's picture; its words sit beside it, so the picture itself is hidden from readers. */
export function ReactionIcon({ reaction }: { reaction: ChatReaction }) {
  return (
    <svg
      className="chat__icon"
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      data-reaction={reaction}
    >
      {DRAWINGS[reaction]}
    </svg>
  );
}
