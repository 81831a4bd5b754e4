import { DeleteOutlined, ExportOutlined, EyeInvisibleOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Grid } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../shared/billing-badges';
import { confirmed } from '../common/useFeedback';
import { billApi, type BillDocumentView, type BillView } from './billApi';
import { attachLimit, formatFileSize, previewOf, tooLargeToAttach } from './billDocuments';
import { actionRefusalText } from './billErrors';

/** What an import warned of (EN 16931 rules' warnings, IMPORT-… of the import itself), as the server words it. */
export const BillWarnings = ({ bill }: { bill: BillView }) => {
  const { t } = useTranslation();
  const warnings = bill.einvoice_warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="bill-warnings"
      data-testid="bill-warnings"
      title={t('admin.bills.documents.warnings', { count: warnings.length })}
      description={
        <ul className="bill-import-problems">
          {warnings.map((w, i) => (
            <li key={`${w.id}-${i}`}>
              <strong className="bill-warning-id">{w.id}</strong> {w.text}
            </li>
          ))}
        </ul>
      }
    />
  );
};

/**
 * A bill's documents: the e-invoice it was imported from and the files attached, each with its
 * size, a link that opens or downloads it, an image previewed in the page, a PDF too on a screen wide
 * enough for the browser's PDF viewer (a phone's browser shows none in a page: it opens in a tab). On a
 * draft (`editable`) the original is attached here (PDF, PNG or JPEG, 10 MB at most) and an
 * attachment removed; the e-invoice stays. A posted bill's list is read only.
 */
export const BillDocuments = ({ bill, editable, onChanged }: { bill: BillView; editable: boolean; onChanged?: () => void }) => {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [documents, setDocuments] = useState<BillDocumentView[]>(bill.documents);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wide = !!Grid.useBreakpoint().md;
  useEffect(() => {
    setDocuments(bill.documents);
    setShown(null);
    setError(null);
  }, [bill]);

  const attach = async (file: File) => {
    setError(null);
    if (tooLargeToAttach(file)) {
      setError(t('admin.bills.documents.errors.tooLarge', { name: file.name, limit: attachLimit(i18n.language) }));
      return;
    }
    setBusy('attach');
    try {
      const added = await billApi.attachDocument(bill.id, file);
      setDocuments((list) => [...list, added]);
      onChanged?.();
    } catch (err) {
      console.warn('Document refused', err);
      setError(actionRefusalText(err, t));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (d: BillDocumentView) => {
    if (!confirmed(t('admin.bills.documents.confirmRemove', { name: d.filename }))) return;
    setError(null);
    setBusy(d.id);
    try {
      await billApi.removeDocument(bill.id, d.id);
      setDocuments((list) => list.filter((x) => x.id !== d.id));
      onChanged?.();
    } catch (err) {
      console.warn('Document removal refused', err);
      setError(actionRefusalText(err, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="bill-documents" data-testid="bill-documents" aria-labelledby={`bill-documents-${bill.id}`}>
      <h3 className="bill-lines-title" id={`bill-documents-${bill.id}`}>
        {t('admin.bills.documents.title')}
      </h3>
      {error && <Alert type="error" showIcon title={error} className="bill-documents-error" data-testid="bill-document-error" />}
      {documents.length === 0 ? (
        <p className="admin-muted">{t('admin.bills.documents.empty')}</p>
      ) : (
        <ul className="bill-document-list">
          {documents.map((d) => (
            <li key={d.id} className="bill-document" data-testid="bill-document">
              <div className="bill-document-head">
                <a className="bill-document-name" href={d.url} target="_blank" rel="noopener">
                  {d.filename}
                </a>
                <Badge tone={d.kind === 'einvoice' ? 'success' : 'default'}>{t(`admin.bills.documents.kinds.${d.kind}`)}</Badge>
                <span className="admin-muted bill-document-size">{formatFileSize(d.size, i18n.language)}</span>
              </div>
              <div className="bill-document-actions">
                {previewOf(d) === 'pdf' && (
                  <Button icon={<ExportOutlined aria-hidden />} href={d.url} target="_blank" rel="noopener" aria-label={t('admin.bills.documents.openNamed', { name: d.filename })}>
                    {t('admin.bills.documents.open')}
                  </Button>
                )}
                {(previewOf(d) === 'image' || (previewOf(d) === 'pdf' && wide)) && (
                  <Button
                    icon={shown === d.id ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
                    aria-expanded={shown === d.id}
                    onClick={() => setShown(shown === d.id ? null : d.id)}
                  >
                    {shown === d.id ? t('admin.bills.documents.hidePreview') : t('admin.bills.documents.preview')}
                  </Button>
                )}
                {editable && d.kind === 'attachment' && (
                  <Button
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    loading={busy === d.id}
                    aria-label={t('admin.bills.documents.removeNamed', { name: d.filename })}
                    onClick={() => void remove(d)}
                  >
                    {t('admin.bills.documents.remove')}
                  </Button>
                )}
              </div>
              {shown === d.id &&
                (previewOf(d) === 'pdf' ? (
                  <iframe className="bill-document-pdf" src={d.url} title={t('admin.bills.documents.previewOf', { name: d.filename })} data-testid="bill-document-pdf" />
                ) : (
                  <img className="bill-document-image" src={d.url} alt={t('admin.bills.documents.previewOf', { name: d.filename })} />
                ))}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className="bill-document-attach">
          <input
            ref={input}
            type="file"
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            style={{ display: 'none' }}
            tabIndex={-1}
            aria-label={t('admin.bills.documents.attach')}
            data-testid="bill-document-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void attach(file);
            }}
          />
          <Button icon={<PaperClipOutlined aria-hidden />} loading={busy === 'attach'} onClick={() => input.current?.click()} data-testid="attach-original">
            {t('admin.bills.documents.attach')}
          </Button>
          <span className="admin-muted">{t('admin.bills.documents.attachHelp', { limit: attachLimit(i18n.language) })}</span>
        </div>
      )}
    </section>
  );
};
