/**
 * Base of every module's typed error. A module declares its code enum and the
 * HTTP status of each code; the exception filter turns it into
 * `{ success: false, message, code }`.
 */
export abstract class AppException<Code extends string = string> extends Error {
  protected constructor(
    readonly code: Code,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
