import { between, pick, promptRandom, type Random } from './prompt-seed';

export const SAMPLE_RATE = 48_000;

// Bound once here: inside Jest's vm context every lookup of the global `Math` goes through an
// interceptor, and in these per-sample loops that made the synth ten times slower.
const { abs, ceil, cos, exp, floor, max, min, round, sin, tanh, PI } = Math;

/** Chord shapes as semitones above the chord root: sevenths, add-nines and a 7sus4, for a soft, open sound. */
const MAJ7 = [0, 4, 7, 11];
const MIN7 = [0, 3, 7, 10];
const ADD9 = [0, 4, 7, 14];
const SUS = [0, 5, 7, 10];

interface Chord {
  /** Semitones above the key. */
  root: number;
  shape: readonly number[];
}

/** Four-chord progressions, pop and ambient staples (I–V–vi–IV, I–vi–IV–V, i–VI–III–VII...), in key but for the last one's borrowed minor iv. */
const PROGRESSIONS: readonly Chord[][] = [
  { roots: [0, 7, 9, 5], shapes: [MAJ7, ADD9, MIN7, MAJ7] },
  { roots: [0, 9, 5, 7], shapes: [MAJ7, MIN7, MAJ7, SUS] },
  { roots: [0, 5, 9, 7], shapes: [ADD9, MAJ7, MIN7, ADD9] },
  { roots: [0, 8, 3, 10], shapes: [MIN7, MAJ7, MAJ7, ADD9] },
  { roots: [0, 5, 8, 7], shapes: [MIN7, MIN7, MAJ7, SUS] },
  { roots: [0, 4, 5, 5], shapes: [MAJ7, MIN7, MAJ7, MIN7] },
].map(({ roots, shapes }) => roots.map((root, i) => ({ root, shape: shapes[i]! })));
/** Orders in which the arpeggio walks up and down the chord tones. */
const PATTERNS = [
  [0, 1, 2, 3, 4, 3, 2, 1],
  [0, 2, 1, 3, 2, 4, 3, 1],
  [4, 3, 2, 1, 0, 1, 2, 3],
  [0, 1, 2, 4, 3, 2, 1, 2],
] as const;

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
const TAU = 2 * PI;

/** Raised-cosine ramp from 0 (at `from`) to 1 (at `to`). */
function ramp(t: number, from: number, to: number): number {
  if (t <= from) return 0;
  if (t >= to) return 1;
  return 0.5 - 0.5 * cos((PI * (t - from)) / (to - from));
}

/** A small Schroeder reverb (parallel damped combs into series all-passes): a sense of room. */
function reverb(input: Float32Array, delays: readonly number[]): Float32Array {
  const out = new Float32Array(input.length);
  for (const delay of delays) {
    const line = new Float32Array(delay);
    let index = 0;
    let damped = 0;
    for (let i = 0; i < input.length; i++) {
      const echo = line[index]!;
      damped = echo * 0.7 + damped * 0.3;
      line[index] = input[i]! + damped * 0.8;
      out[i]! += echo / delays.length;
      index = (index + 1) % delay;
    }
  }
  for (const delay of [241, 83]) {
    const line = new Float32Array(delay);
    let index = 0;
    for (let i = 0; i < out.length; i++) {
      const delayed = line[index]!;
      const x = out[i]!;
      line[index] = x + delayed * 0.5;
      out[i] = delayed - x * 0.5;
      index = (index + 1) % delay;
    }
  }
  return out;
}

const TABLE_SIZE = 4096;

/** One cycle of a waveform, sampled for fast lookup: sin per sample and voice is the synth's main cost otherwise. */
function wavetable(shape: (phase: number) => number): Float32Array {
  return Float32Array.from({ length: TABLE_SIZE + 1 }, (_, i) => shape((TAU * i) / TABLE_SIZE));
}

const SINE = wavetable(sin);
/** A sine with a little 2nd and 3rd harmonic: a warm pad tone. */
const WARM = wavetable((p) => sin(p) + 0.22 * sin(2 * p) + 0.06 * sin(3 * p));

/** The table's value at `cycles` (any number of cycles: only the fraction counts), interpolated. */
function lookup(table: Float32Array, cycles: number): number {
  const position = (cycles - floor(cycles)) * TABLE_SIZE;
  const index = floor(position);
  const a = table[index]!;
  return a + (table[index + 1]! - a) * (position - index);
}

function addPad(left: Float32Array, right: Float32Array, key: number, progression: readonly Chord[], seconds: number) {
  const chordSeconds = seconds / progression.length;
  const fade = 0.35;
  progression.forEach(({ root: offset, shape }, c) => {
    const start = c * chordSeconds;
    const end = start + chordSeconds;
    const notes = [key + offset - 12, ...shape.map((step) => key + offset + step)];
    const first = max(0, floor((start - fade) * SAMPLE_RATE));
    const last = min(left.length, ceil((end + fade) * SAMPLE_RATE));
    const envelope = new Float32Array(last - first);
    for (let k = 0; k < envelope.length; k++) {
      const t = (first + k) / SAMPLE_RATE;
      envelope[k] = (c === 0 ? 1 : ramp(t, start - fade, start + fade)) * (1 - ramp(t, end - fade, end + fade));
    }
    for (const [n, note] of notes.entries()) {
      // Two voices detuned by ±3 cents: the slow beating makes the chord shimmer.
      const high = (hz(note) * 1.0017) / SAMPLE_RATE;
      const low = (hz(note) * 0.9983) / SAMPLE_RATE;
      const level = n === 0 ? 0.1 : 0.05;
      const pan = n === 0 ? 0 : ((n % 2) * 2 - 1) * 0.35;
      for (let i = first; i < last; i++) {
        const v = level * envelope[i - first]! * (lookup(WARM, high * i) + lookup(WARM, low * i));
        left[i]! += v * (1 - pan);
        right[i]! += v * (1 + pan);
      }
    }
  });
}

/** Soft plucked arpeggio (fast attack, gentle decay) over the chords, entering after the first chord. */
function addArpeggio(
  left: Float32Array,
  right: Float32Array,
  key: number,
  progression: readonly Chord[],
  seconds: number,
  random: Random,
) {
  const chordSeconds = seconds / progression.length;
  const pattern = pick(random, PATTERNS);
  const step = chordSeconds / pattern.length;
  const decay = between(random, 0.25, 0.45);
  progression.forEach(({ root: offset, shape }, c) => {
    if (c === 0) return;
    const tones = [...shape.slice(0, 3), shape[0]! + 12, shape[1]! + 12].map((s) => key + offset + 12 + s);
    pattern.forEach((toneIndex, k) => {
      const start = c * chordSeconds + k * step;
      const f = hz(tones[toneIndex]!);
      const pan = k % 2 === 0 ? -0.3 : 0.3;
      const first = floor(start * SAMPLE_RATE);
      const last = min(left.length, first + floor(decay * 5 * SAMPLE_RATE));
      // Exponential decays as a per-sample factor, cheaper than exp each sample.
      const fall = exp(-1 / (decay * SAMPLE_RATE));
      const brightFall = exp(-1 / (0.08 * SAMPLE_RATE));
      let body = 0.09;
      let bright = 0.3;
      for (let i = first; i < last; i++) {
        const cycles = (f * (i - first)) / SAMPLE_RATE;
        const attack = min(1, (i - first) / (0.004 * SAMPLE_RATE));
        const v = attack * body * (lookup(SINE, cycles) + bright * lookup(SINE, 2 * cycles));
        body *= fall;
        bright *= brightFall;
        left[i]! += v * (1 - pan);
        right[i]! += v * (1 + pan);
      }
    });
  });
}

/** Low, slowly swelling filtered noise, like distant wind or surf, under the music. */
function addAir(left: Float32Array, right: Float32Array, random: Random, seconds: number) {
  const rate = between(random, 0.15, 0.35);
  // Two one-pole low-passes (about 400 Hz, 12 dB per octave): a dull rush, no hiss.
  const a = 0.05;
  const state = [0, 0, 0, 0];
  for (let i = 0; i < left.length; i++) {
    const t = i / SAMPLE_RATE;
    const level = 0.25 * (0.6 + 0.4 * sin(TAU * rate * t)) * ramp(t, 0, seconds / 4);
    state[0]! += a * (random() * 2 - 1 - state[0]!);
    state[1]! += a * (state[0]! - state[1]!);
    state[2]! += a * (random() * 2 - 1 - state[2]!);
    state[3]! += a * (state[2]! - state[3]!);
    left[i]! += state[1]! * level;
    right[i]! += state[3]! * level;
  }
}

/** Lets other work on the event loop run between the synth's stages (each takes a few dozen ms). */
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pleasant soundtrack of `seconds` for the prompt, as a 48 kHz 16-bit stereo WAV: a pad of four
 * chords in a key (each a quarter of the length), a plucked arpeggio joining on the second chord,
 * a bed of soft noise, and some reverb, faded in and out. Key, progression, pattern and timbre are
 * picked from the prompt.
 */
export async function synthesizeSoundtrack(prompt: string, seconds: number): Promise<Buffer> {
  const random = promptRandom(prompt, 'music');
  const key = 48 + floor(random() * 8); // C3 to G3
  const progression = pick(random, PROGRESSIONS);
  const frames = round(seconds * SAMPLE_RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  addPad(left, right, key, progression, seconds);
  await breather();
  addArpeggio(left, right, key, progression, seconds, random);
  addAir(left, right, random, seconds);
  await breather();
  const wetLeft = reverb(left, [1687, 1601, 1499, 1867]);
  await breather();
  const wetRight = reverb(right, [1723, 1579, 1531, 1913]);
  await breather();

  const mix = (dry: Float32Array, wet: Float32Array, i: number) => {
    const t = i / SAMPLE_RATE;
    const envelope = ramp(t, 0, 0.4) * (1 - ramp(t, seconds - 1.2, seconds));
    return tanh((dry[i]! * 0.8 + wet[i]! * 0.9) * envelope);
  };
  const samples = new Float32Array(frames * 2);
  let peak = 0;
  for (let i = 0; i < frames; i++) {
    samples[2 * i] = mix(left, wetLeft, i);
    samples[2 * i + 1] = mix(right, wetRight, i);
    peak = max(peak, abs(samples[2 * i]!), abs(samples[2 * i + 1]!));
  }
  const gain = peak > 0 ? 0.7 / peak : 0; // about -3 dBFS

  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) wav.writeInt16LE(round(samples[i]! * gain * 32767), 44 + i * 2);
  return wav;
}
