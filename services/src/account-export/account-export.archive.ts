import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { ObjectStorage } from '../storage/object-storage';
import { StorageException, StorageErrorCode } from '../storage/storage.exception';
import type { ExportFile, ExportSection } from './account-export.sections';

/** Rows read per query while writing data.json. */
const PAGE = 500;
/** Share of the progress bar data.json takes; the files take the rest but the last step (storing). */
const DATA_SHARE = 40;
const FILES_SHARE = 55;

export interface ArchiveInput {
  userId: string;
  /** data.json's first fields (the export's facts, the profile). */
  head: Record<string, unknown>;
  sections: ExportSection[];
  /** Filled while the sections are read (the tasks' files). */
  files: ExportFile[];
  inlineMaxBytes: number;
  objects: ObjectStorage;
  /** A signed, short-lived link to a file left out of the archive. */
  linkFor(file: ExportFile): string;
  onProgress(percent: number): Promise<void>;
}

/** data.json, written as it is read: the head, then each section as an array. */
async function* dataJson(input: ArchiveInput): AsyncGenerator<string> {
  yield JSON.stringify(input.head, null, 2).slice(0, -2);
  for (const [index, section] of input.sections.entries()) {
    yield `,\n  ${JSON.stringify(section.name)}: [`;
    let first = true;
    for (let skip = 0; ; skip += PAGE) {
      const rows = await section.page(input.userId, skip, PAGE);
      for (const row of rows) {
        yield `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
        first = false;
      }
      if (rows.length < PAGE) break;
    }
    yield first ? ']' : '\n  ]';
    await input.onProgress(Math.floor(((index + 1) / input.sections.length) * DATA_SHARE));
  }
  yield '\n}\n';
}

type FileEntry = { key: string; size: number } & ({ in_archive: string } | { url: string } | { missing: true });

/** Copies one stored file into the archive, or lists it with a link when it is over the limit. */
async function addFile(zip: ZipFile, input: ArchiveInput, file: ExportFile): Promise<FileEntry> {
  const object = await input.objects.get(file.key).catch((error: unknown) => {
    if (error instanceof StorageException && error.code === StorageErrorCode.NotFound) return null;
    throw error;
  });
  if (!object) return { key: file.key, size: 0, missing: true };
  if (object.size > input.inlineMaxBytes) {
    object.body.destroy();
    return { key: file.key, size: object.size, url: input.linkFor(file) };
  }
  const path = `files/${file.key}`;
  zip.addReadStream(object.body, path, { size: object.size, compress: false });
  // One file open at a time: yazl reads entries in order, and an S3 stream holds a connection.
  await finished(object.body);
  return { key: file.key, size: object.size, in_archive: path };
}

/**
 * Writes the user's archive to `path`, streamed (data.json page by page, each file piped through):
 * data.json, the files under `files/`, and files.json listing each file, with a link for those
 * over the limit. The archive's size in bytes.
 */
export async function writeArchive(input: ArchiveInput, path: string): Promise<number> {
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(path));
  try {
    const data = Readable.from(dataJson(input));
    zip.addReadStream(data, 'data.json');
    await finished(data);
    const entries: FileEntry[] = [];
    for (const [index, file] of input.files.entries()) {
      entries.push(await addFile(zip, input, file));
      await input.onProgress(DATA_SHARE + Math.floor(((index + 1) / input.files.length) * FILES_SHARE));
    }
    zip.addBuffer(Buffer.from(`${JSON.stringify({ files: entries }, null, 2)}\n`), 'files.json');
    zip.end();
    await written;
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    throw error;
  }
  return (await stat(path)).size;
}
