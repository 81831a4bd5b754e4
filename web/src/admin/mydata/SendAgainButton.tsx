import { RedoOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../common/useFeedback';
import { useSendToMyDataAgain } from './useMyData';

/**
 * Send again (a document AADE refused, once fixed): asked first, as it goes to the tax authority;
 * the document then waits to be sent, and the screens that show it read it anew.
 */
export const SendAgainButton = ({ documentId, number, size }: { documentId: string; number: string | null | undefined; size?: 'small' | 'middle' }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { sendAgain, sending } = useSendToMyDataAgain();
  const run = async () => {
    try {
      await sendAgain(documentId);
      feedback.success(t('admin.mydata.sentAgain', { number: number ?? '' }));
    } catch (err) {
      feedback.logged(err, 'myDATA: sending again failed');
    }
  };
  return (
    <Popconfirm
      title={t('admin.mydata.sendAgainTitle', { number: number ?? '' })}
      description={<span className="mydata-confirm">{t('admin.mydata.sendAgainText')}</span>}
      okText={t('admin.mydata.sendAgain')}
      cancelText={t('buttons.cancel')}
      onConfirm={() => void run()}
    >
      <Button size={size} icon={<RedoOutlined />} loading={sending} data-testid="mydata-send-again">
        {t('admin.mydata.sendAgain')}
      </Button>
    </Popconfirm>
  );
};
