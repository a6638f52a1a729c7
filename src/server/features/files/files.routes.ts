import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { documentReadPermissions, hasPermission, type Permission } from '../../../shared/domain/permissions';
import { isStaff, type Role } from '../../../shared/domain/roles';
import { safeText, TEXT_MAX } from '../../../shared/schemas/text';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { isFreshEnoughFor } from '../../platform/http/admin-door';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { currentUser, requireUser } from '../../platform/http/session';
import { StorageDecryptionError } from '../../platform/storage/encrypting-storage';
import { isStorageKey } from '../../platform/storage/keys';
import { findAttachmentForDownload } from '../support';

const download = createRoute({
  method: 'get',
  path: '/{folder}/{name}',
  tags: ['files'],
  summary:
    "Downloads a stored file: the owner's own documents or support attachments (of their own threads), or another's for staff holding documents.read (a document marked as printing an SSN or ITIN also ein.ssn and a second-factor code from the last 15 minutes) or support.read (attachments)",
  middleware: [requireUser()] as const,
  request: {
    params: z.object({
      folder: safeText(TEXT_MAX.storageKeyPart, { trim: false }),
      name: safeText(TEXT_MAX.storageKeyPart, { trim: false }),
    }),
  },
  responses: {
    200: {
      description: 'The file, as an attachment',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: errorResponses[401],
    403: jsonResponse(
      errorSchema,
      'FORBIDDEN, TWO_FACTOR_REQUIRED, or STEP_UP_REQUIRED for staff opening a file that prints an SSN or ITIN',
    ),
    404: jsonResponse(errorSchema, "NOT_FOUND: no such file, or not the caller's"),
  },
});

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

type Downloadable = { fileName: string; contentType: string | null };

/**
 * What the caller may download under `key`, by the record that owns the file: a support attachment
 * belongs to its thread's owner, anything else to its documents row's user. Staff reach other
 * people's files by permission (decision 0039): attachments with the support desk, documents with
 * documents.read, and a document marked as printing an SSN or ITIN (`holds_tax_id`, set when it was
 * written: decision 0066) with ein.ssn and step-up as well. `forbidden` is staff without the
 * permission; null is no such file as far as the caller may know.
 */
async function findDownloadable(
  db: Db,
  key: string,
  user: { id: string; role: Role; twoFactorEnabled: boolean },
  twoFactorAt: Date | null,
): Promise<Downloadable | 'forbidden' | 'twoFactor' | 'stepUp' | null> {
  const may = (...needed: Permission[]) => needed.every((p) => hasPermission(user.role, p));
  // Staff without a second factor reach no one else's file, as they pass no admin operation (decision 0042).
  const staffAnswer = <T>(found: T, allowed: boolean) =>
    !allowed ? 'forbidden' : user.twoFactorEnabled ? found : 'twoFactor';
  if (key.startsWith('support/')) {
    const found = await findAttachmentForDownload(db, key, user);
    if (!found || found.mine) return found;
    if (!isStaff(user.role)) return null;
    return staffAnswer(found, may('support.read'));
  }
  const rows = await db.select().from(documents).where(eq(documents.filePath, key));
  const own = rows.find((r) => r.userId === user.id);
  if (own) return own;
  const row = rows[0];
  if (!row || !isStaff(user.role)) return null;
  // The file's own mark, never who points at it now: a replaced form keeps its mark (decision 0066).
  const needed = documentReadPermissions(row.holdsTaxId);
  const answer = staffAnswer(row, may(...needed));
  // The permission table decides which of them asks for a fresh code, as at the admin door (decision 0068).
  if (answer === row && !isFreshEnoughFor(needed, twoFactorAt)) return 'stepUp';
  return answer;
}

export function filesRoutes() {
  const router = createRouter();

  router.openapi(download, async (c) => {
    const user = currentUser(c);
    const { folder, name } = c.req.valid('param');
    const key = `${folder}/${name}`;
    // 404 rather than 400 or 403 throughout: a caller learns nothing about files that are not theirs.
    if (!isStorageKey(key)) throw new ApiError('NOT_FOUND');
    const { db } = c.var.deps.database;
    const row = await findDownloadable(db, key, user, c.var.twoFactorAt);
    if (row === 'forbidden') throw new ApiError('FORBIDDEN');
    if (row === 'stepUp') throw new ApiError('STEP_UP_REQUIRED');
    if (row === 'twoFactor') throw new ApiError('TWO_FACTOR_REQUIRED');
    if (!row) throw new ApiError('NOT_FOUND');
    const file = await c.var.deps.storage.get(key);
    if (!file) throw new ApiError('NOT_FOUND');
    // A stream that fails part-way (an encrypted file that does not authenticate, a dropped S3
    // connection, the client going away) aborts the response before its last byte, so the client never
    // takes it for the complete file; this is the only trace of why on the server.
    file.body.once('error', (err) => {
      const level = err instanceof StorageDecryptionError ? 'error' : 'warn';
      c.var.deps.logger[level]({ err, key }, 'stored file stream failed');
    });

    return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        'Content-Type': row.contentType ?? file.contentType,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition(row.fileName),
        // Private documents (some hold an SSN) must not linger in browser or proxy caches.
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  return router;
}
