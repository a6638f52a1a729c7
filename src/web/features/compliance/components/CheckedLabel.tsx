import type { FactLabel } from '../../../../shared/catalogue/fact-checks';
import { factLabelText } from '../../../../shared/catalogue/fact-checks';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * An item's "checked on" label (decision 0073), its wording chosen from the facts' source kind by
 * factLabelText: "checked against {source} on …" only for an official text, else "reviewed on …".
 */
export function CheckedLabel({ label, hasAmount }: { label: FactLabel; hasAmount: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const text = factLabelText(label, hasAmount);
  if (!text) return null;
  return (
    <span data-testid="compliance-checked" data-kind={label.kind}>
      {t(`compliance.card.${text.key}`, { source: text.source, date: formatCalendarDateLong(text.date, fmt.lang) })}
    </span>
  );
}
