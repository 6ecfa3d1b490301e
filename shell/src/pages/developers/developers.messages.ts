import { defineMessages } from '@veo3/platform/i18n/i18n';

/** The /developers page's prose; code, paths, headers, scopes and error codes stay as they are written. */
export const developersMessages = defineMessages(
  {
    title: 'Developer API and MCP',
    description:
      'Make Veo 3 videos from your code or your AI assistant with your Veo 3 Studio credits: REST API, webhooks and an MCP server.',
    eyebrow: 'Developers',
    heading: 'Veo 3 Studio API',
    lead: 'Make videos from your own code, or let an AI assistant make them, with the credits of your account.',
    contents: 'On this page',

    overviewTitle: 'Overview',
    overview1:
      'The API is a small REST API at {base}: create a video from a prompt (or from a prompt and a first frame), follow it until it is ready, download it, and read the models and your balance. It answers JSON, and errors as problem details.',
    overview2:
      'It spends the same credits as the website, at the same prices: a video is paid for when it is accepted, and its credits come back if it fails or if you cancel it while it is still queued. Videos made through the API are yours like any other.',
    overview3: 'AI assistants get the same through the MCP server at {mcp}.',

    quickStartTitle: 'Quick start',
    quickStep1:
      'Create an API key on your {account} page. Give it the scopes it needs and copy its secret: it is shown only once.',
    quickStep2:
      'Create a video. Send an Idempotency-Key (any unique text, such as a UUID): if you send the request again after a network error, you get the same video and pay once.',
    quickStep3:
      'Read the video every few seconds until its status is completed, or failed (its credits were then refunded).',
    quickStep4:
      'Download the MP4 from result_url. The link is signed and expires: read the video again for a fresh one.',
    quickTs: 'The same in TypeScript, with fetch (Node 18 or later):',
    account: 'Account',
    codeCreate: 'Create a video (curl)',
    codePoll: 'Read the video until it is ready (curl)',
    codeDownload: 'Download the video (curl)',
    codeTs: 'Create, wait and download (TypeScript)',

    authTitle: 'Authentication and scopes',
    auth1:
      'Send your key in the Authorization header of every request: {header}. Keys start with v3s_. A key works only on /v1 and /mcp; a signed-in browser session is refused there.',
    auth2:
      'Keep keys secret: use them on a server, never in a web page or an app. If a key leaks, revoke it on your account page: it stops working within seconds.',
    scopesIntro: 'Each key has scopes. A call without the scope it needs is refused with 403 and the code {code}.',
    scopeHead: 'Scope',
    allowsHead: 'Allows',
    scopeVideosWrite: 'Create and cancel videos. This spends credits.',
    scopeVideosRead: 'Read and list your videos, with their download links.',
    scopeCreditsRead: 'Read your credit balance.',
    scopesOther: 'Listing the models needs a valid key and no scope; the OpenAPI document needs no key.',

    errorsTitle: 'Errors',
    errors1:
      'An error has its HTTP status and a problem details body (RFC 9457, content type {type}): type links to the error on this page, title names the status, detail says what went wrong this time, and code is the stable code to switch on. A 400 also lists each invalid field in errors.',
    errors2: 'No credits are taken by a request that is refused.',
    codeProblem: 'An error reply',
    errorTable: 'Error codes',
    errorCodeHead: 'Code',
    errorStatusHead: 'Status',
    errorMeaningHead: 'Meaning',
    err_API_KEYS_INVALID: 'The API key is missing, malformed, unknown or revoked.',
    err_API_KEYS_NOT_AN_API_KEY: 'A browser session token was sent: the API takes API keys only.',
    err_API_KEYS_MISSING_SCOPE: 'The key lacks the scope this call needs. Create a key with it.',
    err_API_KEYS_CAP_REACHED: "The video would pass the key's monthly cap. Nothing was charged.",
    err_TOO_MANY_REQUESTS: 'Too many requests with this key in a minute. Wait the seconds Retry-After says.',
    err_PUBLIC_API_INVALID_REQUEST: 'The body, form or query does not match its schema; errors lists each field.',
    err_FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The body is neither JSON nor multipart/form-data: set its Content-Type.',
    err_PUBLIC_API_INVALID_CURSOR: 'starting_after names no video of yours.',
    err_PUBLIC_API_IMAGE_URL_REFUSED: 'image_url is not an https link to a public address.',
    err_PUBLIC_API_IMAGE_URL_UNREADABLE: 'image_url could not be read: no answer, an error, or a file too large.',
    err_PUBLIC_API_NOT_CANCELLABLE: 'Only a queued video can be cancelled; this one has started or finished.',
    err_VIDEO_INSUFFICIENT_CREDITS: 'Your balance is below the price of the video. Nothing was charged.',
    err_VIDEO_TOO_MANY_ACTIVE: 'You already have the most videos in the making. Wait for one to finish.',
    err_VIDEO_UNKNOWN_MODEL: 'No model has this id; list the models for the ids.',
    err_VIDEO_BAD_OPTION: 'The model does not make this length, aspect ratio or resolution.',
    err_VIDEO_UNSUPPORTED_OPTION: 'The model does not take this option (a negative prompt, a seed, a first frame).',
    err_VIDEO_IMAGE_REQUIRED: 'The model makes videos from a first frame only: send image_url or image.',
    err_VIDEO_INVALID_IMAGE: 'The first frame is not a JPEG, PNG, GIF or WebP picture.',
    err_VIDEO_IMAGE_TOO_LARGE: 'The first frame is larger than 10 MB.',
    err_VIDEO_IMAGE_TOO_MANY_PIXELS: 'The first frame has too many pixels.',
    err_VIDEO_IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was sent before with another request. Use a new key.',
    err_VIDEO_NOT_FOUND: 'No video of yours has this id.',
    err_NOT_FOUND: 'No such operation: check the method and the path.',
    err_VIDEO_UNAVAILABLE: 'The model cannot take videos right now. Nothing was charged; try again later.',
    err_INTERNAL: 'Something failed on our side. Try again; a video that fails is refunded.',

    limitsTitle: 'Rate limits and caps',
    limits1:
      'Each key may make 60 requests a minute, unless the site sets another limit. One more is answered 429 with a Retry-After header: the seconds to wait.',
    limits2:
      'A key can have a monthly cap in credits, set when you create it. A video that would pass it is refused with 402 and the code API_KEYS_CAP_REACHED, and costs nothing. Refunded credits count again.',
    limits3:
      'Your account makes a limited number of videos at once: one more is refused with 409 (VIDEO_TOO_MANY_ACTIVE). A video also needs its price in your balance: else 402 (VIDEO_INSUFFICIENT_CREDITS). Neither costs anything.',

    webhooksTitle: 'Webhooks',
    webhooks1:
      'Instead of polling, let us call you. Add an endpoint (an https URL) on your {account} page and choose its events: video.completed, video.failed and credits.low. Each delivery is a POST with a JSON body with type, timestamp and data; the data of a video event is the video as the API shows it.',
    webhooks2:
      "Deliveries follow the Standard Webhooks specification and are signed with the endpoint's secret (whsec_…, shown once when you create the endpoint). Each has three headers:",
    headerWebhookId: 'the delivery’s id, the same on every retry: use it to skip a delivery you have already handled.',
    headerWebhookTimestamp: 'when it was sent, in seconds since 1970: refuse one that is more than five minutes old.',
    headerWebhookSignature:
      'v1, then the signature (HMAC-SHA256 of the id, the timestamp and the body with your secret, in base64); two of them, separated by a space, while a rotated secret is still valid.',
    webhooks3:
      'Check the signature with the standardwebhooks package before you trust a delivery, on the body exactly as it arrived. Answer with a 2xx status within 15 seconds (redirects are not followed). Anything else is retried after 5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 10 hours; an endpoint whose deliveries fail for three days is turned off.',
    codeWebhook: 'Verify a delivery (TypeScript, standardwebhooks)',

    mcpTitle: 'MCP for AI assistants',
    mcp1: 'Assistants that speak the Model Context Protocol can use the API as tools. The server is at {url} (Streamable HTTP). Authorise it with an API key as a bearer token.',
    mcp2: 'Its tools are list_models (models and prices), generate_video (needs videos:write and spends credits exactly as the API does), get_video (needs videos:read: the status, and the link once completed) and get_balance (needs credits:read). Give the key only the scopes the assistant needs, and a monthly cap.',
    codeMcpConfig: 'An MCP client’s configuration (mcp.json)',
    codeMcpCli: 'Add it to Claude Code',

    referenceTitle: 'API reference',
    reference1:
      'Every operation of the API. The same, for code generators and API clients, as an OpenAPI 3.1 document: {openapi}.',
    scopesLabel: 'Scopes',
    noKey: 'No key needed',
    anyKey: 'Any valid key',
    parameters: 'Parameters',
    paramName: 'Name',
    paramIn: 'In',
    paramType: 'Type',
    paramDescription: 'Description',
    required: '(required)',
    inPath: 'path',
    inQuery: 'query',
    inBody: 'body',
    inHeader: 'header',
    multipart:
      'The same request can be sent as multipart/form-data, with the same fields and the picture as the file field {file}.',
    exampleRequest: 'Example request: {operation}',
    exampleReply: 'Example reply: {operation}',
    errorsOf: 'Errors',
  },
  {
    title: '开发者 API 与 MCP',
    description: '用你的 Veo 3 Studio 积分，从代码或 AI 助手生成 Veo 3 视频：REST API、Webhook 和 MCP 服务器。',
    eyebrow: '开发者',
    heading: 'Veo 3 Studio API',
    lead: '用账户里的积分，从你自己的代码生成视频，或让 AI 助手替你生成。',
    contents: '本页目录',

    overviewTitle: '概览',
    overview1:
      '这是一个位于 {base} 的小型 REST API：用提示词（或提示词加首帧图片）创建视频，跟踪进度直到完成，下载视频，并查询模型和余额。它返回 JSON，错误以 problem details 格式返回。',
    overview2:
      '它使用与网站相同的积分、相同的价格：视频被接受时扣费，生成失败或在排队中被你取消时，积分会退还。通过 API 生成的视频和其他视频一样属于你。',
    overview3: 'AI 助手可以通过位于 {mcp} 的 MCP 服务器使用同样的功能。',

    quickStartTitle: '快速开始',
    quickStep1: '在你的{account}页面创建一个 API 密钥。只给它需要的权限范围，并复制密钥：它只显示一次。',
    quickStep2:
      '创建视频。请附上 Idempotency-Key（任意唯一文本，例如 UUID）：网络出错后重发同一请求，你会得到同一个视频，只付一次费。',
    quickStep3: '每隔几秒读取一次视频，直到状态变为 completed，或 failed（此时积分已退还）。',
    quickStep4: '从 result_url 下载 MP4。链接带签名且会过期：重新读取视频即可获得新链接。',
    quickTs: '用 TypeScript 和 fetch 完成同样的步骤（Node 18 或更高版本）：',
    account: '账户',
    codeCreate: '创建视频（curl）',
    codePoll: '读取视频直到完成（curl）',
    codeDownload: '下载视频（curl）',
    codeTs: '创建、等待并下载（TypeScript）',

    authTitle: '认证与权限范围',
    auth1:
      '每个请求都在 Authorization 请求头中附上你的密钥：{header}。密钥以 v3s_ 开头。密钥只能用于 /v1 和 /mcp；在那里，已登录的浏览器会话会被拒绝。',
    auth2: '请妥善保管密钥：只在服务器上使用，不要放进网页或应用。密钥一旦泄露，请在账户页面撤销它：几秒内即失效。',
    scopesIntro: '每个密钥都有权限范围。缺少所需权限范围的调用会被拒绝，返回 403 和错误码 {code}。',
    scopeHead: '权限范围',
    allowsHead: '允许的操作',
    scopeVideosWrite: '创建和取消视频。这会消耗积分。',
    scopeVideosRead: '读取和列出你的视频及其下载链接。',
    scopeCreditsRead: '读取你的积分余额。',
    scopesOther: '列出模型只需一个有效密钥，不需要权限范围；OpenAPI 文档不需要密钥。',

    errorsTitle: '错误',
    errors1:
      '错误会带有 HTTP 状态码和 problem details 格式的正文（RFC 9457，内容类型 {type}）：type 链接到本页对该错误的说明，title 是状态的名称，detail 说明这次出了什么问题，code 是可供程序判断的稳定错误码。400 错误还会在 errors 中列出每个无效字段。',
    errors2: '被拒绝的请求不会扣除任何积分。',
    codeProblem: '一个错误响应',
    errorTable: '错误码一览',
    errorCodeHead: '错误码',
    errorStatusHead: '状态码',
    errorMeaningHead: '含义',
    err_API_KEYS_INVALID: 'API 密钥缺失、格式错误、不存在或已撤销。',
    err_API_KEYS_NOT_AN_API_KEY: '发送的是浏览器会话令牌：API 只接受 API 密钥。',
    err_API_KEYS_MISSING_SCOPE: '密钥缺少这次调用所需的权限范围。请创建带有该权限范围的密钥。',
    err_API_KEYS_CAP_REACHED: '这个视频会超出密钥的每月上限。未扣除任何积分。',
    err_TOO_MANY_REQUESTS: '这个密钥一分钟内的请求过多。请等待 Retry-After 给出的秒数。',
    err_PUBLIC_API_INVALID_REQUEST: '请求正文、表单或查询参数不符合其结构；errors 列出了每个字段。',
    err_FST_ERR_CTP_INVALID_MEDIA_TYPE: '请求正文既不是 JSON 也不是 multipart/form-data：请设置它的 Content-Type。',
    err_PUBLIC_API_INVALID_CURSOR: 'starting_after 指向的不是你的视频。',
    err_PUBLIC_API_IMAGE_URL_REFUSED: 'image_url 不是指向公网地址的 https 链接。',
    err_PUBLIC_API_IMAGE_URL_UNREADABLE: '无法读取 image_url：没有响应、返回错误，或文件过大。',
    err_PUBLIC_API_NOT_CANCELLABLE: '只有排队中的视频可以取消；这个视频已经开始或已经结束。',
    err_VIDEO_INSUFFICIENT_CREDITS: '你的余额低于视频价格。未扣除任何积分。',
    err_VIDEO_TOO_MANY_ACTIVE: '你同时制作中的视频已达上限。请等待其中一个完成。',
    err_VIDEO_UNKNOWN_MODEL: '没有这个 id 的模型；请列出模型查看其 id。',
    err_VIDEO_BAD_OPTION: '该模型不支持这个时长、宽高比或分辨率。',
    err_VIDEO_UNSUPPORTED_OPTION: '该模型不接受这个选项（反向提示词、种子或首帧）。',
    err_VIDEO_IMAGE_REQUIRED: '该模型只能从首帧生成视频：请发送 image_url 或 image。',
    err_VIDEO_INVALID_IMAGE: '首帧不是 JPEG、PNG、GIF 或 WebP 图片。',
    err_VIDEO_IMAGE_TOO_LARGE: '首帧大于 10 MB。',
    err_VIDEO_IMAGE_TOO_MANY_PIXELS: '首帧的像素过多。',
    err_VIDEO_IDEMPOTENCY_KEY_REUSED: '这个 Idempotency-Key 之前已用于另一个请求。请使用新的键。',
    err_VIDEO_NOT_FOUND: '你没有这个 id 的视频。',
    err_NOT_FOUND: '没有这个操作：请检查请求方法和路径。',
    err_VIDEO_UNAVAILABLE: '该模型暂时无法接单。未扣除任何积分；请稍后再试。',
    err_INTERNAL: '我们这边出了问题。请重试；失败的视频会退还积分。',

    limitsTitle: '速率限制与上限',
    limits1:
      '除非网站另行设置，每个密钥每分钟最多发出 60 个请求。超出的请求返回 429，并带有 Retry-After 请求头：需要等待的秒数。',
    limits2:
      '密钥可以在创建时设置每月积分上限。会超出上限的视频会被拒绝，返回 402 和错误码 API_KEYS_CAP_REACHED，且不扣费。退还的积分会重新计入额度。',
    limits3:
      '你的账户同时制作的视频数量有限：超出时返回 409（VIDEO_TOO_MANY_ACTIVE）。视频还需要余额足够支付其价格：否则返回 402（VIDEO_INSUFFICIENT_CREDITS）。这两种情况都不扣费。',

    webhooksTitle: 'Webhook',
    webhooks1:
      '不必轮询，让我们来通知你。在你的{account}页面添加一个端点（https 网址），并选择要接收的事件：video.completed、video.failed 和 credits.low。每次投递都是一个 POST 请求，JSON 正文包含 type、timestamp 和 data；视频事件的 data 就是 API 所显示的视频。',
    webhooks2:
      '投递遵循 Standard Webhooks 规范，并用端点的密钥签名（whsec_…，仅在创建端点时显示一次）。每次投递都带有三个请求头：',
    headerWebhookId: '投递的 id，每次重试都相同：用它跳过已经处理过的投递。',
    headerWebhookTimestamp: '发送时间，以自 1970 年起的秒数表示：拒绝超过五分钟的投递。',
    headerWebhookSignature:
      'v1，后跟签名（用你的密钥对 id、时间戳和正文计算的 HMAC-SHA256，base64 编码）；轮换密钥后的有效期内会有两个签名，以空格分隔。',
    webhooks3:
      '在信任一次投递之前，请用 standardwebhooks 包按原样收到的正文校验签名。请在 15 秒内返回 2xx 状态码（不会跟随重定向）。其他响应会在 5 秒、5 分钟、30 分钟、2 小时、5 小时、10 小时和 10 小时后重试；投递连续失败三天的端点会被停用。',
    codeWebhook: '校验一次投递（TypeScript，standardwebhooks）',

    mcpTitle: '面向 AI 助手的 MCP',
    mcp1: '支持模型上下文协议（MCP）的助手可以把 API 当作工具使用。服务器地址是 {url}（Streamable HTTP）。请用 API 密钥作为 Bearer 令牌授权。',
    mcp2: '它的工具有：list_models（模型和价格）、generate_video（需要 videos:write，扣费方式与 API 完全相同）、get_video（需要 videos:read：状态，完成后附带链接）和 get_balance（需要 credits:read）。只给密钥助手需要的权限范围，并设置每月上限。',
    codeMcpConfig: 'MCP 客户端的配置（mcp.json）',
    codeMcpCli: '添加到 Claude Code',

    referenceTitle: 'API 参考',
    reference1: 'API 的所有操作。供代码生成器和 API 客户端使用的同一内容，见 OpenAPI 3.1 文档：{openapi}。',
    scopesLabel: '权限范围',
    noKey: '无需密钥',
    anyKey: '任意有效密钥',
    parameters: '参数',
    paramName: '名称',
    paramIn: '位置',
    paramType: '类型',
    paramDescription: '说明',
    required: '（必填）',
    inPath: '路径',
    inQuery: '查询',
    inBody: '正文',
    inHeader: '请求头',
    multipart: '同一请求也可以用 multipart/form-data 发送，字段相同，图片放在文件字段 {file} 中。',
    exampleRequest: '请求示例：{operation}',
    exampleReply: '响应示例：{operation}',
    errorsOf: '错误',
  },
);
