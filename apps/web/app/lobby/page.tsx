import type { Metadata } from 'next';
import { LobbyScreen } from '../../src/components/LobbyScreen';

export const metadata: Metadata = { title: 'Tables — Banco' };

export default function Lobby() {
  return <LobbyScreen />;
}
