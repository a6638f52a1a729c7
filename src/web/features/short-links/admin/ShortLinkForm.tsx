import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2, Plus, Save, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { checkDestination, SHORT_LINK_MAX, SHORT_LINK_MESSAGES } from '../../../../shared/domain/short-links';
import {
  type ShortLinkCreateInput,
  shortLinkCreateSchema,
  shortLinkUpdateSchema,
} from '../../../../shared/schemas/short-links';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { createShortLink, SHORT_LINKS_KEY, type ShortLink, updateShortLink } from './shortLinksApi';

/** What the inputs hold: text as typed, the expiry as a datetime-local value (the admin's own clock). */
const formValuesSchema = z.object({
  originalUrl: z.string(),
  slug: z.string(),
  expiresAt: z.string(),
  utmSource: z.string(),
  utmMedium: z.string(),
  utmCampaign: z.string(),
});
type FormValues = z.input<typeof formValuesSchema>;
const FIELDS = ['originalUrl', 'slug', 'expiresAt', 'utmSource', 'utmMedium', 'utmCampaign'] as const;

/** 'YYYY-MM-DDTHH:mm' in local time, what <input type="datetime-local"> shows. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local date-time typed as an ISO instant; '' for none; 'invalid' for what is no date. */
function toIso(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? 'invalid' : date.toISOString();
}

function toFormValues(link: ShortLink | null): FormValues {
  return {
    originalUrl: link?.originalUrl ?? '',
    slug: link?.slug ?? '',
    expiresAt: toLocalInput(link?.expiresAt ?? null),
    utmSource: link?.utmSource ?? '',
    utmMedium: link?.utmMedium ?? '',
    utmCampaign: link?.utmCampaign ?? '',
  };
}

/**
 * The values checked by the API's own schemas (create or update), plus the loop rule with this
 * page's origin, so the browser refuses what the server would, with the same messages.
 */
function formSchema(editing: boolean) {
  return formValuesSchema.transform((values, ctx) => {
    const body = {
      originalUrl: values.originalUrl,
      expiresAt: toIso(values.expiresAt),
      utmSource: values.utmSource,
      utmMedium: values.utmMedium,
      utmCampaign: values.utmCampaign,
      ...(editing ? {} : { slug: values.slug }),
    };
    const parsed = (editing ? shortLinkUpdateSchema : shortLinkCreateSchema).safeParse(body);
    const loop = checkDestination(values.originalUrl, window.location.origin);
    const loopError = !loop.ok && loop.error === SHORT_LINK_MESSAGES.urlLoop;
    if (parsed.success && !loopError) return body as ShortLinkCreateInput;
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [String(issue.path[0] ?? '')] });
    }
    if (loopError) ctx.addIssue({ code: 'custom', message: SHORT_LINK_MESSAGES.urlLoop, path: ['originalUrl'] });
    return z.NEVER;
  });
}

export interface ShortLinkFormProps {
  /** The link being edited, or null for a new one. Mount with `key` so a switch starts afresh. */
  editing: ShortLink | null;
  /** After saving an edited link, or Cancel: back to a blank form. */
  onDone: () => void;
}

/** SPEC §2 short-link form: original URL, custom slug (create only), expiry, UTM fields. */
export function ShortLinkForm({ editing, onDone }: ShortLinkFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rootRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<FormValues, unknown, ShortLinkCreateInput>({
    resolver: zodResolver(formSchema(Boolean(editing))),
    defaultValues: toFormValues(editing),
  });

  useEffect(() => {
    if (!editing) return;
    rootRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    setFocus('originalUrl');
  }, [editing, setFocus]);

  const failedKey = editing ? 'shortLinks.toast.updateFailed' : 'shortLinks.toast.createFailed';
  const save = useMutation({
    mutationFn: (input: ShortLinkCreateInput) => {
      if (!editing) return createShortLink(input);
      const { slug: _slug, ...patch } = input;
      return updateShortLink(editing.id, patch);
    },
    onSuccess: () => {
      toast.success(t(editing ? 'shortLinks.toast.updated' : 'shortLinks.toast.created'));
      void queryClient.invalidateQueries({ queryKey: SHORT_LINKS_KEY });
      if (editing) onDone();
      else reset(toFormValues(null));
    },
    onError: (error) => {
      const title = t(failedKey);
      if (isApiError(error, 'SLUG_GENERATION_FAILED')) {
        toast.error(title, { description: t('errors.SLUG_GENERATION_FAILED') });
        setFocus('slug');
        return;
      }
      if (isApiError(error) && applyFieldErrors(setError, error.fields, FIELDS)) return;
      const reason = errorMessage(error, failedKey, t);
      toast.error(title, { description: reason === title ? undefined : reason });
    },
  });

  return (
    <form
      ref={rootRef}
      noValidate
      aria-labelledby="short-link-form-title"
      data-testid="short-link-form"
      data-mode={editing ? 'edit' : 'create'}
      onSubmit={handleSubmit((input) => save.mutate(input))}
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-b border-slate-200 px-5 py-4">
        <h2 id="short-link-form-title" className="break-words text-lg font-semibold text-slate-900">
          {editing ? t('shortLinks.form.editTitle', { slug: editing.slug }) : t('shortLinks.form.createTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('shortLinks.form.intro')}</p>
      </div>
      <div className="grid grid-cols-1 gap-5 px-5 py-5 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField
            id="short-link-url"
            label={t('shortLinks.form.originalUrl')}
            hint={t('shortLinks.form.originalUrlHint')}
            type="url"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="https://"
            maxLength={SHORT_LINK_MAX.url}
            error={errors.originalUrl?.message}
            {...register('originalUrl')}
          />
        </div>
        <div className="md:col-span-2">
          <TextField
            id="short-link-slug"
            label={t('shortLinks.form.slug')}
            hint={editing ? t('shortLinks.form.slugLocked') : t('shortLinks.form.slugHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            disabled={Boolean(editing)}
            maxLength={SHORT_LINK_MAX.slug}
            error={errors.slug?.message}
            className="mt-1.5 font-mono"
            {...register('slug')}
          />
        </div>
        <TextField
          id="short-link-expires"
          label={t('shortLinks.form.expiresAt')}
          hint={t('shortLinks.form.expiresAtHint')}
          type="datetime-local"
          error={errors.expiresAt?.message}
          {...register('expiresAt')}
        />
        <TextField
          id="short-link-utm-source"
          label={t('shortLinks.form.utmSource')}
          autoComplete="off"
          placeholder="instagram"
          maxLength={TEXT_MAX.utm}
          error={errors.utmSource?.message}
          {...register('utmSource')}
        />
        <TextField
          id="short-link-utm-medium"
          label={t('shortLinks.form.utmMedium')}
          autoComplete="off"
          placeholder="social"
          maxLength={TEXT_MAX.utm}
          error={errors.utmMedium?.message}
          {...register('utmMedium')}
        />
        <TextField
          id="short-link-utm-campaign"
          label={t('shortLinks.form.utmCampaign')}
          autoComplete="off"
          maxLength={TEXT_MAX.utm}
          error={errors.utmCampaign?.message}
          {...register('utmCampaign')}
        />
        <p className="flex items-start gap-2 text-sm text-slate-600 md:col-span-2">
          <Link2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          {t('shortLinks.form.utmHint')}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-4 sm:flex-row sm:justify-end">
        {editing ? (
          <Button variant="secondary" onClick={onDone} disabled={save.isPending} data-testid="short-link-cancel">
            <X aria-hidden="true" className="size-4" />
            {t('shortLinks.form.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={save.isPending} data-testid="short-link-submit">
          {editing ? <Save aria-hidden="true" className="size-4" /> : <Plus aria-hidden="true" className="size-4" />}
          {t(editing ? 'shortLinks.form.update' : 'shortLinks.form.create')}
        </Button>
      </div>
    </form>
  );
}
