import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { supportReplySchema } from '../../src/shared/features/support/support.schemas';
import { lazyZodResolver } from '../../src/web/lib/lazyResolver';
import { documentUploadFormSchema } from '../../src/web/lib/uploadForms';

/*
 * The resolver of the forms on pages that keep zod off their first paint (decision 0081): the same
 * verdict as the zod resolver over the API's schema, the schema fetched once, a failed fetch tried again.
 */

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it("gives the schema's messages and output, loading it once", async () => {
    const load = vi.fn(async () => supportReplySchema);
    const { resolver, preload } = lazyZodResolver(load);
    await preload();
    const refused = await resolver({ message: '   ' }, undefined, options);
    expect(refused.errors.message?.message).toBe('validation.supportMessageRequired');
    const accepted = await resolver({ message: 'Merhaba\r\nteşekkürler' }, undefined, options);
    expect(accepted.errors).toEqual({});
    // The API's own transform: one spelling of line breaks.
    expect(accepted.values).toEqual({ message: 'Merhaba\nteşekkürler' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed fetch again on the next check', async () => {
    const schema = z.object({ note: z.string().min(1, 'validation.renewalNoteRequired') });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const { resolver } = lazyZodResolver(load);
    await expect(resolver({ note: '' }, undefined, options)).rejects.toThrow('offline');
    const result = await resolver({ note: '' }, undefined, options);
    expect(result.errors.note?.message).toBe('validation.renewalNoteRequired');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the upload forms (decision 0081)', () => {
  it('asks for a category and a file, with the messages the page showed before', async () => {
    const { resolver } = lazyZodResolver(async () => documentUploadFormSchema);
    const empty = await resolver({ category: '', file: null }, undefined, options);
    expect(empty.errors.category?.message).toBe('validation.documentCategoryRequired');
    expect(empty.errors.file?.message).toBe('validation.fileRequired');
    const file = new File(['%PDF-1.7'], 'kira.pdf', { type: 'application/pdf' });
    const chosen = await resolver({ category: 'business_license', file }, undefined, options);
    expect(chosen.errors).toEqual({});
    expect(chosen.values).toEqual({ category: 'business_license', file });
  });
});
