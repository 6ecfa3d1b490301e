import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HTTP_ERROR_CODE_BY_STATUS, type ErrorReply } from '@veo3/contracts/envelope';
import { AppException } from './app.exception';

const CODE_BY_STATUS: Partial<Record<number, string>> = HTTP_ERROR_CODE_BY_STATUS;

/** Messages may quote input (framework messages quote the URL): never more than this much of it. */
const MAX_MESSAGE = 200;

const logger = new Logger('HttpExceptionFilter');

/** The one error shape; `code` defaults to the status's. */
export function errorBody(
  status: number,
  message: string,
  code = CODE_BY_STATUS[status] ?? `HTTP_${status}`,
): ErrorReply {
  return {
    success: false,
    message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message,
    code,
  };
}

function httpMessage(exception: HttpException): string {
  // Nest's own 404 ("Cannot POST /the/path") echoes the path.
  if (exception.getStatus() === 404) return 'Not found';
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/** The status and body of the reply to `exception`; errors of the server (5xx) are logged. */
export function errorReply(exception: unknown): { status: number; body: ErrorReply } {
  let status = HttpStatus.INTERNAL_SERVER_ERROR;
  let body: ErrorReply = { success: false, message: 'Internal server error', code: 'INTERNAL' };

  if (exception instanceof AppException) {
    status = exception.status;
    body = { success: false, message: exception.message, code: exception.code };
  } else if (exception instanceof HttpException) {
    status = exception.getStatus();
    body = errorBody(status, httpMessage(exception));
  } else if (isFastifyError(exception)) {
    status = exception.statusCode;
    body = errorBody(status, exception.message, exception.code);
  }
  // A module's own 5xx (a database outage, not ready while draining) is an expected state: one line.
  if (status >= 500 && exception instanceof AppException) logger.warn(`${exception.code}: ${exception.message}`);
  else if (status >= 500)
    logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { status, body };
}

/** The one place that shapes error replies: `{ success: false, message, code }`. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = errorReply(exception);
    void host.switchToHttp().getResponse<FastifyReply>().status(status).header('Cache-Control', 'no-store').send(body);
  }
}

function isFastifyError(error: unknown): error is { statusCode: number; message: string; code?: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number' &&
    (error as { statusCode: number }).statusCode >= 400 &&
    (error as { statusCode: number }).statusCode < 500
  );
}
