import type { Metadata } from 'next';
import { FairnessPage } from '../../src/components/fairness/FairnessPage';

export const metadata: Metadata = { title: 'Check a shoe — Banco' };

export default function Fairness() {
  return <FairnessPage />;
}
