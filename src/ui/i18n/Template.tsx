/**
 * A dictionary template rendered with elements in its placeholders: `<Template text={t.x} values={{ n:
 * <strong>3</strong> }} />`. Text stays text (React children, never HTML); a placeholder without a value
 * stays visible.
 */
import { Fragment, type ReactNode } from 'react';
import { templateParts } from '../../i18n/fill';

export function Template({ text, values }: { text: string; values: Readonly<Record<string, ReactNode>> }) {
  return (
    <>
      {templateParts(text).map((part, i) => (
        <Fragment key={i}>
          {typeof part === 'string'
            ? part
            : Object.hasOwn(values, part.name)
              ? values[part.name]
              : `{${part.name}}`}
        </Fragment>
      ))}
    </>
  );
}
