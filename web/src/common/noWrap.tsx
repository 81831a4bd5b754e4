/**
 * Trans components for a translated text with a document number in `<nowrap>` tags: a number
 * such as 2026-000001 never breaks at its hyphen in a narrow title.
 */
export const NUMBER_TAGS = { nowrap: <span className="nowrap" /> };
