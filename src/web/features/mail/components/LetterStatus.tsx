import { CircleAlert, CircleCheck, Clock, FileText, Send, Trash2 } from 'lucide-react';
import type { LetterStatus as Status } from '../../../../shared/features/mail/mail.domain';
import { type BadgeStyle, StatusBadge } from '../../../components/ui/StatusBadge';
import { useTranslation } from '../../../lib/useTranslation';

const STYLES: Record<Status, BadgeStyle> = {
  received: { tone: 'bg-amber-50 text-amber-800 ring-amber-200', Icon: CircleAlert },
  scan_requested: { tone: 'bg-sky-50 text-sky-800 ring-sky-200', Icon: Clock },
  scanned: { tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200', Icon: CircleCheck },
  shred_requested: { tone: 'bg-slate-100 text-slate-700 ring-slate-200', Icon: Clock },
  shredded: { tone: 'bg-slate-100 text-slate-700 ring-slate-200', Icon: Trash2 },
  held: { tone: 'bg-indigo-50 text-indigo-800 ring-indigo-200', Icon: FileText },
  forward_requested: { tone: 'bg-amber-50 text-amber-800 ring-amber-200', Icon: Clock },
  to_forward: { tone: 'bg-sky-50 text-sky-800 ring-sky-200', Icon: Send },
  forwarded: { tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200', Icon: Send },
};

export function LetterStatus({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} style={STYLES[status]} testId="letter-status">
      {t(`mailroom.status.${status}`)}
    </StatusBadge>
  );
}
