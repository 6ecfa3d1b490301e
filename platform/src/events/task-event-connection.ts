import { createSseParser, type SseMessage } from '@veo3/platform/events/sse-parser';

export const EVENTS_PATH = '/api/video/events';

/**
 * Reads one connection of the stream with a streaming fetch (the EventSource constructor cannot
 * send the bearer token, and a token never goes into a URL) until it ends: 'refused' for a 401, a
 * throw for any other failure. Messages stop once `signal` aborts.
 */
export async function readEventStream(
  signal: AbortSignal,
  bearer: string,
  lastEventId: string,
  onMessage: (message: SseMessage) => void,
): Promise<'ended' | 'refused'> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${bearer}` };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(EVENTS_PATH, { headers, signal, cache: 'no-store', credentials: 'include' });
  if (response.status === 401) return 'refused';
  if (response.status !== 200 || !response.body) throw new Error(`task events: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser((message) => {
    if (!signal.aborted) onMessage(message);
  }, lastEventId);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'ended';
    parser.push(decoder.decode(value, { stream: true }));
  }
}
