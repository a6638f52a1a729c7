import { zodResolver } from '@hookform/resolvers/zod';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, X } from 'lucide-react';
import { type FormEventHandler, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/useTranslation';
import { Button } from '../ui/Button';

export interface InlineEditFormOptions<Values extends FieldValues, Input, Item> {
  /** The row being edited, or null for a new one. Mount the form with `key` so a switch starts afresh. */
  editing: Item | null;
  /** The inputs' values checked, and turned into what the API takes, by the API's own schema. */
  schema: z.ZodType<Input, Values>;
  /** The inputs' values for a row, or blank ones for null. */
  valuesOf: (item: Item | null) => Values;
  /** Focused when Edit is pressed in the list. */
  firstField: Path<Values>;
  save: (input: Input) => Promise<unknown>;
  /** The list to reload after a save. */
  listKey: QueryKey;
  /** The toasts of a save: `${toastNs}.created` and `${toastNs}.updated`. */
  toastNs: string;
  /** After saving an edited row, or Cancel: back to a blank "new" form. */
  onDone: () => void;
  /** A failed save: field errors onto their inputs, anything else a toast. */
  onError: (error: Error, form: UseFormReturn<Values, unknown, Input>) => void;
}

/**
 * The inline form above an admin list that creates a row or edits the one picked in the list:
 * react-hook-form checked by the API's schema, brought into view when Edit is pressed, saved with a
 * toast and the list reloaded; a new row's form is blanked for the next, an edited one's closed.
 */
export function useInlineEditForm<Values extends FieldValues, Input, Item>(
  options: InlineEditFormOptions<Values, Input, Item>,
) {
  const { editing, schema, valuesOf, firstField, save, listKey, toastNs, onDone, onError } = options;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rootRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values, unknown, Input>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(editing) as DefaultValues<Values>,
  });
  const { setFocus, reset, handleSubmit } = form;

  // Edit was pressed in the list, maybe far below: bring the form to the admin.
  useEffect(() => {
    if (!editing) return;
    rootRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    setFocus(firstField);
  }, [editing, setFocus, firstField]);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      toast.success(t(`${toastNs}.${editing ? 'updated' : 'created'}`));
      void queryClient.invalidateQueries({ queryKey: listKey });
      if (editing) onDone();
      else reset(valuesOf(null));
    },
    onError: (error) => onError(error, form),
  });

  return { form, mutation, rootRef, onSubmit: handleSubmit((input) => mutation.mutate(input)) };
}

export interface InlineEditFrameProps {
  rootRef: RefObject<HTMLFormElement | null>;
  /** The test ids: `${testId}` on the form; the buttons' are given. */
  testId: string;
  titleId: string;
  title: string;
  intro: string;
  editing: boolean;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  cancelLabel: string;
  cancelTestId: string;
  submitLabel: string;
  submitTestId: string;
  /** The fields, in a grid of two columns from `md`. */
  children: ReactNode;
}

/** The inline form's frame: a titled card, its fields, and Cancel (when editing) and Create / Save. */
export function InlineEditFrame(props: InlineEditFrameProps) {
  const { rootRef, testId, titleId, editing, pending } = props;
  return (
    <form
      ref={rootRef}
      noValidate
      aria-labelledby={titleId}
      data-testid={testId}
      data-mode={editing ? 'edit' : 'create'}
      onSubmit={props.onSubmit}
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="break-words text-lg font-semibold text-slate-900">
          {props.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{props.intro}</p>
      </div>
      <div className="grid grid-cols-1 gap-5 px-5 py-5 md:grid-cols-2">{props.children}</div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-4 sm:flex-row sm:justify-end">
        {editing ? (
          <Button variant="secondary" onClick={props.onCancel} disabled={pending} data-testid={props.cancelTestId}>
            <X aria-hidden="true" className="size-4" />
            {props.cancelLabel}
          </Button>
        ) : null}
        <Button type="submit" loading={pending} data-testid={props.submitTestId}>
          {editing ? <Save aria-hidden="true" className="size-4" /> : <Plus aria-hidden="true" className="size-4" />}
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
