import type { Metadata } from 'next';
import { ShoesPage } from '../../src/components/shoes/ShoesPage';

export const metadata: Metadata = { title: 'Past shoes — Banco' };

export default function Shoes() {
  return <ShoesPage />;
}
