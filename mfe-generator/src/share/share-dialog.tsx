import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Share } from '@veo3/contracts/sharing';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import type { CompletedVideo } from '../api/video-api';
import { createShare, stopSharing, updateShare } from '../api/share-api';
import { ShareLink } from './share-link';
import { DEFAULT_SETTINGS, ShareOptions, type ShareSettings } from './share-options';
import { shareMessages } from './share.messages';
import type { useTaskShare } from './use-task-share';
import styles from './share-dialog.module.css';

type Message = { key: keyof (typeof shareMessages)['en']; alert: boolean };

const settingsOf = (share: Share): ShareSettings => ({
  show_prompt: share.show_prompt,
  anonymous: share.anonymous,
  offer_to_gallery: share.offer_to_gallery,
  category: share.category,
  allow_image_remix: share.allow_image_remix,
});

export interface ShareDialogProps {
  video: CompletedVideo;
  open: boolean;
  onClose: () => void;
  /** The account's name, shown as the option of showing it. */
  userName: string | null;
  state: ReturnType<typeof useTaskShare>;
}

/**
 * "Share this video": its options and Create link; once shared, the link (Copy, Open page), views,
 * remixes and gallery state, the options changed as they are ticked, and Stop sharing after a
 * confirmation. Each opening starts afresh (its body mounts with the dialog).
 */
export function ShareDialog({ open, onClose, ...props }: ShareDialogProps) {
  const t = useT(shareMessages);
  return (
    <Modal open={open} title={t('dialogTitle')} onClose={onClose}>
      <ShareDialogBody {...props} />
    </Modal>
  );
}

type Focus = 'copy' | 'first' | 'keep';

/** The dialog's content: what each action did is said in its live region; focus goes to what comes next. */
function ShareDialogBody({ video, userName, state }: Omit<ShareDialogProps, 'open' | 'onClose'>) {
  const t = useT(shareMessages);
  const id = useId();
  const { share, loading, failed, query, put } = state;
  const [draft, setDraft] = useState<ShareSettings>(DEFAULT_SETTINGS);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the dialog shows what an action led to (first: what the share is now).
  const focusNext = useRef<Focus | null>(share ? 'copy' : 'first');
  const { refetch } = query;

  // Each opening reads again what the server says of the video.
  useEffect(() => {
    void refetch();
  }, [refetch]);

  useEffect(() => {
    if (!focusNext.current || loading) return;
    const targets: Record<Focus, RefObject<HTMLElement | null>> = { copy: copyRef, first: firstRef, keep: keepRef };
    const target = targets[focusNext.current];
    focusNext.current = null;
    // After the dialog's own effect has opened it (a parent's effects run after its children's).
    requestAnimationFrame(() => target.current?.focus());
  });

  const act = async (work: () => Promise<void>, failure: Message['key']) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch {
      setMessage({ key: failure, alert: true });
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    act(async () => {
      put(await createShare(video.id, draft));
      setMessage({ key: 'created', alert: false });
      focusNext.current = 'copy';
    }, 'createFailed');

  const change = (live: Share, patch: Partial<ShareSettings>) =>
    act(async () => {
      put(await updateShare(live.id, patch));
      setMessage({ key: 'saved', alert: false });
    }, 'saveFailed');

  const stop = (live: Share) =>
    act(async () => {
      await stopSharing(live.id);
      put(null);
      setConfirming(false);
      setDraft(settingsOf(live));
      setMessage({ key: 'stopped', alert: false });
      focusNext.current = 'first';
    }, 'stopFailed');

  const options = (settings: ShareSettings, onChange: (patch: Partial<ShareSettings>) => void) => (
    <ShareOptions
      settings={settings}
      onChange={onChange}
      name={userName}
      hasImage={Boolean(video.image_url)}
      disabled={busy}
      firstRef={firstRef}
    />
  );

  return (
    <div className={styles.dialog}>
      <p>{t('intro')}</p>
      {loading && <p role="status">{t('loading')}</p>}
      {failed && !share && (
        <p role="alert" className={styles.warning}>
          {t('loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </p>
      )}
      {!loading && share && (
        <>
          <ShareLink share={share} copyRef={copyRef} />
          {options(settingsOf(share), (patch) => void change(share, patch))}
          {confirming ? (
            <div className={styles.confirm} role="group" aria-labelledby={`${id}-stop`}>
              <p id={`${id}-stop`} className={styles.confirmTitle}>
                {t('stopTitle')}
              </p>
              <p>{t('stopText')}</p>
              <div className={styles.buttons}>
                <Button variant="danger" busy={busy} onClick={() => void stop(share)}>
                  {t('stopSharing')}
                </Button>
                <button
                  ref={keepRef}
                  type="button"
                  className="pf-button pf-button--secondary pf-button--md"
                  onClick={() => setConfirming(false)}
                >
                  {t('keepSharing')}
                </button>
              </div>
            </div>
          ) : (
            <Button
              variant="ghost"
              onClick={() => {
                focusNext.current = 'keep';
                setConfirming(true);
              }}
            >
              {t('stopSharing')}
            </Button>
          )}
        </>
      )}
      {!loading && !share && !failed && (
        <>
          {options(draft, (patch) => setDraft((current) => ({ ...current, ...patch })))}
          <Button busy={busy} onClick={() => void create()}>
            {t('createLink')}
          </Button>
        </>
      )}
      <p role="status" className={styles.hint}>
        {message && !message.alert && t(message.key)}
      </p>
      <p role="alert" className={styles.warning}>
        {message?.alert && t(message.key)}
      </p>
    </div>
  );
}
