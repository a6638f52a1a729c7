import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { ADMIN_SERVICES_KEY, type AdminService, deleteService, updateService } from './servicesApi';

export interface ServiceActionsProps {
  service: AdminService;
  onEdit: (service: AdminService) => void;
  /** The service is gone, or deactivated instead (it has orders); called once the list is refetched. */
  onDeleted: (id: string) => void;
}

/** A row's Edit, Activate / Deactivate and Delete (after a confirmation). */
export function ServiceActions({ service, onEdit, onDeleted }: ServiceActionsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_SERVICES_KEY });

  const toggle = useMutation({
    mutationFn: () => updateService(service.id, { isActive: !service.isActive }),
    onSuccess: () => {
      toast.success(t('adminServices.toast.updated'));
      void refresh();
    },
    onError: (error) => failureToast(error, 'adminServices.toast.saveFailed', t),
  });

  const remove = useMutation({
    mutationFn: () => deleteService(service.id),
    onSuccess: (outcome) => {
      setConfirming(false);
      if (outcome === 'deactivated') {
        // Orders point at the service, so the server kept it; the admin must know it still exists.
        toast.warning(t('adminServices.toast.deactivatedInstead'), {
          description: t('adminServices.toast.deactivatedInsteadHint'),
        });
      } else {
        toast.success(t('adminServices.toast.deleted'));
      }
      // After the refetch, so that the page sees whether the row (and its focused button) is gone.
      void refresh().finally(() => onDeleted(service.id));
    },
    onError: (error) => {
      setConfirming(false);
      failureToast(error, 'adminServices.toast.deleteFailed', t);
    },
  });

  const busy = toggle.isPending || remove.isPending;
  const name = service.title;
  return (
    <div className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onEdit(service)}
        disabled={busy}
        aria-label={t('adminServices.actions.editLabel', { name })}
        data-testid="service-edit"
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t('adminServices.actions.edit')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => toggle.mutate()}
        loading={toggle.isPending}
        disabled={busy}
        aria-label={t(
          service.isActive ? 'adminServices.actions.deactivateLabel' : 'adminServices.actions.activateLabel',
          {
            name,
          },
        )}
        data-testid="service-toggle"
      >
        {service.isActive ? (
          <PowerOff aria-hidden="true" className="size-4" />
        ) : (
          <Power aria-hidden="true" className="size-4" />
        )}
        {t(service.isActive ? 'adminServices.actions.deactivate' : 'adminServices.actions.activate')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setConfirming(true)}
        disabled={busy}
        aria-label={t('adminServices.actions.deleteLabel', { name })}
        className="text-red-700 hover:bg-red-50"
        data-testid="service-delete"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('adminServices.actions.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('adminServices.delete.confirm')}
        body={t(service.orderCount > 0 ? 'adminServices.delete.hasOrders' : 'adminServices.delete.body', {
          name,
          count: service.orderCount,
        })}
        confirmLabel={t('adminServices.delete.yes')}
        cancelLabel={t('adminServices.delete.no')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
        testId="service-delete-dialog"
      />
    </div>
  );
}
