import { X } from 'lucide-react';
import { useTranslation } from '../../lib/useTranslation';
import { Button } from '../ui/Button';

export interface AttributionFilterProps {
  utm: string | null;
  link: string | null;
  onClear: () => void;
}

/**
 * The customers' attribution a list is narrowed to (their UTM source, their short link at sign-up), as the
 * home's funnel opens it (decision 0055): said in words, with a way to drop it. Nothing when there is none.
 */
export function AttributionFilter({ utm, link, onClear }: AttributionFilterProps) {
  const { t } = useTranslation();
  if (!utm && !link) return null;
  return (
    <p
      data-testid="attribution-filter"
      className="flex flex-wrap items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
    >
      <span>
        {[
          utm ? t('admin.list.attribution.utm', { utm }) : null,
          link ? t('admin.list.attribution.link', { link }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      <Button type="button" variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" className="size-4" />
        {t('admin.list.attribution.clear')}
      </Button>
    </p>
  );
}
