import type { Language } from '../../../../shared/i18n/languages';
import type { OrderView } from '../api/payments';

type T = (key: string, vars?: Record<string, unknown>) => string;

/**
 * What the customer bought, in the UI language: a package from the catalogue (plus the private
 * address when chosen), a service by the title it had when it was bought.
 */
export function orderName(order: OrderView, t: T, lang: Language): string {
  if (order.kind === 'formation_package' && order.packageId) {
    const name = t('payments.order.package', { name: t(`catalogue.packages.${order.packageId}.name`) });
    if (order.addressOption !== 'private_address') return name;
    return t('payments.order.withAddress', { name, address: t('catalogue.addressOptions.private_address') });
  }
  return (lang === 'en' && order.titleEn) || order.title || t('payments.order.service');
}
