/**
 * The bell, synthesised: a handful of decaying sine partials at the ratios of a tuned church bell (hum, prime,
 * tierce, quint, nominal and two upper partials). No audio file to download, and nothing plays until a visitor
 * presses the button.
 */
const STRIKE_HZ = 392;
const PARTIALS: readonly { ratio: number; gain: number; decaySeconds: number }[] = [
  { ratio: 0.5, gain: 0.32, decaySeconds: 4.5 },
  { ratio: 1, gain: 0.4, decaySeconds: 3.5 },
  { ratio: 1.2, gain: 0.22, decaySeconds: 2.6 },
  { ratio: 1.5, gain: 0.14, decaySeconds: 2.2 },
  { ratio: 2, gain: 0.26, decaySeconds: 1.8 },
  { ratio: 2.74, gain: 0.1, decaySeconds: 1.1 },
  { ratio: 3.76, gain: 0.06, decaySeconds: 0.7 },
];
const MASTER_GAIN = 0.35;
const ATTACK_SECONDS = 0.006;
const SILENT = 0.0001;

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

function audioContextConstructor(): AudioContextConstructor | null {
  if (typeof window === "undefined") return null;
  const scope = window as unknown as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/**
 * Creates or resumes the one audio context. Call it from the click itself: browsers only let audio start inside a
 * user gesture, and the bell sounds later, once the server has accepted the ring.
 */
export function prepareBellSound(): void {
  try {
    if (!context) {
      const Constructor = audioContextConstructor();
      if (!Constructor) return;
      context = new Constructor();
    }
    if (context.state === "suspended") void context.resume().catch(() => undefined);
  } catch {
    context = null;
  }
}

export function playBellSound(): void {
  if (!context) return;
  try {
    const start = context.currentTime + 0.01;
    const master = context.createGain();
    master.gain.value = MASTER_GAIN;
    master.connect(context.destination);
    const longest = Math.max(...PARTIALS.map((partial) => partial.decaySeconds));
    for (const partial of PARTIALS) {
      const oscillator = context.createOscillator();
      const envelope = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = STRIKE_HZ * partial.ratio;
      envelope.gain.setValueAtTime(SILENT, start);
      envelope.gain.exponentialRampToValueAtTime(partial.gain, start + ATTACK_SECONDS);
      envelope.gain.exponentialRampToValueAtTime(SILENT, start + ATTACK_SECONDS + partial.decaySeconds);
      oscillator.connect(envelope);
      envelope.connect(master);
      oscillator.start(start);
      oscillator.stop(start + ATTACK_SECONDS + partial.decaySeconds + 0.05);
      if (partial.decaySeconds === longest) oscillator.onended = () => master.disconnect();
    }
  } catch {
    // A browser that refuses audio just rings silently.
  }
}
