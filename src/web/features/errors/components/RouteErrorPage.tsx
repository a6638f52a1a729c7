import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { PublicShell } from '../../../components/ui/PublicShell';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/useTranslation';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return [error.status, error.statusText].filter(Boolean).join(' ');
  if (isApiError(error)) return [error.status || null, error.message].filter(Boolean).join(' ');
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The route tree's last resort (product.md#error-catalogue): what went wrong, and ways out. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const title = t('errorsPage.unexpected.title');
  return (
    <PublicShell title={title}>
      <div className="w-full max-w-lg self-start sm:self-center">
        <Card className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700">
            <TriangleAlert aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-600">{t('errorsPage.unexpected.body')}</p>
          <pre className="mt-4 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-3 text-left text-sm text-slate-800">
            {describe(error)}
          </pre>
          <div className="mt-6 flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
            <Button onClick={() => window.location.reload()}>{t('errorsPage.unexpected.reload')}</Button>
            <TextLink to="/">{t('errorsPage.home')}</TextLink>
          </div>
        </Card>
      </div>
    </PublicShell>
  );
}
