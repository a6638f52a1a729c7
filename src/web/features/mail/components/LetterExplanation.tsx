import { letterSourceLabel, letterTextVars } from '../../../../shared/catalogue/letter-kinds';
import type { LetterView } from '../../../../shared/features/mail/mail.contracts';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * What a letter is, what to do and by when, from the catalogue (decision 0086): the computed dates first,
 * then the rule in words, and where the facts come from.
 */
export function LetterExplanation({ letter, compact = false }: { letter: LetterView; compact?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const vars = letterTextVars(letter.kind, fmt.lang);
  const k = (part: string) => t(`mailroom.kinds.${letter.kind}.${part}`, vars);
  const label = letterSourceLabel(letter.kind);
  return (
    <dl className="mt-3 space-y-2 text-sm text-slate-700">
      <div>
        <dt className="font-medium text-slate-900">{t('mailroom.page.whatItIs')}</dt>
        <dd>{k('meaning')}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-900">{t('mailroom.page.whatToDo')}</dt>
        <dd>{k('todo')}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-900">{t('mailroom.page.byWhen')}</dt>
        {letter.deadlines.map((d) => (
          <dd key={d.id} className="font-medium text-amber-800" data-testid="letter-deadline">
            {t(`mailroom.deadlines.${d.id}`, { date: fmt.day(d.date) })}
          </dd>
        ))}
        <dd>{k('deadline')}</dd>
      </div>
      {compact ? null : (
        <p className="text-xs text-slate-500">
          {label === null
            ? t('mailroom.source.none')
            : label.kind === 'official'
              ? t('mailroom.source.official', { source: label.source ?? '', date: fmt.day(label.date ?? '') })
              : t('mailroom.source.thirdParty', { date: fmt.day(label.date ?? '') })}
        </p>
      )}
    </dl>
  );
}
