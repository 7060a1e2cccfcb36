import type { Metadata } from 'next';
import { HistoryPage } from '../../src/components/rules/HistoryPage';

export const metadata: Metadata = { title: 'History and variants of baccarat — Banco' };

export default function History() {
  return <HistoryPage />;
}
