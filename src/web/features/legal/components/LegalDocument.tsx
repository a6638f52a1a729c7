import { ArrowLeft } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../shared/i18n/languages';
import { parseLegalText, unfilledParts } from '../../../../shared/legal/markdown';
import { Card } from '../../../components/ui/Card';
import { PublicShell } from '../../../components/ui/PublicShell';
import { TextLink } from '../../../components/ui/TextLink';
import { useTranslation } from '../../../lib/useTranslation';

export interface LegalDocumentProps {
  /** The text in each language: the operator's Markdown template (src/shared/legal/, decision 0046). */
  sources: { tr: string; en: string };
  /** Catalogue values the texts interpolate (the stated waits), so that none is typed into a text. */
  vars?: Record<string, string>;
}

export function LegalDocument({ sources, vars }: LegalDocumentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { version, blocks } = parseLegalText(sources[toLanguage(i18n.language) ?? DEFAULT_LANGUAGE], vars);
  const title = blocks.find((b) => b.kind === 'title')?.text ?? '';

  // Readers usually arrive from a form (sign-up); going back keeps them where they were.
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };

  return (
    <PublicShell title={title}>
      <div className="w-full max-w-3xl">
        <TextLink to="/" onClick={goBack} className="inline-flex items-center gap-2">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('legal.back')}
        </TextLink>
        <Card className="mt-4">
          <article className="text-base leading-7 text-slate-700">
            {blocks.map((block, i) =>
              block.kind === 'title' ? (
                <h1 key={block.text} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                  {block.text}
                </h1>
              ) : block.kind === 'heading' ? (
                <h2 key={block.text} className="mt-8 text-lg font-semibold text-slate-900">
                  {block.text}
                </h2>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the text is fixed; paragraphs may repeat words.
                <p key={i} className={i === 1 ? 'mt-6 whitespace-pre-line' : 'mt-3 whitespace-pre-line'}>
                  {unfilledParts(block.text).map((part, j) =>
                    part.unfilled ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed paragraph.
                      <mark key={j} title={t('legal.unfilled')} className="rounded bg-amber-100 px-1 text-amber-900">
                        {part.text}
                      </mark>
                    ) : (
                      part.text
                    ),
                  )}
                </p>
              ),
            )}
            {version ? (
              <p className="mt-8 text-sm text-slate-500" data-testid="legal-version">
                {t('legal.version', { version })}
              </p>
            ) : null}
          </article>
        </Card>
      </div>
    </PublicShell>
  );
}
