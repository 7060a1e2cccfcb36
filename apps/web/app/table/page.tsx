import type { Metadata } from 'next';
import { TablePage } from '../../src/components/TableScreen';

export const metadata: Metadata = { title: 'At the table — Banco' };

export default function Table() {
  return <TablePage />;
}
