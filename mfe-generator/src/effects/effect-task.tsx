import { useMemo } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { GenerationProgress } from '../generator/generation-progress';
import { generatorMessages } from '../generator/generator.messages';
import { findModel } from '../generator/offered-models';
import { useStatusLine } from '../generator/task-card';
import { useCardState } from '../generator/use-card-state';
import type { SentRequest } from '../generator/use-feed-submit';
import { useCatalogue } from '../generator/use-video-options';
import type { FeedItem } from '../generator/use-workspace';
import { VideoResult } from '../generator/video-result';
import { effectsMessages } from './effects.messages';

const keepNothing = () => {};

export interface EffectTaskProps {
  request: SentRequest;
  userId: string | null;
  /** Try Again on a failure: the card goes and the form is brought back. */
  onRetry: (request: SentRequest) => void;
  /** Generate New under a video: the form is brought back (the video stays). */
  onNew: () => void;
}

/**
 * One video Create made, in place under the form: the generator's own progress (the task's event
 * stream, polling while it is down), its failure panel (saying when no credits were taken), or the
 * video with Download, and a link to History.
 */
export function EffectTask({ request, userId, onRetry, onNew }: EffectTaskProps) {
  const t = useT(generatorMessages);
  const te = useT(effectsMessages);
  const catalogue = useCatalogue();
  const item = useMemo<FeedItem>(() => ({ ...request, task: null, request, groupIndex: 0 }), [request]);
  const state = useCardState(userId, item, keepNothing);
  const line = useStatusLine(state);
  const failure = state.phase === 'error' ? state.failure : null;
  // Always mounted, so screen readers hear each change; a failure is announced by its alert panel.
  const announcement =
    state.phase === 'success' ? t('videoReady') : line ? `${t('generatingTitle')} ${line}` : t('generatingTitle');

  return (
    <li data-testid="effect-task" data-status={state.phase}>
      <p role="status" className="pf-visually-hidden">
        {state.phase === 'error' ? '' : announcement}
      </p>
      {state.phase === 'generating' && (
        <GenerationProgress
          text={line}
          startedAt={state.startedAt}
          wait={findModel(catalogue, request.model)?.wait ?? null}
        />
      )}
      {state.phase === 'success' && <VideoResult video={state.video} onGenerateNew={onNew} followUp={null} />}
      {failure && (
        <ErrorPanel
          title={t('errorTitle')}
          message={[t(failure.key, failure.vars), failure.noCharge ? t('noCreditsTaken') : ''].join(' ').trim()}
          onRetry={() => onRetry(request)}
          retryLabel={t('tryAgain')}
        />
      )}
      {request.taskId && <Link to="/video-history">{te('openHistory')}</Link>}
    </li>
  );
}
