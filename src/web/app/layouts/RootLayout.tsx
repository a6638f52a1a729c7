import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { SkipLink, useFocusHeadingOnNavigate } from '../../components/ui/PageFocus';
import { languageFromSearch } from '../../lib/i18n';
import { switchLanguage } from '../../lib/language';
import { sessionChanged } from '../../lib/me';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/useTranslation';

/** Applies `?lang=` on any URL, whether typed, linked from an email or reached in the app. */
function useLanguageFromUrl() {
  const { search } = useLocation();
  useEffect(() => {
    const lang = languageFromSearch(search);
    if (lang) void switchLanguage(lang);
  }, [search]);
}

/**
 * The verification link lands on `?verified=1` (or `=0` when its token was bad). Toast once,
 * refresh the session (its `emailVerified` changed) and drop the flag so a reload stays quiet.
 */
function useVerifiedNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const verified = params.get('verified');
    if (verified === null) return;
    if (!shown.current) {
      shown.current = true;
      if (verified === '1') {
        toast.success(t('common.emailVerified'));
        void sessionChanged(true);
      } else {
        toast.error(t('errors.INVALID_TOKEN'));
      }
    }
    params.delete('verified');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate, t]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-indigo-100">
      <div className="h-full w-1/3 animate-pulse bg-indigo-600" />
    </div>
  );
}

export function RootLayout() {
  useLanguageFromUrl();
  useVerifiedNotice();
  useFocusHeadingOnNavigate();
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
