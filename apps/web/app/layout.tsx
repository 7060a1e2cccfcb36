import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Banco — Punto Banco with friends',
  description: 'A live Punto Banco table for virtual chips.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b3d2a' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
