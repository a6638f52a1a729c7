import { ArrowLeft } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { PublicShell } from '../../../components/ui/PublicShell';
import { TextLink } from '../../../components/ui/TextLink';
import { useTranslation } from '../../../lib/useTranslation';

export interface LegalDocumentProps {
  /** Catalogue prefix, e.g. `legal.terms`. */
  prefix: string;
  /** Section ids under `<prefix>.sections`, in reading order. */
  sections: readonly string[];
  /** Catalogue values the texts interpolate (the stated waits), so that none is typed into a text. */
  vars?: Record<string, string>;
}

/** Paragraphs are separated by a blank line inside one catalogue string. */
function paragraphs(text: string): string[] {
  return text.split(/\n{2,}/).filter(Boolean);
}

export function LegalDocument({ prefix, sections, vars }: LegalDocumentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`${prefix}.title`);

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
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
            <p className="mt-6">{t(`${prefix}.intro`)}</p>
            {sections.map((id) => (
              <section key={id} aria-labelledby={`${id}-title`} className="mt-8">
                <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
                  {t(`${prefix}.sections.${id}.title`)}
                </h2>
                {paragraphs(t(`${prefix}.sections.${id}.body`, vars)).map((text) => (
                  <p key={text} className="mt-3 whitespace-pre-line">
                    {text}
                  </p>
                ))}
              </section>
            ))}
          </article>
        </Card>
      </div>
    </PublicShell>
  );
}
