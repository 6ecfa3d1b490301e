type FilePart = { data: Buffer; filename: string; type: string };

/** A multipart/form-data body for app.inject (fields, and files given as bytes; a list repeats the field). */
export function multipart(fields: Record<string, string>, files: Record<string, FilePart | FilePart[]> = {}) {
  const boundary = `----veo3test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const parts = Object.entries(files).flatMap(([name, f]) =>
    (Array.isArray(f) ? f : [f]).map((file) => [name, file] as const),
  );
  for (const [name, file] of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
