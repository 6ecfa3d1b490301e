import { EFFECTS_ERROR_CODES } from '@veo3/contracts/error-codes';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const EffectsErrorCode = EFFECTS_ERROR_CODES;
export type EffectsErrorCode = (typeof EffectsErrorCode)[keyof typeof EffectsErrorCode];

const STATUS: Record<EffectsErrorCode, number> = {
  [EffectsErrorCode.NotFound]: 404,
  [EffectsErrorCode.BadInput]: 400,
  [EffectsErrorCode.ConsentRequired]: 400,
  [EffectsErrorCode.InvalidEffect]: 400,
  [EffectsErrorCode.SlugTaken]: 409,
  [EffectsErrorCode.InvalidSample]: 400,
};

export class EffectsException extends AppException<EffectsErrorCode> {
  constructor(code: EffectsErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}

/** No such effect, or not published (the site never tells the two apart). */
export const effectNotFound = () => new EffectsException(EffectsErrorCode.NotFound, 'This effect does not exist.');

/** The console's refusal of an effect that cannot work, saying what to change. */
export const invalidEffect = (message: string) => new EffectsException(EffectsErrorCode.InvalidEffect, message);

/** A generation's refusal of its inputs. */
export const badInput = (message: string) => new EffectsException(EffectsErrorCode.BadInput, message);
