import { Catch, type ArgumentsHost } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TITLES,
  problemType,
  V1_PREFIX,
  type V1Problem,
} from '@veo3/contracts/public-api';
import { errorReply, HttpExceptionFilter } from '../common/http-exception.filter';
import { PublicApiException } from './public-api.exception';

/** Whether `url` (path and query) is the developer API's. */
export const isV1Path = (url: string): boolean => url === V1_PREFIX || /^\/v1[/?]/.test(url);

/** The RFC 9457 problem for `exception`: the status, code and message the app's filter would answer. */
export function problemOf(exception: unknown, instance: string, siteUrl: string): V1Problem {
  const { status, body } = errorReply(exception);
  const fields = exception instanceof PublicApiException ? exception.fields : undefined;
  return {
    type: problemType(siteUrl, body.code),
    title: PROBLEM_TITLES[status] ?? `HTTP ${status}`,
    status,
    detail: body.message,
    code: body.code,
    instance,
    ...(fields?.length ? { errors: fields } : {}),
  };
}

/**
 * The app's one exception filter: `/v1` errors as `application/problem+json` (headers already set,
 * such as a 429's Retry-After, are kept); every other path as HttpExceptionFilter answers them.
 */
@Catch()
export class ProblemDetailsFilter extends HttpExceptionFilter {
  constructor(private readonly siteUrl: string) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (!isV1Path(request.url)) return super.catch(exception, host);
    const problem = problemOf(exception, request.url.split('?')[0]!, this.siteUrl);
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(problem.status)
      .header('Cache-Control', 'no-store')
      .header('Content-Type', PROBLEM_CONTENT_TYPE)
      .send(JSON.stringify(problem));
  }
}
