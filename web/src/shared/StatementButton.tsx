import { FilePdfOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementQuery } from '../../../api/platform/contracts/rest.contract';
import { DATE_INPUT_FORMATS } from '../common/dateLocale';
import { localToday } from '../common/format';
import { currentLanguage } from '../i18n';

const DAY = 'YYYY-MM-DD';

/** The statement PDF's address: the period and the screen's language in the query. */
export const statementUrl = (path: string, query: Required<StatementQuery>): string => `${path}?${new URLSearchParams({ ...query })}`;

/** The year to date, the server's own default. */
export const defaultStatementPeriod = (today: string): { from: string; to: string } => ({ from: `${today.slice(0, 4)}-01-01`, to: today });

/**
 * The Statement button of a client (admin) or of one's own account (portal): a period, the year
 * to date by default, and the PDF download from `path`. From and To are two pickers of one month
 * each, so the dialog fits a phone; neither can pass the other.
 */
export const StatementButton = ({ path, modalClassName, size }: { path: string; modalClassName?: string; size?: 'small' | 'middle' }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState(() => defaultStatementPeriod(localToday()));
  const pick = (field: 'from' | 'to') => (d: Dayjs | null) => d && setPeriod((p) => ({ ...p, [field]: d.format(DAY) }));
  const href = statementUrl(path, { ...period, lang: currentLanguage() });

  return (
    <>
      <Button size={size} icon={<FilePdfOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="statement-open">
        {t('statement.button')}
      </Button>
      <Modal
        className={modalClassName}
        open={open}
        title={t('statement.title')}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>
            {t('buttons.cancel')}
          </Button>,
          <Button key="download" type="primary" icon={<FilePdfOutlined aria-hidden />} href={href} download onClick={() => setOpen(false)} data-testid="statement-download">
            {t('statement.download')}
          </Button>,
        ]}
      >
        <p>{t('statement.intro')}</p>
        <Form layout="vertical" component="div">
          <Form.Item label={t('statement.from')} htmlFor="statement-from">
            <DatePicker
              id="statement-from"
              value={dayjs(period.from)}
              allowClear={false}
              format={DATE_INPUT_FORMATS}
              disabledDate={(d) => d.format(DAY) > period.to}
              onChange={pick('from')}
              style={{ width: '100%' }}
              data-testid="statement-from"
            />
          </Form.Item>
          <Form.Item label={t('statement.to')} htmlFor="statement-to">
            <DatePicker
              id="statement-to"
              value={dayjs(period.to)}
              allowClear={false}
              format={DATE_INPUT_FORMATS}
              disabledDate={(d) => d.format(DAY) < period.from}
              onChange={pick('to')}
              style={{ width: '100%' }}
              data-testid="statement-to"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
