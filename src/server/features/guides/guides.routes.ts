import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { ApiError } from '../../platform/http/errors';
import { createRouter, errorResponses, errorSchema, jsonResponse } from '../../platform/http/openapi';
import { requireUser } from '../../platform/http/session';

/** The generated guides (scripts/make-guide-pdfs.ts), read relative to the working directory. */
export function guidesDir() {
  return path.resolve(process.cwd(), 'assets/guides');
}

const BUSINESS_ADDRESS_NAMES = { tr: 'abd-is-adresi-rehberi.pdf', en: 'us-business-address-guide.pdf' } as const;

const businessAddressPdf = createRoute({
  method: 'get',
  path: '/business-address.pdf',
  tags: ['guides'],
  summary: 'Download the business address rental guide as a PDF (the language of ?lang=, else the user’s)',
  middleware: [requireUser()] as const,
  request: { query: z.object({ lang: z.enum(LANGUAGES).optional() }) },
  responses: {
    200: {
      description: 'The PDF, as an attachment',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    404: jsonResponse(errorSchema, 'NOT_FOUND: the guide file is missing on the server'),
  },
});

export function guidesRoutes() {
  const router = createRouter();

  router.openapi(businessAddressPdf, async (c) => {
    const lang = c.req.valid('query').lang ?? c.var.lang;
    const file = path.join(guidesDir(), `business-address-guide.${lang}.pdf`);
    if (!existsSync(file)) {
      c.var.deps.logger.error({ file }, 'guide PDF missing; run scripts/make-guide-pdfs.ts');
      throw new ApiError('NOT_FOUND');
    }
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${BUSINESS_ADDRESS_NAMES[lang]}"`);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
  });

  return router;
}
