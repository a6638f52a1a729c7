import { type FormEvent, useCallback, useRef, useState } from 'react';

/*
 * The part of react-hook-form the public forms use (sign-in, sign-up, admin sign-up, forgotten and new
 * password), in a few lines, so that the pages visitors open first do not download the form library
 * (decisions 0030 and 0038; the signed-in forms use react-hook-form itself): `register` for uncontrolled inputs, a check on
 * submit that focuses the first failing field, the failing fields checked again as they change,
 * `setError` for the API's answer (lib/form.ts's applyFieldErrors takes it), `isSubmitting`, and
 * handleSubmit's second callback for a failed check.
 * Errors hold i18n keys, as the fields expect.
 */

type Value = string | boolean;
type FieldErrors<F extends string> = Partial<Record<F, { message: string }>>;

export function useLiteForm<V extends Record<keyof V, Value>>(
  defaultValues: V,
  check: (values: V) => Partial<Record<keyof V & string, string>>,
) {
  type F = keyof V & string;
  const elements = useRef(new Map<F, HTMLInputElement>());
  const initialised = useRef(new WeakSet<HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const read = useCallback((): V => {
    const values: Record<string, Value> = { ...defaultValues };
    for (const [name, el] of elements.current) values[name] = el.type === 'checkbox' ? el.checked : el.value;
    return values as unknown as V;
  }, [defaultValues]);

  const setError = useCallback(
    (name: string, error: { type?: string; message?: string }, options?: { shouldFocus?: boolean }) => {
      setErrors((old) => ({ ...old, [name]: { message: error.message ?? '' } }));
      if (options?.shouldFocus) elements.current.get(name as F)?.focus();
    },
    [],
  );

  const register = (name: F) => ({
    name,
    ref: (el: HTMLInputElement | null) => {
      if (!el) {
        elements.current.delete(name);
        return;
      }
      elements.current.set(name, el);
      const initial: Value = defaultValues[name];
      // Uncontrolled: the default is set once, when the input first mounts.
      if (!initialised.current.has(el)) {
        initialised.current.add(el);
        if (typeof initial === 'boolean') el.checked = initial;
        else el.value = initial;
      }
    },
    onChange: async () => {
      // Like react-hook-form's default: nothing is said while typing until the form was submitted once.
      if (!submitted.current) return;
      const message = check(read())[name];
      setErrors((old) => {
        const next = { ...old };
        if (message) next[name] = { message };
        else delete next[name];
        return next;
      });
    },
    onBlur: async () => {},
  });

  const handleSubmit =
    (onValid: (values: V) => Promise<void> | void, onInvalid?: (problems: Partial<Record<F, string>>) => void) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const values = read();
      const problems = check(values);
      const failing = Object.keys(problems) as F[];
      if (failing.length > 0) {
        setErrors(Object.fromEntries(failing.map((f) => [f, { message: problems[f] as string }])) as FieldErrors<F>);
        // The first failing field in the page's order.
        const inputs = failing.map((f) => elements.current.get(f)).filter((el) => el !== undefined);
        inputs.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
        inputs[0]?.focus();
        onInvalid?.(problems);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await onValid(values);
      } finally {
        setSubmitting(false);
      }
    };

  return { register, handleSubmit, setError, errors, isSubmitting };
}
