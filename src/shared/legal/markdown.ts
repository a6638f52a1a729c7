/**
 * The legal texts (src/shared/legal/*.md, decision 0046) are plain Markdown of three kinds of block:
 * `# title`, `## heading` and paragraphs separated by blank lines; HTML comments are notes for the
 * operator and are dropped. The `version:` line names the text's version. `[[...]]` marks a part the
 * operator has to fill in; it is kept and shown highlighted until they do.
 */
export type LegalBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string };

export interface LegalText {
  version: string | null;
  blocks: LegalBlock[];
}

export function parseLegalText(source: string, vars: Record<string, string> = {}): LegalText {
  const withoutNotes = source.replace(/<!--[\s\S]*?-->/g, '');
  const version = /^version:\s*(\S+)\s*$/m.exec(withoutNotes)?.[1] ?? null;
  const body = withoutNotes
    .replace(/^version:.*$/m, '')
    .replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole);
  const blocks: LegalBlock[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    const text = chunk.trim();
    if (!text) continue;
    if (text.startsWith('## ')) blocks.push({ kind: 'heading', text: text.slice(3).trim() });
    else if (text.startsWith('# ')) blocks.push({ kind: 'title', text: text.slice(2).trim() });
    else blocks.push({ kind: 'paragraph', text });
  }
  return { version, blocks };
}

/** A paragraph split into plain runs and the operator's unfilled `[[...]]` parts. */
export function unfilledParts(text: string): { text: string; unfilled: boolean }[] {
  return text
    .split(/(\[\[[^\]]*\]\])/)
    .filter(Boolean)
    .map((part) => ({ text: part, unfilled: part.startsWith('[[') && part.endsWith(']]') }));
}
