import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billApi, type BillView } from './billApi';
import { importRefusal, type ImportRefusal } from './einvoiceImport';

/** A refusal and the name of the file it was about. */
export type EinvoiceRefusal = ImportRefusal & { name: string };

/**
 * "Upload e-invoice": one UBL file chosen goes to the server as it is; the draft bill it became is
 * handed on, or why it was refused. The input is the browser's own, behind the button.
 */
export const EinvoiceUploadButton = ({ onImported, onRefused }: { onImported: (bill: BillView) => void; onRefused: (refusal: EinvoiceRefusal | null) => void }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    onRefused(null);
    try {
      onImported(await billApi.importEinvoice(file));
    } catch (err) {
      console.warn('E-invoice refused', err);
      onRefused({ ...importRefusal(err, t), name: file.name });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".xml,application/xml,text/xml"
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-label={t('admin.bills.import.upload')}
        data-testid="einvoice-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so choosing the same file again (once corrected) is a change too.
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button icon={<UploadOutlined aria-hidden />} loading={busy} onClick={() => input.current?.click()} data-testid="upload-einvoice">
        {t('admin.bills.import.upload')}
      </Button>
    </>
  );
};

/** Why the file was refused, above the list: every problem the rules found, each on its own line. */
export const EinvoiceRefusalAlert = ({ refusal, onClose }: { refusal: EinvoiceRefusal; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose, 'aria-label': t('buttons.close') }}
      className="bill-import-refusal"
      data-testid="einvoice-refused"
      title={t('admin.bills.import.refused')}
      description={
        refusal.kind === 'invalid' ? (
          <>
            <p className="bill-import-count">{t('admin.bills.import.problems', { name: refusal.name, count: refusal.problems.length })}</p>
            <ul className="bill-import-problems">
              {refusal.problems.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="bill-import-count">{refusal.text}</p>
        )
      }
    />
  );
};
