import { useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { downloadAuditCsv, type AuditFilter } from '../api/admin-api';
import { adminMessages } from '../admin.messages';
import { reasonOf } from '../console/state-views';
import { saveFile } from './save-file';

/** Exports the rows a filter matches as a CSV file, with its progress and failure message. */
export function useAuditExport() {
  const t = useT(adminMessages);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async (filter: AuditFilter) => {
    setExporting(true);
    setExportError(null);
    try {
      saveFile(await downloadAuditCsv(filter), `audit-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv');
    } catch (error) {
      setExportError(t('exportFailed', { reason: reasonOf(error, t('unknownError')) }));
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportError, exportCsv };
}
