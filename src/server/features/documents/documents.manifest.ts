import { ACCOUNTING, t } from '../../../shared/domain/personal-data';
import type { ServerFeature } from '../../platform/feature';
import { documentsRoutes } from './documents.routes';
import { myDocuments } from './documents.service';

export const documentsFeature: ServerFeature = {
  name: 'documents',
  api: [{ path: '/api/documents', routes: documentsRoutes }],
  firstCalls: {
    documents: ({ deps, reader }) => [['/api/documents', () => myDocuments(deps.database.db, reader.user.id)]],
  },
  personalData: [
    {
      store: t('documents', ['file_name', 'file_path']),
      what: 'the vault’s documents: uploaded and prepared files (Form 5472 included)',
      export: { file: 'documents.json' },
      erasure: { does: 'delete' },
      retention: ACCOUNTING,
      notice: 'documents',
    },
    {
      store: { files: 'documents' },
      what: 'the bytes of the vault’s documents',
      export: { file: 'files/documents/' },
      erasure: { does: 'delete' },
      retention: ACCOUNTING,
      notice: 'documents',
    },
  ],
};
