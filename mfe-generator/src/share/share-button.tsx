import { useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { useSession } from '@veo3/platform/session/use-session';
import type { CompletedVideo } from '../api/video-api';
import { ShareDialog } from './share-dialog';
import { shareMessages } from './share.messages';
import { useTaskShare } from './use-task-share';

export interface ShareButtonProps {
  video: CompletedVideo;
  /** The video's name in the button's accessible name (its prompt, cut), as the other actions say it. */
  name: string;
  className: string;
}

/** "Share" on a finished video ("Shared" once it is), opening the "Share this video" dialog. */
export function ShareButton({ video, name, className }: ShareButtonProps) {
  const t = useT(shareMessages);
  const { user } = useSession();
  const state = useTaskShare(user?.id ?? null, video.id);
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const shared = Boolean(state.share);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={t(shared ? 'sharedLabel' : 'shareLabel', { prompt: name })}
        data-shared={shared || undefined}
        onClick={() => setOpen(true)}
      >
        {t(shared ? 'shared' : 'share')}
      </button>
      <ShareDialog video={video} open={open} onClose={() => setOpen(false)} userName={user.name} state={state} />
    </>
  );
}
