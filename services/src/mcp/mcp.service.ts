import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply } from 'fastify';
import type { ApiKeyScope } from '@veo3/contracts/api-keys';
import type { ApiCaller } from '../api-keys/api-key-caller';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import { errorReply } from '../common/http-exception.filter';
import { sendMcpReply } from '../http/mcp-reply';
import { PublicVideosService } from '../public-api/public-videos.service';
import type { McpRequest } from './mcp-auth.guard';
import { MCP_TOOLS, type GeneratedVideo, type GenerateVideoInput, type GetVideoInput } from './mcp-tools';

const SERVER_INFO = { name: 'veo3-studio', title: 'Veo 3 Studio', version: '1.0.0' };
const INSTRUCTIONS =
  'Makes short AI videos with sound, paid from the credits of the account whose API key you hold, at the prices list_models gives. ' +
  'generate_video answers at once; call get_video with its id until the status is completed (result_url links the MP4) or failed (refunded).';

/**
 * The MCP tools, as thin as controllers: each checks the key's scope and calls the developer API's
 * service, so a video made here is checked, charged, capped and refunded exactly as through `/v1`.
 */
@Injectable()
export class McpService {
  constructor(
    private readonly keys: ApiKeyAuthenticator,
    private readonly videos: PublicVideosService,
  ) {}

  /** Answers one POST /mcp of an authenticated caller, with a server of its own (stateless: one per request). */
  async answer(request: McpRequest, reply: FastifyReply): Promise<void> {
    await sendMcpReply(request, reply, this.serverFor(request.apiCaller));
  }

  private serverFor(caller: ApiCaller): McpServer {
    const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
    server.registerTool('list_models', MCP_TOOLS.list_models, () => this.run(caller, null, () => this.videos.models()));
    server.registerTool('generate_video', MCP_TOOLS.generate_video, (input: GenerateVideoInput) =>
      this.run(caller, 'videos:write', () => this.generate(caller, input)),
    );
    server.registerTool('get_video', MCP_TOOLS.get_video, ({ id }: GetVideoInput) =>
      this.run(caller, 'videos:read', () => this.videos.get(caller, id)),
    );
    server.registerTool('get_balance', MCP_TOOLS.get_balance, () =>
      this.run(caller, 'credits:read', () => this.videos.balance(caller)),
    );
    return server;
  }

  /** POST /v1/videos with these fields (the service fetches `image_url`), and the balance it leaves. */
  private async generate(caller: ApiCaller, input: GenerateVideoInput): Promise<GeneratedVideo> {
    const { idempotency_key: clientKey, ...fields } = input;
    const { video, replayed } = await this.videos.create(caller, { fields, image: null, clientKey: clientKey ?? null });
    const { credits } = await this.videos.balance(caller);
    return { ...video, replayed, balance: credits };
  }

  /**
   * The tool's result: its data as structured content and as JSON text, for clients that read only
   * text. A refusal (a missing scope, not enough credits, a bad option) is a tool error with the
   * message `/v1` would give, for the assistant to read and act on; never a protocol error.
   */
  private async run(
    caller: ApiCaller,
    scope: ApiKeyScope | null,
    call: () => Promise<object>,
  ): Promise<CallToolResult> {
    try {
      if (scope) this.keys.requireScope(caller, scope);
      const data = (await call()) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }], structuredContent: data };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: errorReply(error).body.message }] };
    }
  }
}
