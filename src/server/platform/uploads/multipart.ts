import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import {
  cleanFileName,
  detectFileKind,
  FILE_KIND_INFO,
  FILE_SIGNATURE_BYTES,
  type FileKind,
} from '../../../shared/domain/files';
import { UPLOAD_MAX_BYTES } from '../../../shared/domain/limits';
import type { ApiErrorCode } from '../../../shared/errors';
import { ApiError } from '../http/errors';
import { FileBuffer } from './file-buffer';

/** One accepted file of a multipart request, held in memory (at most UPLOAD_MAX_BYTES). */
export interface UploadedFile {
  /** The form field it came in. */
  field: string;
  /** The client's file name, cleaned (cleanFileName); for display and Content-Disposition only. */
  fileName: string;
  /** What the bytes are (detectFileKind), never what the name or the browser claims. */
  kind: FileKind;
  contentType: string;
  data: Buffer;
  size: number;
}

export interface MultipartOptions {
  /** File fields to keep; a file in any other field is refused with BAD_REQUEST. */
  fileFields: readonly string[];
  /** Kinds accepted; anything else throws `wrongTypeError`. */
  accept: readonly FileKind[];
  /** UNSUPPORTED_FILE_TYPE ('PDF, JPG or PNG') or PDF_REQUIRED ('Please upload a PDF file'). */
  wrongTypeError: Extract<ApiErrorCode, 'UNSUPPORTED_FILE_TYPE' | 'FILE_TYPE_NOT_ALLOWED' | 'PDF_REQUIRED'>;
  /**
   * The 413 a file over the limit gets: FILE_TOO_LARGE ('File is too large. Maximum size is 5MB.', the
   * EIN wizard's words, and the default) or FILE_SIZE_LIMIT ('File size must be less than 5MB').
   */
  tooLargeError?: Extract<ApiErrorCode, 'FILE_TOO_LARGE' | 'FILE_SIZE_LIMIT'>;
  /** Per file; defaults to UPLOAD_MAX_BYTES (5,242,880). */
  maxFileBytes?: number;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Partial<Record<string, UploadedFile>>;
}

export const MAX_TEXT_FIELDS = 50;
export const MAX_TEXT_FIELD_BYTES = 20 * 1024;
/** Room for the text fields and the part headers on top of the files themselves. */
const NON_FILE_ALLOWANCE = 1024 * 1024;

/**
 * Reads a multipart/form-data request as a stream. Stops reading and throws ApiError(tooLargeError) as
 * soon as a file passes the limit, ApiError(wrongTypeError) when a file's first bytes are not an
 * accepted kind, BAD_REQUEST when the body is not multipart, is malformed or ends early. Nothing is
 * written anywhere: the caller stores the files only after every check passed.
 *
 * A file part with no name and no bytes is what a browser sends for a file input left empty; it is
 * skipped, so the caller sees the file as missing rather than as the wrong type.
 */
export async function readMultipart(request: Request, options: MultipartOptions): Promise<MultipartResult> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw new ApiError('BAD_REQUEST');

  if (request.bodyUsed) {
    // A route that declares a body schema has its body parsed before the handler runs.
    throw new Error('readMultipart: the request body was already read; declare no body schema on the route');
  }

  const maxFileBytes = options.maxFileBytes ?? UPLOAD_MAX_BYTES;
  const tooLarge = options.tooLargeError ?? 'FILE_TOO_LARGE';
  const declared = Number(request.headers.get('content-length'));
  if (declared > options.fileFields.length * maxFileBytes + NON_FILE_ALLOWANCE) {
    // Refused on the header alone, so a huge upload is not read at all.
    request.body.cancel().catch(() => {});
    throw new ApiError(tooLarge);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send UTF-8 file names unencoded; busboy's latin1 default would garble Turkish names.
      defParamCharset: 'utf8',
      limits: {
        fields: MAX_TEXT_FIELDS,
        // busboy flags a value as truncated once it reaches the limit, so one more lets exactly 20 KB through.
        fieldSize: MAX_TEXT_FIELD_BYTES + 1,
        files: options.fileFields.length,
      },
    });
  } catch {
    throw new ApiError('BAD_REQUEST'); // e.g. no boundary
  }
  return parse(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser, options, {
    maxFileBytes,
    tooLarge,
    declared,
    maxBodyBytes: options.fileFields.length * maxFileBytes + NON_FILE_ALLOWANCE,
  });
}

function parse(
  source: Readable,
  parser: busboy.Busboy,
  options: MultipartOptions,
  {
    maxFileBytes,
    tooLarge,
    declared,
    maxBodyBytes,
  }: {
    maxFileBytes: number;
    tooLarge: NonNullable<MultipartOptions['tooLargeError']>;
    declared: number;
    maxBodyBytes: number;
  },
): Promise<MultipartResult> {
  return new Promise((resolve, reject) => {
    // A Map, then Object.fromEntries: a field named "__proto__" stays a plain own property.
    const fields = new Map<string, string>();
    const files: Partial<Record<string, UploadedFile>> = {};
    const seenFiles = new Set<string>();
    let openFiles = 0;
    let filesBytes = 0;
    let parsed = false;
    let settled = false;

    const fail = (code: ApiErrorCode) => {
      if (settled) return;
      settled = true;
      // Stop pulling the body; destroying the parser also errors any open file stream (handled below).
      source.unpipe(parser);
      source.destroy();
      parser.destroy();
      reject(new ApiError(code));
    };
    const finishIfDone = () => {
      if (settled || !parsed || openFiles > 0) return;
      settled = true;
      resolve({ fields: Object.fromEntries(fields), files });
    };

    // A chunked body declares no length, and busboy drops whatever lies outside the parts (a preamble,
    // an epilogue) without counting it: the body as a whole is counted here, as it streams in.
    let bodyBytes = 0;
    source.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > maxBodyBytes) fail(tooLarge);
    });
    source.on('error', () => fail('BAD_REQUEST'));
    parser.on('error', () => fail('BAD_REQUEST'));
    parser.on('fieldsLimit', () => fail('BAD_REQUEST'));
    parser.on('filesLimit', () => fail('BAD_REQUEST'));
    parser.on('finish', () => {
      parsed = true;
      finishIfDone();
    });

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated || fields.has(name)) return fail('BAD_REQUEST');
      fields.set(name, value);
    });

    parser.on('file', (name, stream, info) => {
      stream.on('error', () => fail('BAD_REQUEST'));
      if (!options.fileFields.includes(name) || seenFiles.has(name)) return fail('BAD_REQUEST');
      seenFiles.add(name);
      openFiles += 1;
      // Parts arrive one after another, so what the request declared, less the files already read, bounds this one.
      const buffer = new FileBuffer(declared - filesBytes, maxFileBytes);
      let size = 0;
      let kind: FileKind | null = null;

      const accepted = (head: Buffer): FileKind | null => {
        const found = detectFileKind(head);
        if (found && options.accept.includes(found)) return found;
        fail(options.wrongTypeError);
        return null;
      };

      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > maxFileBytes) return fail(tooLarge);
        buffer.push(chunk);
        // Checked as soon as the signature has arrived, so a wrong file is refused without reading it all.
        if (!kind && size >= FILE_SIGNATURE_BYTES) kind = accepted(buffer.head(FILE_SIGNATURE_BYTES));
      });
      stream.on('end', () => {
        if (settled) return;
        openFiles -= 1;
        if (size === 0 && !info.filename) {
          seenFiles.delete(name);
          return finishIfDone();
        }
        filesBytes += size;
        const data = buffer.take();
        kind ??= accepted(data);
        if (!kind) return;
        files[name] = {
          field: name,
          fileName: cleanFileName(info.filename ?? ''),
          kind,
          contentType: FILE_KIND_INFO[kind].contentType,
          data,
          size,
        };
        finishIfDone();
      });
    });

    source.pipe(parser);
  });
}
