import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { startServiceCheckout } from './services';

/**
 * Buying a service (product.md#payments "Purchase"): an anonymous visitor is sent to sign in; a customer is taken
 * to the checkout. `pendingId` stays set until the browser leaves, so no second checkout can start.
 */
export function usePurchase() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const inFlight = useRef(false);

  function askToSignIn() {
    toast.error(t('services.purchase.signInRequired'), { id: 'purchase-sign-in' });
    navigate('/signin');
  }

  async function purchase(serviceId: string, complianceItemKey?: string) {
    // A ref, not the state: a double click lands before the re-render that disables the button.
    if (inFlight.current) return;
    // null is a known visitor; undefined (the session check failed) is left to the server's 401.
    if (me === null) {
      askToSignIn();
      return;
    }
    inFlight.current = true;
    setPendingId(serviceId);
    try {
      const { url } = await startServiceCheckout(serviceId, complianceItemKey);
      window.location.assign(url);
    } catch (error) {
      inFlight.current = false;
      setPendingId(null);
      if (isApiError(error, 'UNAUTHENTICATED')) {
        askToSignIn();
        return;
      }
      // product.md#error-catalogue: the server's own text, else 'Failed to create checkout session'.
      const description = errorMessage(error, 'services.purchase.fallback', t);
      toast.error(t('services.purchase.failed'), { description, id: 'purchase-failed' });
    }
  }

  return { purchase, pendingId };
}
