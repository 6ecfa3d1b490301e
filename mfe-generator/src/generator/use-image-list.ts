import { useCallback, useRef, useState } from 'react';
import { checkImageFile, type ImageIssue } from './check-image-file';

/** Why a pick was refused: a picture the checks refuse, or one past the list's limit. */
export type ImageListIssue = ImageIssue | { key: 'referenceLimit'; vars: { max: number; name: string } };

export interface ImageList {
  /** The pictures that passed the checks, in the order picked. */
  files: readonly File[];
  /** Why the last pick refused a file; cleared by the next pick with none refused, or by Remove. */
  issue: ImageListIssue | null;
  checking: boolean;
  /** Checks each of `picked` in turn and keeps those that pass, up to `max` in all. */
  pick: (picked: readonly File[]) => Promise<void>;
  remove: (index: number) => void;
  /** Empties the list (before a task's own pictures are picked, on Reuse). */
  clear: () => void;
}

/** A list of up to `max` pictures (Omni's reference images), each checked as it is picked like the first frame. */
export function useImageList(max: number): ImageList {
  const [files, setFiles] = useState<readonly File[]>([]);
  const [issue, setIssue] = useState<ImageListIssue | null>(null);
  const [checking, setChecking] = useState(false);
  // The list as the checks see it: picks made while others are being checked still count against `max`.
  const filesRef = useRef<readonly File[]>([]);

  const commit = useCallback((next: readonly File[]) => {
    filesRef.current = next;
    setFiles(next);
  }, []);

  const pick = useCallback(
    async (picked: readonly File[]) => {
      setChecking(true);
      let refused: ImageListIssue | null = null;
      for (const file of picked) {
        if (filesRef.current.length >= max) {
          refused ??= { key: 'referenceLimit', vars: { max, name: file.name } };
          continue;
        }
        const problem = await checkImageFile(file);
        if (problem) refused ??= problem;
        else commit([...filesRef.current, file]);
      }
      setChecking(false);
      setIssue(refused);
    },
    [max, commit],
  );

  const remove = useCallback(
    (index: number) => {
      commit(filesRef.current.filter((_, i) => i !== index));
      setIssue(null);
    },
    [commit],
  );

  const clear = useCallback(() => {
    commit([]);
    setIssue(null);
  }, [commit]);

  return { files, issue, checking, pick, remove, clear };
}
