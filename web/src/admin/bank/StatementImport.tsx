import { InboxOutlined } from '@ant-design/icons';
import { Alert, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { formatEuros } from '../../common/format';
import { statementApi, type ImportResult } from './statementApi';

type Outcome = { result: ImportResult; name: string } | { refused: string[]; name: string } | null;

/**
 * Drop or choose one statement file: it goes to the server as it is (the format is read from its
 * content), and the answer is shown here: the lines added and already held, each warning in the
 * screen's language, or the server's refusal as it words it (English, naming the line or element).
 */
export const StatementImport = ({ accountId, onImported }: { accountId: string; onImported: () => void }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await statementApi.importFile(accountId, file);
      setOutcome({ result, name: file.name });
      onImported();
    } catch (err) {
      console.warn('Statement refused', err);
      const messages = err instanceof ApiError ? (err.errors?.file ?? Object.values(err.errors ?? {}).flat()) : [];
      setOutcome({ refused: messages.length ? messages : [err instanceof Error ? err.message : String(err)], name: file.name });
    } finally {
      setBusy(false);
    }
  };

  const warning = (code: string, message: string, result: ImportResult) => {
    if (code === 'OPENING_GAP') return t('bank.statements.import.openingGap', { amount: formatEuros(result.statement?.opening_gap ?? 0) });
    if (code === 'NOTHING_NEW') return t('bank.statements.import.nothingNew');
    return message;
  };

  return (
    <section className="bank-import" data-testid="statement-import" aria-label={t('bank.statements.import.title')}>
      <Upload.Dragger
        accept=".xml,.sta,.mt940,.940,.txt,.ofx,.qfx,.csv"
        multiple={false}
        maxCount={1}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{busy ? t('bank.statements.import.importing') : t('bank.statements.import.drop')}</p>
        <p className="ant-upload-hint">{t('bank.statements.import.formats')}</p>
      </Upload.Dragger>
      {outcome && 'result' in outcome && (
        <Flex vertical gap={8} className="bank-import-outcome" data-testid="import-result">
          <Alert
            type="success"
            showIcon
            title={t('bank.statements.import.done', { name: outcome.name })}
            description={t('bank.statements.import.counts', { added: outcome.result.lines_added, held: outcome.result.lines_already_imported })}
          />
          {outcome.result.warnings.map((w) => (
            <Alert key={w.code} type="warning" showIcon title={warning(w.code, w.message, outcome.result)} data-testid={`import-warning-${w.code}`} />
          ))}
        </Flex>
      )}
      {outcome && 'refused' in outcome && (
        <Alert
          className="bank-import-outcome"
          type="error"
          showIcon
          data-testid="import-refused"
          title={t('bank.statements.import.refused', { name: outcome.name })}
          description={
            <>
              {outcome.refused.map((m) => (
                <Typography.Paragraph key={m} className="bank-refusal-text">
                  {m}
                </Typography.Paragraph>
              ))}
            </>
          }
        />
      )}
    </section>
  );
};
