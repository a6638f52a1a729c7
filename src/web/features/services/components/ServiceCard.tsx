import { clsx } from 'clsx';
import { ArrowRight, ShoppingCart } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { ServiceView } from '../api/services';
import { localizedService } from '../lib/localized';

/** One service of the grid: its title, the start of its description, its price and two actions. */
export function ServiceCard({
  service,
  onBuy,
  buying,
  disabled,
}: {
  service: ServiceView;
  onBuy: () => void;
  buying: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const titleId = useId();
  const { title, description } = localizedService(service, fmt.lang);
  return (
    <li
      data-testid="service-card"
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 line-clamp-3 whitespace-pre-line text-sm text-slate-600">{description}</p>
      <p className="mt-4 flex items-baseline gap-2">
        <span data-testid="service-price" className="text-2xl font-bold tracking-tight text-slate-900">
          {fmt.usd(service.priceCents)}
        </span>
        <span className="text-sm text-slate-500">{t('services.price.oneTime')}</span>
      </p>
      {/* The buttons sit at the bottom whatever the description's length, so a row of cards lines up. */}
      <div className="mt-auto grid grid-cols-2 gap-2 pt-5">
        <Link
          to={`/services/${service.id}`}
          className={clsx(buttonLinkClass, buttonLinkVariants.secondary)}
          aria-label={t('services.card.detailsLabel', { title })}
        >
          {t('services.card.details')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Button
          data-testid="service-buy"
          onClick={onBuy}
          loading={buying}
          disabled={disabled}
          aria-label={buying ? undefined : t('services.card.buyLabel', { title })}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {t('services.card.buy')}
        </Button>
      </div>
    </li>
  );
}
