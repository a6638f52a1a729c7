import { claimedFileKind, type FileKind } from '../../shared/domain/files';
import { UPLOAD_MAX_BYTES } from '../../shared/domain/limits';

export type FileProblem = 'tooLarge' | 'wrongType';

/**
 * The browser's early check of a chosen file, for a message before any upload starts. It trusts the
 * name and the claimed type; the server checks the bytes again and has the last word.
 */
export function checkFile(file: File, kinds: readonly FileKind[]): FileProblem | null {
  const kind = claimedFileKind(file);
  if (!kind || !kinds.includes(kind)) return 'wrongType';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  return null;
}

/** "1.2 MB" / "340 KB" for a file list. */
export function formatFileSize(bytes: number, lang: string): string {
  const nf = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${nf.format(bytes / (1024 * 1024))} MB`;
  return `${nf.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
