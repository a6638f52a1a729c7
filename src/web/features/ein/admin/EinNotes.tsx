import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminEinNotesSchema } from '../../../../shared/features/ein/ein.schemas';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { Button } from '../../../components/ui/Button';
import { TextareaField } from '../../../components/ui/Textarea';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type AdminEinApplication, saveEinNotes, useApplyEinChange } from './einApplicationsApi';

/** The textarea's text, sent as the API takes it (blank clears the notes) and checked by its schema. */
const notesFormSchema = z
  .object({ adminNotes: z.string() })
  .transform(({ adminNotes }) => ({ adminNotes: adminNotes.trim() === '' ? null : adminNotes }))
  .pipe(adminEinNotesSchema);
type NotesValues = z.input<typeof notesFormSchema>;

/**
 * Unsaved notes by application, for this browser tab: picking another row and coming back keeps
 * what was typed instead of dropping it silently.
 */
const drafts = new Map<string, string>();

/** Staff-only notes on an application (never shown to the customer). */
export function EinNotes({ application }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const apply = useApplyEinChange();
  const saved = application.adminNotes ?? '';
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useForm<NotesValues, unknown, z.output<typeof notesFormSchema>>({
    resolver: zodResolver(notesFormSchema),
    defaultValues: { adminNotes: drafts.get(application.id) ?? saved },
  });
  const text = watch('adminNotes');

  // Newer notes from the server (a save, a refetch) replace the text unless the user has edited it.
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (saved === lastSaved.current) return;
    if (getValues('adminNotes') === lastSaved.current) setValue('adminNotes', saved);
    lastSaved.current = saved;
  }, [saved, getValues, setValue]);

  const save = useMutation({
    mutationFn: (notes: string | null) => saveEinNotes(application.id, notes),
    onSuccess: (updated, sent) => {
      // Keep anything typed while the save was on its way.
      const current = getValues('adminNotes');
      if (sent === null ? current.trim() === '' : current === sent) {
        drafts.delete(updated.id);
        setValue('adminNotes', updated.adminNotes ?? '');
      }
      apply(updated);
      toast.success(t('adminEin.toast.notesSaved'));
    },
    onError: (error) => failureToast(error, 'adminEin.toast.notesFailed', t),
  });

  const dirty = text !== saved;
  const submit = handleSubmit(({ adminNotes }) => {
    if (dirty && !save.isPending) save.mutate(adminNotes);
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3">
      <TextareaField
        id="ein-admin-notes"
        // The section's heading already says it on screen.
        label={<span className="sr-only">{t('adminEin.notes.label')}</span>}
        hint={t('adminEin.notes.hint')}
        rows={5}
        maxLength={TEXT_MAX.adminNotes}
        error={errors.adminNotes?.message}
        {...register('adminNotes', {
          onChange: (event: { target: { value: string } }) => {
            const value = event.target.value;
            if (value === saved) drafts.delete(application.id);
            else drafts.set(application.id, value);
          },
        })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          size="sm"
          data-testid="ein-notes-save"
          loading={save.isPending}
          disabled={!dirty}
          className="w-full sm:w-auto"
        >
          <Save aria-hidden="true" className="size-4" />
          {t('adminEin.notes.save')}
        </Button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {dirty ? t('adminEin.notes.unsaved') : ''}
        </p>
      </div>
    </form>
  );
}
