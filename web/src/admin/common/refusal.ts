/**
 * A form's refusal split for showing: the texts under each field the form shows (a path's field
 * read by `fieldOf`), and the rest (a message with no field, or a field the form does not show)
 * for a message above it; `fallback` when the refusal named no field at all. Each text passes
 * through `text` (the screen's language).
 */
export const splitRefusal = <F extends string>(
  refusal: { fieldErrors: Record<string, string[]>; fallback: string },
  shown: readonly F[],
  fieldOf: (path: string) => string,
  text: (message: string) => string,
): { fields: Partial<Record<F, string[]>>; rest: string[] } => {
  const fields: Partial<Record<F, string[]>> = {};
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(refusal.fieldErrors)) {
    const field = fieldOf(path);
    const texts = messages.map(text);
    if ((shown as readonly string[]).includes(field)) fields[field as F] = [...new Set([...(fields[field as F] ?? []), ...texts])];
    else rest.push(...texts);
  }
  if (Object.keys(fields).length === 0 && rest.length === 0) rest.push(text(refusal.fallback));
  return { fields, rest };
};
