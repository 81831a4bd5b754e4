import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../common/useFeedback';

const K = 'admin.integrations.secret';

/** A secret the server answers once (an API token, a webhook's signing secret), with its title and what to do with it. */
export interface ShownSecret {
  title: string;
  help: string;
  secret: string;
}

/**
 * The secret, this once: the warning that it will not be shown again, the secret itself (selectable,
 * monospace, wrapping anywhere on a phone) and a Copy button. Closed only by its own button: a click
 * beside it must not lose what cannot be read again.
 */
export const SecretOnceModal = ({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [copied, setCopied] = useState(false);
  const text = useRef<HTMLElement>(null);
  useEffect(() => setCopied(false), [shown]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown!.secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a denied permission): the secret is selected for a manual copy.
      const range = document.createRange();
      if (text.current) range.selectNodeContents(text.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      feedback.info(t(`${K}.copyFailed`));
    }
  };

  return (
    <Modal
      className="admin-modal"
      open={shown !== null}
      title={shown?.title}
      onCancel={onClose}
      // Wide enough for a secret on one line; a phone's window otherwise.
      width={640}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t(`${K}.done`)}
        </Button>
      }
    >
      <div data-testid="secret-once">
        <Alert type="warning" showIcon title={t(`${K}.warning`)} className="admin-toolbar" data-testid="secret-warning" />
        <Typography.Paragraph>{shown?.help}</Typography.Paragraph>
        <div className="integrations-secret">
          <code ref={text} className="integrations-secret-value" data-testid="secret-value">
            {shown?.secret}
          </code>
          <Button icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} onClick={() => void copy()} data-testid="secret-copy">
            {t(copied ? `${K}.copied` : `${K}.copy`)}
          </Button>
        </div>
      </div>
    </Modal>
  );
};
