import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextareaField } from '../../../components/ui/Textarea';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type AdminEinApplication, saveEinNotes, useApplyEinChange } from './einApplicationsApi';

const NOTES_MAX = 10_000;

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
  const [text, setText] = useState(() => drafts.get(application.id) ?? saved);
  const [lastSaved, setLastSaved] = useState(saved);

  // Newer notes from the server (a save, a refetch) replace the text unless the user has edited it.
  if (saved !== lastSaved) {
    setLastSaved(saved);
    if (text === lastSaved) setText(saved);
  }

  function edit(value: string) {
    setText(value);
    if (value === saved) drafts.delete(application.id);
    else drafts.set(application.id, value);
  }

  const save = useMutation({
    mutationFn: (notes: string | null) => saveEinNotes(application.id, notes),
    onSuccess: (updated, sent) => {
      // Keep anything typed while the save was on its way.
      const unchanged = (current: string) => (sent === null ? current.trim() === '' : current === sent);
      setText((current) => {
        if (!unchanged(current)) return current;
        drafts.delete(updated.id);
        return updated.adminNotes ?? '';
      });
      apply(updated);
      toast.success(t('adminEin.toast.notesSaved'));
    },
    onError: (error) => failureToast(error, 'adminEin.toast.notesFailed', t),
  });

  const dirty = text !== saved;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!dirty || save.isPending) return;
    save.mutate(text.trim() === '' ? null : text);
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <TextareaField
        id="ein-admin-notes"
        name="adminNotes"
        // The section's heading already says it on screen.
        label={<span className="sr-only">{t('adminEin.notes.label')}</span>}
        hint={t('adminEin.notes.hint')}
        rows={5}
        maxLength={NOTES_MAX}
        value={text}
        onChange={(event) => edit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
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
