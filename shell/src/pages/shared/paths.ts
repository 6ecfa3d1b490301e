/** Where the marketing pages send visitors; the generator itself is served by the generator remote. */
export const GENERATOR_PATH = '/text-to-veo3-video';
