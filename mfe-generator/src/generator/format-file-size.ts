const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Human-readable size with up to two decimals, e.g. 1536 → '1.5 KB' (SPEC §9 units). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}
