import { HomeScreen } from '../src/components/HomeScreen';

export default function Home() {
  return <HomeScreen />;
}
