import { t } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';

export const devMailFeature: ServerFeature = {
  name: 'dev-mail',
  personalData: [
    {
      store: t('mail_outbox', ['to_address', 'subject', 'text_body', 'html_body'], null),
      what: 'mails queued and sent: address and text',
      export: { excluded: 'copies of mails the customer received' },
      erasure: { does: 'delete' },
      retention: { period: 'while the account is open', sweep: null },
      notice: 'mail',
    },
  ],
};
