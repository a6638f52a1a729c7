import { useQuery } from '@tanstack/react-query';
import { PACKAGE_IDS } from '../../../../shared/catalogue/packages';
import { type DayRange, PANEL_PERMISSIONS } from '../../../../shared/features/overview/overview.domain';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';
import { paidOrdersIn } from './homeFigures';
import { moneyQuery } from './overviewApi';

const isPackage = (item: string) => (PACKAGE_IDS as readonly string[]).includes(item);

/** The home's money panel (decision 0055): shown to whoever holds its permission. */
export function MoneyPanel({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const sees = useCan()(PANEL_PERMISSIONS.money);
  const { usd, monthYear } = useFormat();
  const money = useQuery({ ...moneyQuery(range), enabled: sees });
  return money.data ? (
    <HomePanel
      id="money"
      title={t('adminHome.money.title')}
      loading={money.isFetching}
      figures={[
        {
          key: 'revenue',
          label: t('adminHome.money.revenue'),
          value: usd(money.data.totals.cents),
          previous: usd(money.data.previousTotals.cents),
          to: paidOrdersIn(money.data.range),
        },
        {
          key: 'orders',
          label: t('adminHome.money.orders'),
          value: String(money.data.totals.orders),
          previous: String(money.data.previousTotals.orders),
          to: paidOrdersIn(money.data.range),
        },
      ]}
      chart={(() => {
        const months = [...new Set(money.data.rows.map((r) => r.month))];
        return (
          <BarChart
            labels={months.map(monthYear)}
            format={(c) => usd(Math.round(c / 100) * 100).replace(/[.,]00$/, '')}
            series={[
              {
                name: t('adminHome.money.revenue'),
                values: months.map((m) =>
                  money.data.rows.filter((r) => r.month === m).reduce((n, r) => n + r.cents, 0),
                ),
                fill: 'fill-emerald-600',
              },
            ]}
          />
        );
      })()}
      table={{
        columns: [
          t('adminHome.month'),
          t('adminHome.money.item'),
          t('adminHome.money.orders'),
          t('adminHome.money.amount'),
        ],
        rows: money.data.rows.map((r) => [
          monthYear(r.month),
          r.kind === 'package' && isPackage(r.item) ? t(`adminHome.packages.${r.item}`) : (r.title ?? r.item),
          r.orders,
          usd(r.cents),
        ]),
      }}
    >
      <p className="mt-2 text-xs text-slate-500">{t('adminHome.money.testModeNote')}</p>
    </HomePanel>
  ) : sees ? (
    <PanelPlaceholder id="money" title={t('adminHome.money.title')} />
  ) : null;
}
