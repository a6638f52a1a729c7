import { Button } from '../ui/Button';

export interface EditFormActionsProps {
  saving: boolean;
  saveLabel: string;
  cancelLabel: string;
  saveTestId: string;
  /** Closes the form; the caller puts focus back on what opened it. */
  onCancel: () => void;
}

/** Save and cancel under an inline edit form of the admin panels. */
export function EditFormActions({ saving, saveLabel, cancelLabel, saveTestId, onCancel }: EditFormActionsProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button type="submit" size="sm" loading={saving} data-testid={saveTestId}>
        {saveLabel}
      </Button>
      <Button type="button" size="sm" variant="secondary" disabled={saving} onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
