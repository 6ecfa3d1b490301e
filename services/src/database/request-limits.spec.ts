import { getMetadataArgsStorage } from 'typeorm';
import { z } from 'zod';
import { DevSignInSchema } from '@veo3/contracts/auth';
import { CreateCheckoutSchema } from '@veo3/contracts/billing';
import { CheckoutSessionEntity } from '../billing/checkout-session.entity';
import { CreditTransactionEntity } from '../credits/credit-transaction.entity';
import { CreditChangeSchema } from '@veo3/contracts/credits';
import { UserEntity } from '../users/user.entity';
import { MAX_NEGATIVE_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import { VideoTaskEntity } from '../video/video-task.entity';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';

interface JsonSchema {
  type?: string;
  maxLength?: number;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

/** MySQL's TEXT, in bytes; a character takes at most four in utf8mb4. */
const TEXT_BYTES = 65_535;

/** The most a request field may hold, read from its schema (as the OpenAPI document shows it). */
function maxLength(schema: z.ZodType, field: string): number {
  const property = (z.toJSONSchema(schema, { io: 'input' }) as JsonSchema).properties![field]!;
  return (property.anyOf?.find((s) => s.type === 'string') ?? property).maxLength!;
}

function column(entity: object, property: string) {
  const found = getMetadataArgsStorage().columns.find((c) => c.target === entity && c.propertyName === property);
  return { type: found!.options.type, length: Number(found!.options.length) };
}

// The blog's fields are checked against its migrated table on SQLite and MySQL in blog.spec.
describe('request limits and the columns that store them', () => {
  it.each([
    ['sourceId', CreditChangeSchema, CreditTransactionEntity, 'sourceId'],
    ['description', CreditChangeSchema, CreditTransactionEntity, 'description'],
    ['name', DevSignInSchema, UserEntity, 'name'],
    ['email', DevSignInSchema, UserEntity, 'email'],
    // Dev sign-in keeps the address as the account's subject too.
    ['email', DevSignInSchema, UserEntity, 'providerSubject'],
    ['success_url', CreateCheckoutSchema, CheckoutSessionEntity, 'successUrl'],
    ['cancel_url', CreateCheckoutSchema, CheckoutSessionEntity, 'cancelUrl'],
  ] as const)('%s fits its varchar column', (field, schema, entity, property) => {
    const stored = column(entity, property);
    expect(stored.type).toBe('varchar');
    expect(maxLength(schema, field)).toBeLessThanOrEqual(stored.length);
  });

  it('the video prompts fit their columns', () => {
    const negative = column(VideoTaskEntity, 'negativePrompt');
    expect(negative.type).toBe('varchar');
    expect(MAX_NEGATIVE_PROMPT_LENGTH).toBeLessThanOrEqual(negative.length);
    expect(column(VideoTaskEntity, 'prompt').type).toBe('text');
    expect(MAX_PROMPT_LENGTH * 4).toBeLessThanOrEqual(TEXT_BYTES);
  });
});
