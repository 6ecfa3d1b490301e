import { use } from 'react';
import GeneratorPage from './generator-page';
import { videoOptionsRead } from './use-video-options';

/**
 * The generator as the shell mounts it: its first render waits (at most OPTIONS_WAIT_MS) for the
 * server's video options, read alongside the remote's code, so the form appears with the choices
 * they decide rather than growing a row under the visitor. The shell keeps the page it shows (the
 * pre-rendered one, or the one navigated from) until then.
 */
export default function GeneratorRoute() {
  use(videoOptionsRead());
  return <GeneratorPage />;
}
