import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx('size-4 animate-spin', className)} />;
}
