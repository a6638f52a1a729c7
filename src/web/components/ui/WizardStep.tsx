import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * One wizard step: its heading and content. When `focusOnMount` is set (the user moved between
 * steps) the heading takes focus, so screen readers announce the new step and phones scroll to it;
 * its ring shows for keyboard users only (styles.css).
 */
export function WizardStep({
  title,
  description,
  focusOnMount,
  children,
}: {
  title: string;
  description?: ReactNode;
  focusOnMount?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2
        id={headingId}
        ref={ref}
        tabIndex={-1}
        className="scroll-mt-6 text-xl font-semibold text-slate-900 sm:text-2xl"
      >
        {title}
      </h2>
      {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}
