/**
 * Table sounds made on the spot with WebAudio (nothing downloaded). Off until the player turns
 * them on; the AudioContext is created on that click, as browsers require.
 */
export type SoundName = 'deal' | 'flip' | 'chips' | 'win';

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/** A short burst of filtered noise: cards sliding, chips clicking. */
function noise(
  ctx: AudioContext,
  at: number,
  length: number,
  frequency: number,
  gain: number,
): void {
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // A fixed pattern rather than randomness: any broadband signal sounds like a swish here.
  for (let i = 0; i < data.length; i++) data[i] = (Math.sin(i * 12.9898) * 43758.5453) % 1;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = frequency;
  const volume = ctx.createGain();
  volume.gain.setValueAtTime(gain, at);
  volume.gain.exponentialRampToValueAtTime(0.001, at + length);
  source.connect(filter).connect(volume).connect(ctx.destination);
  source.start(at);
}

function tone(ctx: AudioContext, at: number, frequency: number, length: number): void {
  const osc = ctx.createOscillator();
  osc.frequency.value = frequency;
  const volume = ctx.createGain();
  volume.gain.setValueAtTime(0.08, at);
  volume.gain.exponentialRampToValueAtTime(0.001, at + length);
  osc.connect(volume).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length);
}

export function unlockSound(): void {
  void audio()?.resume();
}

export function play(name: SoundName): void {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  switch (name) {
    case 'deal':
      for (let i = 0; i < 4; i++) noise(ctx, now + i * 0.12, 0.08, 2400, 0.25);
      break;
    case 'flip':
      noise(ctx, now, 0.06, 3200, 0.3);
      break;
    case 'chips':
      for (let i = 0; i < 3; i++) noise(ctx, now + i * 0.05, 0.03, 5200, 0.35);
      break;
    case 'win':
      tone(ctx, now, 660, 0.15);
      tone(ctx, now + 0.12, 880, 0.25);
      break;
    default: {
      const unknown: never = name;
      return unknown;
    }
  }
}
