import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/index.ts';
import Msg from './Msg.tsx';

/** One fact: its label and its value. */
export type Fact = readonly [MessageKey, ReactNode];

const COLUMNS_CLASS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/**
 * The facts at the head of a record's page (a description list: each label with its value),
 * in a grid of `columns` from the small breakpoint on.
 */
export default function FactList({
  facts,
  columns,
  className = 'mt-4',
}: {
  facts: readonly Fact[];
  columns: keyof typeof COLUMNS_CLASS;
  /** Its spacing from what comes before. */
  className?: string;
}) {
  return (
    <dl className={`${className} grid gap-x-6 gap-y-3 text-sm ${COLUMNS_CLASS[columns]}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted">
            <Msg k={label} />
          </dt>
          <dd className="mt-0.5 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
