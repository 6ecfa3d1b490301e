export const VIDEO_PROVIDER = Symbol('VIDEO_PROVIDER');
