import { z } from 'zod';
import { supportReplySchema, supportThreadCreateSchema } from '../../../../shared/features/support/support.schemas';

/*
 * The support forms' values: the API's own text schemas (the bodies are multipart, so no shared schema
 * holds the file) with the optional attachment beside them. The server checks the file's bytes.
 * The support page loads this module after its first paint (lib/lazyResolver): import only types
 * from it elsewhere.
 */

export const attachment = z.custom<File | null>((value) => value === null || value instanceof File);

/** A reply, by the customer or the staff. */
export const replyFormSchema = supportReplySchema.extend({ file: attachment });
export type ReplyFormValues = z.input<typeof replyFormSchema>;
export type ReplyFormOutput = z.output<typeof replyFormSchema>;

/** The customer's new request. The server keeps an attachment only with a message to carry it. */
export const newThreadFormSchema = supportThreadCreateSchema
  .extend({ file: attachment })
  .refine((values) => !values.file || values.message !== undefined, {
    message: 'support.create.fileNeedsMessage',
    path: ['message'],
  });
export type NewThreadFormValues = z.input<typeof newThreadFormSchema>;
export type NewThreadFormOutput = z.output<typeof newThreadFormSchema>;
