import type { Metadata } from 'next';
import { RecapPage } from '../../src/components/recap/RecapPage';

export const metadata: Metadata = { title: 'The night — Banco' };

export default function Recap() {
  return <RecapPage />;
}
