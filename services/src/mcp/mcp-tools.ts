import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_MAX,
  V1Balance,
  V1CreateVideoRequest,
  V1ModelList,
  V1Video,
  V1VideoParams,
} from '@veo3/contracts/public-api';

const fields = V1CreateVideoRequest.shape;

/**
 * generate_video's arguments: fields of `POST /v1/videos` with their checks (described for an
 * assistant, which finds models with list_models), and the Idempotency-Key header's value.
 */
const generateVideo = {
  prompt: fields.prompt.describe('What the video shows and sounds like, in plain words (any language).'),
  model: fields.model.describe('A model id from list_models.'),
  aspect_ratio: fields.aspect_ratio.describe("One of the model's aspect_ratios from list_models."),
  resolution: fields.resolution.describe("One of the model's resolutions from list_models; 720p by default."),
  duration_s: fields.duration_s.describe("Length in seconds: one of the model's durations from list_models."),
  image_url: fields.image_url.describe(
    'An https link to a picture (JPEG, PNG, GIF or WebP, at most 10 MB) to start the video from, for a model whose modes include image.',
  ),
  idempotency_key: z
    .string()
    .trim()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .optional()
    .describe(
      'Any unique text naming this request. Calling again with the same key and arguments returns the first video instead of making and paying for another: use one when you may retry.',
    ),
};
export type GenerateVideoInput = z.infer<z.ZodObject<typeof generateVideo>>;

export const GeneratedVideo = V1Video.extend({
  replayed: z.boolean().describe('The idempotency_key had already made this video: nothing was charged again'),
  balance: z.number().int().describe("The account's credits after this video was paid for"),
});
export type GeneratedVideo = z.infer<typeof GeneratedVideo>;

const getVideo = { id: V1VideoParams.shape.id.describe('The id generate_video returned.') };
export type GetVideoInput = z.infer<z.ZodObject<typeof getVideo>>;

/** Each tool's name, description, input and output schemas, as `tools/list` gives them. */
export const MCP_TOOLS = {
  list_models: {
    title: 'List video models',
    description:
      'The video models on offer: what each makes (modes, durations, aspect ratios, resolutions), its price in credits and whether it is available now.',
    outputSchema: V1ModelList,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  generate_video: {
    title: 'Generate a video',
    description:
      'Starts making a video and answers at once with it (status queued), what it cost (credits) and the balance left. ' +
      'It spends the account’s credits at the price list_models gives; a video that fails is refunded. ' +
      'Then call get_video with its id every 10 seconds or so until the status is completed or failed. Needs the videos:write scope.',
    inputSchema: generateVideo,
    outputSchema: GeneratedVideo,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  get_video: {
    title: 'Get a video',
    description:
      'A video of this account as it is now: its status (queued, processing, completed, failed or cancelled) and, once completed, result_url, a signed link to the MP4 that expires after a while. Needs the videos:read scope.',
    inputSchema: getVideo,
    outputSchema: V1Video,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  get_balance: {
    title: 'Get the credit balance',
    description: "The account's credits now. Needs the credits:read scope.",
    outputSchema: V1Balance,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
};
