import { EIN_STATUSES, type EinStatus, einStage } from '../../../../shared/features/ein/ein.domain';
import { type BadgeStyle, StatusBadge } from '../../../components/ui/StatusBadge';
import { useTranslation } from '../../../lib/useTranslation';

const STYLES: Record<EinStatus, BadgeStyle> = {
  waiting_for_form: { tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  ss4_ready: { tone: 'bg-sky-50 text-sky-900 ring-sky-200' },
  ss4_uploaded: { tone: 'bg-indigo-50 text-indigo-900 ring-indigo-200' },
  submitted_to_irs: { tone: 'bg-violet-50 text-violet-900 ring-violet-200' },
  ein_issued: { tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200' },
};

/** The ein_status label with its stage, e.g. "SS-4 Ready 2/5". */
export function EinStatusBadge({ status, className }: { status: EinStatus; className?: string }) {
  const { t } = useTranslation();
  const stage = einStage(status);
  const total = EIN_STATUSES.length;
  return (
    <StatusBadge status={status} style={STYLES[status]} gap="gap-1.5" className={className}>
      {t(`catalogue.einStatus.${status}`)}
      <span aria-hidden="true" className="font-normal">
        {stage}/{total}
      </span>
      <span className="sr-only">({t('adminEin.stage', { stage, total })})</span>
    </StatusBadge>
  );
}
