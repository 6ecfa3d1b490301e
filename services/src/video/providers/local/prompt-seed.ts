import { createHash } from 'node:crypto';

/** Uniform numbers in [0, 1), the same sequence for the same prompt. */
export type Random = () => number;

/**
 * A generator seeded from the prompt (mulberry32 over a SHA-256 of it), so a prompt always gets
 * the same colours and music and different prompts get different ones. `purpose` gives the scene
 * and the music separate streams, so a change to one never shifts the other. A task's `seed`, when
 * it has one, joins the prompt: the same seed gives the same picture, another seed another one.
 */
export function promptRandom(prompt: string, purpose: string, seed: number | null = null): Random {
  const seeded = seed === null ? '' : `\0seed ${seed}`;
  let state = createHash('sha256').update(`${purpose}\0${prompt}${seeded}`).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A CSS colour from hue (degrees, any range), saturation and lightness (percent). */
export function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${(((hue % 360) + 360) % 360).toFixed(1)}, ${saturation.toFixed(1)}%, ${lightness.toFixed(1)}%)`;
}
