import { LobbyScreen } from '../../src/components/LobbyScreen';

export default function Lobby() {
  return <LobbyScreen />;
}
