import { useMutation, useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { failureToast } from '../../../lib/errors';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type Device, devicesQuery, endOtherSessions, endSession } from '../api/account';
import { useDateTime } from '../lib/useDateTime';
import { AccountSection } from './AccountSection';

/** The signed-in devices: this one first and marked, the others each with its own "End". */
export function DevicesSection() {
  const { t } = useTranslation();
  const { data: devices, isPending, isError } = useQuery(devicesQuery);
  const [confirming, setConfirming] = useState(false);
  const others = devices?.filter((d) => !d.current) ?? [];
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async ({ ended }) => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
      toast.success(t('account.devices.endedOthers', { count: ended }));
    },
    onError: (error) => {
      setConfirming(false);
      failureToast(error, 'account.devices.endFailed', t);
    },
  });

  return (
    <AccountSection id="devices" icon={MonitorSmartphone} title={t('account.devices.title')}>
      <p className="text-sm text-slate-600">{t('account.devices.subtitle')}</p>
      {isPending ? (
        <div className="mt-4 flex justify-center">
          <Spinner />
        </div>
      ) : isError ? (
        <div className="mt-4">
          <Alert tone="error">{t('account.devices.loadFailed')}</Alert>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="device-list">
            {devices.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
          {others.length > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              className="mt-4"
              onClick={() => setConfirming(true)}
              data-testid="devices-end-others"
            >
              <LogOut aria-hidden="true" className="size-4" />
              {t('account.devices.endOthers')}
            </Button>
          ) : (
            <p className="mt-4 text-sm text-slate-600">{t('account.devices.noOthers')}</p>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('account.devices.endOthersTitle')}
        body={t('account.devices.endOthersBody')}
        confirmLabel={t('account.devices.endOthers')}
        cancelLabel={t('account.cancel')}
        busy={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
        onCancel={() => setConfirming(false)}
        testId="devices-end-others-dialog"
      />
    </AccountSection>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const name = t('account.devices.name', {
    browser: device.browser ?? t('account.devices.unknownBrowser'),
    system: device.system ?? t('account.devices.unknownSystem'),
  });
  const end = useMutation({
    mutationFn: () => endSession(device.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
      toast.success(t('account.devices.ended'));
    },
    onError: (error) => failureToast(error, 'account.devices.endFailed', t),
  });
  return (
    <li
      className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
      data-testid="device"
      data-current={device.current || undefined}
      data-pending={device.pending || undefined}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {name}
          {device.current ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              {t('account.devices.thisDevice')}
            </span>
          ) : null}
          {device.pending ? (
            <span
              className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
              data-testid="device-pending"
            >
              {t('account.devices.pending')}
            </span>
          ) : null}
        </p>
        {device.pending ? <p className="mt-1 text-sm text-amber-900">{t('account.devices.pendingHint')}</p> : null}
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm text-slate-600">
          <dt className="font-medium text-slate-700">{t('account.devices.network')}</dt>
          <dd className="break-all">{device.network ?? t('account.devices.networkUnknown')}</dd>
          <dt className="font-medium text-slate-700">{t('account.devices.firstSeen')}</dt>
          <dd>{dateTime(device.firstSeen)}</dd>
          <dt className="font-medium text-slate-700">{t('account.devices.lastSeen')}</dt>
          <dd>{dateTime(device.lastSeen)}</dd>
        </dl>
      </div>
      {device.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={end.isPending}
          onClick={() => end.mutate()}
          aria-label={t('account.devices.endLabel', { device: name })}
          data-testid="device-end"
        >
          <LogOut aria-hidden="true" className="size-4" />
          {t('account.devices.end')}
        </Button>
      )}
    </li>
  );
}
