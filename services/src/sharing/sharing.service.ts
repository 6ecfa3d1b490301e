import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ShareId,
  type CreateShareRequest,
  type OEmbedQuery,
  type OEmbedReply,
  type RemixSource,
  type Share,
  type UpdateShareRequest,
} from '@veo3/contracts/sharing';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { TransactionRunner } from '../database/transaction-runner';
import type { SessionUser } from '../users/session-user';
import { VideoTaskRepository } from '../video/video-task.repository';
import { GalleryScreen } from './gallery-screen';
import type { LiveShare } from './live-share';
import { SharePageRenderer } from './share-page.renderer';
import type { SharedVideoEntity } from './shared-video.entity';
import { SharedVideoRepository, type ShareChanges } from './shared-video.repository';
import { shareNotFound, SharingErrorCode, SharingException } from './sharing.exception';

/** The longest display name the page shows (the column's width). */
const NAME_MAX = 100;

/**
 * User agents that read pages for an index or a link preview, not a person watching: their reads
 * are not views. (A preview's fetch runs no JavaScript, so it never sends the view anyway.)
 */
const ROBOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|curl|wget|python|go-http|java\/|httpclient/i;

/** 16 random bytes, base64url: 22 characters that tell nothing of the task or its owner. */
export const newShareId = (): string => randomBytes(16).toString('base64url');

/** The name the page shows: the account's name; none (the page says "Anonymous") without one. Never the e-mail. */
function displayName(user: SessionUser): string | null {
  return user.name?.trim().slice(0, NAME_MAX) || null;
}

/**
 * Sharing a finished version of a video at `/v/<id>`: make, read, change and stop its owner's share,
 * count its views, and what the public page, its files and a remix read of a live share. A share is
 * live while its row is not stopped and its video is the owner's, finished and not deleted; anything
 * else answers as unknown (404), at once, for the owner's other users alike.
 */
@Injectable()
export class SharingService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: TransactionRunner,
    private readonly shares: SharedVideoRepository,
    private readonly tasks: VideoTaskRepository,
    private readonly gallery: GalleryScreen,
    private readonly pages: SharePageRenderer,
  ) {}

  /** The public page's address. */
  pageUrl(id: string): string {
    return `${this.config.siteUrl}/v/${id}`;
  }

  /**
   * Shares the caller's finished video (one version, by its task id); while it is shared already,
   * its live share is the answer, unchanged. Another user's video answers as an unknown one.
   */
  async share(user: SessionUser, taskId: string, body: CreateShareRequest): Promise<Share> {
    const found = await this.tasks.findOwned(user.id, taskId);
    if (!found) throw shareNotFound();
    const listed = await this.shares.liveOfTask(taskId);
    if (listed) return this.view(listed);
    // Before the transaction: the gallery's check reads its own tables, and a ban refuses the whole share.
    const gallery = body.offer_to_gallery ? await this.galleryOffer(user.id, found.prompt) : {};
    const share = await this.transactions.run(async (m) => {
      // The task's row locked (MySQL; SQLite runs one transaction at a time): two shares at once make one.
      const task = await this.tasks.findIn(m, taskId, true);
      if (!task || task.userId !== user.id || task.deletedAt) throw shareNotFound();
      if (task.status !== 'completed' || !task.resultPath) {
        throw new SharingException(
          SharingErrorCode.NotShareable,
          'Only a finished video can be shared. Please wait until it is ready.',
        );
      }
      const live = await this.shares.liveOfTask(taskId, m);
      if (live) return live;
      const row = {
        id: newShareId(),
        taskId,
        userId: user.id,
        prompt: task.prompt,
        model: task.model,
        durationS: task.durationS,
        aspectRatio: task.aspectRatio,
        creatorName: body.anonymous ? null : displayName(user),
        showPrompt: body.show_prompt,
        allowImageRemix: body.allow_image_remix && Boolean(task.imagePath),
        galleryState: 'off' as const,
        category: body.category,
        galleryReason: null,
        galleryAt: null,
        ...gallery,
        createdAt: new Date(),
      };
      await this.shares.insert(m, row);
      return { ...row, views: 0, remixes: 0, unsharedAt: null };
    });
    return this.view(share);
  }

  /** The caller's live share of a task, or null (not shared, or not their task). */
  async shareOfTask(user: SessionUser, taskId: string): Promise<Share | null> {
    const [share] = await this.shares.liveOfTasks(user.id, [taskId]);
    return share ? this.view(share) : null;
  }

  /** The caller's live shares among these tasks (History's "Shared" marks, one query for a page). */
  async sharesOf(user: SessionUser, taskIds: string[]): Promise<Share[]> {
    return (await this.shares.liveOfTasks(user.id, taskIds)).map((share) => this.view(share));
  }

  /** Changes the settings of the caller's live share; the gallery's check runs when it is offered again. */
  async update(user: SessionUser, id: string, body: UpdateShareRequest): Promise<Share> {
    const share = await this.shares.findOwnLive(user.id, id);
    if (!share) throw shareNotFound();
    const changes: ShareChanges = {};
    if (body.show_prompt !== undefined) changes.showPrompt = body.show_prompt;
    if (body.anonymous !== undefined) changes.creatorName = body.anonymous ? null : displayName(user);
    if (body.category !== undefined) changes.category = body.category;
    if (body.allow_image_remix !== undefined) {
      const task = await this.tasks.findById(share.taskId);
      changes.allowImageRemix = body.allow_image_remix && Boolean(task?.imagePath);
    }
    if (body.offer_to_gallery === true && share.galleryState === 'off') {
      Object.assign(changes, await this.galleryOffer(user.id, share.prompt));
    } else if (body.offer_to_gallery === false && (share.galleryState === 'listed' || share.galleryState === 'held')) {
      // A moderator's hide stays until a moderator restores it.
      Object.assign(changes, { galleryState: 'off', galleryReason: null, galleryAt: null });
    }
    await this.shares.update(id, changes);
    return this.view({ ...share, ...changes });
  }

  /** "Stop sharing": the page, its files and oEmbed answer 404 from now on; sharing again makes a new id. */
  async unshare(user: SessionUser, id: string): Promise<{ id: string; unshared_at: string }> {
    const now = new Date();
    if (!(await this.shares.unshare(user.id, id, now))) throw shareNotFound();
    return { id, unshared_at: now.toISOString() };
  }

  /** A live share with its task, or null: unknown, stopped, or its video deleted or no longer whole. */
  async live(id: string): Promise<LiveShare | null> {
    if (!ShareId.safeParse(id).success) return null;
    const share = await this.shares.findLive(id);
    if (!share) return null;
    const task = await this.tasks.findById(share.taskId);
    const shown =
      task && !task.deletedAt && task.userId === share.userId && task.status === 'completed' && task.resultPath;
    return shown ? { share, task } : null;
  }

  /** A live share, or the 404 of one that is not. */
  async liveOr404(id: string): Promise<LiveShare> {
    const live = await this.live(id);
    if (!live) throw shareNotFound();
    return live;
  }

  /**
   * One view of the page (sent by the page once it runs, so link previews and crawlers, which run no
   * script, never count): not its owner's, not a robot's user agent. One conditional update.
   */
  async countView(id: string, viewer: SessionUser | null, userAgent: string | undefined): Promise<void> {
    const { share } = await this.liveOr404(id);
    if (viewer?.id === share.userId || !userAgent || ROBOT.test(userAgent)) return;
    await this.shares.countView(id, viewer?.id ?? null);
  }

  /** What "Make one like this" puts in the generator: the prompt unless hidden, the model and its settings. */
  async remixSource(id: string): Promise<RemixSource> {
    const { share, task } = await this.liveOr404(id);
    const firstFrame = share.allowImageRemix && Boolean(task.imagePath);
    return {
      share_id: share.id,
      page_url: this.pageUrl(share.id),
      prompt: share.showPrompt ? share.prompt : null,
      model: share.model,
      aspect_ratio: share.aspectRatio,
      resolution: task.resolution,
      duration_s: share.durationS,
      negative_prompt: share.showPrompt ? task.negativePrompt : null,
      has_first_frame: Boolean(task.imagePath),
      first_frame_url: firstFrame ? `/v/${share.id}/first-frame` : null,
    };
  }

  /**
   * oEmbed for the URL of a share's page on this site (`<SITE_URL>/v/<id>`, query and a trailing
   * slash ignored): the player as an iframe. Only JSON: any other format is 501, as oEmbed says.
   */
  async oembed({ url, format, maxwidth, maxheight }: OEmbedQuery): Promise<OEmbedReply> {
    if (format !== undefined && format !== 'json') {
      throw new SharingException(SharingErrorCode.FormatNotImplemented, 'Only the json format is available.');
    }
    const live = await this.liveOr404(this.shareIdOf(url) ?? '');
    return this.pages.oembed(live, maxwidth, maxheight);
  }

  /** The share id a page URL of this site names, or null for any other URL. */
  private shareIdOf(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== new URL(this.config.siteUrl).origin) return null;
    return /^\/v\/([^/]+)\/?$/.exec(parsed.pathname)?.[1] ?? null;
  }

  /** The gallery's verdict on an offered video, as the share's columns keep it (a ban throws, 403). */
  private async galleryOffer(userId: string, prompt: string): Promise<ShareChanges> {
    const { state, reason } = await this.gallery.verdict(userId, prompt);
    return { galleryState: state, galleryReason: reason, galleryAt: state === 'listed' ? new Date() : null };
  }

  private view(share: SharedVideoEntity): Share {
    const state = share.galleryState;
    return {
      id: share.id,
      url: this.pageUrl(share.id),
      task_id: share.taskId,
      show_prompt: share.showPrompt,
      anonymous: share.creatorName === null,
      creator_name: share.creatorName,
      offer_to_gallery: state !== 'off',
      category: share.category,
      allow_image_remix: share.allowImageRemix,
      gallery_state: state,
      gallery_reason: state === 'held' || state === 'hidden' ? share.galleryReason : null,
      views: share.views,
      remixes: share.remixes,
      created_at: share.createdAt.toISOString(),
    };
  }
}
