import { Link2 } from 'lucide-react';
import { z } from 'zod';
import {
  checkDestination,
  SHORT_LINK_MAX,
  SHORT_LINK_MESSAGES,
} from '../../../../shared/features/short-links/short-links.domain';
import {
  type ShortLinkCreateInput,
  shortLinkCreateSchema,
  shortLinkUpdateSchema,
} from '../../../../shared/features/short-links/short-links.schemas';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { InlineEditFrame, useInlineEditForm } from '../../../components/admin/InlineEditForm';
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

/** The short-link form: original URL, custom slug (create only), expiry, UTM fields. */
export function ShortLinkForm({ editing, onDone }: ShortLinkFormProps) {
  const { t } = useTranslation();
  const failedKey = editing ? 'shortLinks.toast.updateFailed' : 'shortLinks.toast.createFailed';
  const { form, mutation, rootRef, onSubmit } = useInlineEditForm<FormValues, ShortLinkCreateInput, ShortLink>({
    editing,
    schema: formSchema(Boolean(editing)),
    valuesOf: toFormValues,
    firstField: 'originalUrl',
    save: (input: ShortLinkCreateInput) => {
      if (!editing) return createShortLink(input);
      const { slug: _slug, ...patch } = input;
      return updateShortLink(editing.id, patch);
    },
    listKey: SHORT_LINKS_KEY,
    toastNs: 'shortLinks.toast',
    onDone,
    onError: (error, { setError, setFocus }) => {
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
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <InlineEditFrame
      rootRef={rootRef}
      testId="short-link-form"
      titleId="short-link-form-title"
      title={editing ? t('shortLinks.form.editTitle', { slug: editing.slug }) : t('shortLinks.form.createTitle')}
      intro={t('shortLinks.form.intro')}
      editing={Boolean(editing)}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
      cancelLabel={t('shortLinks.form.cancel')}
      cancelTestId="short-link-cancel"
      submitLabel={t(editing ? 'shortLinks.form.update' : 'shortLinks.form.create')}
      submitTestId="short-link-submit"
    >
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
    </InlineEditFrame>
  );
}
