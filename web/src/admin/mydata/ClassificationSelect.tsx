import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { classificationGroups, classificationKey, COMPANY, parseClassificationKey, type Classification } from './classifications';

/** A type's name in words and an E3 code's meaning, in the screen's language (AADE's English when the screen has none). */
export const useClassificationWords = () => {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      category: (category: string, fallback?: string | null) => t(`admin.mydata.categories.${category}`, { defaultValue: fallback ?? category }),
      code: (code: string) => t(`admin.mydata.e3.${code}`, { defaultValue: '' }),
    }),
    [t],
  );
};

interface CodeOption {
  value: string;
  label: string;
  code: string;
  meaning: string;
  /** The first option of a product's select: no classification of its own, the company's applies. */
  company?: boolean;
}

/** A category's group of E3 codes: its options are the codes; the group itself has no value. */
interface CategoryGroup {
  label: string;
  title: string;
  options: CodeOption[];
  value?: undefined;
  code?: undefined;
  meaning?: undefined;
  company?: undefined;
}

interface Props {
  id?: string;
  accepted: Classification[];
  value?: string;
  onChange?: (v: string) => void;
  /** Given: the select is a product's, its first option the company's classification (this one), value COMPANY. */
  company?: Classification;
  status?: 'error';
  'aria-label'?: string;
}

/** One invoice type's Select: the accepted classifications grouped by category, each E3 code with what it means. */
export const ClassificationSelect = ({ id, accepted, value, onChange, company, status, 'aria-label': ariaLabel }: Props) => {
  const { t } = useTranslation();
  const words = useClassificationWords();
  const groups = classificationGroups(accepted).map((g): CategoryGroup => {
    const category = words.category(g.category, g.categoryName);
    return {
      label: category,
      title: category,
      options: g.types.map((code) => ({ value: classificationKey({ category: g.category, type: code }), label: `${category} · ${code}`, code, meaning: words.code(code) })),
    };
  });
  const options: Array<CodeOption | CategoryGroup> = company
    ? [{ value: COMPANY, label: t('admin.mydata.settings.products.company'), code: company.type, meaning: words.category(company.category, company.categoryName), company: true }, ...groups]
    : groups;
  return (
    <Select<string, CodeOption | CategoryGroup>
      id={id}
      aria-label={ariaLabel}
      className="mydata-select"
      value={value}
      onChange={onChange}
      options={options}
      status={status}
      showSearch={{ optionFilterProp: ['label', 'meaning'] }}
      classNames={{ popup: { root: 'mydata-select-popup' } }}
      // A product's select is narrow: its list is wide enough to read each code's meaning.
      popupMatchSelectWidth={company ? 320 : true}
      // A product's select is a table cell: the chosen code first, its category under it (the option's label is its title).
      labelRender={
        company
          ? ({ value: chosen, label }) => {
              if (chosen === COMPANY || typeof chosen !== 'string') return label;
              const { type, category } = parseClassificationKey(chosen);
              return (
                <span className="mydata-chosen">
                  <code className="mydata-code">{type}</code>
                  <span className="mydata-chosen-category">{words.category(category)}</span>
                </span>
              );
            }
          : undefined
      }
      optionRender={(o) =>
        o.data.company ? (
          // The company's classification, named, with the code it is now.
          <span className="mydata-option">
            {o.data.label} <span className="mydata-option-meaning">({o.data.code})</span>
          </span>
        ) : (
          <span className="mydata-option">
            <code className="mydata-code">{o.data.code}</code>
            {o.data.meaning ? <span className="mydata-option-meaning"> {o.data.meaning}</span> : null}
          </span>
        )
      }
    />
  );
};
