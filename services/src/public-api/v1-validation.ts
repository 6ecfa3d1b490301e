import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { V1ProblemField } from '@veo3/contracts/public-api';
import { PublicApiErrorCode, PublicApiException } from './public-api.exception';

type Location = V1ProblemField['location'];

/** A JSON Pointer (RFC 6901) fragment to the issue's field: '#/prompt', '#' for the whole value. */
function pointer(path: readonly PropertyKey[]): string {
  return ['#', ...path.map((key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1'))].join('/');
}

/** `value` parsed with `schema`; else a 400 PUBLIC_API_INVALID_REQUEST listing each invalid field. */
export function parseV1<T extends z.ZodType>(schema: T, value: unknown, location: Location): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    location,
    pointer: pointer(issue.path),
    detail: issue.message,
  }));
  const first = fields[0]!;
  throw new PublicApiException(
    PublicApiErrorCode.InvalidRequest,
    `The request is not valid: ${first.pointer === '#' ? '' : `${first.pointer.slice(2)}: `}${first.detail}`,
    fields,
  );
}

/**
 * Validates a /v1 route's query or path parameters with the contract's schema, answering the
 * problem's `errors` field by field (the app's global pipe only has messages; it skips parameters
 * without a `schema`, so it never runs before this one).
 */
export class V1SchemaPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(
    private readonly schema: T,
    private readonly location: Location,
  ) {}

  transform(value: unknown): z.output<T> {
    return parseV1(this.schema, value, this.location);
  }
}
