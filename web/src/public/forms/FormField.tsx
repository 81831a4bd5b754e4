import { Form } from 'antd';
import type { ReactNode } from 'react';

/** A labelled field whose error text comes from our own rules (not antd's), announced with the input. */
export const FormField = ({ id, label, error, required, children }: { id: string; label: string; error?: string; required?: boolean; children: ReactNode }) => (
  <Form.Item label={label} htmlFor={id} required={required} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
    {children}
  </Form.Item>
);

export const describedBy = (id: string, error?: string) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
