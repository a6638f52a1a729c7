import type { Language } from './languages';

/** "60, 30 ve 7" / "60, 30 and 7": a short list in running text, without Intl (decision 0063). */
export function joinList(items: readonly (string | number)[], lang: Language): string {
  const words = items.map(String);
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${lang === 'tr' ? 've' : 'and'} ${words[words.length - 1]}`;
}
