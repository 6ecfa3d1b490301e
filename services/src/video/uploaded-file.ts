/** A file part written to a temporary file as it arrived (never whole in memory), at most MAX_IMAGE_BYTES. */
export interface UploadedFile {
  path: string;
  size: number;
  /** Its first bytes, for the type check. */
  head: Buffer;
  sha256: string;
}
