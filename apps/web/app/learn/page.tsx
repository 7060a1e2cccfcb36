import type { Metadata } from 'next';
import { LessonScreen } from '../../src/components/learn/LessonScreen';

export const metadata: Metadata = { title: 'Learn Punto Banco — Banco' };

export default function Learn() {
  return <LessonScreen />;
}
