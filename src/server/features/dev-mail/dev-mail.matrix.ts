import type { MatrixEnv, MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function devMailMatrix({ localHost }: MatrixEnv): MatrixRows {
  return {
    // The outbox holds every mail's links (password resets included): loopback callers only, and every
    // role here calls from a remote address. A local Host, so only the address can be the reason to refuse.
    'GET /api/dev/mail': { extra: true, request: localHost, expect: ['403|404', '403|404', '403|404', '403|404'] },
    'GET /dev/mail': { extra: true, request: localHost, expect: ['403|404', '403|404', '403|404', '403|404'] },
  };
}
