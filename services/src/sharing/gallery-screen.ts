import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { VideoTaskRepository } from '../video/video-task.repository';
import { GALLERY_BANNED_MESSAGE, GalleryErrorCode, GalleryException } from './gallery.exception';
import { GalleryRepository } from './gallery.repository';

export interface GalleryVerdict {
  state: 'listed' | 'held';
  /** Why it is held (kept as the video's gallery reason); null when listed. */
  reason: string | null;
}

/** Scripts written without spaces between words: a blocked word is found anywhere in them. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** One test per blocked word or phrase: a whole word (no letter or digit either side), any case. */
export function blockedWordMatcher(words: readonly string[]): (text: string) => string | null {
  const tests = words
    .map((word) => word.trim())
    .filter(Boolean)
    .map((word) => {
      const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
      const pattern = UNSPACED.test(word) ? escaped : `(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`;
      return { word, re: new RegExp(pattern, 'iu') };
    });
  return (text) => tests.find((t) => t.re.test(text))?.word ?? null;
}

/**
 * The gallery's automatic check of a video its owner offers (called by the share feature when the
 * offer is made or turned on): a banned owner is refused (403 GALLERY_BANNED); a prompt with a word
 * of GALLERY_BLOCKED_WORDS, or a video any version of which the provider refused for safety, is held
 * for an admin's review; anything else is listed at once. The shared video itself is a completed
 * one, so the provider passed it.
 */
@Injectable()
export class GalleryScreen {
  private readonly blockedWord: (text: string) => string | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly gallery: GalleryRepository,
    private readonly tasks: VideoTaskRepository,
  ) {
    this.blockedWord = blockedWordMatcher(config.gallery.blockedWords);
  }

  /** `taskId`, when given, is the shared version's task: its video's safety refusals hold it too. */
  async verdict(userId: string, prompt: string, taskId?: string): Promise<GalleryVerdict> {
    if (await this.gallery.findBan(userId)) throw new GalleryException(GalleryErrorCode.Banned, GALLERY_BANNED_MESSAGE);
    const word = this.blockedWord(prompt);
    if (word) return { state: 'held', reason: `The prompt contains a blocked word ("${word}")` };
    if (taskId && (await this.tasks.safetyRefusedInVideo(userId, taskId)))
      return { state: 'held', reason: 'The provider refused a version of this video for safety' };
    return { state: 'listed', reason: null };
  }
}
