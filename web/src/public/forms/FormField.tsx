import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useHydrated } from '../../ssr/siteData';

/**
 * A labelled field whose error text comes from our own rules (not antd's), announced with the input.
 * antd's animated error list appears only once scripts run: until then (the server's HTML, a page
 * read without scripts, the hydrating render) the error is a plain line under the field.
 */
export const FormField = ({ id, label, error, required, children }: { id: string; label: string; error?: string; required?: boolean; children: ReactNode }) => {
  const animated = useHydrated();
  const message = error ? (
    <span id={`${id}-error`} className={animated ? undefined : 'form-field-error'}>
      {error}
    </span>
  ) : undefined;
  return (
    <Form.Item label={label} htmlFor={id} required={required} validateStatus={error ? 'error' : undefined} help={animated ? message : undefined} extra={animated ? undefined : message}>
      {children}
    </Form.Item>
  );
};

export const describedBy = (id: string, error?: string) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
