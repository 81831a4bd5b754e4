import { describe, expect, it } from 'vitest';
import { BILL_DOCUMENT_MAX_BYTES } from '../../../../domain/bill/documents';
import { attachLimit, formatFileSize, previewOf, tooLargeToAttach } from './billDocuments';

describe("a bill's documents on the screen", () => {
  it('opens a PDF in a tab, previews a PNG or JPEG in the page, only downloads the rest', () => {
    expect(previewOf({ mime_type: 'application/pdf' })).toBe('pdf');
    expect(previewOf({ mime_type: 'image/png' })).toBe('image');
    expect(previewOf({ mime_type: 'image/jpeg' })).toBe('image');
    expect(previewOf({ mime_type: 'application/xml' })).toBeNull();
    expect(previewOf({ mime_type: 'image/svg+xml' })).toBeNull();
  });

  it('says a size in bytes, kB or MB as the language writes numbers', () => {
    expect(formatFileSize(17, 'en')).toMatch(/^17\s?(byte|B)$/);
    expect(formatFileSize(3482, 'en')).toBe('3.4 kB');
    expect(formatFileSize(3482, 'el')).toBe('3,4 kB');
    expect(formatFileSize(3482, 'ru')).toBe('3,4 кБ');
    expect(formatFileSize(5 * 1024 * 1024 + 300_000, 'en')).toBe('5.3 MB');
    expect(attachLimit('ru')).toBe('10 МБ');
  });

  it('refuses before sending a file over the 10 MB the server keeps', () => {
    expect(tooLargeToAttach({ size: BILL_DOCUMENT_MAX_BYTES })).toBe(false);
    expect(tooLargeToAttach({ size: BILL_DOCUMENT_MAX_BYTES + 1 })).toBe(true);
  });
});
