'use client';
import { lazy, Suspense } from 'react';
import type { ChatPanelProps } from './ChatPanel';

// The chat loads after the table: it is not needed for the first paint of the felt.
const ChatPanel = lazy(() => import('./ChatPanel'));

export function LazyChat(props: ChatPanelProps) {
  return (
    <Suspense fallback={null}>
      <ChatPanel {...props} />
    </Suspense>
  );
}
