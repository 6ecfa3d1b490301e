import { useCallback, useRef, useState } from 'react';
import { checkImageFile, type ImageIssue } from './check-image-file';

export interface ImageField {
  /** The last picture that passed the checks. */
  file: File | null;
  /** Why the last pick was refused; cleared by the next good pick or Remove. */
  issue: ImageIssue | null;
  checking: boolean;
  /** Checks `file` and takes it if it passes; a refused file keeps the previous good one. Resolves to whether it was taken. */
  pick: (file: File) => Promise<boolean>;
  remove: () => void;
}

/** A picture field (first or last frame) that checks each file as it is picked. */
export function useImageField(): ImageField {
  const [file, setFile] = useState<File | null>(null);
  const [issue, setIssue] = useState<ImageIssue | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the latest pick counts: a slow decode of an earlier file must not overwrite it.
  const latest = useRef(0);

  const pick = useCallback(async (next: File) => {
    const pickId = ++latest.current;
    setChecking(true);
    const refused = await checkImageFile(next);
    if (pickId !== latest.current) return false;
    setChecking(false);
    setIssue(refused);
    if (!refused) setFile(next);
    return !refused;
  }, []);

  const remove = useCallback(() => {
    latest.current++;
    setChecking(false);
    setIssue(null);
    setFile(null);
  }, []);

  return { file, issue, checking, pick, remove };
}
