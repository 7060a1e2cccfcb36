import type { Metadata } from 'next';
import { RulesPage } from '../../src/components/rules/RulesPage';

export const metadata: Metadata = { title: 'Rules, payouts and house edges — Banco' };

export default function Rules() {
  return <RulesPage />;
}
