import { formatCount } from '../../shared/catalogue/money';
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

/**
 * At most one decimal, as Intl.NumberFormat writes it ("1,5" in Turkish); by hand, since a page's first
 * number formatter cost about 60 ms on Lighthouse's phone (decision 0063). toFixed rounds the exact value
 * half up, as Intl does.
 */
function oneDecimal(value: number, lang: 'tr' | 'en'): string {
  const [whole, fraction] = value.toFixed(1).split('.');
  const text = formatCount(Number(whole), lang);
  return fraction === '0' ? text : `${text}${lang === 'tr' ? ',' : '.'}${fraction}`;
}

/** "1.2 MB" / "340 KB" for a file list. */
export function formatFileSize(bytes: number, lang: string): string {
  const language = lang === 'tr' ? 'tr' : 'en';
  if (bytes >= 1024 * 1024) return `${oneDecimal(bytes / (1024 * 1024), language)} MB`;
  return `${oneDecimal(Math.max(1, Math.round(bytes / 1024)), language)} KB`;
}
