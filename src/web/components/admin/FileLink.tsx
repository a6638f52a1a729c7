import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/useTranslation';

interface FileLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'download' | 'onClick'> {
  href: string;
  fileName: string;
  /** The file carries an SSN: the download asks for a fresh second-factor code when the last is old. */
  stepUp?: boolean;
  children: ReactNode;
}

/**
 * A stored file's download in the back office. A plain link, except for a file that needs step-up
 * (decision 0042): that one is fetched, so the code dialog can answer a STEP_UP_REQUIRED and retry.
 */
export function FileLink({ href, fileName, stepUp, children, ...rest }: FileLinkProps) {
  const { t } = useTranslation();
  const fetchIt = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!stepUp) return;
    event.preventDefault();
    downloadFile(href, fileName).catch((failure: unknown) => {
      // A closed code dialog is the member's own choice, not a failure worth a toast.
      if (isApiError(failure, 'STEP_UP_REQUIRED')) return;
      toast.error(t(isApiError(failure) && failure.fromApi ? `errors.${failure.code}` : 'errors.INTERNAL'));
    });
  };
  return (
    <a href={href} download={fileName} onClick={fetchIt} {...rest}>
      {children}
    </a>
  );
}
