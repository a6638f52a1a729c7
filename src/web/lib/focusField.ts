import { useCallback, useEffect, useState } from 'react';

/**
 * The element that stands for a field: its id, else the first control of that name (the first radio
 * of a group). Wizards name their controls after the schema's fields, so an error's key finds it.
 */
function fieldElement(name: string): HTMLElement | null {
  return document.getElementById(name) ?? document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
}

/**
 * "Focus the first invalid field" for wizards: call it with the field's name when a check fails. The
 * focus waits for the next render, so a field that only appears with its error (or with a step just
 * switched to) is there to take it, and it runs after the step heading's own focus.
 */
export function useFocusField(): (name: string | null | undefined) => void {
  const [pending, setPending] = useState<{ name: string } | null>(null);
  useEffect(() => {
    if (!pending) return;
    fieldElement(pending.name)?.focus();
  }, [pending]);
  // A fresh object each call: the same field failing twice in a row is focused again.
  return useCallback((name) => setPending(name ? { name } : null), []);
}
