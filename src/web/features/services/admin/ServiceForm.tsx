import { useMemo } from 'react';
import { z } from 'zod';
import { centsToInput, parseUsdToCents } from '../../../../shared/catalogue/money';
import { MAILROOM_ITEMS_ENUM } from '../../../../shared/features/mail/mail.domain';
import {
  FILABLE_RULE_IDS,
  SERVICE_TEXT_MAX,
  type ServiceInput,
  STRIPE_PRICE_REQUIRED,
  serviceInputSchema,
} from '../../../../shared/features/services/services.schemas';
import { InlineEditFrame, useInlineEditForm } from '../../../components/admin/InlineEditForm';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/Input';
import { FieldError } from '../../../components/ui/Label';
import { SelectField } from '../../../components/ui/Select';
import { TextareaField } from '../../../components/ui/Textarea';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { ADMIN_SERVICES_KEY, type AdminService, createService, updateService } from './servicesApi';

/** What the inputs hold: text as typed, the price in dollars. */
const formValuesSchema = z.object({
  title: z.string(),
  description: z.string(),
  titleEn: z.string(),
  descriptionEn: z.string(),
  price: z.string(),
  stripePriceId: z.string(),
  isActive: z.boolean(),
  complianceRules: z.array(z.string()),
  /** '' for none (a select's value is text). */
  mailroomItem: z.string(),
});
type ServiceFormValues = z.input<typeof formValuesSchema>;
const FIELDS = [
  'title',
  'description',
  'titleEn',
  'descriptionEn',
  'price',
  'stripePriceId',
  'isActive',
  'complianceRules',
  'mailroomItem',
] as const;

/** The API names its price field priceCents; the form's input is `price`. */
const formField = (apiField: string) => (apiField === 'priceCents' ? 'price' : apiField);

/**
 * The form's values checked by the API's own schema (serviceInputSchema), so the browser and the
 * server refuse the same things with the same messages. The Stripe Price ID is required only when
 * the server says real Stripe is on.
 */
function serviceFormSchema(stripePriceIdRequired: boolean) {
  return formValuesSchema.transform((values, ctx) => {
    const parsed = serviceInputSchema.safeParse({
      ...values,
      mailroomItem: (values.mailroomItem || null) as ServiceInput['mailroomItem'],
      // 0 fails the schema's own price rule, so a blank or malformed price gets its message.
      priceCents: parseUsdToCents(values.price) ?? 0,
    } satisfies ServiceInput);
    const missingPriceId = stripePriceIdRequired && !values.stripePriceId.trim();
    if (parsed.success && !missingPriceId) return parsed.data;
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [formField(String(issue.path[0] ?? ''))] });
    }
    if (missingPriceId) ctx.addIssue({ code: 'custom', message: STRIPE_PRICE_REQUIRED, path: ['stripePriceId'] });
    return z.NEVER;
  });
}

function toFormValues(service: AdminService | null, lang: 'tr' | 'en'): ServiceFormValues {
  return {
    title: service?.title ?? '',
    description: service?.description ?? '',
    titleEn: service?.titleEn ?? '',
    descriptionEn: service?.descriptionEn ?? '',
    price: service ? centsToInput(service.priceCents, lang) : '',
    stripePriceId: service?.stripePriceId ?? '',
    isActive: service?.isActive ?? true,
    complianceRules: service?.complianceRules ?? [],
    mailroomItem: service?.mailroomItem ?? '',
  };
}

export interface ServiceFormProps {
  /** The service being edited, or null for a new one. Mount with `key` so a switch starts afresh. */
  editing: AdminService | null;
  stripePriceIdRequired: boolean;
  /** After a save of an edited service, or Cancel: back to a blank "new service" form. */
  onDone: () => void;
}

/** The admin's service form: one inline form to create a service or edit the chosen one. */
export function ServiceForm({ editing, stripePriceIdRequired, onDone }: ServiceFormProps) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const schema = useMemo(() => serviceFormSchema(stripePriceIdRequired), [stripePriceIdRequired]);
  const { form, mutation, rootRef, onSubmit } = useInlineEditForm<ServiceFormValues, ServiceInput, AdminService>({
    editing,
    schema,
    valuesOf: (service: AdminService | null) => toFormValues(service, lang),
    firstField: 'title',
    save: (input: ServiceInput) => (editing ? updateService(editing.id, input) : createService(input)),
    listKey: ADMIN_SERVICES_KEY,
    toastNs: 'adminServices.toast',
    onDone,
    onError: (error, { setError }) => {
      if (isApiError(error, 'VALIDATION_FAILED')) {
        const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [formField(k), v]));
        if (applyFieldErrors(setError, fields, FIELDS)) return;
      }
      failureToast(error, 'adminServices.toast.saveFailed', t);
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  const priceIdHint = t(
    stripePriceIdRequired ? 'adminServices.form.stripeHintRequired' : 'adminServices.form.stripeHint',
  );

  return (
    <InlineEditFrame
      rootRef={rootRef}
      testId="service-form"
      titleId="service-form-title"
      title={
        editing ? t('adminServices.form.editTitle', { title: editing.title }) : t('adminServices.form.createTitle')
      }
      intro={t('adminServices.form.intro')}
      editing={Boolean(editing)}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
      cancelLabel={t('adminServices.form.cancel')}
      cancelTestId="service-form-cancel"
      submitLabel={t(editing ? 'adminServices.form.save' : 'adminServices.form.create')}
      submitTestId="service-form-submit"
    >
      <TextField
        id="service-title"
        label={t('adminServices.form.title')}
        autoComplete="off"
        maxLength={SERVICE_TEXT_MAX.title}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        id="service-title-en"
        label={t('adminServices.form.titleEn')}
        hint={t('adminServices.form.englishHint')}
        autoComplete="off"
        lang="en"
        maxLength={SERVICE_TEXT_MAX.title}
        error={errors.titleEn?.message}
        {...register('titleEn')}
      />
      <TextareaField
        id="service-description"
        label={t('adminServices.form.description')}
        rows={4}
        maxLength={SERVICE_TEXT_MAX.description}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextareaField
        id="service-description-en"
        label={t('adminServices.form.descriptionEn')}
        hint={t('adminServices.form.englishHint')}
        rows={4}
        lang="en"
        maxLength={SERVICE_TEXT_MAX.description}
        error={errors.descriptionEn?.message}
        {...register('descriptionEn')}
      />
      <TextField
        id="service-price"
        label={t('adminServices.form.price')}
        hint={t('adminServices.form.priceHint', { example: centsToInput(14_999, lang) })}
        // Text, not number: a number input shows and accepts the browser's decimal mark, not the page's.
        type="text"
        inputMode="decimal"
        placeholder={centsToInput(0, lang)}
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        id="service-stripe-price-id"
        label={t(
          stripePriceIdRequired ? 'adminServices.form.stripePriceId' : 'adminServices.form.stripePriceIdOptional',
        )}
        hint={priceIdHint}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="price_..."
        maxLength={SERVICE_TEXT_MAX.stripePriceId}
        error={errors.stripePriceId?.message}
        // Replaces TextField's own input class, hence its margin again.
        className="mt-1.5 font-mono"
        {...register('stripePriceId')}
      />
      <Checkbox
        id="service-active"
        label={t('adminServices.form.active')}
        error={errors.isActive?.message}
        className="md:col-span-2"
        {...register('isActive')}
      />
      <fieldset
        className="space-y-2 md:col-span-2"
        data-testid="service-compliance-rules"
        aria-describedby={errors.complianceRules ? 'service-rules-hint service-rules-error' : 'service-rules-hint'}
      >
        <legend className="text-sm font-medium text-slate-900">{t('adminServices.form.complianceRules')}</legend>
        <p id="service-rules-hint" className="text-sm text-slate-600">
          {t('adminServices.form.complianceRulesHint')}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {FILABLE_RULE_IDS.map((id) => (
            <Checkbox
              key={id}
              id={`service-rule-${id}`}
              value={id}
              label={t(`compliance.rules.${id}.name`)}
              {...register('complianceRules')}
            />
          ))}
        </div>
        <FieldError id="service-rules-error" message={errors.complianceRules?.message} announce />
      </fieldset>
      <SelectField
        id="service-mailroom-item"
        label={t('adminServices.form.mailroomItem')}
        hint={t('adminServices.form.mailroomItemHint')}
        error={errors.mailroomItem?.message}
        className="md:col-span-2"
        {...register('mailroomItem')}
      >
        <option value="">{t('adminServices.form.mailroomItemNone')}</option>
        {MAILROOM_ITEMS_ENUM.map((item) => (
          <option key={item} value={item}>
            {t(`adminServices.form.mailroomItems.${item}`)}
          </option>
        ))}
      </SelectField>
    </InlineEditFrame>
  );
}
