import type { TaskFailureCode } from '@veo3/contracts/video';
import type { ProviderFailure } from './providers/video-provider';

/** Why a task failed, as told to its owner (`error_code`); the provider's own words stay in the log. */
export type TaskFailure = TaskFailureCode;

/** What the user reads for each failure: our words only, since a provider's text can quote its key. */
export const TASK_FAILURE_MESSAGES: Record<TaskFailure, string> = {
  provider_refused:
    'The video service refused this request, so the video could not be made. Your credits have been refunded.',
  provider_unavailable:
    'The video service is not answering right now, so the video could not be made. Your credits have been refunded.',
  rate_limited:
    'The video service is too busy right now, so the video could not be made. Your credits have been refunded.',
  timeout: 'Video generation timed out, please try again later',
  download_failed:
    'The finished video could not be received safely, so it was not saved. Your credits have been refunded.',
  model_unavailable:
    'The video model is not available right now, so this video could not be made. Your credits have been refunded.',
  safety_blocked:
    "The video was refused by the video service's content rules. Please change the prompt or image and try again. Your credits have been refunded.",
  generation_failed: 'Video generation failed, please try again. Your credits have been refunded.',
  cancelled: 'This video was cancelled before it started. Your credits have been refunded.',
};

/**
 * An effect's owner wrote no prompt, so a refusal names what they gave: their photos and words.
 * Other failures read the same for every task.
 */
const EFFECT_MESSAGES: Partial<Record<TaskFailure, string>> = {
  safety_blocked:
    "The video service's content rules did not allow this video from your photos or words. Please try other photos or words. Your credits have been refunded.",
};

/** What the owner of a failed task reads; `effect`: the task was made from an effect. */
export function failureMessage(failure: TaskFailure, effect: boolean): string {
  return (effect && EFFECT_MESSAGES[failure]) || TASK_FAILURE_MESSAGES[failure];
}

/** The code shown for a stored one; a failed task from before codes were stored reads as generation_failed. */
export function publicFailure(code: string | null): TaskFailure {
  return code !== null && Object.hasOwn(TASK_FAILURE_MESSAGES, code) ? (code as TaskFailure) : 'generation_failed';
}

/** What /api/health says when the provider could not be asked for its models. */
export const PROVIDER_CHECK_MESSAGES: Record<ProviderFailure, string> = {
  provider_refused:
    'the provider refused the request (check the API key and its permissions; details in the server log)',
  provider_unavailable: 'the provider could not be reached or answered with a server error',
  rate_limited: 'the provider is rate limiting this key',
  timeout: 'the provider did not answer in time',
  download_failed: 'the provider could not be read',
};
