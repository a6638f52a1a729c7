import { Building2, FileCheck2, FileSignature, FileText, Hourglass, PartyPopper, Send, Wrench } from 'lucide-react';
import { canUploadEinFile } from '../../../../shared/features/ein/ein.domain';
import type { MyFormation } from '../../../lib/formation';
import type { NextStep } from './NextStepCard';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** What the customer should do next, by formation stage and EIN state (product.md#dashboard Dashboard). */
export function nextSteps({ formation, einApplication: ein }: MyFormation, t: T, einWeeks: string): NextStep[] {
  const steps: NextStep[] = [];
  const completed = formation.formationStatus === 'process_completed';

  if (formation.formationStatus === 'preparation') {
    if (formation.companyFormationPreference === 'service' && formation.paymentStatus === 'paid') {
      // Paid: the wizard has nothing left to ask; our team forms the company now.
      steps.push({
        id: 'formation-service-paid',
        icon: Hourglass,
        tone: 'info',
        title: t('dashboard.next.servicePaid.title'),
        body: t('dashboard.next.servicePaid.body'),
      });
    } else if (formation.companyFormationPreference === 'service') {
      steps.push({
        id: 'formation-service',
        icon: Wrench,
        title: t('dashboard.next.service.title'),
        body: t('dashboard.next.service.body'),
        to: '/formation-service',
        actionLabel: t('dashboard.next.service.action'),
      });
    } else {
      steps.push({
        id: 'formation-guide',
        icon: Building2,
        title: t('dashboard.next.guide.title'),
        body: t('dashboard.next.guide.body'),
        to: '/formation',
        actionLabel: t('dashboard.next.guide.action'),
      });
    }
  }

  // The wizard accepts exactly this state (its route loader): formed, no application yet.
  if (formation.formationStatus === 'formation_completed' && !ein) {
    steps.push({
      id: 'ein-application',
      icon: FileText,
      title: t('dashboard.next.einApply.title'),
      body: t('dashboard.next.einApply.body'),
      to: '/ein-application',
      actionLabel: t('dashboard.next.einApply.action'),
    });
  }

  if (ein) {
    const canSign = canUploadEinFile('signedSs4', ein.einStatus);
    if (ein.hasSignedSs4) {
      // Just uploaded: say what happens next, and that it may still be replaced. Later on, only
      // the link to view it is still useful.
      const justUploaded = ein.einStatus === 'ss4_uploaded';
      if (justUploaded || ein.signedSs4Url) {
        steps.push({
          id: 'ss4-signed',
          icon: FileCheck2,
          tone: 'info',
          title: t('dashboard.next.ss4Signed.title'),
          body: t(justUploaded ? 'dashboard.next.ss4Signed.body' : 'dashboard.next.ss4Signed.bodyLater'),
          href: ein.signedSs4Url ?? undefined,
          download: true,
          actionTestId: 'ss4-signed-link',
          actionLabel: ein.signedSs4Url ? t('dashboard.next.ss4Signed.action') : undefined,
          secondaryTo: canSign ? '/ss4-instructions' : undefined,
          secondaryLabel: canSign ? t('dashboard.next.ss4Signed.replace') : undefined,
        });
      }
    } else if (ein.hasPreparedSs4 && canSign) {
      steps.push({
        id: 'ss4-sign',
        icon: FileSignature,
        title: t('dashboard.next.ss4Sign.title'),
        body: t('dashboard.next.ss4Sign.body'),
        to: '/ss4-instructions',
        actionLabel: t('dashboard.next.ss4Sign.action'),
      });
    } else if (ein.einStatus === 'waiting_for_form' || (ein.einStatus === 'ss4_ready' && !ein.hasPreparedSs4)) {
      steps.push({
        id: 'ss4-waiting',
        icon: Hourglass,
        tone: 'info',
        title: t('dashboard.next.ss4Waiting.title'),
        body: t('dashboard.next.ss4Waiting.body'),
      });
    }
    if (ein.einStatus === 'submitted_to_irs') {
      steps.push({
        id: 'ein-submitted',
        icon: Send,
        tone: 'info',
        title: t('dashboard.next.einSubmitted.title'),
        body: t('dashboard.next.einSubmitted.body', { duration: einWeeks }),
      });
    }
    if (ein.einStatus === 'ein_issued' && !completed) {
      steps.push({
        id: 'ein-issued',
        icon: PartyPopper,
        tone: 'success',
        title: t('dashboard.next.einIssued.title'),
        body: t('dashboard.next.einIssued.body'),
        href: ein.einDocumentUrl ?? undefined,
        download: true,
        actionTestId: 'ein-document-link',
        actionLabel: ein.einDocumentUrl ? t('dashboard.next.einIssued.action') : undefined,
      });
    }
  }
  return steps;
}
