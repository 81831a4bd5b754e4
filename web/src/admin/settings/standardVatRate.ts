/** A form field's path (antd's NamePath for a plain or a list field). */
export type FieldPath = string | (string | number)[];

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * The VAT rate fields the company's standard rate may fill: those still empty and never touched.
 * A rate the user typed (or cleared), or the rate a record already has, is never replaced.
 */
export const ratesToFill = (paths: FieldPath[], form: { value: (path: FieldPath) => unknown; touched: (path: FieldPath) => boolean }): FieldPath[] =>
  paths.filter((path) => isEmpty(form.value(path)) && !form.touched(path));
