import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T> {
  open: boolean;
  title: string;
  saving: boolean;
  form: FormInstance<T>;
  /** The form's name (its fields' ids are `<name>_<field>`). */
  name: string;
  /** What the form shows each time it opens: the record being edited, or a new one's defaults. */
  values: () => Parameters<FormInstance<T>['setFieldsValue']>[0];
  /** The record being edited (null when creating): a different one refills the form. */
  record: unknown;
  onCancel: () => void;
  onSave: (values: T) => void;
  /** Save's action; submits the form unless the modal checks something first. */
  onOk?: () => void;
  /** Runs each time the modal opens, before the form is refilled. */
  onOpen?: () => void;
  width?: ModalProps['width'];
  onValuesChange?: FormProps<T>['onValuesChange'];
  /** Shown above the form (an alert). */
  banner?: ReactNode;
  /** The save button's words when "Save Changes" would not say it ("Create token"). */
  okText?: string;
  children: ReactNode;
}

/**
 * The admin's create/edit modal: Save Changes and Cancel, a vertical form refilled each time it
 * opens. The modal stays open when saving fails: the page closes it on success.
 */
export const FormModal = <T,>({ open, title, saving, form, name, values, record, onCancel, onSave, onOk, onOpen, width, onValuesChange, banner, okText, children }: Props<T>) => {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    onOpen?.();
    form.resetFields();
    form.setFieldsValue(values());
    // Refilled on opening and when the record changes, not whenever the callbacks are recreated.
  }, [open, record, form]);

  return (
    <Modal
      className="admin-modal"
      open={open}
      width={width}
      title={title}
      okText={okText ?? t('buttons.saveChanges')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={onOk ?? (() => form.submit())}
      forceRender
    >
      {banner}
      <Form form={form} layout="vertical" onFinish={onSave} name={name} onValuesChange={onValuesChange}>
        {children}
      </Form>
    </Modal>
  );
};
