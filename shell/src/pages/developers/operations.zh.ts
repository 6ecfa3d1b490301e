/**
 * The reference's prose in zh-CN, by operationId: each operation's summary and its Markdown
 * description, translated from `V1_ROUTES` (contracts/src/public-api.ts), whose English the page
 * shows as it is. The page's test fails on an operation missing here.
 */
export const OPERATIONS_ZH: Readonly<Record<string, { summary: string; description: string }>> = {
  createVideo: {
    summary: '创建视频',
    description: `开始制作一个视频，并立即返回状态为 \`queued\` 的视频：用 \`GET /v1/videos/{id}\` 跟踪它，直到状态变为
\`completed\`（此时 \`result_url\` 链接到 MP4）或 \`failed\`。视频被接受时从账户积分中扣除价格（见 \`GET /v1/models\`），
失败或被取消时退还。

可以发送 JSON，图生视频模型的首帧用 \`image_url\` 指定；也可以发送 \`multipart/form-data\`，字段相同，首帧放在文件字段
\`image\` 中（JPEG、PNG、GIF 或 WebP，最大 10 MB）。

附上 \`Idempotency-Key\` 即可安全重试：重复的请求返回同一个视频，只扣一次费。`,
  },
  listVideos: {
    summary: '列出视频',
    description:
      '账户的视频，从新到旧，每次一页。把一页的 `next_cursor` 作为 `starting_after` 传入即可获取下一页；制作新视频时，分页保持稳定。',
  },
  getVideo: {
    summary: '获取视频',
    description: '视频的当前状态。状态为 `queued` 或 `processing` 时，每隔几秒查询一次。',
  },
  cancelVideo: {
    summary: '取消视频',
    description:
      '取消仍处于 `queued` 状态的视频，并退还其积分（仅一次）。已被处理（`processing`）或已结束的视频无法取消：返回 409。',
  },
  listModels: {
    summary: '列出模型',
    description: '所有可用的视频模型：能生成什么、价格多少、现在是否可用。任何有效密钥都可以读取。',
  },
  getBalance: {
    summary: '获取积分余额',
    description: '账户当前的积分。',
  },
  getOpenApiDocument: {
    summary: '获取 OpenAPI 文档',
    description: '以 OpenAPI 3.1 文档描述的本 API，供代码生成器和 API 客户端使用。无需密钥。',
  },
};
