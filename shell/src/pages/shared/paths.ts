/** Where the marketing pages send visitors; the generator itself is served by the generator remote. */
export const GENERATOR_PATH = '/text-to-veo3-video';
export const TEXT_GENERATOR_PATH = `${GENERATOR_PATH}?type=text`;
export const IMAGE_GENERATOR_PATH = `${GENERATOR_PATH}?type=image`;
