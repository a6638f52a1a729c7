import { SearchX } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { PublicShell } from '../../../components/ui/PublicShell';
import { TextLink } from '../../../components/ui/TextLink';
import { useTranslation } from '../../../lib/useTranslation';

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('errorsPage.notFound.title');
  return (
    <PublicShell title={title}>
      <div className="w-full max-w-lg self-start sm:self-center">
        <Card className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
            <SearchX aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-sm font-semibold text-indigo-700">404</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-600">{t('errorsPage.notFound.body')}</p>
          <p className="mt-6">
            <TextLink to="/">{t('errorsPage.home')}</TextLink>
          </p>
        </Card>
      </div>
    </PublicShell>
  );
}
